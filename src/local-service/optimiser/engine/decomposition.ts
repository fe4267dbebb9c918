/**
 * Benders decomposition of a full-year model whose only integers are design decisions.
 *
 * Why: over 8,760 hours the capacity columns sit in tens of thousands of rows (output ≤ capacity
 * every hour), which makes each simplex iteration of the whole MIP slow in WebAssembly HiGHS — one
 * LP relaxation of the demo district takes over a minute and HiGHS's MIP needs several, in 1.6 GB.
 * With the design fixed, those rows become bounds: the same year's operation solves in a few seconds
 * and re-solves warm in about one. So a small master problem (the design columns, the rows among
 * them, and cuts) proposes designs, the operation LP prices them, and each price with its reduced
 * costs is a cut: operation cost ≥ V(ŷ) + Σ rc·(y − ŷ), valid because V is convex in the design.
 *
 * - Lower bound: the master's optimum (its cuts under-estimate V everywhere).
 * - Upper bound: a design whose operation needs no slack, priced exactly.
 * - Stabilisation (in-out, Ben-Ameur & Neto): cuts are taken between the master's answer and the
 *   best design so far (weight ALPHA on the master's), which keeps the master from jumping between
 *   extremes; when a cut does not raise the lower bound, the next is taken at the master's answer.
 * - Designs that leave demand unmet, or miss a Pareto level an order sets, are priced with penalised
 *   slack on those rows, so every proposal yields a cut; the penalty only under-estimates V, so the
 *   bounds stay valid, and only designs with no slack count as solutions.
 *
 * It stops when the gap is within the requested MIP gap, as HiGHS would; anything it cannot handle
 * (an operation LP that is infeasible even with slack, a master it cannot solve, a design at a bound
 * it had to invent) answers undefined and the caller solves the whole MIP directly.
 */
import type { ModelArrays } from '../lp.js';
import type { ColumnValues, SolveOrder, SolveOutcome } from './protocol.js';

import { type Highs, type HighsModel, runWithOwnTimeLimit } from './highs-run.js';

/** Weight of the master's answer in the point a cut is taken at (measured best at 0.1 on the demo district). */
const ALPHA = 0.1;
/**
 * Stand-in upper bound for design columns without one (a contracted peak, say): ten times the start
 * or 10,000, whichever is larger. Kept small because the first masters go to their bounds; a
 * solution at the stand-in is not trusted.
 */
const clipFor = (start: number | undefined) => Math.max(1e4, 10 * Math.abs(start ?? 0));
/** Penalty per unit of balance slack, relative to the largest hourly cost coefficient. */
const PENALTY_FACTOR = 1e4;
const MAX_ITERATIONS = 500;
/**
 * When the start's design leaves demand unmet over the year (a typical-day design is sized for
 * typical days, and the year has harder hours), it is priced again with its capacities scaled by
 * these factors, until one needs no slack: that gives the stabilisation a centre from the first
 * iterations instead of whatever design the first masters happen to reach.
 */
const START_SCALES = [1.02, 1.05, 1.1, 1.25, 1.5, 2];
/** Simplex iterations a warm re-solve may take before starting over with presolve is cheaper. */
const WARM_ITERATIONS = 15_000;

/** True when every integer column is a design decision (installed or not, a package chosen): no hourly binaries. */
export function onlyDesignIntegers(m: ModelArrays): boolean {
  for (let j = 0; j < m.numCols; j++) if (m.integrality[j] && !m.design[j]) return false;
  return true;
}

/** True when decomposition applies: only design columns are integer, and there are design columns. */
export function decomposable(m: ModelArrays): boolean {
  return onlyDesignIntegers(m) && m.design.some((d) => d === 1);
}

