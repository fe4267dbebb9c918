/**
 * The study's plots at scale: 30,000 Pareto points drawn as a cloud under the study front, every
 * point counted, in an SVG file of less than 3 MB. Drawing the whole study takes a second or more, so this
 * runs in the full suite only; the plots' logic on small studies is in plots.unit.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { chartOption } from '../../src/product/report/chart-option.js';
import { studyFrontChart } from '../../src/product/report/pareto-plots.js';
import { studyPlots } from '../../src/product/report/plots.js';
import { studyManifest } from './study-fixture.js';

const PAIR: [string, string] = ['MIN_LIFE_CYCLE_COST', 'MIN_CO2_EMISSIONS'];

type OptionSeries = { id: string; type: string; large?: boolean; data: unknown[] };

describe('the study as a whole', () => {
  it('draws 30,000 points as a cloud of spots under the front, in a file of less than 3 MB', () => {
    const manifest = studyManifest({ variants: 10_000, failed: [] });
    const spec = studyFrontChart(manifest, PAIR);
    const [cloud, front] = chartOption(spec).option.series as OptionSeries[];
    expect(cloud).toMatchObject({ id: 'dominated', large: true });
    expect(cloud.data.length).toBeGreaterThan(100);
    expect(cloud.data.length).toBeLessThan(30_000);
    expect(front.id).toBe('study-front');
    // Every point is counted on some spot: none is dropped.
    const { meta } = chartOption(spec);
    expect(meta[0]!.reduce((n, m) => n + m.n, 0) + meta[1]!.length).toBe(30_000);
    const svg = studyPlots(manifest).plots.find((p) => p.name === 'study-front')!.svg;
    expect(svg.length).toBeLessThan(3_000_000);
    expect(svg).toContain('30,000 Pareto points of 10,000 variants');
  });
});
