/**
 * The year's operation as an LP that prices designs: every column of the model, the operation rows
 * only, no integrality. With the design fixed, the rows that bound one operation column by design
 * columns (`output ≤ capacity` every hour) are that column's bounds, so the LP holds them as
 * bounds (and traces its cuts back through them): over 8,760 hours those rows are most of the
 * model, and as bounds they leave HiGHS an LP that solves cold in about 15 s and re-solves warm,
 * after a design change, mostly in under a second. A price with its reduced costs is a cut,
 * operation cost ≥ V(ŷ) + Σ rc·(y − ŷ), valid because V is convex in the design.
 *
 * Designs that leave demand unmet, or miss a Pareto level an order sets, are priced with penalised
 * slack on those rows, so every design yields a cut; the penalty only under-estimates V, so cuts
 * stay valid, and only a design without slack is a solution.
 *
 * The same class prices the year's relaxation over segments (model/relaxation.ts): its LP is a
 * fraction of the year's, and its cuts, under-estimating the relaxation's operation cost, also
 * under-estimate the year's.
 */
import type { ModelArrays } from '../lp.js';
import { type Highs, type HighsModel, runTraced } from './highs-run.js';
import { TRACE } from './trace.js';

/** Penalty per unit of balance slack, relative to the largest hourly cost coefficient. */
const PENALTY_FACTOR = 1e4;
/**
 * Simplex iterations a warm re-solve may take before starting over with presolve is cheaper. With
 * the design's rows held as column bounds, a warm iteration costs about what a cold one does
 * (5,000–9,000 a second either way on the demo district's year), and a cold solve takes about
 * 120,000: a warm solve is worth up to half of that.
 */
const WARM_ITERATIONS = 60_000;

/** One design priced: HiGHS's status, and when it solved the operation LP, what the cut needs. */
export interface Pricing {
  status: number | undefined;
  /** Simplex iterations it took (a warm attempt and a cold one after it, together). */
  iterations: number;
  solved?: {
    /** The operation's cost, with the penalty for any slack. */
    operation: number;
    /** Its derivative along each linked design column (a subgradient of the convex operation cost). */
    reduced: Float64Array;
    /** The bounds and duals of the rows orders bound, at this pricing. */
    levels: PricedCut['levels'];
    /** Slack used on balances and order-bounded rows: unmet demand or a missed level. */
    slack: number;
    colValue: Float64Array;
  };
}

/**
 * A cut as priced, before scaling: `θ + Σ values·y ≥ rhs` over master columns (`indices`), with the
 * bounds and duals of the rows orders bound (the Pareto level) at its pricing: the dual is the
 * operation cost's derivative along that row's active bound, so the cut moves with the bound.
 */
export interface PricedCut {
  indices: Int32Array;
  values: Float64Array;
  rhs: number;
  levels: { row: number; lower: number; upper: number; dual: number }[];
}

/**
 * A priced cut's right-hand side at other row bounds: the operation cost is convex jointly in the
 * design and the rows' bounds, and the LP's duals are a subgradient in all of them, so
 * `θ ≥ V(ŷ, ε̂) + g·(y − ŷ) + μ·(ε − ε̂)` holds at every level ε. Undefined when a bound the cut
 * depends on became infinite (the cut says nothing there).
 */
export function shiftedRhs(cut: PricedCut, rowLower: ArrayLike<number>, rowUpper: ArrayLike<number>): number | undefined {
  let rhs = cut.rhs;
  for (const level of cut.levels) {
    if (level.dual === 0) continue;
    const [was, now] = level.dual < 0 ? [level.upper, rowUpper[level.row]] : [level.lower, rowLower[level.row]];
    if (was === now) continue;
    const move = level.dual * (now - was);
    if (!Number.isFinite(move)) return undefined;
    rhs += move;
  }
  return rhs;
}

/** True when two designs (values of the same columns) agree to a relative 10⁻⁹ in every column. */
function sameDesign(a: Float64Array, b: Float64Array): boolean {
  return a.length === b.length && a.every((v, k) => Math.abs(v - b[k]) <= 1e-9 * Math.max(1, Math.abs(b[k])));
}

/** What a decomposition keeps of one objective (one cost vector) across solves: its cuts. */
export interface Pool {
  cost: Float64Array;
  cuts: PricedCut[];
}

/** Row bounds an order sets (the ε constraint of a Pareto step), by row of the LP's model. */
export interface RowBounds {
  index: number;
  lower: number;
  upper: number;
}

