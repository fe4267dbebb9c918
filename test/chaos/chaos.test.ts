/**
 * A short chaos run as part of the suite: a real study through injected faults, two worker kills
 * (SIGKILL), a killed and restarted Temporal dev server and a killed and restarted local service,
 * checked against the service's own data. `npm run chaos` runs the same at any size.
 */
import { rm } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { chaosPassed, runChaos } from '../../src/chaos/run-chaos.js';
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
});
