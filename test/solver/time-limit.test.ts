/**
 * The solver thread keeps one HiGHS model through a job's solves (a front's points re-solve it), and
 * HiGHS counts its time limit over every run of a model since its clocks were last reset. Each
 * solve must get the time limit it is given, not what the solves before it left of it.
 */
import { expect, it } from 'vitest';
import { demoCostModel } from '../support/demo-model.js';
import { withSolverThread } from '../../src/local-service/optimiser/engine/solver-thread.js';

it('gives each solve of a persistent model its own time limit', async () => {
  // MEDIUM's relaxation (its binaries made continuous: an LP, which HiGHS times over all its runs):
  // its root LP took HiGHS about 12 s on a loaded machine (the MIP's log), so both solves below end
  // at their limits unless a machine is several times faster.
  const { ctx, cost, offset } = await demoCostModel('MEDIUM');
  const relaxation = { ...ctx.lp.arrays(), integrality: new Int32Array(ctx.lp.columns), hasIntegers: false };
  const [first, second] = await withSolverThread(undefined, async (thread) => {
    await thread.load(relaxation);
    const first = await thread.solve({ cost, offset, rows: [], timeLimitSeconds: 2, mipRelGap: 1e-6 });
    // Had the first solve's 2 s counted against it, this one would stop at once.
    const second = await thread.solve({ cost, offset, rows: [], timeLimitSeconds: 1, mipRelGap: 1e-6 });
    return [first, second];
  });
  expect(first.status).toBe('time-limit');
  expect(first.seconds).toBeGreaterThanOrEqual(1.5);
  expect(second.status).toBe('time-limit');
  expect(second.seconds).toBeGreaterThanOrEqual(0.75);
}, 120_000);
