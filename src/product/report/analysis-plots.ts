/**
 * The charts of what a study's method found: for Morris, μ* against σ and μ* with its interval per
 * parameter; for Sobol, first-order and total indices with their intervals; for a search, the
 * outcome against the searched parameter with the bracket marked, and a tipping curve when there
 * are searches along a second parameter.
 */
import type { AnalysisRecord } from '../study/results/manifest.js';
import type { StudyResults } from '../study/results/variant-summary.js';
import type { ChartSpec, Series } from './chart.js';
import { MARKERS, PALETTE } from './chart-style.js';

/** Searches drawn one chart each; the tipping curve and the workbook have them all. */
export const MAX_SEARCH_CHARTS = 6;

const fmt = (x: number | null | undefined) => (x == null ? '–' : String(Number(x.toPrecision(3))));
const withUnit = (title: string, unit: string) => (unit ? `${title} [${unit}]` : title);
const styleOf = (i: number) => ({ color: PALETTE[i % PALETTE.length], marker: MARKERS[Math.floor(i / PALETTE.length) % MARKERS.length] });
const interval = ([lo, hi]: [number | null, number | null]): [number, number] | undefined => (lo === null || hi === null ? undefined : [lo, hi]);

type Morris = Extract<AnalysisRecord, { method: 'morris' }>;
type Sobol = Extract<AnalysisRecord, { method: 'sobol' }>;
type Search = Extract<AnalysisRecord, { method: 'search' }>;

function morrisCharts(analysis: Morris): [string, ChartSpec][] {
  return analysis.outcomes.flatMap((o): [string, ChartSpec][] => {
    // A group without a μ* (no trajectory had every value) has nothing to draw; the notes say so.
    const ranked = o.groups.flatMap((g) => (g.muStar === null ? [] : [{ ...g, muStar: g.muStar, sigma: g.sigma ?? 0 }])).sort((a, b) => b.muStar - a.muStar);
    if (!ranked.length) return [];
    const scatter: ChartSpec = {
      title: `Morris screening of ${o.outcome}: μ* against σ`,
      notes: [
        `μ* (mean absolute elementary effect) ranks how much each parameter moves ${o.outcome} over its range; σ large beside μ* marks a non-linear effect or interactions.`,
        `${o.trajectoriesUsed} trajectories on ${analysis.levels} levels.`,
      ],
      x: { kind: 'linear', title: withUnit('μ*', o.unit) },
      y: { kind: 'linear', title: withUnit('σ', o.unit) },
      legendTitle: 'Parameter',
      series: ranked.map((g, i): Series => ({
        name: g.name, id: `group-${g.name}`, ...styleOf(i), size: 6,
        points: [{ x: g.muStar, y: g.sigma, tip: `${g.name}: μ* ${fmt(g.muStar)} (95 % ${fmt(g.muStarInterval[0])} to ${fmt(g.muStarInterval[1])}), μ ${fmt(g.mu)}, σ ${fmt(g.sigma)}` }],
      })),
    };
    const bars: ChartSpec = {
      title: `Morris μ* of ${o.outcome}, with 95 % bootstrap intervals`,
      notes: o.notes.slice(0, 4),
      x: { kind: 'category', title: 'Parameter', categories: ranked.map((g) => g.name) },
      y: { kind: 'linear', title: withUnit('μ*', o.unit) },
      series: [{
        name: 'μ*', id: 'mu-star', color: PALETTE[0], marker: 'circle', size: 3, bars: 0.5,
        points: ranked.map((g, i) => ({ x: i, y: g.muStar, error: interval(g.muStarInterval), tip: `${g.name}: μ* ${fmt(g.muStar)} (${fmt(g.muStarInterval[0])} to ${fmt(g.muStarInterval[1])})` })),
      }],
    };
    return [[`morris-${o.outcome}-mu-star-sigma`, scatter], [`morris-${o.outcome}-mu-star`, bars]];
  });
}

function sobolCharts(analysis: Sobol): [string, ChartSpec][] {
  return analysis.outcomes.map((o): [string, ChartSpec] => {
    const ranked = [...o.factors].sort((a, b) => (b.total ?? 0) - (a.total ?? 0));
    const series = (label: string, id: string, offset: number, color: string, pick: (f: (typeof ranked)[number]) => [number | null, [number | null, number | null]]): Series => ({
      name: label, id, color, marker: 'circle', size: 3, bars: 0.32,
      points: ranked.flatMap((f, i) => {
        const [value, range] = pick(f);
        return value === null ? [] : [{ x: i + offset, y: value, error: interval(range), tip: `${f.name}: ${label} ${fmt(value)} (95 % ${fmt(range[0])} to ${fmt(range[1])})` }];
      }),
    });
    return [`sobol-${o.outcome}`, {
      title: `Sobol indices of ${o.outcome}, with 95 % bootstrap intervals`,
      notes: [`S1: the share of ${o.outcome}'s variance a parameter causes alone; ST: with all its interactions. ${o.rowsUsed} base samples.`, ...o.notes.slice(0, 3)],
      x: { kind: 'category', title: 'Parameter', categories: ranked.map((f) => f.name) },
      y: { kind: 'linear', title: 'Index (share of variance)' },
      legendTitle: 'Index',
      series: [series('S1 (first order)', 'first', -0.18, PALETTE[0], (f) => [f.first, f.firstInterval]), series('ST (total)', 'total', 0.18, PALETTE[1], (f) => [f.total, f.totalInterval])],
    }];
  });
}

