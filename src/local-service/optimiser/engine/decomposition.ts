/**
 * Benders decomposition of a full-year model whose only integers are design decisions.
 *
 * Why: over 8,760 hours the capacity columns sit in tens of thousands of rows (output ≤ capacity
 * every hour), which makes each simplex iteration of the whole MIP slow in WebAssembly HiGHS — one
 * LP relaxation of the demo district takes over a minute and HiGHS's MIP needs several, in 1.6 GB.
 * So a small master problem (the design columns, the rows among them, and cuts) proposes designs,
 * the year's operation LP prices them (operation-lp.ts), and each price is a cut.
 *
 * - Lower bound: the master's optimum (its cuts under-estimate the operation cost everywhere).
 * - Upper bound: a design whose operation needs no slack, priced exactly.
 * - Stabilisation (in-out, Ben-Ameur & Neto): cuts are taken between the master's answer and the
 *   best design so far (weight ALPHA on the master's), which keeps the master from jumping between
 *   extremes; the weight moves towards the master's answer when the cuts stop doing their work
 *   (in-out.ts; doubled in the relaxation's loop while its steps only crawl).
 * - The first designs priced (seeds.ts): the start's, then (without an objective-2 level) the
 *   relaxation's best, each scaled up while it leaves demand unmet; the cheaper is the stabilisation's
 *   first centre.
 * - With a relaxation of the year (model/relaxation.ts: the same design over chronological segments,
 *   whose operation cost never exceeds the year's), each solve first takes cuts from the
 *   relaxation's operation LP, a sixth of the year's and priced in 0.05–0.7 s: they under-estimate
 *   the year's operation too, so the master starts the year's pricings with a bound near the
 *   relaxation's optimum instead of the few cuts a share of a front's time buys at 1–45 s each
 *   (bounds of energy-system synthesis from a relaxed time series: Baumgärtner et al. 2019).
 *
 * It stops when the gap is within the requested MIP gap, as HiGHS would; anything it cannot handle
 * (an operation LP that is infeasible even with slack, a master it cannot solve, a design at a bound
 * it had to invent) answers undefined and the caller solves the whole MIP directly.
 */
import { type ModelArrays, violation } from '../lp.js';
import { type Highs, type HighsModel, runTraced } from './highs-run.js';
import { impliedUpperBounds } from './implied-bounds.js';
import { InOut } from './in-out.js';
import { OperationLp, type PricedCut, type Pool, shiftedRhs } from './operation-lp.js';
import { type ColumnValues, type RelaxedOrder, type SolveOrder, type SolveOutcome, targetOf } from './protocol.js';
import { Seeds } from './seeds.js';
import { TRACE, trace } from './trace.js';

/** Weight of the master's answer in the point a cut is taken at (measured best at 0.1 on the demo district). */
const ALPHA = 0.1;
/**
 * The same weight once the relaxation's cuts are in the master: its answer is then near the
 * optimum, and cuts nearer to it raise the bound faster. On the demo district's year, from one
 * start, 90 s: 0.1 left a gap of 1.96 %, 0.3 reached 0.44 % in 74–77 s, 0.4 0.49 % in 68 s,
 * 0.5 0.63 % and 1 2.3 % (the year's cuts alone: 0.1 1.39 %, 0.3 4.7 %, 0.5 13.4 %). Measured when
 * a cut that did not raise the bound sent the next to the master's answer, before Ben-Ameur & Neto's
 * rule (solve's loop); not measured again since.
 */
const RELAXED_ALPHA = 0.4;
/**
 * Stand-in upper bound for design columns without one, declared or implied by the rows among
 * design columns (implied-bounds.ts; a contracted peak, say): ten times the start or 10,000,
 * whichever is larger. Kept small because the first masters go to their bounds; the bound of a
 * solve whose best design sits at a stand-in is not trusted (the optimum may lie beyond it).
 */
const clipFor = (start: number | undefined) => Math.max(1e4, 10 * Math.abs(start ?? 0));
const MAX_ITERATIONS = 500;
/** The relaxation's cuts stop when the master's bound is this close to the best relaxed design's cost… */
const RELAXED_GAP = 0.002;
/** …or when they have taken this share of the solve's target. */
const RELAXED_SHARE = 0.4;

/** True when every integer column is a design decision (installed or not, a package chosen): no hourly binaries. */
export function onlyDesignIntegers(m: ModelArrays): boolean {
  for (let j = 0; j < m.numCols; j++) if (m.integrality[j] && !m.design[j]) return false;
  return true;
}

