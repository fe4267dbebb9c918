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
 *   whose operation cost never exceeds the year's), each solve takes cuts from the relaxation's
 *   operation LP, a sixth of the year's and priced in 0.05–0.7 s (relaxed-cuts.ts): they
 *   under-estimate the year's operation too, so the master continues after the year's first pricing
 *   with a bound near the relaxation's optimum instead of the few cuts a share of a front's time buys
 *   at 1–45 s each (bounds of energy-system synthesis from a relaxed time series: Baumgärtner et al.
 *   2019). The relaxation's phase runs in a thread of its own (relaxation-thread.ts) while the year
 *   prices the first design: the two are independent, and one after the other they took 9–46 s each.
 *
 * It stops when the gap is within the requested MIP gap, as HiGHS would; anything it cannot handle
 * (an operation LP that is infeasible even with slack, a master it cannot solve, a design at a bound
 * it had to invent) answers undefined and the caller solves the whole MIP directly.
 */
import { type ModelArrays, violation } from '../lp.js';
import { type Highs, type HighsModel, runTraced } from './highs-run.js';
import { impliedUpperBounds } from './implied-bounds.js';
import { ALPHA, InOut } from './in-out.js';
import { type Design, MAX_ITERATIONS, type MasterDefinition, addCut, addCutRow, addPoolCuts, completeDesign, createMaster, masterDefinition } from './master.js';
import { OperationLp } from './operation-lp.js';
import { type ColumnValues, type SolveOrder, type SolveOutcome, targetOf } from './protocol.js';
import { type RelaxationThread, describe } from './relaxation-thread.js';
import { Seeds } from './seeds.js';
import { TRACE, trace } from './trace.js';

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
/** The relaxation's cuts stop when they have taken this share of the solve's target (or are close enough: relaxed-cuts.ts). */
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

  /**
   * `relaxation`: the thread of the model over segments (model/relaxation.ts), whose design columns
   * are the year's, in the same order; without it only the year's cuts are taken.
   */
  constructor(private readonly highs: Highs, private readonly m: ModelArrays, private readonly relaxation?: RelaxationThread) {
    this.year = new OperationLp(highs, m);
    this.integerDesign = Int32Array.from(this.year.designCols, (j) => m.integrality[j]);
    this.designUpper = impliedUpperBounds(m, this.year.masterRows, this.year.designCols);
  }

  dispose(): void {
    this.year.dispose();
  }

  /**
   * Solves the order: minimise cost over the full model. `rowLower`/`rowUpper` are the current row
   * bounds (the order's rows already applied). The order's incumbent, when it meets every row, is the
   * answer until a better design is priced; the relaxation's cuts, when the order has them, join the
   * master after the first pricing.
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
    const definition = masterDefinition(m, year, order.cost, rowLower, rowUpper, upper);
    const master = createMaster(this.highs, definition);
    const yearRows = addPoolCuts(master, pool, rowLower, rowUpper);
    try {
      let lower = -Infinity;
      const incumbent = order.decompose?.incumbent && this.completeSolution(master, definition, order.decompose.incumbent, order.cost, rowLower, rowUpper);
      if (incumbent) {
        best = incumbent;
        if (TRACE) trace(`incumbent: ${incumbent.value.toFixed(0)}`);
      }
      // The start's design and the relaxation's best are priced first (seeds.ts).
      const seeds = new Seeds(Float64Array.from(linked, (j) => Math.min(upper[position.get(j)!], m.colUpper[j])), Int32Array.from(linked, (j) => m.integrality[j]));
      if (start) seeds.addStart(Float64Array.from(linked, (j) => given.get(j) ?? m.colLower[j]));
      // The relaxation's cuts are taken in its own thread while the year prices the first design.
      const relaxed = this.relaxation && order.decompose?.relaxation;
      if (relaxed) {
        const startDesign = Float64Array.from(designCols, (j) => given.get(j) ?? m.colLower[j]);
        this.relaxation!.begin({ master: definition, rows: yearRows, order: relaxed, startDesign, seconds: RELAXED_SHARE * target });
      }
      let relaxationPending = relaxed !== undefined;
      /** Takes the relaxation's cuts into the master, and its best design among the seeds: false when its master failed. */
      const takeRelaxation = (): boolean => {
        relaxationPending = false;
        const waited = performance.now();
        const outcome = this.relaxation!.finish();
        if (TRACE) trace(`relaxation: ${describe(outcome)}, waited ${((performance.now() - waited) / 1000).toFixed(2)} s`);
        if (outcome.kind === 'master failed') return false;
        if (outcome.kind === 'none') return true;
        for (const row of outcome.answer.rows) addCutRow(master, row);
        lower = Math.max(lower, outcome.answer.lower);
        const relaxedBest = outcome.answer.best;
        // At an objective-2 level the relaxation's best design misses the level over the year, and by
        // more at each factor (its capacities carry their own CO2): on the demo district's year all 18
        // such pricings in 8 fronts left slack, 0.6–9.4 s each (85 s in all), at the CO2 end and at point 2.
        const levelled = order.rows.some((row) => Number.isFinite(row.lower) || Number.isFinite(row.upper));
        if (relaxedBest && !levelled) seeds.addRelaxed(Float64Array.from(linked, (j) => relaxedBest[position.get(j)!]));
        return true;
      };
      let point = seeds.next();
      // Without a start the first design is the relaxation's best: nothing to price beside its phase.
      if (!point && relaxationPending) {
        if (!takeRelaxation()) return undefined;
        point = seeds.next();
      }
      point ??= Float64Array.from(linked, (j) => m.colLower[j]);
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
        if (relaxationPending && !takeRelaxation()) return undefined;
        if (priced.status === this.highs.constants.modelStatus.timeLimit) { status = 'time-limit'; break; }
        if (priced.status === this.highs.constants.modelStatus.interrupted) { status = 'interrupted'; break; }
        if (!priced.solved) return undefined;
        const { operation, slack } = priced.solved;
        const cut = year.cutAt(point, operation, priced.solved.reduced, priced.solved.levels);
        addCut(master, cut);
        pool.cuts.push(cut);
        stabiliser.took(cut);

        const completed = completeDesign(this.highs, master, definition, year, point);
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
      // A solve that ended before its first pricing (an incumbent and no time for one) still reports the relaxation's bound.
      if (relaxationPending) takeRelaxation();
      if (!best) return { status, seconds: (performance.now() - began) / 1000 };
      return answer(status);
    } finally {
      master.dispose();
    }
  }

  /**
   * A whole solution's operation with the cheapest design that completes its linked columns (the
   * decisions and sizes that follow from them), with its cost, when it meets every row at the rows'
   * current bounds; else undefined.
   */
  private completeSolution(
    master: HighsModel, definition: MasterDefinition, x: Float64Array, cost: Float64Array, rowLower: Float64Array, rowUpper: Float64Array,
  ): (Design & { x: Float64Array }) | undefined {
    const { designCols, linked } = this.year;
    const completed = completeDesign(this.highs, master, definition, this.year, Float64Array.from(linked, (j) => x[j]));
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
}
