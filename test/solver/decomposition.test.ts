/**
 * The solver thread's decomposition against its own fallback, on the demo district at LOW (where
 * both take seconds): whatever the decomposition does with an order, the answer must be the
 * whole MIP's optimum within the gap.
 */
import loadHighs from 'highs';
import { describe, expect, it } from 'vitest';
import { demoCostModel } from '../support/demo-model.js';
import { withSolverThread } from '../../src/local-service/optimiser/engine/solver-thread.js';
import { OperationLp, type PricedCut, shiftedRhs } from '../../src/local-service/optimiser/engine/operation-lp.js';
import type { SolveOrder } from '../../src/local-service/optimiser/engine/protocol.js';
import { INF, type ModelArrays } from '../../src/local-service/optimiser/lp.js';
import { co2Total, minimise, objectiveFunctions } from '../../src/local-service/optimiser/model/objectives.js';

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

  it('runs past its target until it has a design, then stops at the next chance', async () => {
    const { ctx, cost, offset } = await demoCostModel('LOW');
    const design = Int32Array.from(ctx.lp.designColumns());
    const [whole, decomposed] = await withSolverThread(undefined, async (thread) => {
      await thread.load(ctx.lp.arrays());
      const whole = await thread.solve({ cost, offset, rows: [], timeLimitSeconds: 120, mipRelGap: GAP });
      // A start short of the demand: the first designs priced need slack, so the first solution comes after the target.
      const start = { indices: design, values: Float64Array.from(design, (j) => (ctx.lp.isInteger(j) ? whole.colValue![j] : 0.9 * whole.colValue![j])) };
      return [whole, await thread.solve({ cost, offset, rows: [], timeLimitSeconds: 120, targetSeconds: 0.001, mipRelGap: GAP, decompose: { start } })];
    });
    expect(decomposed.status).toBe('time-limit');
    expect(decomposed.colValue).toBeDefined();
    // The start and 0.9 × 1.02, 1.05 and 1.1 leave demand unmet (see above); 0.9 × 1.25, the fifth
    // design priced, is the first solution, and nothing is priced after it.
    expect(decomposed.startScaledBy).toBe(1.25);
    expect(decomposed.iterations).toBe(5);
    expect(decomposed.objective!).toBeGreaterThanOrEqual(whole.objective! * (1 - GAP));
  }, 300_000);

  // A front's inner point at FULL starts with two solved points mixed (optimise.ts): an answer
  // before any pricing, when it meets every row; a solution that does not is no answer at all.
  it('answers an incumbent that meets every row without pricing, and ignores one that does not', async () => {
    const { ctx, cost, offset } = await demoCostModel('LOW');
    const design = Int32Array.from(ctx.lp.designColumns());
    const arrays = ctx.lp.arrays();
    const [whole, kept, refused] = await withSolverThread(undefined, async (thread) => {
      await thread.load(arrays);
      const whole = await thread.solve({ cost, offset, rows: [], timeLimitSeconds: 120, mipRelGap: GAP });
      const start = { indices: design, values: Float64Array.from(design, (j) => whole.colValue![j]) };
      const order = { cost, offset, rows: [], timeLimitSeconds: 120, targetSeconds: 0.001, mipRelGap: GAP };
      const kept = await thread.solve({ ...order, decompose: { start, incumbent: whole.colValue } });
      // Half the capacities under the same operation: every `output ≤ capacity` row it used is broken.
      const short = Float64Array.from(whole.colValue!, (v, j) => (arrays.design[j] && !arrays.integrality[j] ? v / 2 : v));
      const refused = await thread.solve({ ...order, decompose: { start, incumbent: short } });
      return [whole, kept, refused];
    });
    expect(kept.iterations).toBe(0);
    expect(kept.status).toBe('time-limit');
    expect(kept.objective).toBeCloseTo(whole.objective!, 4);
    expect(refused.iterations).toBeGreaterThan(0);
    expect(refused.objective!).toBeGreaterThanOrEqual(whole.objective! * (1 - GAP));
  }, 300_000);

  // A design column without an upper bound, its own or one the rows among design columns imply
  // (implied-bounds.ts), gets a stand-in one in the master (decomposition.ts, clipFor: 10,000
  // without a start value). The demo's contracted grid peak has none; a lower bound of 10,000 kW on
  // it puts every design the master can complete at the stand-in, where the master's bound proves
  // nothing (the optimum may lie beyond it). A solve the time ends there answers its design, a
  // solution all the same, with no gap: never one it did not prove.
  it('answers a design at a stand-in bound when the time ends, with no gap claimed', async () => {
    const { ctx, cost, offset } = await demoCostModel('LOW');
    const arrays = ctx.lp.arrays();
    const peak = ctx.lp.designColumns().find((j) => ctx.lp.name(j) === 'peak_Grid electricity @ Residential block_2026–2045')!;
    expect(arrays.colUpper[peak]).toBe(Infinity);
    arrays.colLower[peak] = 1e4;
    const [whole, timedOut] = await withSolverThread(undefined, async (thread) => {
      await thread.load(arrays);
      const whole = await thread.solve({ cost, offset, rows: [], timeLimitSeconds: 120, mipRelGap: GAP });
      // The optimum's design with a fifth more of every other capacity, the peak left out of the
      // start (so at its lower bound, the stand-in): it needs no slack, so it is the answer.
      const design = Int32Array.from(ctx.lp.designColumns().filter((j) => j !== peak));
      const value = (j: number) => (ctx.lp.isInteger(j) ? whole.colValue![j] : 1.2 * whole.colValue![j]);
      const start = { indices: design, values: Float64Array.from(design, value) };
      return [whole, await thread.solve({ cost, offset, rows: [], timeLimitSeconds: 120, targetSeconds: 0.001, mipRelGap: GAP, decompose: { start } })];
    });
    expect(whole.status).toBe('optimal');
    expect(timedOut.status).toBe('time-limit');
    expect(timedOut.iterations).toBe(1);
    expect(timedOut.colValue![peak]).toBeCloseTo(1e4, 6);
    expect(timedOut.mipGap).toBe(Infinity);
    expect(timedOut.objective!).toBeGreaterThan(whole.objective!);
  }, 300_000);

  // The demo's CO2 optimum fills both seasonal heat stores to their maximum (120,000 kWh), and
  // their new capacities have no bound of their own, only the one the carry rows imply. Clipped at a
  // stand-in of 10,000 instead, the master's bound held only below it: here the solve converged at
  // the stand-in (bound 1,422 t against an optimum near 1,230 t) and answered no gap at all, and a
  // full-year CO2 solve without a start, its best design inside the stand-in, claimed a bound 2 %
  // above the relaxation's CO2 optimum. With the implied bound, it proves a gap, and one that holds.
  it('proves a gap that holds when the optimum lies beyond where a stand-in would have clipped it', async () => {
    const { ctx } = await demoCostModel('LOW');
    // Ties broken by cost, as a front's CO2 end is: a design column that costs nothing in CO2 (a
    // contracted peak) would otherwise sit anywhere, its stand-in too, and prove no gap at all.
    const objectives = objectiveFunctions(ctx);
    const co2 = minimise(ctx.lp.columns, objectives.MIN_CO2_EMISSIONS, objectives.MIN_LIFE_CYCLE_COST);
    const order = { cost: co2.cost, offset: co2.offset, rows: [], timeLimitSeconds: 120, mipRelGap: GAP };
    const [whole, decomposed] = await withSolverThread(undefined, async (thread) => {
      await thread.load(ctx.lp.arrays());
      return [await thread.solve(order), await thread.solve({ ...order, targetSeconds: 8, decompose: {} })];
    });
    expect(whole.status).toBe('optimal');
    const store = ctx.lp.designColumns().find((j) => ctx.lp.name(j) === 'new_Seasonal heat store @ Residential block_2026–2045')!;
    expect(whole.colValue![store]).toBeGreaterThan(1e4);
    expect(decomposed.colValue).toBeDefined();
    expect(Number.isFinite(decomposed.mipGap)).toBe(true);
    const bound = (decomposed.objective! - co2.offset) * (1 - decomposed.mipGap!) + co2.offset;
    // The whole MIP's answer is a solution: no true bound lies above it.
    expect(bound).toBeLessThanOrEqual(whole.objective! * (1 + 1e-9));
  }, 300_000);

  it('keeps its cuts across the levels of a front: a level solved after others still answers the whole MIP optimum there', async () => {
    const { ctx, cost, offset, co2Row } = await demoCostModel('LOW', { co2Row: true });
    const free: SolveOrder = { cost, offset, rows: [], timeLimitSeconds: 120, mipRelGap: GAP };
    const atLevel = (level: number): SolveOrder => ({ ...free, rows: [{ index: co2Row, lower: -INF, upper: level }] });
    const co2 = co2Total(ctx);
    // At LOW the decomposition closes a 0.5 % gap slowly (the first test hands over to the whole
    // MIP); 2 % shows the same thing in a few dozen designs.
    const looseGap = 0.02;
    const [whole, wholeLoose, decomposed] = await withSolverThread(undefined, async (thread) => {
      await thread.load(ctx.lp.arrays());
      const whole = await thread.solve(free);
      const emitted = co2.evaluate(whole.colValue!);
      const wholeLoose = await thread.solve(atLevel(0.95 * emitted));
      // As a front goes: the free optimum, a tight level, then a looser one, each from the design
      // before (the first from the whole MIP's, as a full-year solve starts from a typical-day design).
      const design = Int32Array.from(ctx.lp.designColumns());
      const designOf = (x: Float64Array) => ({ indices: design, values: Float64Array.from(design, (j) => x[j]) });
      const decomposed = async (order: SolveOrder, from: Float64Array) => {
        const outcome = await thread.solve({ ...order, mipRelGap: looseGap, decompose: { start: designOf(from) } });
        expect(outcome.status).toBe('optimal');
        expect(outcome.iterations).toBeGreaterThan(0);
        return outcome;
      };
      const first = await decomposed(free, whole.colValue!);
      const tight = await decomposed(atLevel(0.9 * emitted), first.colValue!);
      return [whole, wholeLoose, await decomposed(atLevel(0.95 * emitted), tight.colValue!)];
    });
    expect(whole.status).toBe('optimal');
    expect(wholeLoose.status).toBe('optimal');
    expect(co2.evaluate(decomposed.colValue!)).toBeLessThanOrEqual(0.95 * co2.evaluate(whole.colValue!) * (1 + 1e-7));
    expect(Math.abs(decomposed.objective! - wholeLoose.objective!) / Math.abs(wholeLoose.objective!)).toBeLessThanOrEqual(looseGap + GAP);
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
    const operation = new OperationLp(highs, arrays);
    try {
      operation.setPrices(order.cost, order.rows);
      const linked = operation.linked;
      expect(linked.length).toBeGreaterThan(3);
      const scaled = (factor: number) => Float64Array.from(linked, (j) => (arrays.integrality[j] ? optimum.colValue![j] : factor * optimum.colValue![j]));
      const price = (design: Float64Array) => {
        const priced = operation.price(design, arrays.rowLower, arrays.rowUpper, 120);
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
      operation.dispose();
    }
  }, 300_000);
});