export class OperationLp {
  private readonly sub: HighsModel;
  /** Design columns, in column order. */
  readonly designCols: number[];
  /** Design columns that appear in operation rows: the ones a cut speaks about. */
  readonly linked: number[];
  /** Master column of each design column (its position among the design columns). */
  readonly position: Map<number, number>;
  /** Rows among design columns only: the master's. */
  readonly masterRows: number[];
  /** Operation-LP row of each operation row of the model kept as a row. */
  private readonly subRowOf: Map<number, number>;
  /**
   * Operation rows with a single operation column and design columns (`output ≤ capacity` every
   * hour): with the design fixed they are bounds on that column, so the operation LP holds them as
   * bounds. Columns in increasing order, each with its rows (CSR-like: `boundStarts`).
   */
  private readonly boundedCols: Int32Array;
  private readonly boundStarts: Int32Array;
  private readonly boundRows: Int32Array;
  /** The operation column's coefficient in each of those rows. */
  private readonly boundCoef: Float64Array;
  /** Per bounded column, the row that set its lower and its upper bound at the last pricing (−1: its own bound). */
  private readonly lowerFrom: Int32Array;
  private readonly upperFrom: Int32Array;
  /** Design values at the last pricing, by column (zero elsewhere). */
  private readonly designValue: Float64Array;
  /** Penalised slack columns after the model's own: on demand balances, and on rows the orders bound. */
  private slackCols = 0;
  /** True once the operation LP has a basis to start warm from. */
  private warm = false;
  /** The design of the last pricing that ended optimal (linked columns). */
  private lastPriced: Float64Array | undefined;
  /** Set by a change of objective until the next pricing. */
  private objectiveChanged = false;
  /** How each pricing started: from the last basis, from scratch, or from scratch after a warm attempt ran out of its budget. */
  readonly pricingStarts = { warm: 0, cold: 0, coldAfterWarm: 0 };
  /** Rows that orders bound (the Pareto level), by model row: their first slack column (the second follows it). */
  private readonly elastic = new Map<number, number>();
  /**
   * Cuts priced under each objective, kept across solves: a front's ε points minimise the same
   * objective at different levels, so each starts with the cuts of those before it (shifted to its level).
   */
  private readonly pools: Pool[] = [];
  /** The pool whose prices the operation LP holds now. */
  private pricing: Pool | undefined;

  /** `label` names its runs in the trace. */
  constructor(private readonly highs: Highs, private readonly m: ModelArrays, private readonly label = 'pricing') {
    const operationRow = new Uint8Array(m.numRows);
    const inOperation = new Uint8Array(m.numCols);
    for (let r = 0; r < m.numRows; r++) {
      for (let k = m.starts[r]; k < m.starts[r + 1]; k++) if (!m.design[m.index[k]]) operationRow[r] = 1;
      if (operationRow[r]) for (let k = m.starts[r]; k < m.starts[r + 1]; k++) inOperation[m.index[k]] = 1;
    }
    this.designCols = [];
    for (let j = 0; j < m.numCols; j++) if (m.design[j]) this.designCols.push(j);
    this.linked = this.designCols.filter((j) => inOperation[j]);
    this.position = new Map(this.designCols.map((j, i) => [j, i]));
    this.masterRows = [];
    for (let r = 0; r < m.numRows; r++) if (!operationRow[r]) this.masterRows.push(r);

    // The operation LP: every column, the operation rows only (those that bound one operation
    // column by the design as column bounds), no integrality.
    const rows: number[] = [];
    const boundsOf = new Map<number, number[]>();
    for (let r = 0; r < m.numRows; r++) {
      if (!operationRow[r]) continue;
      let single = -1;
      let operationCols = 0;
      for (let k = m.starts[r]; k < m.starts[r + 1]; k++) {
        if (!m.design[m.index[k]]) {
          operationCols++;
          single = k;
        }
      }
      const withDesign = m.starts[r + 1] - m.starts[r] > operationCols;
      if (operationCols === 1 && withDesign && m.value[single] !== 0) {
        const col = m.index[single];
        if (!boundsOf.has(col)) boundsOf.set(col, []);
        boundsOf.get(col)!.push(single);
      } else {
        rows.push(r);
      }
    }
    this.boundedCols = Int32Array.from([...boundsOf.keys()].sort((a, b) => a - b));
    this.boundStarts = new Int32Array(this.boundedCols.length + 1);
    const entries: number[] = [];
    this.boundedCols.forEach((col, i) => {
      entries.push(...boundsOf.get(col)!);
      this.boundStarts[i + 1] = entries.length;
    });
    const rowOfEntry = new Int32Array(m.index.length);
    for (let r = 0; r < m.numRows; r++) rowOfEntry.fill(r, m.starts[r], m.starts[r + 1]);
    this.boundRows = Int32Array.from(entries, (k) => rowOfEntry[k]);
    this.boundCoef = Float64Array.from(entries, (k) => m.value[k]);
    this.lowerFrom = new Int32Array(this.boundedCols.length).fill(-1);
    this.upperFrom = new Int32Array(this.boundedCols.length).fill(-1);
    this.designValue = new Float64Array(m.numCols);
    const starts = new Int32Array(rows.length + 1);
    let nnz = 0;
    for (let i = 0; i < rows.length; i++) {
      nnz += m.starts[rows[i] + 1] - m.starts[rows[i]];
      starts[i + 1] = nnz;
    }
    const index = new Int32Array(nnz);
    const value = new Float64Array(nnz);
    for (let i = 0; i < rows.length; i++) {
      index.set(m.index.subarray(m.starts[rows[i]], m.starts[rows[i] + 1]), starts[i]);
      value.set(m.value.subarray(m.starts[rows[i]], m.starts[rows[i] + 1]), starts[i]);
    }
    this.sub = highs.createModel({
      numCols: m.numCols, numRows: rows.length, colCost: new Float64Array(m.numCols), colLower: m.colLower, colUpper: m.colUpper,
      rowLower: Float64Array.from(rows, (r) => m.rowLower[r]), rowUpper: Float64Array.from(rows, (r) => m.rowUpper[r]),
      matrix: { format: 'csr', numRows: rows.length, numCols: m.numCols, starts, indices: index, values: value },
    });
    // The MIP tolerance (HiGHS's mip_feasibility_tolerance), not the LP's tenfold tighter one: a design
    // read from a MIP solution may fall short by that much every hour, and priced at the LP's
    // tolerance the shortfall becomes penalised slack whose cut is too steep for the master.
    this.sub.options.set({ output_flag: false, primal_feasibility_tolerance: 1e-6 } as never);
    this.subRowOf = new Map(rows.map((r, i) => [r, i]));

    // Slack on balances with a demand: supply where demand is positive, absorption where negative.
    const slackRows: number[] = [];
    const signs: number[] = [];
    rows.forEach((r, i) => {
      if (m.rowLower[r] === m.rowUpper[r] && m.rowLower[r] !== 0) {
        slackRows.push(i);
        signs.push(Math.sign(m.rowLower[r]));
      }
    });
    this.addSlack(slackRows, signs);
  }