export class Decomposition {
  private readonly sub: HighsModel;
  /** Design columns, in column order. */
  private readonly designCols: number[];
  /** Design columns that appear in operation rows: the ones a cut speaks about. */
  private readonly linked: number[];
  /** Master column of each design column. */
  private readonly position: Map<number, number>;
  /** Rows among design columns only. */
  private readonly masterRows: number[];
  /** Operation-LP row of each operation row of the model. */
  private readonly subRowOf: Map<number, number>;
  /** Penalised slack columns after the model's own: on demand balances, and on rows the orders bound. */
  private slackCols = 0;
  /** Operation-LP rows that orders bound (the Pareto level): their first slack column (the second follows it). */
  private readonly elastic = new Map<number, number>();

  constructor(private readonly highs: Highs, private readonly m: ModelArrays) {
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

    // The operation LP: every column, the operation rows only, no integrality.
    const rows: number[] = [];
    for (let r = 0; r < m.numRows; r++) if (operationRow[r]) rows.push(r);
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

  dispose(): void {
    this.sub.dispose();
  }

  /**
   * Solves the order: minimise cost over the full model. `rowLower`/`rowUpper` are the current row
   * bounds (the order's rows already applied). Undefined when the caller should solve directly.
   */
  solve(order: SolveOrder, rowLower: Float64Array, rowUpper: Float64Array, start: ColumnValues | undefined, interrupted: () => boolean): SolveOutcome | undefined {
    const began = performance.now();
    const remaining = () => order.timeLimitSeconds - (performance.now() - began) / 1000;
    const { m, sub, linked } = this;
    const cost = order.cost;

    // Operation prices: design costs belong to the master; slack is penalised.
    const subCost = Float64Array.from(cost);
    let largest = 0;
    for (let j = 0; j < m.numCols; j++) {
      if (m.design[j]) subCost[j] = 0;
      else largest = Math.max(largest, Math.abs(cost[j]));
    }
    sub.changeColsCost({ kind: 'range', from: 0, to: m.numCols - 1 }, subCost);
    // A bound an order sets (the Pareto level) can leave a design without any operation: slack on
    // both sides keeps every design priceable, as on the balances, and counts as unmet.
    for (const row of order.rows) {
      const at = this.subRowOf.get(row.index);
      if (at === undefined) continue;
      sub.changeRowBounds(at, row.lower, row.upper);
      let slack = this.elastic.get(at);
      if (slack === undefined) {
        slack = m.numCols + this.slackCols;
        this.elastic.set(at, slack);
        this.addSlack([at, at], [1, -1]);
      }
      // Only a finite bound gets slack: presolve drops a free row, but not one with slack on it.
      sub.changeColBounds(slack, 0, Number.isFinite(row.lower) ? Infinity : 0);
      sub.changeColBounds(slack + 1, 0, Number.isFinite(row.upper) ? Infinity : 0);
    }
    if (this.slackCols > 0) {
      sub.changeColsCost({ kind: 'range', from: m.numCols, to: m.numCols + this.slackCols - 1 }, new Float64Array(this.slackCols).fill(PENALTY_FACTOR * Math.max(1, largest)));
    }

    // The first point: the start's design where it says, else the lower bound.
    const given = new Map<number, number>();
    if (start) start.indices.forEach((j, k) => given.set(j, start.values[k]));
    const upper = Float64Array.from(this.designCols, (j) => Math.min(m.colUpper[j], clipFor(given.get(j))));
    const master = this.buildMaster(cost, rowLower, rowUpper, upper);
    const theta = this.designCols.length;
    const { position } = this;
    try {
      let point = Float64Array.from(linked, (j) => given.get(j) ?? m.colLower[j]);
      let best: { upper: number; design: Float64Array; x: Float64Array } | undefined;
      let lower = -Infinity;
      /** The best design's cost with the penalty for any slack it needs. */
      let penalised = Infinity;
      let iterations = 0;
      let status: SolveOutcome['status'] = 'optimal';
      const startPoint = start ? point : undefined;
      const scales = start ? [...START_SCALES] : [];
      /** The factor of the point being priced, while it is the start's design scaled. */
      let scaledBy: number | undefined;
      let startScaledBy: number | undefined;

      for (;;) {
        iterations++;
        // Price the point's operation and cut.
        for (let k = 0; k < linked.length; k++) sub.changeColBounds(linked[k], point[k], point[k]);
        const subStatus = this.priceOperation(remaining());
        if (subStatus === this.highs.constants.modelStatus.timeLimit) { status = 'time-limit'; break; }
        if (subStatus === this.highs.constants.modelStatus.interrupted) { status = 'interrupted'; break; }
        if (subStatus !== this.highs.constants.modelStatus.optimal) return undefined;
        const solution = sub.getSolution();
        const operation = sub.getObjectiveValue();
        const reduced = Float64Array.from(linked, (j) => solution.colDual[j]);
        this.addCut(master, theta, point, operation, reduced);

        let slack = 0;
        for (let k = 0; k < this.slackCols; k++) slack += solution.colValue[m.numCols + k];
        const completed = this.completeDesign(master, theta, point, upper);
        if (completed) {
          penalised = Math.min(penalised, completed.investment + operation);
          if (slack <= 1e-6 && (!best || completed.investment + operation < best.upper)) {
            const x = solution.colValue.slice(0, m.numCols);
            for (let i = 0; i < this.designCols.length; i++) x[this.designCols[i]] = completed.design[i];
            best = { upper: completed.investment + operation, design: completed.design, x };
            startScaledBy ??= scaledBy;
          }
        }

        // Ask the master for the best design under the cuts.
        master.options.set({ time_limit: Math.max(1, remaining()) });
        if (this.run(master) !== this.highs.constants.modelStatus.optimal) return undefined;
        const bound = Number(master.info.get('mip_dual_bound'));
        const raised = bound > lower + 1e-7 * Math.max(1, Math.abs(lower));
        lower = Math.max(lower, bound);
        const within = (upper: number) => upper - lower <= order.mipRelGap * Math.max(1, Math.abs(upper));
        if (best && within(best.upper)) break;
        // The best design even with penalised slack leaves demand unmet or misses the level: the
        // model is infeasible (or nearly), which the whole MIP diagnoses properly.
        if (within(penalised)) return undefined;
        if (interrupted()) { status = 'interrupted'; break; }
        if (remaining() <= 0) { status = 'time-limit'; break; }
        if (iterations >= MAX_ITERATIONS) return undefined;

        // Until a design without slack is known, the start's design scaled up is tried first.
        scaledBy = !best && startPoint ? scales.shift() : undefined;
        if (startPoint && scaledBy !== undefined) {
          const scale = scaledBy;
          point = Float64Array.from(linked, (j, k) => Math.min(upper[position.get(j)!], m.colUpper[j], m.integrality[j] ? startPoint[k] : startPoint[k] * scale));
          continue;
        }
        const proposal = master.getSolution().colValue;
        const weight = raised && best ? ALPHA : 1;
        point = Float64Array.from(linked, (j) => {
          const proposed = proposal[position.get(j)!];
          return best ? weight * proposed + (1 - weight) * best.design[position.get(j)!] : proposed;
        });
      }
      if (!best) return { status, seconds: (performance.now() - began) / 1000 };
      if (this.designCols.some((j, i) => upper[i] < m.colUpper[j] && best!.design[i] >= upper[i] * (1 - 1e-9))) return undefined;
      return {
        status, colValue: best.x, objective: best.upper + order.offset, seconds: (performance.now() - began) / 1000,
        mipGap: Number.isFinite(lower) ? Math.max(0, (best.upper - lower) / Math.max(1, Math.abs(best.upper))) : Infinity,
        iterations, startScaledBy,
      };
    } finally {
      master.dispose();
    }
  }

  /**
   * Solves the operation LP at the design its bounds now fix. Warm from the last basis when the
   * design moved little (hundreds of iterations); when it moved far, a warm start without presolve
   * is slower than starting over with presolve, which turns every `output ≤ capacity` row into a
   * bound — so a warm attempt gets an iteration budget and the LP starts over when it runs out.
   * No callbacks: HiGHS calling into JavaScript at every simplex iteration costs more than the
   * solve; a stop is honoured between solves, a few seconds apart.
   */
  private priceOperation(seconds: number): number | undefined {
    const { sub } = this;
    sub.options.set({ time_limit: Math.max(1, seconds), simplex_iteration_limit: WARM_ITERATIONS } as never);
    const warm = this.run(sub);
    if (warm !== this.highs.constants.modelStatus.iterationLimit) return warm;
    sub.clearSolver();
    sub.options.set({ simplex_iteration_limit: 2 ** 31 - 1 } as never);
    return this.run(sub);
  }

  /**
   * Runs a model and answers its status, or undefined when HiGHS ends the run in error (it does
   * when a master's numbers defeat it, say θ near its stand-in floor): the caller gives up on the
   * decomposition and the whole MIP is solved instead.
   */
  private run(model: HighsModel): number | undefined {
    try {
      runWithOwnTimeLimit(model);
      return model.getModelStatus();
    } catch (error) {
      if (error instanceof this.highs.errors.HighsError) return undefined;
      throw error;
    }
  }

  /** The master: design columns with their costs and rows, plus θ for the operation's cost. */
  private buildMaster(cost: Float64Array, rowLower: Float64Array, rowUpper: Float64Array, upper: Float64Array): HighsModel {
    const { m, designCols, masterRows, position } = this;
    const numCols = designCols.length + 1;
    const starts = new Int32Array(masterRows.length + 1);
    const index: number[] = [];
    const value: number[] = [];
    masterRows.forEach((r, i) => {
      for (let k = m.starts[r]; k < m.starts[r + 1]; k++) {
        index.push(position.get(m.index[k])!);
        value.push(m.value[k]);
      }
      starts[i + 1] = index.length;
    });
    const master = this.highs.createModel({
      numCols, numRows: masterRows.length,
      colCost: Float64Array.from([...designCols.map((j) => cost[j]), 1]),
      // θ starts unbounded below in principle; a huge finite bound keeps the first masters bounded.
      colLower: Float64Array.from([...designCols.map((j) => m.colLower[j]), -1e13]),
      colUpper: Float64Array.from([...upper, Infinity]),
      rowLower: Float64Array.from(masterRows, (r) => rowLower[r]), rowUpper: Float64Array.from(masterRows, (r) => rowUpper[r]),
      matrix: { format: 'csr', numRows: masterRows.length, numCols, starts, indices: Int32Array.from(index), values: Float64Array.from(value) },
      integrality: Int32Array.from([...designCols.map((j) => m.integrality[j]), 0]),
    });
    master.options.set({ output_flag: false, mip_rel_gap: 1e-9 });
    return master;
  }

  /** θ ≥ V(ŷ) + Σ rc·(y − ŷ) over the linked design columns. */
  private addCut(master: HighsModel, theta: number, point: Float64Array, operation: number, reduced: Float64Array): void {
    const indices = [theta];
    const values = [1];
    let rhs = operation;
    this.linked.forEach((j, k) => {
      if (Math.abs(reduced[k]) <= 1e-12) return;
      indices.push(this.position.get(j)!);
      values.push(-reduced[k]);
      rhs -= reduced[k] * point[k];
    });
    master.addRow(rhs, Infinity, { indices: Int32Array.from(indices), values: Float64Array.from(values) });
  }

  /**
   * The cheapest whole design with the linked columns at `point` (installation decisions and the
   * rest follow from the master's rows): its investment-side cost, or undefined if none exists.
   */
  private completeDesign(master: HighsModel, theta: number, point: Float64Array, upper: Float64Array): { investment: number; design: Float64Array } | undefined {
    const { m, linked, position } = this;
    linked.forEach((j, k) => master.changeColBounds(position.get(j)!, point[k], point[k]));
    try {
      if (this.run(master) !== this.highs.constants.modelStatus.optimal) return undefined;
      const values = master.getSolution().colValue;
      return { investment: master.getObjectiveValue() - values[theta], design: values.slice(0, theta) };
    } finally {
      linked.forEach((j) => master.changeColBounds(position.get(j)!, m.colLower[j], upper[position.get(j)!]));
    }
  }
}
