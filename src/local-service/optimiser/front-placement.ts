/**
 * Places a Pareto front's interior points where the front bends rather than evenly in objective 2:
 * the NISE method (Cohon, Church & Sheer 1979, "Generating multiobjective trade-offs: an algorithm
 * for bicriterion problems", Water Resources Research 15(5):1001–1010), also known as the sandwich
 * algorithm with the chord rule (Burkard, Hamacher & Rote 1991; Rote 1992).
 *
 * Objective 1 is a cost y and objective 2 a level x, both to be made smaller. Each solve prices x
 * at the slope of a segment between two known points (minimise y + λ·x, λ = the segment's average
 * rate): on a convex front its answer is the point farthest below that segment, so the first solve
 * finds the knee (the point farthest from the line between the ends) and a kinked front's corners
 * are hit exactly. Every point is known optimal at the prices it was found with; on a convex front
 * the lines with those slopes through two neighbours bound the front from below, so between them
 * lies a triangle that holds the true front. The segment whose triangle reaches farthest from its
 * chord (objectives scaled to the ends' ranges) is solved next. A price solve that finds nothing
 * below the chord proves the segment straight. Once every segment is straight, or on a front that
 * is not convex (a MIP's), the remaining points bisect the longest segment in objective 2, as the
 * even placement would.
 */

export interface PlacedValues {
  /** Objective 2 in minimisation form. */
  level: number;
  /** Objective 1 in minimisation form. */
  cost: number;
}

export interface BendSolvers<T> {
  /** The optimum of cost + price × level; a string says why there is none. */
  atPrice(price: number): Promise<T | string>;
  /** The least cost at a level at most `level`; a string says why there is none. */
  atLevel(level: number): Promise<T | string>;
  valuesOf(found: T): PlacedValues;
  /** Whether to give up at once (the job was stopped). */
  stopped(): boolean;
  /** Called with the number of points known after each new one. */
  onPoint?(count: number): void;
}

export interface BendOptions {
  /** Relative amount by which a price solve must beat the chord to count as a new point (the MIP gap). */
  relativeGap: number;
}

/** A segment whose triangle reaches less far than this (in ranges of the objectives) is straight enough. */
export const BEND_TOLERANCE = 1e-3;

interface Known<T> extends PlacedValues {
  found: T;
  /** The smallest and largest price at which the point is known to be optimal. */
  lowPrice: number;
  highPrice: number;
  /** The segment from this point to the next (lower level) one is known straight. */
  straightAfter: boolean;
}

export interface Placement<T> {
  /** From the objective-1 optimum (highest level) to the objective-2 optimum. */
  points: T[];
  /** Why fewer points than asked were found. */
  incomplete?: string;
  stopped?: boolean;
}

/**
 * `count` points from `first` (the objective-1 optimum, optimal at price 0) to `last` (the
 * objective-2 optimum, optimal at an infinite price), both included.
 */
export async function placeAtBends<T>(first: T, last: T, count: number, solvers: BendSolvers<T>, options: BendOptions): Promise<Placement<T>> {
  const known: Known<T>[] = [
    { ...solvers.valuesOf(first), found: first, lowPrice: 0, highPrice: 0, straightAfter: false },
    { ...solvers.valuesOf(last), found: last, lowPrice: Infinity, highPrice: Infinity, straightAfter: false },
  ];
  const result = (incomplete?: string, stopped?: boolean): Placement<T> => ({ points: known.map((k) => k.found), incomplete, stopped });
  // Each price solve adds a point or proves a segment straight; at most as many as there are segments can be proved.
  let priceSolves = 2 * count;
  while (known.length < count) {
    const next = nextSolve(known);
    if (next.kind === 'price' && priceSolves-- > 0) {
      const found = await solvers.atPrice(next.price);
      if (solvers.stopped()) return result(undefined, true);
      if (typeof found === 'string') return result(`a Pareto point at the price ${next.price.toPrecision(6)} was not found (${found})`);
      const values = solvers.valuesOf(found);
      const [p, q] = [known[next.segment], known[next.segment + 1]];
      const chord = p.cost + next.price * p.level;
      const slack = Math.max(1e-9, options.relativeGap) * Math.max(Math.abs(chord), Math.abs(values.cost + next.price * values.level), 1e-9);
      if (values.cost + next.price * values.level < chord - slack && values.level < p.level && values.level > q.level) {
        known.splice(next.segment + 1, 0, { ...values, found, lowPrice: next.price, highPrice: next.price, straightAfter: false });
        solvers.onPoint?.(known.length);
      } else {
        // Nothing below the chord: both ends are optimal at its price, and the segment is straight.
        p.highPrice = Math.max(p.highPrice, next.price);
        q.lowPrice = Math.min(q.lowPrice, next.price);
        p.straightAfter = true;
      }
      continue;
    }
    const segment = longestSegment(known);
    const level = (known[segment].level + known[segment + 1].level) / 2;
    const found = await solvers.atLevel(level);
    if (solvers.stopped()) return result(undefined, true);
    if (typeof found === 'string') return result(`a Pareto point at the level ${level.toPrecision(6)} was not found (${found})`);
    const values = solvers.valuesOf(found);
    // Points stay in order of level, between the ends; one at the level of a known point sits after it.
    let position = known.findIndex((k, i) => i > 0 && k.level < values.level);
    if (position < 0) position = known.length - 1;
    // A point on a straight segment splits it into two straight ones. Its prices are not known, so
    // its supporting lines are the weakest any front has: flat towards higher levels (cost never
    // falls as the level falls), vertical towards lower ones.
    known.splice(position, 0, { ...values, found, lowPrice: Infinity, highPrice: 0, straightAfter: known[position - 1].straightAfter });
    solvers.onPoint?.(known.length);
  }
  return result();
}

