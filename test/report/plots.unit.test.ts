/**
 * The plots: a series per variant with a marker per Pareto point, the cap on variants drawn, the
 * study's front, categorical parameters, a study of one objective and one without any solution.
 * Markers are counted in the chart as ECharts gets it (the same option draws the SVG file and the
 * report's interactive plot); what a reader of the file sees is checked in the SVG. A study of
 * 30,000 points, drawn to a file, is in plots-large.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { ChartSpec } from '../../src/product/report/chart.js';
import { chartOption } from '../../src/product/report/chart-option.js';
import { parameterChart } from '../../src/product/report/parameter-plots.js';
import { evenlySpread, MAX_FRONTS_LABELLED, MAX_VARIANTS_DRAWN, paretoFrontsChart } from '../../src/product/report/pareto-plots.js';
import { studyPlots } from '../../src/product/report/plots.js';
import { studyFront } from '../../src/product/report/study-points.js';
import type { Manifest } from '../../src/product/study/results/manifest.js';
import { INSULATIONS, studyManifest } from './study-fixture.js';

const PAIR: [string, string] = ['MIN_LIFE_CYCLE_COST', 'MIN_CO2_EMISSIONS'];

type OptionSeries = { id: string; type: string; large?: boolean; data: unknown[] };

/** Each series' markers with their tooltips, in drawing order; decoration (whiskers, labels) left out. */
function seriesIn(spec: ChartSpec): Map<string, string[]> {
  const { option, meta } = chartOption(spec);
  const series = new Map<string, string[]>();
  (option.series as OptionSeries[]).forEach((s, i) => {
    if (meta[i]) series.set(s.id, meta[i]!.map((m) => m.t ?? ''));
  });
  return series;
}

const optionSeries = (spec: ChartSpec) => chartOption(spec).option.series as OptionSeries[];

const plot = (manifest: Manifest, name: string) => studyPlots(manifest).plots.find((p) => p.name === name);

describe('the Pareto front of each variant', () => {
  it('draws a line and a marker per Pareto point for every variant with solutions, and none for the failed one', () => {
    const { svg, spec } = plot(studyManifest(), 'pareto-fronts')!;
    const series = seriesIn(spec);
    expect([...series.keys()]).toEqual(['variant-0', 'variant-1', 'variant-2', 'variant-3', 'variant-5', 'knees']);
    for (const [id, markers] of series) if (id !== 'knees') expect(markers).toHaveLength(3);
    const [p1, p2] = studyManifest().variants[2].solutions.map((s) => s.objectives);
    const rate = (p2.MIN_LIFE_CYCLE_COST - p1.MIN_LIFE_CYCLE_COST) / ((p1.MIN_CO2_EMISSIONS - p2.MIN_CO2_EMISSIONS) / 1000);
    expect(series.get('variant-2')![1]).toBe('#2 heat pump 400 CHF/kW, insulation passive house, point 2: Life-cycle cost '
      + `${Math.round(p2.MIN_LIFE_CYCLE_COST).toLocaleString('en-US')} CHF, CO2 emissions `
      + `${Math.round(p2.MIN_CO2_EMISSIONS).toLocaleString('en-US')} kg; marginal abatement cost from point 1: `
      + `${Math.round(rate).toLocaleString('en-US')} CHF/t CO2; the knee of its front`);
    expect(rate).toBeGreaterThan(1000);
    // Every front's middle point is its knee in this fixture (see csv.test.ts): one diamond per variant, on it.
    expect(series.get('knees')).toEqual([0, 1, 2, 3, 5].map((v) => expect.stringMatching(new RegExp(`^#${v} .*, point 2: .*the knee of its front$`))));
    // Five fronts are too many to label their segments; the notes say where the rates are.
    expect(optionSeries(spec).map((s) => s.id)).not.toContain('annotations');
    expect(svg).toContain('Black diamonds mark each front');
    expect(optionSeries(spec).filter((s) => s.type === 'line')).toHaveLength(5);
    expect(svg).toContain('>Life-cycle cost [CHF]</text>');
    expect(svg).toContain('>CO2 emissions [kg]</text>');
    expect(svg).toContain('font-family:DejaVu Sans, Arial, sans-serif');
  });

  it(`draws at most ${MAX_VARIANTS_DRAWN} variants, spread over the study, and says so`, () => {
    const manifest = studyManifest({ variants: 300, failed: [0, 299] });
    const spec = paretoFrontsChart(manifest, PAIR);
    const fronts = spec.series.filter((s) => s.id.startsWith('variant-'));
    expect(fronts).toHaveLength(MAX_VARIANTS_DRAWN);
    expect(fronts[0].id).toBe('variant-1');
    expect(fronts.at(-1)!.id).toBe('variant-298');
    expect(spec.series.at(-1)!.points).toHaveLength(MAX_VARIANTS_DRAWN);
    expect(spec.notes!.join(' ')).toContain(`${MAX_VARIANTS_DRAWN} of 298 variants with solutions are drawn`);
    expect(seriesIn(spec).size).toBe(MAX_VARIANTS_DRAWN + 1);
  });

  it(`labels each segment with its rate when at most ${MAX_FRONTS_LABELLED} fronts are drawn`, () => {
    const manifest = studyManifest({ variants: 1, failed: [], points: 4 });
    const [p1, p2] = manifest.variants[0].solutions.map((s) => s.objectives);
    const annotations = optionSeries(paretoFrontsChart(manifest, PAIR)).find((s) => s.id === 'annotations')!;
    const labels = (annotations.data as { label: { formatter: string } }[]).map((d) => d.label.formatter);
    expect(labels).toHaveLength(3);
    const rate = (p2.MIN_LIFE_CYCLE_COST - p1.MIN_LIFE_CYCLE_COST) / ((p1.MIN_CO2_EMISSIONS - p2.MIN_CO2_EMISSIONS) / 1000);
    expect(labels[0]).toBe(`${rate.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} CHF/t CO2`);
  });

  it('spreads picks evenly, first and last included, and keeps all when there are few', () => {
    expect(evenlySpread([1, 2, 3], 5)).toEqual([1, 2, 3]);
    expect(evenlySpread(Array.from({ length: 101 }, (_, i) => i), 5)).toEqual([0, 25, 50, 75, 100]);
  });
});