  /** One penalised slack column per row, entering it with the sign given (its cost is set per order). */
  private addSlack(rows: number[], signs: number[]): void {
    if (rows.length === 0) return;
    this.sub.addCols({
      cost: new Float64Array(rows.length), lower: new Float64Array(rows.length), upper: new Float64Array(rows.length).fill(Infinity),
      matrix: {
        format: 'csc', numRows: this.subRowOf.size, numCols: rows.length, starts: Int32Array.from({ length: rows.length + 1 }, (_, k) => k),
        indices: Int32Array.from(rows), values: Float64Array.from(signs),
      },
    });
    this.slackCols += rows.length;
  }

  /** The model this LP prices the operation of. */
  get model(): ModelArrays {
    return this.m;
  }

  dispose(): void {
    this.sub.dispose();
  }

  /**
   * Prices the operation LP for an order: its costs on operation columns (design costs belong to
   * the master), the bounds it sets on rows, with penalised slack on them and on the balances.
   * Answers what is kept of this objective across solves.
   */
  setPrices(cost: Float64Array, rows: readonly RowBounds[]): Pool {
    const { m, sub } = this;
    const pool = this.poolFor(cost);
    if (pool !== this.pricing) {
      // Another objective's basis is not dual feasible under this one: warm from the cost optimum's,
      // the demo district's first full-year CO2 pricing ran out of its 60,000-iteration budget
      // (46.5 s, loaded machine) before starting over cold (49.6 s). So the next pricing starts from
      // scratch, unless at the design the basis was priced at (priceOperation).
      this.pricing = pool;
      this.objectiveChanged = true;
    }
    const subCost = Float64Array.from(cost);
    let largest = 0;
    for (let j = 0; j < m.numCols; j++) {
      if (m.design[j]) subCost[j] = 0;
      else largest = Math.max(largest, Math.abs(cost[j]));
    }
    sub.changeColsCost({ kind: 'range', from: 0, to: m.numCols - 1 }, subCost);
    // A bound an order sets (the Pareto level) can leave a design without any operation: slack on
    // both sides keeps every design priceable, as on the balances, and counts as unmet.
    for (const row of rows) {
      const at = this.subRowOf.get(row.index);
      // A row among design columns is the master's; one held as a column bound is read at pricing.
      if (at === undefined) continue;
      sub.changeRowBounds(at, row.lower, row.upper);
      let slack = this.elastic.get(row.index);
      if (slack === undefined) {
        slack = m.numCols + this.slackCols;
        this.elastic.set(row.index, slack);
        this.addSlack([at, at], [1, -1]);
      }
      // Only a finite bound gets slack: presolve drops a free row, but not one with slack on it.
      sub.changeColBounds(slack, 0, Number.isFinite(row.lower) ? Infinity : 0);
      sub.changeColBounds(slack + 1, 0, Number.isFinite(row.upper) ? Infinity : 0);
    }
    if (this.slackCols > 0) {
      sub.changeColsCost({ kind: 'range', from: m.numCols, to: m.numCols + this.slackCols - 1 }, new Float64Array(this.slackCols).fill(PENALTY_FACTOR * Math.max(1, largest)));
    }
    return pool;
  }

