/**
 * What an analyst reads off a two-objective Pareto front, shared by the solver's output workbook
 * and a study's tables and plots: the marginal rate between neighbouring points (for cost against
 * CO2, the marginal abatement cost) and the knee.
 *
 * Rates are in the objectives' own bases: objective 1 as the solver reports it (a life-cycle cost
 * is a present value over the horizon, an annualised cost CHF per year) per unit of objective 2
 * (CO2 is kg emitted over the whole horizon, shown per tonne). Life-cycle cost against CO2 thus
 * gives CHF (present value) per tonne of CO2 avoided over the horizon.
 *
 * The knee is the point farthest from the straight line between the front's two ends once each
 * objective is scaled to the range the front spans (Das 1999, "On characterizing the 'knee' of
 * the Pareto curve based on Normal-Boundary Intersection", Structural Optimization 18:107–115;
 * the same construction as the "Kneedle" of Satopää et al. 2011). It is chosen over "the largest
 * jump in marginal rate" because it does not depend on the units or on where the points happen to
 * be placed, and it is the point a weighted sum with the ends' average rate as price would pick.
 */

export type FrontSense = 'min' | 'max';

export interface FrontPoint {
  objective1: number;
  objective2: number;
}

export interface FrontAnalysis {
  /**
   * `rates[i]`: objective 1 given up per unit of objective 2 gained from point i-1 to point i, in
   * `unit.label`; undefined for the first point and where objective 2 does not change.
   */
  rates: (number | undefined)[];
  /** Position of the knee in the points given; undefined with fewer than three points or a straight front. */
  knee: number | undefined;
}

export interface RateUnit {
  /** `Marginal abatement cost` for a cost against CO2, `Marginal rate` otherwise. */
  name: string;
  /** `CHF/t CO2`, `CHF/year per t CO2`, `CHF per CHF`. */
  label: string;
  /** Objective 2's unit per the unit the rate is expressed in (1,000 kg per tonne). */
  perFactor: number;
}

/** Points nearer the chord than this (in ranges of the objectives) are on it: solver noise, not a bend. */
const KNEE_TOLERANCE = 1e-6;

/** The rate's unit from the objectives' units: kg (of CO2, the only objective in kg) becomes tonnes. */
export function rateUnit(unit1: string, unit2: string): RateUnit {
  const mass = /^kg(?: CO2)?$/.test(unit2.trim());
  const per = mass ? 't CO2' : unit2.trim() || 'unit';
  const cost = /^CHF\b/.test(unit1.trim());
  const label = unit1.trim() === 'CHF' && mass ? 'CHF/t CO2' : `${unit1.trim() || 'unit'} per ${per}`;
  return { name: cost && mass ? 'Marginal abatement cost' : 'Marginal rate', label, perFactor: mass ? 1000 : 1 };
}

/**
 * Rates and knee of a front whose points are in Pareto order (from the objective-1 optimum to the
 * objective-2 optimum). `senses` say which way each objective is better.
 */
export function analyseFront(points: readonly FrontPoint[], senses: readonly [FrontSense, FrontSense], unit: RateUnit): FrontAnalysis {
  const [s1, s2] = senses.map((s) => (s === 'min' ? 1 : -1));
  // Both objectives in minimisation form: smaller is better.
  const g1 = points.map((p) => s1 * p.objective1);
  const g2 = points.map((p) => s2 * p.objective2);
  const rates = points.map((_, i) => {
    if (i === 0) return undefined;
    const gained = (g2[i - 1] - g2[i]) / unit.perFactor;
    const scale = Math.max(Math.abs(g2[0] - g2.at(-1)!), Math.abs(g2[i]), 1);
    if (Math.abs(g2[i - 1] - g2[i]) <= 1e-12 * scale) return undefined;
    return (g1[i] - g1[i - 1]) / gained;
  });
  return { rates, knee: knee(g1, g2) };
}

/** Das's knee: the largest distance below the chord between the scaled ends. */
function knee(g1: number[], g2: number[]): number | undefined {
  const n = g1.length;
  if (n < 3) return undefined;
  const range1 = g1[n - 1] - g1[0];
  const range2 = g2[0] - g2[n - 1];
  if (!(range1 > 0) || !(range2 > 0)) return undefined;
  let best: number | undefined;
  let bestDistance = KNEE_TOLERANCE;
  for (let i = 1; i < n - 1; i++) {
    // Scaled: the objective-1 end at (u, v) = (1, 0), the objective-2 end at (0, 1); the chord is u + v = 1.
    const u = (g2[i] - g2[n - 1]) / range2;
    const v = (g1[i] - g1[0]) / range1;
    const distance = (1 - u - v) / Math.SQRT2;
    if (distance > bestDistance) [best, bestDistance] = [i, distance];
  }
  return best;
}
