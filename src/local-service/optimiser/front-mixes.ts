/**
 * First answers for a full-year front's inner points: mixes of two points already solved.
 *
 * The model is linear, so `(1 − t)·a + t·b` of two solutions meets every row that both meet, at the
 * mixed objectives (plus the fixed parts of the installations only one of them takes: the mix takes
 * them all). Between the front's ends such a mix answers a point before any pricing; between the
 * cost end and an inner point solved before, it answers a cheaper one wherever that point lies
 * below the ends' chord, as a convex front's do. The inner points after the first often have no
 * time to price a design of their own: on the demo district's year the middle point answered
 * 2,675,428 CHF from the mix with its neighbour against 2,746,329 from the ends' (two fronts each).
 */

/**
 * The level a solve at `level` holds: a little above it, so the level itself stays feasible despite
 * solver tolerances (a mix is held to the same).
 */
export const heldLevel = (level: number) => level + 1e-7 * Math.max(1, Math.abs(level));

/** A point already solved: its objective 2 in minimisation form (its level). */
export interface Solved {
  level: number;
}

/** Two solved points whose mix at `fraction` of the way from `a` to `b` has a given level. */
export interface Bracket<T extends Solved> {
  a: T;
  b: T;
  fraction: number;
}

/**
 * Every pair of solved points that brackets `level` (one at or above it, the other at or below,
 * at distinct levels), with the fraction that mixes them to it.
 */
export function brackets<T extends Solved>(solved: readonly T[], level: number): Bracket<T>[] {
  const out: Bracket<T>[] = [];
  for (const a of solved) {
    for (const b of solved) {
      if (a.level >= level && b.level <= level && a.level > b.level) out.push({ a, b, fraction: (a.level - level) / (a.level - b.level) });
    }
  }
  return out;
}

/**
 * The cheapest mix of two solved points that holds `level` (`mix` makes it, `valuesOf` gives its
 * level and cost, both in minimisation form), or undefined when none does: a mix takes every
 * installation either point takes, with its fixed part (of CO2, say) in full, which may lift it
 * above the level.
 */
export function cheapestMix<T extends Solved, M>(
  solved: readonly T[], level: number, mix: (a: T, b: T, fraction: number) => M, valuesOf: (mix: M) => { level: number; cost: number },
): M | undefined {
  let best: { mix: M; cost: number } | undefined;
  for (const { a, b, fraction } of brackets(solved, level)) {
    const made = mix(a, b, fraction);
    const values = valuesOf(made);
    if (values.level <= heldLevel(level) && (!best || values.cost < best.cost)) best = { mix: made, cost: values.cost };
  }
  return best?.mix;
}