/** True when decomposition applies: only design columns are integer, and there are design columns. */
export function decomposable(m: ModelArrays): boolean {
  return onlyDesignIntegers(m) && m.design.some((d) => d === 1);
}

/** A cut `values·x ≥ rhs` divided by its largest coefficient (addCut says why). */
export function scaleCut(values: readonly number[], rhs: number): { values: number[]; rhs: number } {
  const largest = Math.max(...values.map(Math.abs));
  return { values: values.map((v) => v / largest), rhs: rhs / largest };
}

/** The year's relaxation: its operation LP and the row bounds its orders have set. */
interface Relaxation {
  lp: OperationLp;
  rowLower: Float64Array;
  rowUpper: Float64Array;
}

/** A design as the master's columns hold it (every design column, in order), with what it costs. */
interface Design {
  value: number;
  design: Float64Array;
}

export class Decomposition {
  /** The year's operation LP: it prices every design an answer is made of. */
  readonly year: OperationLp;
  /** Seconds the year's last pricing took, over solves: a solve that has an answer already does not start one it cannot finish. */
  private lastPricingSeconds = 0;
  /** Integrality of each design column, in master order. */
  private readonly integerDesign: Int32Array;
  /**
   * Each design column's upper bound, declared or implied by the master's rows (master order):
   * a stand-in (clipFor) replaces only an infinite one. A new capacity has none of its own; clipped
   * at 10,000 in its place, the master's bound held only inside that, and a year's CO2 solve
   * without a start claimed a bound above the CO2 optimum (seasonal stores of 120,000 kWh).
   */
  private readonly designUpper: Float64Array;
  private readonly relaxation: Relaxation | undefined;

  /**
   * `relaxation`: the model over segments (model/relaxation.ts), whose design columns are the
   * year's, in the same order; without it only the year's cuts are taken.
   */
  constructor(private readonly highs: Highs, private readonly m: ModelArrays, relaxation?: ModelArrays) {
    this.year = new OperationLp(highs, m);
    this.integerDesign = Int32Array.from(this.year.designCols, (j) => m.integrality[j]);
    this.designUpper = impliedUpperBounds(m, this.year.masterRows, this.year.designCols);
    if (relaxation) {
      this.relaxation = {
        lp: new OperationLp(highs, relaxation, 'relaxed pricing'),
        rowLower: Float64Array.from(relaxation.rowLower), rowUpper: Float64Array.from(relaxation.rowUpper),
      };
    }
  }

  dispose(): void {
    this.year.dispose();
    this.relaxation?.lp.dispose();
  }