describe('the study as a whole', () => {
  it('draws every Pareto point once, the points of the study front, which no other point dominates, apart', () => {
    const manifest = studyManifest();
    const series = seriesIn(plot(manifest, 'study-front')!.spec);
    const front = studyFront(manifest);
    expect(series.get('study-front')).toHaveLength(front.length);
    expect(series.get('dominated')).toHaveLength(15 - front.length);
    const all = manifest.variants.flatMap((v) => v.solutions.map((s) => s.objectives));
    for (const { solution } of front) {
      const { MIN_LIFE_CYCLE_COST: cost, MIN_CO2_EMISSIONS: co2 } = solution.objectives;
      expect(all.some((o) => o.MIN_LIFE_CYCLE_COST <= cost && o.MIN_CO2_EMISSIONS <= co2 && (o.MIN_LIFE_CYCLE_COST < cost || o.MIN_CO2_EMISSIONS < co2))).toBe(false);
    }
    // Each variant's cheapest point and the study's cleanest are on it by construction of the data.
    expect(front.length).toBeGreaterThanOrEqual(2);
    expect(front.map((p) => p.solution.objectives.MIN_LIFE_CYCLE_COST)).toEqual([...front.map((p) => p.solution.objectives.MIN_LIFE_CYCLE_COST)].sort((a, b) => a - b));
  });
});

describe('each swept parameter against each objective', () => {
  it('makes a plot for each parameter and objective, named after both', () => {
    expect(studyPlots(studyManifest()).plots.map((p) => p.name)).toEqual([
      'pareto-fronts', 'study-front', 'heat-pump-cost-vs-cost', 'heat-pump-cost-vs-co2', 'insulation-vs-cost', 'insulation-vs-co2',
    ]);
  });

  it('puts a parameter of names on a categorical axis, in the order of the study, with a marker per point', () => {
    const manifest = studyManifest();
    const spec = parameterChart(manifest, manifest.parameters[1], 'MIN_CO2_EMISSIONS', PAIR)!;
    expect(spec.x).toEqual({ kind: 'category', title: 'insulation', categories: [...INSULATIONS] });
    const svg = plot(manifest, 'insulation-vs-co2')!.svg;
    for (const category of INSULATIONS) expect(svg).toContain(`>${category}</text>`);
    const series = seriesIn(spec);
    expect([...series.keys()]).toEqual(['point-1', 'point-2', 'point-3']);
    // Five variants' points each; two that fall on one spot are one marker with a count of 2.
    for (const items of chartOption(spec).meta) expect(items!.reduce((n, m) => n + m.n, 0)).toBe(5);
    // Side by side within the category, point 1 left of point 3.
    const xs = spec.series.map((s) => s.points[0].x);
    expect(xs[0]).toBeLessThan(xs[1]);
    expect(xs[1]).toBeLessThan(xs[2]);
    expect(xs.every((x) => Math.abs(x) < 0.5)).toBe(true);
  });

  it('puts a numeric parameter on a linear axis at its values', () => {
    const manifest = studyManifest();
    const spec = parameterChart(manifest, manifest.parameters[0], 'MIN_LIFE_CYCLE_COST', PAIR)!;
    expect(spec.x.kind).toBe('linear');
    expect(new Set(spec.series.flatMap((s) => s.points.map((p) => p.x)))).toEqual(new Set([400, 800]));
  });

  it('treats a parameter with numbers and names alike as categorical', () => {
    const manifest = studyManifest();
    manifest.variants[1].parameters.heat_pump_cost = 'market price';
    const spec = parameterChart(manifest, manifest.parameters[0], 'MIN_LIFE_CYCLE_COST', PAIR)!;
    expect(spec.x).toMatchObject({ kind: 'category', categories: ['400', 'market price', '800'] });
  });

  it('escapes what a study file may put in a value or a label', () => {
    const manifest = studyManifest();
    manifest.variants[0].parameters.insulation = '<b>&"old"</b>';
    manifest.variants[0].label = 'a < b & c';
    const svg = studyPlots(manifest).plots.map((p) => p.svg).join('');
    expect(svg).not.toContain('<b>');
    expect(svg).toContain('&lt;b&gt;&amp;&quot;old&quot;&lt;/b&gt;');
    expect(svg).toContain('a &lt; b &amp; c');
  });
});

