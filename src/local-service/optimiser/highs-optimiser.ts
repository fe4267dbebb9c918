/**
 * The local service's optimiser: solves a job's scenario with HiGHS (in a worker thread) and
 * writes the output zip. Infeasible and unbounded models end with the diagnosis as
 * infeasibility info; a stop request interrupts the solve. Inputs the model does not honour, and
 * capacities at the internal cap, come back as the job's warnings (strict: the job fails instead).
 */
import { optimise } from './optimise.js';
import { outputZip } from './output-files.js';
import type { OptimisationOutcome, OptimisationRequest, Optimiser } from './port.js';
import { solutionReport } from './results.js';
import { runNotes } from './run-notes.js';

export class HighsOptimiser implements Optimiser {
  readonly readsContent = true;
  async solve(request: OptimisationRequest): Promise<OptimisationOutcome> {
    const settings = {
      objective1: request.objective1, objective2: request.objective2, points: request.objective2 ? request.points : 1,
      resolution: request.temporalResolution, timeLimitMinutes: request.timeLimit, mipGapPercent: request.mipGap, strict: request.strict,
      pointPlacement: request.pointPlacement,
    };
    const result = await optimise(request.content!, settings, { signal: request.signal, onProgress: (n) => request.onProgress(n) });
    switch (result.kind) {
      case 'infeasible':
        return { kind: 'infeasible', infeasibilityInfo: result.info };
      case 'failed':
        return { kind: 'failed', message: result.message };
      case 'stopped':
        return { kind: 'failed', message: 'The solve was stopped' };
      case 'solved': {
        const reports = result.points.map((point) => solutionReport(result.ctx, point));
        const { notes, warnings } = runNotes(result);
        const output = await outputZip(reports, result.ctx.time, {
          ...settings, scenarioName: request.scenarioName, solveSeconds: result.seconds, notes,
        });
        return { kind: 'solved', output, pointsCompleted: result.points.length, warnings };
      }
    }
  }
}
