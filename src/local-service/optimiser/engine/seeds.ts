/**
 * The designs a decomposition prices before its stabiliser proposes any: the start's, then the
 * relaxation's best, each scaled up while it leaves demand unmet; the cheaper becomes the
 * stabiliser's first centre.
 *
 * Why both: the typical-day start is a coin flip on the demo district's year. Cut short by its
 * budget it answers one of two designs, 4 % apart over the year, and from the weaker a single cost
 * solve took 142–157 s to its gap where it took 88–94 s with the relaxation's best priced after it
 * (two pairs, docs/performance.md). Why the start first: in a front (one run each way) the
 * relaxation's best went first at the CO2 end, scaled to meet the year, and emitted 0.7 % more than
 * the start's at 60 % more cost, and the inner points followed it there; at inner CO2 levels it went
 * first and missed the level by more at each factor, and the point answered 3.5 % more than from the
 * start.
 */

/**
 * When the start's design leaves demand unmet over the year (a typical-day design is sized for
 * typical days, and the year has harder hours), it is priced again with its capacities scaled by
 * these factors, until one needs no slack: that gives the stabilisation a centre from the first
 * iterations instead of whatever design the first masters happen to reach.
 */
export const START_SCALES = [1.02, 1.05, 1.1, 1.25, 1.5, 2];
/**
 * The same for the relaxation's best design, from its first pricing: over the segments its peaks are
 * averaged out. On the demo district's year (session 38) the three solves that priced it at × 1, 1.02
 * and 1.05 found demand unmet at each; of ten solves, × 1.1 met it in five, × 1.15 in the four others
 * that had it on the list, and × 1.25 in one from before 1.15 was.
 */
export const RELAXED_SCALES = [1.1, 1.15, 1.25, 1.5, 2];

/** What the last seed's pricing found: the slack it needed and its investment-side cost, and the best design's cost since. */
export interface SeedPricing {
  slack: number;
  /** The investment-side cost of the design completed from it (undefined when none completes it). */
  investment?: number;
  best?: number;
}

interface Seed {
  /** Linked columns, in the operation LP's order. */
  base: Float64Array;
  ofStart: boolean;
  scales: number[];
}

export class Seeds {
  private readonly waiting: Seed[] = [];
  private current: Seed | undefined;
  private factor = 1;
  /** The slack the current seed's last pricing needed. */
  private slack = Infinity;

  /**
   * `limit`: each linked column's upper bound (the point never exceeds it); `integer`: which linked
   * columns are decisions, which keep their value when the rest is scaled.
   */
  constructor(private readonly limit: ArrayLike<number>, private readonly integer: ArrayLike<number>) {}

  /** The start's design (linked columns): priced as it is first, then scaled by START_SCALES. */
  addStart(base: Float64Array): void {
    this.waiting.push({ base, ofStart: true, scales: [1, ...START_SCALES] });
  }

  /** The relaxation's best design (linked columns): priced from × 1.1 (RELAXED_SCALES). */
  addRelaxed(base: Float64Array): void {
    this.waiting.push({ base, ofStart: false, scales: [...RELAXED_SCALES] });
  }

  /** The seed being priced: whether it is the start's, and the factor on its capacities. */
  get pricing(): { ofStart: boolean; scaledBy: number } | undefined {
    return this.current && { ofStart: this.current.ofStart, scaledBy: this.factor };
  }

  /**
   * The next point to price, or undefined when the seeds are done. After a pricing: the same seed
   * scaled further while it left demand unmet, unless its investment alone costs more than the best
   * design (scaling up only adds to it) or it needed no less slack than at the factor before (what it
   * misses is not capacity: at a front's inner CO2 levels the relaxation's best missed the level, and
   * more capacity, with its embodied CO2, missed it by more); else the next seed.
   */
  next(last?: SeedPricing): Float64Array | undefined {
    const worth = last !== undefined && last.slack > 1e-6 && last.slack < this.slack
      && (last.best === undefined || (last.investment !== undefined && last.investment < last.best));
    this.slack = last?.slack ?? Infinity;
    if (!this.current || !worth || !this.current.scales.length) {
      this.current = this.waiting.shift();
      this.slack = Infinity;
    }
    if (!this.current) return undefined;
    this.factor = this.current.scales.shift()!;
    const { base } = this.current;
    return Float64Array.from(base, (v, k) => Math.min(this.limit[k], this.integer[k] ? v : v * this.factor));
  }
}