describe('a study of one objective', () => {
  it('plots the objective of each variant, the best marked, instead of Pareto fronts', () => {
    const manifest = studyManifest({ objective2: null });
    const { plots } = studyPlots(manifest);
    expect(plots.map((p) => p.name)).toEqual(['objective-by-variant', 'heat-pump-cost-vs-cost', 'insulation-vs-cost']);
    const { svg, spec } = plots[0];
    const series = seriesIn(spec);
    expect(series.get('variants')).toHaveLength(4);
    const costs = manifest.variants.flatMap((v) => v.solutions.map((s) => ({ v, cost: s.objectives.MIN_LIFE_CYCLE_COST })));
    const best = costs.reduce((a, b) => (b.cost < a.cost ? b : a));
    expect(series.get('best')).toEqual([expect.stringMatching(new RegExp(`^#${best.v.index} `))]);
    expect(chartOption(spec).axes.x.categories![0]).toBe('#0 heat pump 400 CHF/kW, insulation none');
    expect(svg).toContain('>#0 heat pump 400 CHF/kW, insulation none</text>');
    expect(svg).not.toContain('CO2');
  });

  it('names a few of many variants tied for best, keeping the chart its usual size', () => {
    const manifest = studyManifest({ variants: 2000, failed: [], objective2: null });
    for (const v of manifest.variants) v.solutions[0].objectives.MIN_LIFE_CYCLE_COST = 1_000_000;
    const usual = studyPlots(studyManifest({ variants: 2000, failed: [], objective2: null })).plots[0].svg;
    const svg = studyPlots(manifest).plots[0].svg;
    expect(svg).toContain('and 1995 more with the same value');
    const height = (chart: string) => Number(/height="(\d+(?:\.\d+)?)"/.exec(chart)![1]);
    expect(height(svg)).toBeLessThanOrEqual(height(usual) + 40);
  });

  it('goes by variant number when there are too many variants to name', () => {
    const { svg, spec } = studyPlots(studyManifest({ variants: 500, failed: [], objective2: null })).plots[0];
    expect(svg).toContain('>Variant #</text>');
    expect(optionSeries(spec)[0]).toMatchObject({ id: 'variants', large: true });
  });
});

describe('a study without solutions', () => {
  it('has no plots and says why', () => {
    const { plots, omitted } = studyPlots(studyManifest({ failed: [0, 1, 2, 3, 4, 5] }));
    expect(plots).toEqual([]);
    expect(omitted).toBe('No plots: no variant has a solution (0 done, 6 failed, 0 pending).');
  });

  it('says so when the solutions lack the study\'s objectives', () => {
    const manifest = studyManifest();
    for (const v of manifest.variants) for (const s of v.solutions) delete s.objectives.MIN_CO2_EMISSIONS;
    expect(studyPlots(manifest)).toEqual({ plots: [], omitted: 'No plots: no solution reports Life-cycle cost [CHF] and CO2 emissions [kg].' });
  });

  it('refuses to draw an empty chart rather than draw a meaningless one', () => {
    expect(() => chartOption({ title: 'Empty', x: { kind: 'linear', title: 'x' }, y: { kind: 'linear', title: 'y' }, series: [] })).toThrow(/no points/);
  });
});
