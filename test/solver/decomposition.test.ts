/**
 * The solver thread's decomposition against its own fallback, on the demo district at LOW (where
 * both take seconds): whatever the decomposition does with an order, the answer must be the
 * whole MIP's optimum within the gap.
 */
import loadHighs from 'highs';
import { describe, expect, it } from 'vitest';
import { demoCostModel } from '../support/demo-model.js';
import { withSolverThread } from '../../src/local-service/optimiser/engine/solver-thread.js';
import { Decomposition } from '../../src/local-service/optimiser/engine/decomposition.js';
import type { ModelArrays } from '../../src/local-service/optimiser/lp.js';

const GAP = 0.005;

describe('decomposition in the solver thread', () => {
  it('without a starting design still answers the whole MIP optimum (deciding or handing over, never failing)', async () => {
    const { ctx, cost, offset } = await demoCostModel('LOW');
    expect(ctx.lp.binaries).toBeGreaterThan(0);
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
    const { ctx, cost, offset } = await demoCostModel('LOW');
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

describe('the operation LP of the decomposition', () => {
  // The operation LP holds the rows that bound one operation column by the design (output ≤
  // capacity every hour) as column bounds, and traces its cuts back through them. Checked here
  // against the model's own rows solved by HiGHS directly (the value), and against convexity (the
  // cut): a cut taken at one design never exceeds the operation's cost at another.
  it('prices a design as the model\'s own rows do, and its cuts under-estimate the cost at every other design', async () => {
    const { ctx, cost, offset } = await demoCostModel('LOW');
    const arrays = ctx.lp.arrays();
    const order = { cost, offset, rows: [], timeLimitSeconds: 120, mipRelGap: GAP };
    const optimum = await withSolverThread(undefined, async (thread) => {
      await thread.load(arrays);
      return thread.solve(order);
    });
    expect(optimum.status).toBe('optimal');

    const highs = await loadHighs();
    const decomposition = new Decomposition(highs, arrays);
    try {
      decomposition.setPrices(order);
      const linked = decomposition.linkedColumns;
      expect(linked.length).toBeGreaterThan(3);
      const scaled = (factor: number) => Float64Array.from(linked, (j) => (arrays.integrality[j] ? optimum.colValue![j] : factor * optimum.colValue![j]));
      const price = (design: Float64Array) => {
        const priced = decomposition.price(design, arrays.rowLower, arrays.rowUpper, 120);
        expect(priced.solved).toBeDefined();
        return priced.solved!;
      };

      // The value: the operation rows as rows, the design fixed by bounds, the same prices.
      const atOptimum = price(scaled(1.1));
      expect(atOptimum.slack).toBeLessThanOrEqual(1e-6);
      const rowForm = operationRowsModel(highs, arrays, cost, linked, scaled(1.1));
      rowForm.run();
      expect(rowForm.getModelStatus()).toBe(highs.constants.modelStatus.optimal);
      expect(Math.abs(atOptimum.operation - rowForm.getObjectiveValue()) / Math.abs(rowForm.getObjectiveValue())).toBeLessThan(1e-7);
      rowForm.dispose();

      // The cuts: V(y2) ≥ V(y1) + Σ rc·(y2 − y1) for designs on both sides, with and without unmet demand.
      const designs = [0.8, 0.95, 1.1, 1.3, 2].map(scaled);
      const cuts = designs.map((y) => ({ y, ...price(y) }));
      expect(cuts.some((c) => c.slack > 1e-6)).toBe(true);
      for (const from of cuts) {
        for (const at of cuts) {
          let estimate = from.operation;
          at.y.forEach((v, k) => (estimate += from.reduced[k] * (v - from.y[k])));
          expect(estimate).toBeLessThanOrEqual(at.operation + 1e-6 * Math.abs(at.operation));
        }
      }
    } finally {
      decomposition.dispose();
    }
  }, 300_000);
});

/** The model's operation rows as they are (no slack), with the linked design columns fixed: the reference the decomposition's bound form must match. */
function operationRowsModel(highs: Awaited<ReturnType<typeof loadHighs>>, m: ModelArrays, cost: Float64Array, linked: readonly number[], design: Float64Array) {
  const rows: number[] = [];
  for (let r = 0; r < m.numRows; r++) {
    let operation = false;
    for (let k = m.starts[r]; k < m.starts[r + 1]; k++) if (!m.design[m.index[k]]) operation = true;
    if (operation) rows.push(r);
  }
  const starts = new Int32Array(rows.length + 1);
  const index: number[] = [];
  const value: number[] = [];
  rows.forEach((r, i) => {
    for (let k = m.starts[r]; k < m.starts[r + 1]; k++) {
      index.push(m.index[k]);
      value.push(m.value[k]);
    }
    starts[i + 1] = index.length;
  });
  const lower = Float64Array.from(m.colLower);
  const upper = Float64Array.from(m.colUpper);
  linked.forEach((j, k) => (lower[j] = upper[j] = design[k]));
  const model = highs.createModel({
    numCols: m.numCols, numRows: rows.length, colCost: Float64Array.from(cost, (c, j) => (m.design[j] ? 0 : c)), colLower: lower, colUpper: upper,
    rowLower: Float64Array.from(rows, (r) => m.rowLower[r]), rowUpper: Float64Array.from(rows, (r) => m.rowUpper[r]),
    matrix: { format: 'csr', numRows: rows.length, numCols: m.numCols, starts, indices: Int32Array.from(index), values: Float64Array.from(value) },
  });
  model.options.set({ output_flag: false });
  return model;
}