  /**
   * Solves the order: minimise cost over the full model. `rowLower`/`rowUpper` are the current row
   * bounds (the order's rows already applied). The order's incumbent, when it meets every row, is the
   * answer until a better design is priced; the relaxation's cuts come first when the order has them.
   * Undefined when the caller should solve directly.
   */
  solve(
    order: SolveOrder, rowLower: Float64Array, rowUpper: Float64Array, start: ColumnValues | undefined, interrupted: () => boolean,
    onBest?: (best: SolveOutcome) => void,
  ): SolveOutcome | undefined {
    const began = performance.now();
    /** The best design priced, with its cost and whole solution. */
    let best: (Design & { x: Float64Array }) | undefined;
    const target = targetOf(order);
    /** Seconds left: to the target once a design is known, to the time limit until then. */
    const remaining = () => (best ? target : order.timeLimitSeconds) - (performance.now() - began) / 1000;
    /**
     * A pricing once started may run to the time limit, past the target: cut off at the target, its
     * work was lost and the next solve started cold (a full-year front lost 12.6 and 26.5 s so, one run).
     */
    const untilLimit = () => order.timeLimitSeconds - (performance.now() - began) / 1000;
    const { m, year } = this;
    const { designCols, linked, position } = year;

    const pool = year.setPrices(order.cost, order.rows);
    if (TRACE) trace(`solve: ${pool.cuts.length} cuts kept, target ${target.toFixed(1)} s, limit ${order.timeLimitSeconds.toFixed(1)} s`);

    // The first point: the start's design where it says, else the lower bound.
    const given = new Map<number, number>();
    if (start) start.indices.forEach((j, k) => given.set(j, start.values[k]));
    const standIn = (i: number) => !Number.isFinite(this.designUpper[i]);
    const upper = Float64Array.from(designCols, (j, i) => (standIn(i) ? clipFor(given.get(j)) : this.designUpper[i]));
    const master = this.buildMaster(order.cost, rowLower, rowUpper, upper);
    addPoolCuts(master, pool, rowLower, rowUpper);
    try {
      let lower = -Infinity;
      const incumbent = order.decompose?.incumbent && this.completeSolution(master, order.decompose.incumbent, order.cost, rowLower, rowUpper, upper);
      if (incumbent) {
        best = incumbent;
        if (TRACE) trace(`incumbent: ${incumbent.value.toFixed(0)}`);
      }
      // The start's design and the relaxation's best are priced first (seeds.ts).
      const seeds = new Seeds(Float64Array.from(linked, (j) => Math.min(upper[position.get(j)!], m.colUpper[j])), Int32Array.from(linked, (j) => m.integrality[j]));
      if (start) seeds.addStart(Float64Array.from(linked, (j) => given.get(j) ?? m.colLower[j]));
      const relaxed = this.relaxation ? order.decompose?.relaxation : undefined;
      if (relaxed) {
        const startDesign = Float64Array.from(designCols, (j) => given.get(j) ?? m.colLower[j]);
        const phase = this.relaxedCuts(master, relaxed, startDesign, upper, RELAXED_SHARE * target, interrupted);
        if (phase === undefined) return undefined;
        lower = phase.lower;
        const relaxedBest = phase.best;
        // At an objective-2 level the relaxation's best design misses the level over the year, and by
        // more at each factor (its capacities carry their own CO2): on the demo district's year all 18
        // such pricings in 8 fronts left slack, 0.6–9.4 s each (85 s in all), at the CO2 end and at point 2.
        const levelled = order.rows.some((row) => Number.isFinite(row.lower) || Number.isFinite(row.upper));
        if (relaxedBest && !levelled) seeds.addRelaxed(Float64Array.from(linked, (j) => relaxedBest[position.get(j)!]));
      }
      let point = seeds.next() ?? Float64Array.from(linked, (j) => m.colLower[j]);
      /** The best design's cost with the penalty for any slack it needs. */
      let penalised = Infinity;
      let iterations = 0;
      let status: SolveOutcome['status'] = 'optimal';
      let startScaledBy: number | undefined;
      /**
       * The best design as an answer with its gap. At a bound the decomposition invented, the master's
       * bound holds only inside those bounds: a solve that converged there hands over to the whole MIP
       * (undefined); one the time ended answers the design, a solution all the same, with no gap proved
       * (on the demo district's year, a front whose typical-day start found nothing in its budget
       * answered no point at all).
       */
      const answer = (status: SolveOutcome['status']): SolveOutcome | undefined => {
        if (!best) return undefined;
        const atStandIn = designCols.some((_, i) => standIn(i) && best!.design[i] >= upper[i] * (1 - 1e-9));
        if (atStandIn && status === 'optimal') return undefined;
        return {
          status, colValue: best.x, objective: best.value + order.offset, seconds: (performance.now() - began) / 1000,
          mipGap: Number.isFinite(lower) && !atStandIn ? Math.max(0, (best.value - lower) / Math.max(1, Math.abs(best.value))) : Infinity,
          iterations, startScaledBy,
        };
      };
      /** Set when the best design changed since it was last posted. */
      let unposted = best !== undefined;

      const stabiliser = new InOut(this.integerDesign, relaxed ? RELAXED_ALPHA : ALPHA);
      /** How long the last pricing took: one that cannot finish in the time left is not started. */
      let pricingSeconds = best ? this.lastPricingSeconds : 0;
      for (;;) {
        if (best && remaining() < pricingSeconds) { status = 'time-limit'; break; }
        iterations++;
        // Price the point's operation and cut.
        const pricingBegan = performance.now();
        const priced = year.price(point, rowLower, rowUpper, untilLimit());
        pricingSeconds = (performance.now() - pricingBegan) / 1000;
        this.lastPricingSeconds = pricingSeconds;
        if (priced.status === this.highs.constants.modelStatus.timeLimit) { status = 'time-limit'; break; }
        if (priced.status === this.highs.constants.modelStatus.interrupted) { status = 'interrupted'; break; }
        if (!priced.solved) return undefined;
        const { operation, slack } = priced.solved;
        const cut = year.cutAt(point, operation, priced.solved.reduced, priced.solved.levels);
        addCut(master, cut);
        pool.cuts.push(cut);
        stabiliser.took(cut);

        const completed = this.completeDesign(master, year, point, upper);
        const seed = seeds.pricing;
        if (completed) {
          penalised = Math.min(penalised, completed.value + operation);
          if (slack <= 1e-6 && (!best || completed.value + operation < best.value)) {
            const x = priced.solved.colValue.slice(0, m.numCols);
            for (let i = 0; i < designCols.length; i++) x[designCols[i]] = completed.design[i];
            best = { value: completed.value + operation, design: completed.design, x };
            unposted = true;
            if (seed?.ofStart && seed.scaledBy !== 1) startScaledBy ??= seed.scaledBy;
          }
        }
        if (TRACE && seed) trace(`seed (${seed.ofStart ? 'start' : 'relaxation'} × ${seed.scaledBy}): ${completed ? (completed.value + operation).toFixed(0) : '-'}, slack ${slack.toExponential(2)}`);

        // Ask the master for the best design under the cuts.
        // After a pricing past the target, its cut still raises the bound the answer reports.
        master.options.set({ time_limit: Math.max(1, untilLimit()) });
        const masterStatus = runTraced(this.highs, master, 'master');
        // Out of time in the master: the best design so far is the answer, with the bound before it.
        if (masterStatus === this.highs.constants.modelStatus.timeLimit) { status = 'time-limit'; break; }
        if (masterStatus !== this.highs.constants.modelStatus.optimal) return undefined;
        const bound = Number(master.info.get('mip_dual_bound'));
        const before = lower;
        lower = Math.max(lower, bound);
        if (TRACE) trace(`bounds: lower ${lower.toFixed(0)}, best ${best ? best.value.toFixed(0) : '-'}, slack ${slack.toExponential(2)}`);
        // The parent answers the last best it heard if this solve overruns (engine/solver-thread.ts).
        if (unposted && onBest) {
          const progress = answer('time-limit');
          if (progress) onBest(progress);
          unposted = false;
        }
        const within = (upper: number) => upper - lower <= order.mipRelGap * Math.max(1, Math.abs(upper));
        if (best && within(best.value)) break;
        // The best design even with penalised slack leaves demand unmet or misses the level: the
        // model is infeasible (or nearly), which the whole MIP diagnoses properly. (No design
        // completed yet says nothing: an infinite penalised cost is "within" any gap.)
        if (Number.isFinite(penalised) && within(penalised)) return undefined;
        if (interrupted()) { status = 'interrupted'; break; }
        if (remaining() <= 0) { status = 'time-limit'; break; }
        if (iterations >= MAX_ITERATIONS) return undefined;

        const seeded = seed && seeds.next({ slack, investment: completed?.value, best: best?.value });
        if (seeded) {
          point = seeded;
          continue;
        }
        const towards = stabiliser.next(master.getSolution().colValue, { before, after: lower, best });
        point = Float64Array.from(linked, (j) => towards[position.get(j)!]);
      }
      if (!best) return { status, seconds: (performance.now() - began) / 1000 };
      return answer(status);
    } finally {
      master.dispose();
    }
  }

