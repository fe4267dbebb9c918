/**
 * The Pareto points of a study as the report plots and lists them: every solution of every
 * variant, the study's objectives, and the points of the study's own non-dominated front.
 */
import { objectiveLabel } from '../study/results/objective-labels.js';
import { formatNumber, objectivePair } from '../study/results/summary-workbook.js';
import type { SolutionSummary, StudyResults, VariantSummary } from '../study/results/variant-summary.js';
import { nonDominated } from './pareto.js';

export interface StudyPoint {
  variant: VariantSummary;
  solution: SolutionSummary;
}

/** The objectives the study optimised: both of a pair, or the first alone. */
export function studyObjectives(manifest: StudyResults): string[] {
  return objectivePair(manifest) ?? [manifest.solver.objective1];
}

/** Every solution that has a value for each of `objectives`, by variant and then Pareto point. */
export function solvedPoints(manifest: StudyResults, objectives: readonly string[]): StudyPoint[] {
  return manifest.variants.flatMap((variant) => variant.solutions
    .filter((solution) => objectives.every((o) => solution.objectives[o] !== undefined))
    .map((solution) => ({ variant, solution })));
}

/** The points no other point of the study dominates, along the first objective; none for a study of one objective. */
export function studyFront(manifest: StudyResults): StudyPoint[] {
  const pair = objectivePair(manifest);
  if (!pair) return [];
  const points = solvedPoints(manifest, pair);
  const onFront = nonDominated(
    points.map((p) => ({ x: p.solution.objectives[pair[0]], y: p.solution.objectives[pair[1]] })),
    [objectiveLabel(pair[0]).sense, objectiveLabel(pair[1]).sense],
  );
  const sign = objectiveLabel(pair[0]).sense === 'min' ? 1 : -1;
  return points.filter((_, i) => onFront[i]).sort((a, b) => sign * (a.solution.objectives[pair[0]] - b.solution.objectives[pair[0]]));
}

/** `#4 heat pump 200 CHF/kW, point 2: Life-cycle cost 1,234 CHF, CO2 emissions 5,678 kg` */
export function describePoint({ variant, solution }: StudyPoint, objectives: readonly string[]): string {
  const values = objectives.map((o) => {
    const { name, unit } = objectiveLabel(o);
    return `${name} ${formatNumber(solution.objectives[o])}${unit ? ` ${unit}` : ''}`;
  });
  return `#${variant.index} ${variant.label}, point ${solution.index}: ${values.join(', ')}`;
}
