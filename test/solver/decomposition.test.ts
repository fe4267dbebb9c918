/**
 * The solver thread's decomposition against its own fallback, on the demo district at LOW (where
 * both take seconds): whatever the decomposition does with an order, the answer must be the
 * whole MIP's optimum within the gap.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { readScenarioWorkbook } from '../../src/local-service/specs-workbook/read-workbook.js';
import { withSolverThread } from '../../src/local-service/optimiser/engine/solver-thread.js';
import { buildModel } from '../../src/local-service/optimiser/model/build.js';
import { minimise, objectiveFunctions } from '../../src/local-service/optimiser/model/objectives.js';

const GAP = 0.005;

describe('decomposition in the solver thread', () => {
  it('without a starting design still answers the whole MIP optimum (deciding or handing over, never failing)', async () => {
    const content = await readScenarioWorkbook(await readFile('examples/demo-district.xlsx'));
    const ctx = buildModel(content, 'LOW');
    expect(ctx.lp.binaries).toBeGreaterThan(0);
    const { cost, offset } = minimise(ctx.lp.columns, objectiveFunctions(ctx).MIN_LIFE_CYCLE_COST);
    const order = { cost, offset, rows: [], timeLimitSeconds: 120, mipRelGap: GAP };
    const [whole, decomposed] = await withSolverThread(undefined, async (thread) => {
      await thread.load(ctx.lp.arrays());
      return [await thread.solve(order), await thread.solve({ ...order, decompose: {} })];
    });
    expect(whole.status).toBe('optimal');
    expect(decomposed.status).toBe('optimal');
    // Both are within the gap of the true optimum, so within about twice the gap of each other.
    expect(Math.abs(decomposed.objective! - whole.objective!) / Math.abs(whole.objective!)).toBeLessThanOrEqual(2 * GAP);
    expect(decomposed.colValue).toHaveLength(ctx.lp.columns);
  }, 300_000);

  it('from a start too small to meet demand scales it up until it does, then answers within the gap', async () => {
    const content = await readScenarioWorkbook(await readFile('examples/demo-district.xlsx'));
    const ctx = buildModel(content, 'LOW');
    const { cost, offset } = minimise(ctx.lp.columns, objectiveFunctions(ctx).MIN_LIFE_CYCLE_COST);
    const order = { cost, offset, rows: [], timeLimitSeconds: 120, mipRelGap: GAP };
    const design = Int32Array.from(ctx.lp.designColumns());
    // A gap of 5 % for the decomposition: enough to show it converges from the scaled start, and
    // reached in about ten designs (its master is a small MIP whose cuts grow steep as it goes).
    const looseGap = 0.05;
    const [whole, decomposed] = await withSolverThread(undefined, async (thread) => {
      await thread.load(ctx.lp.arrays());
      const whole = await thread.solve(order);
      // The optimum sizes what it installs to the hardest hour: at 90 % of every capacity some hour goes short.
      const shrunk = Float64Array.from(design, (j) => (ctx.lp.isInteger(j) ? whole.colValue![j] : 0.9 * whole.colValue![j]));
      return [whole, await thread.solve({ ...order, mipRelGap: looseGap, decompose: { start: { indices: design, values: shrunk } } })];
    });
    expect(whole.status).toBe('optimal');
    expect(decomposed.status).toBe('optimal');
    expect(decomposed.iterations).toBeGreaterThan(4);
    // 0.9 × 1.02, 1.05 and 1.1 stay below the optimum's capacities; 0.9 × 1.25 is the first above them all.
    expect(decomposed.startScaledBy).toBe(1.25);
    // Both within their gaps of the true optimum.
    expect(Math.abs(decomposed.objective! - whole.objective!) / Math.abs(whole.objective!)).toBeLessThanOrEqual(looseGap + GAP);
  }, 300_000);
});
