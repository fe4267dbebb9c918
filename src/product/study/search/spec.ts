/**
 * What a search study asks: the parameter to move over its range, the condition on an outcome
 * whose change marks the tipping point, and when to stop. Plain data, no imports but types:
 * workflow code carries it.
 */
import type { SolverOverrides } from '../solver-overrides.js';

/** When a probe counts as "holding": its outcome above or below a threshold, or changed from its value at the range's start. */
export interface SearchCondition {
  outcome: string;
  above?: number;
  below?: number;
  changes?: boolean;
}

export const REFINEMENTS = ['bisection', 'regula-falsi'] as const;
export type Refinement = (typeof REFINEMENTS)[number];

export interface SearchSpec {
  /** The parameter searched over its range; the study's other parameters give one search per combination of their values. */
  parameter: string;
  condition: SearchCondition;
  /** A bracket this narrow (in the parameter's unit) is an answer. */
  tolerance: number;
  /** Solver jobs one search may take, its scan included (confirmations come on top). */
  probes: number;
  /** Values probed first, evenly spaced over the range, its ends included (at least 2). */
  scan: number;
  refine: Refinement;
  /** Each bracket's two ends solved again with these settings, and the crossing checked there. */
  confirm: SolverOverrides | null;
}

/** The condition in words: `hp_school > 1`, `design changes` (from its value at the range's start). */
export function describeCondition(condition: SearchCondition): string {
  if (condition.above !== undefined) return `${condition.outcome} > ${condition.above}`;
  if (condition.below !== undefined) return `${condition.outcome} < ${condition.below}`;
  return `${condition.outcome} changes`;
}
