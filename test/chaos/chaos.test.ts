/**
 * A short chaos run as part of the suite: a real study through injected faults, two worker kills
 * (SIGKILL), a killed and restarted Temporal dev server and a killed and restarted local service,
 * checked against the service's own data. `npm run chaos` runs the same at any size.
 */
import { rm } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { chaosPassed, runChaos } from '../../src/tooling/chaos/run-chaos.js';
import { tempDir } from '../support/service.js';

describe('chaos', () => {
  it('loses no variant, doubles no scenario or job and keeps to the budget through faults, kills and restarts', async () => {
    const dir = tempDir('sweep-chaos-test-');
    const lines: string[] = [];
    const report = await runChaos({ variants: 5, kills: 2, faultRate: 0.1, seed: 2026, maxGapSeconds: 5, timeoutMinutes: 10, dir, say: (l) => lines.push(l) });
    const summary = JSON.stringify({ ...report, log: lines });
    expect(report.problems, summary).toEqual([]);
    expect(report).toMatchObject({
      variants: 5, variantsTerminal: 5, lostVariants: 0, duplicateScenarios: 0, duplicateSolverJobs: 0, budgetOverrun: 0,
      outputFilesMismatched: 0, kills: { planned: 2, survived: 2 }, restarts: { temporal: 1, service: 1 }, study: 'completed',
    });
    expect(report.outputFilesVerified, summary).toBe(report.variantsDone);
    const injected = Object.entries(report.faultsInjected).filter(([kind]) => kind !== 'latency').reduce((n, [, c]) => n + c, 0);
    expect(injected, summary).toBeGreaterThan(0);
    expect(chaosPassed(report)).toBe(true);
    await rm(dir, { recursive: true, force: true });
  }, 600_000);

  // A search decides each probe from the ones before; a Morris study's indices read every variant.
  // Killed and restarted in the middle, each must find exactly what an undisturbed run of the same
  // study finds, with no job twice. Solver faults are off: a failed job would rightly change the answer.
  for (const method of ['search', 'morris'] as const) {
    it(`takes a ${method} study through kills and restarts to what an undisturbed run finds, with no duplicate job`, async () => {
      const [disturbedDir, undisturbedDir] = [tempDir(`sweep-chaos-${method}-`), tempDir(`sweep-calm-${method}-`)];
      const lines: string[] = [];
      const disturbed = await runChaos({
        method, variants: 0, kills: 2, faultRate: 0.05, jobFaultRate: 0, seed: 11, maxGapSeconds: 5, timeoutMinutes: 15, dir: disturbedDir, say: (l) => lines.push(l),
      });
      const summary = JSON.stringify({ ...disturbed, log: lines });
      expect(disturbed.problems, summary).toEqual([]);
      expect(disturbed).toMatchObject({
        lostVariants: 0, duplicateScenarios: 0, duplicateSolverJobs: 0, budgetOverrun: 0, kills: { planned: 2, survived: 2 }, restarts: { temporal: 1, service: 1 }, study: 'completed',
      });
      const undisturbed = await runChaos({ method, variants: 0, kills: 0, faultRate: 0, jobFaultRate: 0, restarts: false, seed: 11, timeoutMinutes: 15, dir: undisturbedDir });
      expect(undisturbed.problems).toEqual([]);
      expect(disturbed.analysis).toBeDefined();
      expect(disturbed.analysis, summary).toEqual(undisturbed.analysis);
      if (disturbed.analysis?.method === 'search') expect(disturbed.analysis.searches[0].answer?.verdict).toBe('bracketed');
      await rm(disturbedDir, { recursive: true, force: true });
      await rm(undisturbedDir, { recursive: true, force: true });
    }, 1_200_000);
  }
});