export type NextSolve = { kind: 'price'; segment: number; price: number } | { kind: 'level'; segment: number };

/** The segment with the largest possible bend and the price that looks for it, or a bisection when all are straight. */
export function nextSolve(known: readonly (PlacedValues & { lowPrice: number; highPrice: number; straightAfter: boolean })[]): NextSolve {
  const range = { level: known[0].level - known.at(-1)!.level, cost: known.at(-1)!.cost - known[0].cost };
  let best: NextSolve | undefined;
  let bestBend = BEND_TOLERANCE;
  if (range.level > 0 && range.cost > 0) {
    for (let i = 0; i + 1 < known.length; i++) {
      if (known[i].straightAfter) continue;
      const bend = possibleBend(known[i], known[i + 1], range);
      if (bend > bestBend) {
        bestBend = bend;
        best = { kind: 'price', segment: i, price: (known[i + 1].cost - known[i].cost) / (known[i].level - known[i + 1].level) };
      }
    }
  }
  return best ?? { kind: 'level', segment: longestSegment(known) };
}

/**
 * How far below the chord from p to q (p at the higher level) the front can reach, given the
 * prices at which each end is known optimal: the distance from the chord to the corner of the
 * triangle the two supporting lines cut off, objectives scaled to the front's ranges. Zero when the
 * supporting lines leave no room (a straight segment) or contradict convexity.
 */
export function possibleBend(
  p: PlacedValues & { highPrice: number },
  q: PlacedValues & { lowPrice: number },
  range: { level: number; cost: number },
): number {
  const width = p.level - q.level;
  if (!(width > 0) || !Number.isFinite(p.highPrice) || p.highPrice < 0) return 0;
  const slope = (q.cost - p.cost) / width;
  if (!(p.highPrice < slope && q.lowPrice > slope)) return 0;
  // The corner: p's supporting line (cost falls by highPrice per unit of level) meets q's (or the vertical through q).
  const level = q.lowPrice === Infinity ? q.level : (q.cost - p.cost + q.lowPrice * q.level - p.highPrice * p.level) / (q.lowPrice - p.highPrice);
  const cost = p.cost + p.highPrice * (p.level - level);
  // Distance from the corner to the chord, in scaled coordinates.
  const [du, dv] = [width / range.level, (q.cost - p.cost) / range.cost];
  const [cu, cv] = [(p.level - level) / range.level, (cost - p.cost) / range.cost];
  return Math.abs(du * cv - dv * cu) / Math.hypot(du, dv);
}

/** The segment longest in scaled objectives (in objective 2 alone when objective 1 does not vary). */
function longestSegment(known: readonly PlacedValues[]): number {
  const range = { level: known[0].level - known.at(-1)!.level || 1, cost: Math.abs(known.at(-1)!.cost - known[0].cost) || 1 };
  let best = 0;
  let bestLength = -1;
  for (let i = 0; i + 1 < known.length; i++) {
    const length = Math.hypot((known[i].level - known[i + 1].level) / range.level, (known[i + 1].cost - known[i].cost) / range.cost);
    if (length > bestLength) [best, bestLength] = [i, length];
  }
  return best;
}
