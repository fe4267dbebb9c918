/**
 * In-out stabilisation of a Benders loop (Ben-Ameur & Neto 2007; Fischetti, Ljubić & Sinnl 2017):
 * the next design to price lies between the master's answer and the best design so far, at a
 * weight on the master's answer.
 *
 * - The weight starts at `alpha`, which keeps the master from jumping between extremes.
 * - Towards the master's answer alone when the last cut neither raised the bound nor cut off the
 *   master's previous answer (Ben-Ameur & Neto's rule), not whenever the bound stood still: at the
 *   CO2 end, designs that leave demand unmet give cuts whose θ weighs 10⁻⁹ once scaled, design
 *   constraints in effect, and a master with a flat objective answered one such design after
 *   another at the same bound (17 cuts, none raising it, against 9 % of the gap closed in the same
 *   seconds from the best design's side).
 * - With `doubling`, doubled while each step finds a better design but hardly raises the bound
 *   (less than STALL of the gap): the direction is right and the step too short. At a fixed weight
 *   the best design only crawled towards an answer the master already held: the demo district's year
 *   relaxed at a middle CO2 level took 79 pricings (19 s) to close a 5 % gap, its bound within
 *   0.01 % of the optimum for the last 50 while the best design gained 0.1 % a step. So far only
 *   where pricings are cheap (the relaxation's): in the year's loop it is not measured yet from one
 *   start (docs/performance.md, session 37: the typical-day start answers one of two designs, and
 *   from the weaker one the year's loop ran to its limit with and without doubling).
 */
import type { PricedCut } from './operation-lp.js';

/** Weight of the master's answer in the point a cut is taken at (measured best at 0.1 on the demo district). */
export const ALPHA = 0.1;
/** A rise of the bound smaller than this share of the gap (best design's cost less the bound) counts as a stall. */
const STALL = 0.01;

/** What the last iteration did: the bound before and after its cut, and the best design after it. */
export interface Iteration {
  before: number;
  after: number;
  /** The best design so far (master columns) and its cost: cheaper than at the last call when the last design priced became the best. */
  best?: { design: Float64Array; value: number };
}

export class InOut {
  /** The master's last answer (design columns, θ last), which the next cut should cut off. */
  private answered: Float64Array | undefined;
  private separated = true;
  private weight: number;
  /** The best design's cost at the last call. */
  private bestValue = Infinity;

  constructor(private readonly integer: ArrayLike<number>, private readonly alpha: number, private readonly doubling = false) {
    this.weight = alpha;
  }

  /** Notes the cut just taken at the last point. */
  took(cut: PricedCut): void {
    this.separated = this.answered === undefined || cutsOff(cut, this.answered);
  }

  /** The next point to price (master columns) from the master's answer and the last iteration. */
  next(answer: ArrayLike<number>, last: Iteration): Float64Array {
    this.answered = Float64Array.from(answer);
    this.weight = this.weightAfter(last);
    return inOut(this.answered, last.best?.design, this.weight, this.integer);
  }

  /** The weight on the master's answer for the next point (the rules in the module's comment). */
  private weightAfter({ before, after, best }: Iteration): number {
    const improved = best !== undefined && best.value < this.bestValue;
    this.bestValue = best?.value ?? Infinity;
    const raised = after > before + 1e-7 * Math.max(1, Math.abs(before));
    if (!raised && !this.separated) return 1;
    const gap = best && Number.isFinite(before) ? best.value - before : Infinity;
    const stalled = Number.isFinite(gap) && after - before < STALL * gap;
    return this.doubling && improved && stalled ? Math.min(1, 2 * this.weight) : this.alpha;
  }
}

/**
 * The point a cut is taken at: `weight` of the master's proposal and the rest of the best design so
 * far (the proposal alone without one), over the design columns. An integer column keeps the value
 * of whichever weighs more: a fractional decision would leave no design to complete.
 */
function inOut(proposal: ArrayLike<number>, center: Float64Array | undefined, weight: number, integer: ArrayLike<number>): Float64Array {
  return Float64Array.from({ length: integer.length }, (_, i) => {
    if (!center) return proposal[i];
    if (integer[i]) return weight >= 0.5 ? proposal[i] : center[i];
    return weight * proposal[i] + (1 - weight) * center[i];
  });
}

/** True when `cut` cuts off the master's answer `x` (its columns, θ last). */
function cutsOff(cut: PricedCut, x: Float64Array): boolean {
  let lhs = 0;
  cut.indices.forEach((c, k) => (lhs += cut.values[k] * x[c]));
  return lhs < cut.rhs - 1e-9 * Math.max(1, Math.abs(cut.rhs));
}