  /**
   * Cuts from the relaxation's operation LP, stabilised like the year's, from `startDesign` (master
   * columns) until the master's bound is within RELAXED_GAP of the best relaxed design's cost, or
   * `seconds` have passed: answers the master's bound and the best relaxed design (master columns),
   * or undefined when the master fails.
   */
  private relaxedCuts(
    master: HighsModel, order: RelaxedOrder, startDesign: Float64Array, upper: Float64Array, seconds: number, interrupted: () => boolean,
  ): { lower: number; best?: Float64Array } | undefined {
    const began = performance.now();
    const { lp, rowLower, rowUpper } = this.relaxation!;
    for (const row of order.rows) {
      rowLower[row.index] = row.lower;
      rowUpper[row.index] = row.upper;
    }
    const pool = lp.setPrices(order.cost, order.rows);
    addPoolCuts(master, pool, rowLower, rowUpper);
    const pointOf = (design: Float64Array) => Float64Array.from(lp.linked, (j) => design[lp.position.get(j)!]);
    let design = startDesign;
    let lower = -Infinity;
    let best: Design | undefined;
    const stabiliser = new InOut(this.integerDesign, ALPHA, true);
    for (let iteration = 0; iteration < MAX_ITERATIONS; iteration++) {
      const point = pointOf(design);
      const priced = lp.price(point, rowLower, rowUpper, Math.max(1, seconds - (performance.now() - began) / 1000));
      // The relaxation only helps: a pricing it cannot finish ends its part, not the solve.
      if (!priced.solved) break;
      const { operation, slack } = priced.solved;
      const cut = lp.cutAt(point, operation, priced.solved.reduced, priced.solved.levels);
      addCut(master, cut);
      pool.cuts.push(cut);
      stabiliser.took(cut);
      const completed = this.completeDesign(master, lp, point, upper);
      if (completed && slack <= 1e-6 && (!best || completed.value + operation < best.value)) best = { value: completed.value + operation, design: completed.design };
      master.options.set({ time_limit: Math.max(1, seconds) });
      if (runTraced(this.highs, master, 'master') !== this.highs.constants.modelStatus.optimal) return undefined;
      const bound = Number(master.info.get('mip_dual_bound'));
      const before = lower;
      lower = Math.max(lower, bound);
      if (TRACE) trace(`relaxed bounds: lower ${lower.toFixed(0)}, best relaxed ${best ? best.value.toFixed(0) : '-'}, priced ${completed ? (completed.value + operation).toFixed(0) : '-'}, slack ${slack.toExponential(2)}`);
      if (best && best.value - lower <= RELAXED_GAP * Math.max(1, Math.abs(best.value))) break;
      if (interrupted() || (performance.now() - began) / 1000 >= seconds) break;
      design = stabiliser.next(master.getSolution().colValue, { before, after: lower, best });
    }
    return { lower, best: best?.design };
  }

