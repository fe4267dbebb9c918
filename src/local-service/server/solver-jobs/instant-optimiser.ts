/**
 * The benchmark optimiser (`sweep service --instant-solve <ms>`): a job goes through the whole
 * lifecycle and ends DONE with an output file of the real layout, after a fixed delay, without
 * solving anything. Its objective values are placeholders, the same for every job, and its Run
 * sheet says so. Never the default: a study run against it measures the study, not the energy system.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { OBJECTIVES } from '../../../wire/contract/values.js';
import { outputZip } from '../../optimiser/output-files.js';
import type { OptimisationOutcome, OptimisationRequest, Optimiser } from '../../optimiser/port.js';
import type { SolutionReport } from '../../optimiser/results.js';
import { fullYear } from '../../optimiser/timeline.js';

export const INSTANT_SOLVE_NOTE = 'Instant solve (benchmark mode): nothing was optimised; the values are placeholders';

export class InstantOptimiser implements Optimiser {
  readonly readsContent = false;
  /** One output per number of points: every job of a benchmark gets the same bytes, built once. */
  private readonly outputs = new Map<number, Promise<Uint8Array>>();

  constructor(private readonly delayMs: number) {}

  async solve(request: OptimisationRequest): Promise<OptimisationOutcome> {
    const points = request.objective2 ? request.points : 1;
    try {
      await sleep(this.delayMs, undefined, { signal: request.signal });
    } catch {
      return { kind: 'failed', message: 'The solve was stopped' };
    }
    let output = this.outputs.get(points);
    if (!output) this.outputs.set(points, (output = placeholderOutput(points)));
    return { kind: 'solved', output: await output, pointsCompleted: points };
  }
}

/** A Pareto front of `points` placeholder solutions: cost rising as CO2 falls, as a real one would. */
function placeholderOutput(points: number): Promise<Uint8Array> {
  const reports: SolutionReport[] = Array.from({ length: points }, (_, i) => {
    const objectives = Object.fromEntries(OBJECTIVES.map((o) => [o, 1000 * (i + 1)])) as SolutionReport['objectives'];
    objectives.MIN_LIFE_CYCLE_COST = 1_000_000 * (1 + i / 10);
    objectives.MIN_CO2_EMISSIONS = 500_000 * (1 - i / (2 * points));
    return {
      index: i + 1, objectives, tables: [], storage: [], status: 'optimal',
      rows: Object.entries(objectives).map(([item, value]) => ({ section: 'Objective' as const, item, category: '', hub: '', stage: '', value, unit: '' })),
    };
  });
  return outputZip(reports, fullYear(), {
    scenarioName: 'instant solve', objective1: 'MIN_LIFE_CYCLE_COST', objective2: points > 1 ? 'MIN_CO2_EMISSIONS' : null, points,
    resolution: 'FULL', timeLimitMinutes: 0, mipGapPercent: 0, solveSeconds: 0, notes: [INSTANT_SOLVE_NOTE],
  });
}
