/**
 * The charts of the study's objectives: each variant's Pareto front, the study's points with its
 * non-dominated front and, for a study of one objective, that objective per variant.
 */
import { objectiveHeader, objectiveLabel } from '../study/results/objective-labels.js';
import { frontRateUnit, variantFront } from '../study/results/front-columns.js';
import { formatNumber } from '../study/results/summary-workbook.js';
import type { StudyResults, VariantSummary } from '../study/results/variant-summary.js';
import { type Annotation, CLOUD_ABOVE, type ChartPoint, type ChartSpec, type Series } from './chart.js';
import { describePoint, solvedPoints, studyFront, type StudyPoint } from './study-points.js';
import { MARKERS, PALETTE } from './chart-style.js';

/** More fronts than this in one chart are a tangle nobody can read. */
export const MAX_VARIANTS_DRAWN = 20;
/** Up to this many fronts drawn, each segment is labelled with its rate; more would overlap. */
export const MAX_FRONTS_LABELLED = 3;

const count = (n: number, what: string) => `${n.toLocaleString('en-US')} ${what}${n === 1 ? '' : 's'}`;

/** `cap` of `items`, evenly spread with the first and last included, so the variants drawn span the sweep. */
export function evenlySpread<T>(items: readonly T[], cap: number): T[] {
  if (items.length <= cap) return [...items];
  return Array.from({ length: cap }, (_, i) => items[Math.round((i * (items.length - 1)) / (cap - 1))]);
}

/**
 * Each variant's front as a line through its Pareto points, objective 1 across and objective 2 up,
 * with each front's knee marked and the marginal rate between neighbouring points in the points'
 * tooltips (and beside the segments when few fronts are drawn).
 */
export function paretoFrontsChart(manifest: StudyResults, pair: [string, string]): ChartSpec {
  const byVariant = groupByVariant(solvedPoints(manifest, pair));
  const drawn = evenlySpread([...byVariant.keys()], MAX_VARIANTS_DRAWN);
  const unit = frontRateUnit(pair);
  const notes = [`Each line joins one variant's Pareto points, from point 1 (its ${objectiveLabel(pair[0]).name} optimum) to its ${objectiveLabel(pair[1]).name} optimum.`];
  if (drawn.length < byVariant.size) {
    notes.push(`${drawn.length} of ${count(byVariant.size, 'variant')} with solutions are drawn, spread evenly over the variant numbers; the study chart shows every point.`);
  }
  notes.push(`Black diamonds mark each front's knee: the point farthest from the straight line between its ends, both objectives scaled to the front's ranges. ${unit.name}s [${unit.label}] between neighbouring points are in the points' tooltips${drawn.length <= MAX_FRONTS_LABELLED ? ' and beside the segments' : ''}.`);
  const xy = (p: StudyPoint) => ({ x: p.solution.objectives[pair[0]], y: p.solution.objectives[pair[1]], variant: p.variant.index, solution: p.solution.index });
  const knees: ChartPoint[] = [];
  const annotations: Annotation[] = [];
  const fronts = drawn.map((variant) => {
    const points = [...byVariant.get(variant)!].sort((a, b) => a.solution.index - b.solution.index);
    const front = variantFront(points.map((p) => p.solution), pair);
    return points.map((p, i): ChartPoint => {
      const { rate, knee } = front.get(p.solution.index) ?? { knee: false };
      const rateText = rate === undefined ? '' : `${formatNumber(rate)} ${unit.label}`;
      const tip = `${describePoint(p, pair)}${rateText ? `; ${unit.name.toLowerCase()} from point ${points[i - 1].solution.index}: ${rateText}` : ''}${knee ? '; the knee of its front' : ''}`;
      if (knee) knees.push({ ...xy(p), tip });
      if (rateText && drawn.length <= MAX_FRONTS_LABELLED) {
        const previous = xy(points[i - 1]);
        annotations.push({ x: (previous.x + xy(p).x) / 2, y: (previous.y + xy(p).y) / 2, text: rateText });
      }
      return { ...xy(p), tip };
    });
  });
  return {
    title: `Pareto front of each variant: ${objectiveLabel(pair[0]).name} vs ${objectiveLabel(pair[1]).name}`,
    notes,
    x: { kind: 'linear', title: objectiveHeader(pair[0]) },
    y: { kind: 'linear', title: objectiveHeader(pair[1]) },
    legendTitle: 'Variant',
    series: [
      ...drawn.map((variant, i): Series => ({
        name: `#${variant.index} ${variant.label}`,
        id: `variant-${variant.index}`,
        color: PALETTE[i % PALETTE.length],
        marker: MARKERS[Math.floor(i / PALETTE.length) % MARKERS.length],
        line: i < PALETTE.length ? 'solid' : 'dashed',
        points: fronts[i],
      })),
      ...(knees.length ? [{ name: 'Knee of a front', id: 'knees', color: '#222222', marker: 'diamond' as const, size: 6, points: knees }] : []),
    ],
    annotations,
  };
}