  /**
   * A whole solution's operation with the cheapest design that completes its linked columns (the
   * decisions and sizes that follow from them), with its cost, when it meets every row at the rows'
   * current bounds; else undefined.
   */
  private completeSolution(master: HighsModel, x: Float64Array, cost: Float64Array, rowLower: Float64Array, rowUpper: Float64Array, upper: Float64Array) {
    const { designCols, linked } = this.year;
    const completed = this.completeDesign(master, this.year, Float64Array.from(linked, (j) => x[j]), upper);
    if (!completed) return undefined;
    const whole = Float64Array.from(x);
    designCols.forEach((j, i) => (whole[j] = completed.design[i]));
    const broken = violation(this.m, whole, rowLower, rowUpper);
    if (broken !== undefined) {
      if (TRACE) trace(`incumbent not taken: ${broken}`);
      return undefined;
    }
    return { value: whole.reduce((sum, v, j) => sum + cost[j] * v, 0), design: completed.design, x: whole };
  }

  /** The master: design columns with their costs and rows, plus θ for the operation's cost. */
  private buildMaster(cost: Float64Array, rowLower: Float64Array, rowUpper: Float64Array, upper: Float64Array): HighsModel {
    const { m } = this;
    const { designCols, masterRows, position } = this.year;
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

  /**
   * The cheapest whole design with `lp`'s linked columns at `point` (installation decisions and the
   * rest follow from the master's rows): its investment-side cost and every design column's value,
   * or undefined if none exists.
   */
  private completeDesign(master: HighsModel, lp: OperationLp, point: Float64Array, upper: Float64Array): Design | undefined {
    const { m } = this;
    const theta = this.year.designCols.length;
    const columns = lp.linked.map((j) => lp.position.get(j)!);
    columns.forEach((p, k) => master.changeColBounds(p, point[k], point[k]));
    try {
      if (runTraced(this.highs, master, 'completion') !== this.highs.constants.modelStatus.optimal) return undefined;
      const values = master.getSolution().colValue;
      return { value: master.getObjectiveValue() - values[theta], design: values.slice(0, theta) };
    } finally {
      columns.forEach((p) => master.changeColBounds(p, m.colLower[this.year.designCols[p]], upper[p]));
    }
  }
}

/**
 * Adds a cut to the master (at the right-hand side given), divided by its largest coefficient.
 * Unscaled, a cut's right-hand side reaches 10⁹–10¹⁰ (designs priced with penalised slack), and
 * HiGHS, checking the master's optimum against the rows as given, found a violation of 9·10⁻⁶ on
 * one and failed the run ("MIP solver claims optimality, but with … infeasibilities"): three such
 * masters of the demo district's year all solved once their cuts were scaled.
 */
function addCut(master: HighsModel, cut: PricedCut, rhs = cut.rhs): void {
  const scaled = scaleCut(Array.from(cut.values), rhs);
  master.addRow(scaled.rhs, Infinity, { indices: cut.indices, values: Float64Array.from(scaled.values) });
}

/** Adds a pool's cuts to the master, each moved to the rows' current bounds (the Pareto level). */
function addPoolCuts(master: HighsModel, pool: Pool, rowLower: Float64Array, rowUpper: Float64Array): void {
  for (const cut of pool.cuts) {
    const rhs = shiftedRhs(cut, rowLower, rowUpper);
    if (rhs !== undefined) addCut(master, cut, rhs);
  }
}
