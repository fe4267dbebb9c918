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
});