const alongLabel = (along: Record<string, unknown>) => Object.entries(along).map(([k, v]) => `${k} = ${String(v)}`).join(', ');

function searchCharts(analysis: Search): [string, ChartSpec][] {
  const charts = analysis.searches.slice(0, MAX_SEARCH_CHARTS).map((search, s): [string, ChartSpec] => {
    const numeric = search.probes.every((p) => p.outcome === undefined || typeof p.outcome === 'number');
    const values = [...new Set(search.probes.map((p) => p.outcome).filter((v) => v !== undefined).map(String))];
    const y = (outcome: number | string) => (numeric ? (outcome as number) : values.indexOf(String(outcome)));
    const point = (p: (typeof search.probes)[number]) => ({
      x: p.value, y: y(p.outcome!), tip: `${analysis.parameter} = ${p.value}${analysis.unit ? ` ${analysis.unit}` : ''}: ${analysis.outcome} ${typeof p.outcome === 'number' ? fmt(p.outcome) : p.outcome} (${p.step})`,
    });
    const solved = search.probes.filter((p) => p.outcome !== undefined);
    const screening = solved.filter((p) => p.step !== 'confirm').sort((a, b) => a.value - b.value);
    const confirms = solved.filter((p) => p.step === 'confirm');
    const series: Series[] = [{ name: 'Probes', id: 'probes', color: PALETTE[0], marker: 'circle', size: 5, line: 'solid', points: screening.map(point) }];
    if (confirms.length) series.push({ name: 'Confirmation (finer settings)', id: 'confirm', color: PALETTE[2], marker: 'diamond', size: 6, points: confirms.map(point) });
    const brackets = search.answer?.brackets ?? [];
    return [`search-${s + 1}`, {
      title: `${analysis.outcome} against ${analysis.parameter}${alongLabel(search.along) ? ` (${alongLabel(search.along)})` : ''}`,
      notes: [search.answer?.text ?? `${search.probes.length} probes so far; the search has not finished.`, ...(numeric ? [] : [`Each level of the axis is one value of ${analysis.outcome}: ${values.map((v, i) => `${i} = ${v}`).join('; ')}.`])],
      x: { kind: 'linear', title: withUnit(analysis.parameter, analysis.unit) },
      y: { kind: 'linear', title: numeric ? (analysis.outcomeUnit ? `${analysis.outcome} [${analysis.outcomeUnit}]` : analysis.outcome) : `${analysis.outcome} (level)` },
      bands: brackets.map((b) => ({ from: b.low, to: b.high, label: `${fmt(b.low)}–${fmt(b.high)}` })),
      rules: analysis.threshold !== undefined && numeric ? [{ y: analysis.threshold, label: analysis.condition }] : [],
      series: series.filter((x) => x.points.length),
    }];
  });
  const curve = tippingCurve(analysis);
  return curve ? [...charts, ['tipping-curve', curve]] : charts;
}

/** Where each search found its crossing, against the one parameter the searches differ in. */
function tippingCurve(analysis: Search): ChartSpec | undefined {
  const alongNames = Object.keys(analysis.searches[0]?.along ?? {});
  if (analysis.searches.length < 2 || alongNames.length !== 1) return undefined;
  const along = alongNames[0];
  const bracketed = analysis.searches.filter((s) => typeof s.along[along] === 'number' && s.answer?.brackets.length);
  if (!bracketed.length) return undefined;
  return {
    title: `Tipping curve: where ${analysis.condition}${analysis.condition.endsWith(' changes') ? '' : ' starts or stops holding'}, against ${along}`,
    notes: [`Each point is the middle of one search's bracket; the whisker spans the bracket. Searches without a crossing are left out (${analysis.searches.length - bracketed.length}).`],
    x: { kind: 'linear', title: along },
    y: { kind: 'linear', title: withUnit(analysis.parameter, analysis.unit) },
    series: [{
      name: 'Tipping point', id: 'tipping', color: PALETTE[1], marker: 'circle', size: 5, line: 'dashed',
      points: bracketed.flatMap((s) => s.answer!.brackets.slice(0, 1).map((b) => ({
        x: s.along[along] as number, y: (b.low + b.high) / 2, error: [b.low, b.high] as [number, number], tip: `${along} = ${String(s.along[along])}: ${fmt(b.low)}–${fmt(b.high)}`,
      }))),
    }],
  };
}

/** The method's charts by file name, for the studies whose method has any. */
export function analysisCharts(manifest: StudyResults): [string, ChartSpec][] {
  const analysis = manifest.analysis;
  if (!analysis) return [];
  if (analysis.method === 'morris') return morrisCharts(analysis);
  if (analysis.method === 'sobol') return sobolCharts(analysis);
  return searchCharts(analysis);
}
