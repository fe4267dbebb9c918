/**
 * The solver thread's watchdog: HiGHS does not always stop at its own time limit, so the parent ends
 * a thread whose solve runs past its limit by more than a grace, and the solve answers the best
 * solution it had posted. Each case runs the real worker on the demo district.
 */
import { describe, expect, it } from 'vitest';
import { demoCostModel } from '../support/demo-model.js';
import type { SolveOutcome } from '../../src/local-service/optimiser/engine/protocol.js';
import { SolverThread, type SolverThreadOptions } from '../../src/local-service/optimiser/engine/solver-thread.js';

async function demoModel(resolution: 'LOW' | 'MEDIUM') {
  const { ctx, cost, offset } = await demoCostModel(resolution);
  return { ctx, order: { cost, offset, rows: [], mipRelGap: 0.005 } };
}

/** The demo district at `resolution` loaded into a solver thread of its own, closed after `work`. */
async function onLoadedThread(resolution: 'LOW' | 'MEDIUM', options: SolverThreadOptions, work: (thread: SolverThread, model: Awaited<ReturnType<typeof demoModel>>) => Promise<void>) {
  const model = await demoModel(resolution);
  const thread = new SolverThread(options);
  try {
    await thread.load(model.ctx.lp.arrays());
    await work(thread, model);
  } finally {
    await thread.close();
  }
}

describe('the solver thread watchdog', () => {
  it('ends a solve that runs past its limit, and the thread answers later solves at once', async () => {
    // HiGHS is given at least a second (highs-worker.ts), and MEDIUM's root LP alone takes it
    // several: with no grace, a 0.2-s limit is overrun by HiGHS and must be ended by the parent.
    await onLoadedThread('MEDIUM', { graceSeconds: 0 }, async (thread, { ctx, order }) => {
      const overrun = await thread.solve({ ...order, timeLimitSeconds: 0.2 });
      expect(overrun.status).toBe('time-limit');
      expect(overrun.overranBySeconds).toBeDefined();
      expect(overrun.seconds).toBeLessThan(0.9);
      expect(overrun.colValue).toBeUndefined();
      const later = await thread.solve({ ...order, timeLimitSeconds: 60 });
      expect(later).toMatchObject({ status: 'time-limit', seconds: 0 });
      expect(later.colValue).toBeUndefined();
      await expect(thread.load(ctx.lp.arrays())).rejects.toThrow(/ended/);
    });
  }, 120_000);

  it('leaves a solve with a limit beyond what a timer holds to finish (Node fires such a timer at once)', async () => {
    await onLoadedThread('LOW', {}, async (thread, { order }) => {
      // 40 days: past 2³¹−1 ms, which setTimeout would cut to 1 ms.
      const outcome = await thread.solve({ ...order, timeLimitSeconds: 40 * 86_400 });
      expect(outcome.status).toBe('optimal');
      expect(outcome.overranBySeconds).toBeUndefined();
    });
  }, 120_000);

  it('answers the best design a decomposition posted when the thread is ended mid-solve', async () => {
    const posted: SolveOutcome[] = [];
    await onLoadedThread('LOW', {}, async (thread, { ctx, order }) => {
      // The whole MIP's optimum as the decomposition's start: its first design needs no slack, so it is posted.
      const whole = await thread.solve({ ...order, timeLimitSeconds: 120 });
      const design = Int32Array.from(ctx.lp.designColumns());
      const start = { indices: design, values: Float64Array.from(design, (j) => whole.colValue![j]) };
      // Ended at the first design the decomposition posts, as the watchdog would end it past its limit.
      const outcome = await thread.solve({ ...order, timeLimitSeconds: 120, mipRelGap: 1e-6, decompose: { start } }, (best) => {
        posted.push(best);
        thread.end('time-limit', 120);
      });
      expect(posted).toHaveLength(1);
      expect(outcome.status).toBe('time-limit');
      expect(outcome.objective).toBe(posted[0].objective);
      expect(outcome.mipGap).toBe(posted[0].mipGap);
      expect(outcome.colValue).toHaveLength(ctx.lp.columns);
      // The posted design is a solution of the model: its objective is the cost of its values.
      const cost = outcome.colValue!.reduce((sum, x, j) => sum + x * order.cost[j], order.offset);
      expect(cost).toBeCloseTo(outcome.objective!, 0);
      expect(outcome.overranBySeconds).toBe(0);
    });
  }, 120_000);
});