  /**
   * Prices one design (values of the linked columns, in `linked` order) under the prices set last: the operation's
   * cost with any penalised slack, its derivative along each linked column (a subgradient: the
   * cut), the slack used and the solution; only `status` when HiGHS does not solve it to optimality.
   */
  price(point: Float64Array, rowLower: Float64Array, rowUpper: Float64Array, seconds: number): Pricing {
    const { m, sub, linked } = this;
    let moved = 0;
    if (TRACE) linked.forEach((j, k) => (moved = Math.max(moved, Math.abs(point[k] - this.designValue[j]) / Math.max(1, Math.abs(this.designValue[j])))));
    for (let k = 0; k < linked.length; k++) sub.changeColBounds(linked[k], point[k], point[k]);
    this.boundByDesign(point, rowLower, rowUpper);
    const { status, iterations } = this.priceOperation(point, seconds, TRACE ? `, design moved ${(100 * moved).toFixed(0)} %` : '');
    if (status !== this.highs.constants.modelStatus.optimal) return { status, iterations };
    const solution = sub.getSolution();
    let slack = 0;
    for (let k = 0; k < this.slackCols; k++) slack += solution.colValue[m.numCols + k];
    const levels = [...this.elastic.keys()].map((row) => ({ row, lower: rowLower[row], upper: rowUpper[row], dual: solution.rowDual[this.subRowOf.get(row)!] }));
    return {
      status, iterations,
      solved: { operation: sub.getObjectiveValue(), reduced: this.reducedCosts(solution.colDual), slack, colValue: Float64Array.from(solution.colValue), levels },
    };
  }

  /** The pool of what was priced under this objective (the same cost vector), made when first asked. */
  poolFor(cost: Float64Array): Pool {
    const same = (a: Float64Array) => a.length === cost.length && a.every((v, j) => v === cost[j]);
    let pool = this.pools.find((p) => same(p.cost));
    if (!pool) {
      pool = { cost: Float64Array.from(cost), cuts: [] };
      this.pools.push(pool);
    }
    return pool;
  }

  /**
   * Sets each bounded operation column's bounds from its own and those its rows give at the design
   * `point`, remembering which row set each (the reduced costs trace back through it).
   */
  private boundByDesign(point: Float64Array, rowLower: Float64Array, rowUpper: Float64Array): void {
    const { m, linked, boundedCols, boundStarts, boundRows, boundCoef, designValue } = this;
    linked.forEach((j, k) => (designValue[j] = point[k]));
    const lower = new Float64Array(boundedCols.length);
    const upper = new Float64Array(boundedCols.length);
    for (let i = 0; i < boundedCols.length; i++) {
      const col = boundedCols[i];
      let lo = m.colLower[col];
      let up = m.colUpper[col];
      let loFrom = -1;
      let upFrom = -1;
      for (let e = boundStarts[i]; e < boundStarts[i + 1]; e++) {
        const r = boundRows[e];
        const a = boundCoef[e];
        // The design's part of the row, moved to its sides.
        let fixed = 0;
        for (let k = m.starts[r]; k < m.starts[r + 1]; k++) if (m.index[k] !== col) fixed += m.value[k] * designValue[m.index[k]];
        const fromLower = (rowLower[r] - fixed) / a;
        const fromUpper = (rowUpper[r] - fixed) / a;
        const [low, high] = a > 0 ? [fromLower, fromUpper] : [fromUpper, fromLower];
        if (Number.isFinite(low) && low > lo) [lo, loFrom] = [low, e];
        if (Number.isFinite(high) && high < up) [up, upFrom] = [high, e];
      }
      lower[i] = lo;
      upper[i] = up;
      this.lowerFrom[i] = loFrom;
      this.upperFrom[i] = upFrom;
    }
    if (boundedCols.length) this.sub.changeColsBounds({ kind: 'set', indices: boundedCols }, lower, upper);
  }

