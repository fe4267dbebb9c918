/**
 * A small run of `npm run bench` as part of the suite: the study and the analyst's loop against
 * the local service in instant-solve mode, on a stack of their own. What is checked is what the
 * report claims (every variant done, calls within the budget, histories counted), never a time:
 * speed is measured with the command and reported in the README, not asserted.
 */
import { rm } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { runBench } from '../../src/tooling/bench/run-bench.js';
import { tempDir } from '../support/service.js';

describe('the benchmark', () => {
  it('runs the study and the analyst loop, and reports calls, histories and memory', async () => {
    const dir = tempDir('sweep-bench-test-');
    const lines: string[] = [];
    const report = await runBench({ variants: 8, latencyMs: 5, solveMs: 300, baseline: true, timeoutMinutes: 10, dir, say: (l) => lines.push(l) });
    const summary = JSON.stringify({ ...report, log: lines });

    expect(report.study, summary).toBe('completed');
    expect(report.totals, summary).toEqual({ variants: 8, done: 8, failed: 0, pending: 0 });
    // One copy, one specs address and one output read per variant; the rest batched.
    const calls = report.serviceCallsPerVariant;
    expect(calls.byOperation['scenarios.copy']).toBe(1);
    expect(calls.byOperation['solverJobs.retrieve']).toBe(1);
    expect(calls.byOperation['solverJobs.submit']).toBeCloseTo(1 / 8, 3);
    expect(calls.byOperation['scenarios.generateSpecs']).toBeCloseTo(1 / 8, 3);
    expect(calls.total, summary).toBeLessThanOrEqual(calls.budget);
    expect(Object.values(calls.byOperation).reduce((a, b) => a + b, 0)).toBeCloseTo(calls.total, 1);

    // The study, its batch and the budget gate: every run counted, none near Temporal's limits.
    expect(report.workflowRuns).toBeGreaterThanOrEqual(3);
    expect(report.historyEventsPerVariant).toBeGreaterThan(0);
    expect(report.largestHistory.events).toBeGreaterThan(0);
    expect(report.largestHistory.events).toBeLessThan(10_000);
    expect(report.largestHistory.bytes).toBeGreaterThan(0);
    expect(report.workerPeakRssMb).toBeGreaterThan(50);
    // The one worker did the study's work; the dev server is not measured (only the production server is).
    expect(report.cpuSeconds.workers).toHaveLength(1);
    expect(report.cpuSeconds.workers[0]).toBeGreaterThan(0);
    expect(report.cpuSeconds.service).toBeGreaterThan(0);
    expect(report.cpuSeconds.temporal).toBeUndefined();

    // The loop did the same work, one variant at a time, with more calls (it polls each one).
    expect(report.baseline!.serviceCallsPerVariant).toBeGreaterThan(calls.total);
    expect(report.speedup).toBeCloseTo(report.baseline!.wallSeconds / report.wallSeconds, 0);
    await rm(dir, { recursive: true, force: true });
  }, 600_000);
});