describe('cuts across the levels of a front', () => {
  // A cut priced with the CO2 row at one level, moved to another by the row's dual (shiftedRhs),
  // must under-estimate the operation's cost at every design at the new level (joint convexity);
  // unshifted, cuts taken at a tighter level over-estimate it there, which is what the shift is for.
  it('a cut shifted to a looser level under-estimates the cost of every design there, and says nothing at a free row', async () => {
    const { ctx, cost, offset, co2Row } = await demoCostModel('LOW', { co2Row: true });
    const arrays = ctx.lp.arrays();
    const free = { cost, offset, rows: [], timeLimitSeconds: 120, mipRelGap: GAP };
    const optimum = await withSolverThread(undefined, async (thread) => {
      await thread.load(arrays);
      return thread.solve(free);
    });
    const emitted = co2Total(ctx).evaluate(optimum.colValue!);
    const highs = await loadHighs();
    const operation = new OperationLp(highs, arrays);
    const rowLower = Float64Array.from(arrays.rowLower);
    const rowUpper = Float64Array.from(arrays.rowUpper);
    try {
      const linked = operation.linked;
      const scaled = (factor: number) => Float64Array.from(linked, (j) => (arrays.integrality[j] ? optimum.colValue![j] : factor * optimum.colValue![j]));
      const priceAll = (level: number) => {
        rowUpper[co2Row] = level;
        operation.setPrices(free.cost, [{ index: co2Row, lower: -INF, upper: level }]);
        return [0.9, 1.1, 1.5, 2].map(scaled).map((y) => {
          const priced = operation.price(y, rowLower, rowUpper, 120);
          expect(priced.solved).toBeDefined();
          return { y, ...priced.solved! };
        });
      };
      const tight = priceAll(0.8 * emitted);
      const loose = priceAll(0.95 * emitted);
      expect(tight.every((c) => c.levels.length === 1 && c.levels[0].row === co2Row && c.levels[0].dual < 0)).toBe(true);
      const dot = (a: Float64Array, b: Float64Array) => a.reduce((sum, v, k) => sum + v * b[k], 0);
      let unshiftedOver = 0;
      for (const from of tight) {
        const cut: PricedCut = { indices: new Int32Array(0), values: new Float64Array(0), rhs: from.operation - dot(from.reduced, from.y), levels: from.levels };
        const rhs = shiftedRhs(cut, rowLower, rowUpper);
        expect(rhs).toBeLessThan(cut.rhs);
        for (const at of loose) {
          const tolerance = 1e-6 * Math.abs(at.operation);
          expect(rhs! + dot(from.reduced, at.y)).toBeLessThanOrEqual(at.operation + tolerance);
          if (cut.rhs + dot(from.reduced, at.y) > at.operation + tolerance) unshiftedOver++;
        }
        rowUpper[co2Row] = INF;
        expect(shiftedRhs(cut, rowLower, rowUpper)).toBeUndefined();
        rowUpper[co2Row] = 0.95 * emitted;
      }
      expect(unshiftedOver).toBeGreaterThan(0);
    } finally {
      operation.dispose();
    }
  }, 300_000);
});

