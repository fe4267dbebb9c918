/**
 * What each swept parameter does to each objective: every Pareto point of every variant at its
 * variant's value of the parameter, coloured by its place on the variant's front. A parameter with
 * any value that is not a number (a scenario name, a switch) gets a categorical axis.
 */
import type { ParameterRecord } from '../study/results/manifest.js';
import { objectiveHeader, objectiveLabel } from '../study/results/objective-labels.js';
import type { StudyResults } from '../study/results/variant-summary.js';
import { CLOUD_ABOVE, type ChartSpec, type Series } from './chart.js';
import { describePoint, solvedPoints } from './study-points.js';
import { MARKERS, PALETTE } from './chart-style.js';

/** Categories by first appearance in variant order, which is the study file's order of the values. */
export function parameterCategories(manifest: StudyResults, parameter: string): string[] | undefined {
  const values = manifest.variants.map((v) => v.parameters[parameter]).filter((v) => v !== undefined);
  if (values.every((v) => typeof v === 'number')) return undefined;
  return [...new Set(values.map(String))];
}

/** The chart of `objective` against `parameter`; undefined when no solved variant has a value for the parameter. */
export function parameterChart(manifest: StudyResults, parameter: ParameterRecord, objective: string, objectives: readonly string[]): ChartSpec | undefined {
  const points = solvedPoints(manifest, [objective]).filter((p) => p.variant.parameters[parameter.name] !== undefined);
  if (!points.length) return undefined;
  const categories = parameterCategories(manifest, parameter.name);
  const categoryIndex = new Map(categories?.map((c, i) => [c, i]));
  const pointCount = points.reduce((max, p) => Math.max(max, p.solution.index), 1);
  // Side by side within a category, so a variant's points do not hide one another.
  const offset = (point: number) => (categories && pointCount > 1 ? ((point - 1) / (pointCount - 1) - 0.5) * 0.5 : 0);
  const x = (value: number | string | boolean, point: number) => (categories ? categoryIndex.get(String(value))! + offset(point) : (value as number));

  const cloud = points.length > CLOUD_ABOVE;
  const series: Series[] = [];
  for (let point = 1; point <= pointCount; point++) {
    const ofPoint = points.filter((p) => p.solution.index === point);
    if (!ofPoint.length) continue;
    series.push({
      name: pointCount === 1 ? 'Optimum' : `Point ${point}`,
      id: `point-${point}`,
      color: PALETTE[(point - 1) % PALETTE.length],
      marker: MARKERS[Math.floor((point - 1) / PALETTE.length) % MARKERS.length],
      cloud,
      points: ofPoint.map((p) => ({
        x: x(p.variant.parameters[parameter.name], point), y: p.solution.objectives[objective], tip: cloud ? undefined : describePoint(p, objectives), variant: p.variant.index, solution: p.solution.index,
      })),
    });
  }
  const notes = [`${parameter.name}: ${parameter.operation === 'scale' ? 'scales' : 'sets'} ${parameter.target}.`];
  if (objectives.length === 2 && pointCount > 1) {
    notes.push(`Point 1 is each variant's ${objectiveLabel(objectives[0]).name} optimum, point ${pointCount} its ${objectiveLabel(objectives[1]).name} optimum.`);
  }
  return {
    title: `${objectiveLabel(objective).name} against ${parameter.name}`,
    notes,
    x: categories
      ? { kind: 'category', title: parameter.name, categories }
      : { kind: 'linear', title: parameter.operation === 'scale' ? `${parameter.name} (factor)` : parameter.name },
    y: { kind: 'linear', title: objectiveHeader(objective) },
    legendTitle: pointCount > 1 ? 'Pareto point' : undefined,
    series,
  };
}