/**
 * All Pareto points of all variants: the points no other point of the study dominates joined and
 * marked, the others drawn apart from them, so that no point is drawn twice or hides another.
 */
export function studyFrontChart(manifest: StudyResults, pair: [string, string]): ChartSpec {
  const points = solvedPoints(manifest, pair);
  const front = studyFront(manifest);
  const pointKey = (p: StudyPoint) => `${p.variant.index}:${p.solution.index}`;
  const onFront = new Set(front.map(pointKey));
  const others = points.filter((p) => !onFront.has(pointKey(p)));
  const variants = new Set(points.map((p) => p.variant)).size;
  const frontVariants = new Set(front.map((p) => p.variant)).size;
  const cloud = others.length > CLOUD_ABOVE;
  // A cloud's thousands of points go without their own tooltip text: the report describes a point from its variant.
  const xy = (p: StudyPoint, tip = true) => ({ x: p.solution.objectives[pair[0]], y: p.solution.objectives[pair[1]], tip: tip ? describePoint(p, pair) : undefined, variant: p.variant.index, solution: p.solution.index });
  return {
    title: `The study: ${objectiveLabel(pair[0]).name} vs ${objectiveLabel(pair[1]).name}, all variants`,
    notes: [
      `${count(points.length, 'Pareto point')} of ${count(variants, 'variant')}; ${count(front.length, 'point')} from ${count(frontVariants, 'variant')} are on the study's non-dominated front: no other point of the study is better in one objective without being worse in the other.`,
    ],
    x: { kind: 'linear', title: objectiveHeader(pair[0]) },
    y: { kind: 'linear', title: objectiveHeader(pair[1]) },
    series: [
      ...(others.length ? [{
        name: `Dominated points (${others.length.toLocaleString('en-US')})`, id: 'dominated', color: '#8c96a0', marker: 'circle' as const, size: 3,
        cloud, points: others.map((p) => xy(p, !cloud)),
      }] : []),
      { name: `Study front (${front.length.toLocaleString('en-US')})`, id: 'study-front', color: '#d62728', marker: 'diamond', size: 5, line: 'solid', points: front.map((p) => xy(p)) },
    ],
  };
}

/**
 * A study of one objective has no front: the objective per variant, its best variant marked. By
 * name up to 40 variants; beyond that the labels would be unreadable, so by variant number.
 */
export function objectiveByVariantChart(manifest: StudyResults, objective: string): ChartSpec {
  const points = solvedPoints(manifest, [objective]);
  const sign = objectiveLabel(objective).sense === 'min' ? 1 : -1;
  const bestValue = sign * points.reduce((best, p) => Math.min(best, sign * p.solution.objectives[objective]), Infinity);
  const byName = new Set(points.map((p) => p.variant)).size <= 40;
  const variants = [...new Set(points.map((p) => p.variant))];
  const position = new Map(variants.map((v, i) => [v, byName ? i : v.index]));
  const cloud = points.length > CLOUD_ABOVE;
  const xy = (p: StudyPoint, tip = true) => ({ x: position.get(p.variant)!, y: p.solution.objectives[objective], tip: tip ? describePoint(p, [objective]) : undefined, variant: p.variant.index, solution: p.solution.index });
  const best = points.filter((p) => p.solution.objectives[objective] === bestValue);
  const rest = points.filter((p) => p.solution.objectives[objective] !== bestValue);
  return {
    title: `${objectiveLabel(objective).name} of each variant`,
    notes: [`The study optimised ${objectiveLabel(objective).name} alone, so each variant has one optimum rather than a Pareto front. Best: ${namedFew(best)}.`],
    // Labels name the variants here, so they get more room than a parameter's values.
    x: byName ? { kind: 'category', title: 'Variant', categories: variants.map((v) => `#${v.index} ${v.label}`), labelWidth: 260 } : { kind: 'linear', title: 'Variant #' },
    y: { kind: 'linear', title: objectiveHeader(objective) },
    series: [
      ...(rest.length ? [{ name: 'Variant optimum', id: 'variants', color: '#4e79a7', marker: 'circle' as const, cloud, points: rest.map((p) => xy(p, !cloud)) }] : []),
      { name: 'Best', id: 'best', color: '#d62728', marker: 'diamond', size: 6, points: best.map((p) => xy(p)) },
    ],
  };
}

/** Variants tied for best, by name: a few, then how many more (a note of ten thousand names would be taller than the chart). */
const NAMED_BEST = 5;
function namedFew(points: StudyPoint[]): string {
  const named = points.slice(0, NAMED_BEST).map((p) => `#${p.variant.index} ${p.variant.label}`).join(', ');
  return points.length > NAMED_BEST ? `${named} and ${points.length - NAMED_BEST} more with the same value` : named;
}

function groupByVariant(points: StudyPoint[]): Map<VariantSummary, StudyPoint[]> {
  const groups = new Map<VariantSummary, StudyPoint[]>();
  for (const p of points) {
    const group = groups.get(p.variant);
    if (group) group.push(p);
    else groups.set(p.variant, [p]);
  }
  return groups;
}