describe('bases across objectives', () => {
  // A front prices objective 1, then objective 2 (its end), then objective 1 again (its ε points).
  // Another objective's basis is not dual feasible: warm from it, the demo district's first
  // full-year CO2 pricing ran out of a 60,000-iteration budget before starting over cold
  // (engine/operation-lp.ts, setPrices).
  it('prices after a change of objective from scratch (but where the basis is primal feasible), and the same objective from the basis before', async () => {
    const { ctx, cost, offset } = await demoCostModel('LOW');
    const arrays = ctx.lp.arrays();
    const costOrder: SolveOrder = { cost, offset, rows: [], timeLimitSeconds: 120, mipRelGap: GAP };
    const co2Order: SolveOrder = { ...costOrder, ...minimise(arrays.numCols, objectiveFunctions(ctx).MIN_CO2_EMISSIONS) };
    const optimum = await withSolverThread(undefined, async (thread) => {
      await thread.load(arrays);
      return thread.solve(costOrder);
    });
    const highs = await loadHighs();
    const front = new OperationLp(highs, arrays);
    const fresh = new OperationLp(highs, arrays);
    try {
      const design = (factor: number) => Float64Array.from(front.linked, (j) => (arrays.integrality[j] ? optimum.colValue![j] : factor * optimum.colValue![j]));
      const price = (operation: OperationLp, order: SolveOrder, factor: number) => {
        operation.setPrices(order.cost, order.rows);
        const priced = operation.price(design(factor), arrays.rowLower, arrays.rowUpper, 120);
        expect(priced.solved).toBeDefined();
        return { iterations: priced.iterations, operation: priced.solved!.operation };
      };
      const costCold = price(front, costOrder, 1.1);
      expect(costCold.iterations).toBeGreaterThan(100);
      // The new objective: exactly the iterations of the same LP in an operation LP that never priced anything else.
      const co2 = price(front, co2Order, 1.2);
      const co2Cold = price(fresh, co2Order, 1.2);
      expect(co2.iterations).toBe(co2Cold.iterations);
      expect(co2.operation).toBeCloseTo(co2Cold.operation, 6);
      // Back to cost: from scratch again, exactly as the first time at that design.
      const costAgain = price(front, costOrder, 1.1);
      expect(costAgain.iterations).toBe(costCold.iterations);
      expect(costAgain.operation).toBeCloseTo(costCold.operation, 4);
      // The same objective at the same design: the basis before is optimal.
      expect(price(front, costOrder, 1.1).iterations).toBe(0);
      // Another objective at the design the basis was priced at: the basis is primal feasible there,
      // and primal simplex goes on from it (warm) to the optimum a cold pricing finds. (At FULL that
      // took 7,337 iterations against 145,261 cold; at LOW presolve leaves the cold LP small.)
      const co2Here = price(front, co2Order, 1.1);
      const co2HereCold = price(fresh, co2Order, 1.1);
      expect(co2Here.operation).toBeCloseTo(co2HereCold.operation, 6);
      expect(co2Here.iterations).toBeGreaterThan(0);
      expect(front.pricingStarts).toEqual({ warm: 2, cold: 3, coldAfterWarm: 0 });
    } finally {
      front.dispose();
      fresh.dispose();
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
