/**
 * Each variant's Pareto front as the study's tables and plots read it: the marginal rate from the
 * previous point (for cost against CO2 the marginal abatement cost, per tonne) and the knee, from
 * the variant's own points (each variant's job traces its own front).
 */
import { analyseFront, rateUnit, type RateUnit } from '../../../common/front-analysis.js';
import { objectiveLabel } from './objective-labels.js';
import type { SolutionResult } from './read-output.js';

export interface PointOnFront {
  /** Objective 1 given up per unit of objective 2 gained since the variant's previous point. */
  rate?: number;
  knee: boolean;
}

export function frontRateUnit([first, second]: readonly [string, string]): RateUnit {
  return rateUnit(objectiveLabel(first).unit, objectiveLabel(second).unit);
}

/** `Marginal abatement cost [CHF/t CO2]`: the header of the rate column. */
export function rateHeader(pair: readonly [string, string]): string {
  const unit = frontRateUnit(pair);
  return `${unit.name} from previous point [${unit.label}]`;
}

export const KNEE_HEADER = 'Knee';
/** The knee column's text on the knee's row; empty on the others. */
export const KNEE_MARK = 'knee';

/** Each solution's place on its variant's front, by solution index; solutions lacking an objective of the pair are left out. */
export function variantFront(solutions: readonly Pick<SolutionResult, 'index' | 'objectives'>[], pair: readonly [string, string]): Map<number, PointOnFront> {
  const points = solutions.filter((s) => s.objectives[pair[0]] !== undefined && s.objectives[pair[1]] !== undefined).sort((a, b) => a.index - b.index);
  const { rates, knee } = analyseFront(
    points.map((s) => ({ objective1: s.objectives[pair[0]], objective2: s.objectives[pair[1]] })),
    [objectiveLabel(pair[0]).sense, objectiveLabel(pair[1]).sense],
    frontRateUnit(pair),
  );
  return new Map(points.map((s, i) => [s.index, { rate: rates[i], knee: i === knee }]));
}
