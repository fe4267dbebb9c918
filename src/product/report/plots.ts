/**
 * Which plots a study gets, and their file names: the Pareto fronts and the study's front for a
 * study of two objectives (one objective per variant for a study of one), then each swept parameter
 * against each objective. A study without any solution gets no plots and says so.
 */
import { objectiveHeader, objectiveLabel } from '../study/results/objective-labels.js';
import { objectivePair } from '../study/results/summary-workbook.js';
import type { StudyResults } from '../study/results/variant-summary.js';
import { analysisCharts } from './analysis-plots.js';
import type { ChartSpec } from './chart.js';
import { type ChartOption, chartOption } from './chart-option.js';
import { chartSvg } from './chart-svg.js';
import { parameterChart } from './parameter-plots.js';
import { objectiveByVariantChart, paretoFrontsChart, studyFrontChart } from './pareto-plots.js';
import { solvedPoints, studyObjectives } from './study-points.js';

export interface Plot {
  /** The file name without extension: `plots/<name>.svg` and `plots/<name>.png`. */
  name: string;
  title: string;
  spec: ChartSpec;
  /** What ECharts draws: the SVG file here, and the report's interactive plot from the same option. */
  chart: ChartOption;
  svg: string;
}

export interface StudyPlots {
  plots: Plot[];
  /** Why there are no plots, for the report to say instead. */
  omitted?: string;
}

export function studyPlots(manifest: StudyResults): StudyPlots {
  const omitted = plotsOmitted(manifest);
  return omitted ? { plots: [], omitted } : { plots: [...eachStudyPlot(manifest)] };
}

/** Why the study gets no plots, when it gets none. */
export function plotsOmitted(manifest: StudyResults): string | undefined {
  const objectives = studyObjectives(manifest);
  if (solvedPoints(manifest, objectives).length) return undefined;
  const { done, failed, pending } = manifest.totals;
  return manifest.variants.some((v) => v.solutions.length)
    ? `No plots: no solution reports ${objectives.map(objectiveHeader).join(' and ')}.`
    : `No plots: no variant has a solution (${done} done, ${failed} failed, ${pending} pending).`;
}

/**
 * The study's plots, each made when it is asked for: a plot of 100,000 points holds tens of
 * megabytes until it is written, and a writer that keeps only its file need not hold them all.
 */
export function* eachStudyPlot(manifest: StudyResults): Generator<Plot> {
  const objectives = studyObjectives(manifest);
  const specs: [string, () => ChartSpec | undefined][] = analysisCharts(manifest).map(([name, spec]) => [name, () => spec]);
  const pair = objectivePair(manifest);
  if (pair) specs.push(['pareto-fronts', () => paretoFrontsChart(manifest, pair)], ['study-front', () => studyFrontChart(manifest, pair)]);
  else specs.push(['objective-by-variant', () => objectiveByVariantChart(manifest, objectives[0])]);
  for (const parameter of manifest.parameters) {
    for (const objective of objectives) {
      specs.push([`${slug(parameter.name)}-vs-${slug(objectiveLabel(objective).short)}`, () => parameterChart(manifest, parameter, objective, objectives)]);
    }
  }
  const names = new Set<string>();
  for (const [base, specOf] of specs) {
    const spec = specOf();
    if (!spec) continue;
    // Parameter names that differ only in punctuation would otherwise overwrite each other's files.
    let name = base;
    for (let n = 2; names.has(name); n++) name = `${base}-${n}`;
    names.add(name);
    const chart = chartOption(spec);
    yield { name, title: spec.title, spec, chart, svg: chartSvg(chart) };
  }
}

/** A file name part any file system and URL takes as it is. */
function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'parameter';
}