  /**
   * The operation cost's derivative along each linked design column: its reduced cost in the LP
   * (through the rows kept) plus, for every column at a bound a row set, that column's reduced cost
   * times the bound's derivative (−coefficient of the design column ÷ the column's own).
   */
  private reducedCosts(colDual: Float64Array | number[]): Float64Array {
    const { m, boundedCols, boundRows, boundCoef, linked } = this;
    const along = new Float64Array(m.numCols);
    for (const j of linked) along[j] = colDual[j];
    for (let i = 0; i < boundedCols.length; i++) {
      const d = colDual[boundedCols[i]];
      const e = d < -1e-12 ? this.upperFrom[i] : d > 1e-12 ? this.lowerFrom[i] : -1;
      if (e < 0) continue;
      const r = boundRows[e];
      for (let k = m.starts[r]; k < m.starts[r + 1]; k++) if (m.index[k] !== boundedCols[i]) along[m.index[k]] -= (d * m.value[k]) / boundCoef[e];
    }
    return Float64Array.from(linked, (j) => along[j]);
  }

  /**
   * Solves the operation LP at the design its bounds now fix. Warm from the last basis (a design
   * changes only column bounds, so the last basis stays dual feasible: hundreds to a few thousand
   * iterations when the design moved little); when it moved far, starting over with presolve is
   * cheaper — so a warm attempt gets an iteration budget and the LP starts over when it runs out.
   * No callbacks: HiGHS calling into JavaScript at every simplex iteration costs more than the
   * solve; a stop is honoured between solves, a few seconds apart.
   */
  private priceOperation(point: Float64Array, seconds: number, note: string): { status: number | undefined; iterations: number } {
    const { sub } = this;
    const count = () => Number(sub.info.get('simplex_iteration_count' as never));
    // After a change of objective the basis is still primal feasible at the design it was priced at
    // (a front's cost solve at the CO2 end's level starts at the CO2 end's design), and primal
    // simplex goes on from there: 7,337 iterations (6.7 s) against 145,261 (21.6 s) from scratch on
    // the demo district's year. Anywhere else the pricing starts from scratch.
    const primal = this.objectiveChanged && this.warm && this.lastPriced !== undefined && sameDesign(point, this.lastPriced);
    if (this.objectiveChanged && !primal) {
      sub.clearSolver();
      this.warm = false;
    }
    this.objectiveChanged = false;
    const { warm } = this;
    this.pricingStarts[warm ? 'warm' : 'cold']++;
    sub.options.set({ time_limit: Math.max(1, seconds), simplex_iteration_limit: warm ? WARM_ITERATIONS : 2 ** 31 - 1, simplex_strategy: primal ? 4 : 1 } as never);
    const began = performance.now();
    let status = runTraced(this.highs, sub, `${this.label} (${primal ? 'primal, ' : ''}${warm ? 'warm' : 'cold'}${note})`);
    let iterations = count();
    if (status === this.highs.constants.modelStatus.iterationLimit) {
      this.pricingStarts.coldAfterWarm++;
      sub.clearSolver();
      // Each run restarts HiGHS's clock: the time left, not the time given, or the pricing overran
      // the limit by its warm attempt (a front's last solve ended 7 s past its limit so).
      const left = seconds - (performance.now() - began) / 1000;
      sub.options.set({ time_limit: Math.max(1, left), simplex_iteration_limit: 2 ** 31 - 1, simplex_strategy: 1 } as never);
      status = runTraced(this.highs, sub, `${this.label} (cold, after the warm budget${note})`);
      iterations += count();
    }
    this.warm = status === this.highs.constants.modelStatus.optimal;
    this.lastPriced = this.warm ? Float64Array.from(point) : undefined;
    return { status, iterations };
  }

  /**
   * The cut of a design priced: θ ≥ V(ŷ) + Σ rc·(y − ŷ) over the linked design columns, in the
   * master's columns (the design columns in order, then θ).
   */
  cutAt(point: Float64Array, operation: number, reduced: Float64Array, levels: PricedCut['levels']): PricedCut {
    const indices = [this.designCols.length];
    const values = [1];
    let rhs = operation;
    this.linked.forEach((j, k) => {
      if (Math.abs(reduced[k]) <= 1e-12) return;
      indices.push(this.position.get(j)!);
      values.push(-reduced[k]);
      rhs -= reduced[k] * point[k];
    });
    return { indices: Int32Array.from(indices), values: Float64Array.from(values), rhs, levels };
  }
}
