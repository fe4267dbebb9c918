/**
 * The rules that keep a plot readable, on charts whose right drawing is known by construction: an
 * axis spanning two orders of magnitude is logarithmic, and points on one spot become one marker
 * that shows how many it stands for.
 */
import { describe, expect, it } from 'vitest';
import type { ChartPoint, ChartSpec } from '../../src/product/report/chart.js';
import { LOG_AXIS_SPAN, chartOption, spansDecades } from '../../src/product/report/chart-option.js';
import { renderChartSvg } from '../../src/product/report/chart-svg.js';

const scatter = (points: ChartPoint[]): ChartSpec => ({
  title: 'Test', x: { kind: 'linear', title: 'Cost [CHF]' }, y: { kind: 'linear', title: 'CO2 [kg]' },
  series: [{ name: 'Points', id: 'points', color: '#4e79a7', marker: 'circle', points }],
});
type Axis = { type: string; name: string };
type Item = number[] | { value: number[]; symbolSize: number; label?: { show: boolean; formatter: string } };

describe('axes', () => {
  it(`are logarithmic when positive values span ${LOG_AXIS_SPAN}× or more, and say so`, () => {
    // The demo district's front: 151 k to 7.0 M CHF/yr (46×) stays linear; to 125 M CHF (830×) is logarithmic.
    expect(spansDecades([151_000, 7_000_000])).toBe(false);
    expect(spansDecades([151_000, 125_000_000])).toBe(true);
    expect(spansDecades([0, 125_000_000])).toBe(false);
    expect(spansDecades([-5, 1_000])).toBe(false);
    const chart = chartOption(scatter([{ x: 151_000, y: 10 }, { x: 2_000_000, y: 12 }, { x: 125_000_000, y: 11 }]));
    expect(chart.axes).toEqual({ x: { log: true }, y: { log: false } });
    expect(chart.option.xAxis as Axis).toMatchObject({ type: 'log', name: 'Cost [CHF] (log scale)' });
    expect(chart.option.yAxis as Axis).toMatchObject({ type: 'value', name: 'CO2 [kg]' });
  });

  it('draws a log axis with its ticks at powers of ten', () => {
    const svg = renderChartSvg(scatter([{ x: 151_000, y: 10 }, { x: 125_000_000, y: 11 }]));
    for (const tick of ['100K', '1M', '10M', '100M']) expect(svg).toContain(`>${tick}</text>`);
  });
});

describe('points on one spot', () => {
  it('are one marker, larger, labelled with their count, that knows every variant it stands for', () => {
    const points: ChartPoint[] = [
      { x: 100, y: 5, variant: 0, solution: 1 },
      { x: 100, y: 5, variant: 1, solution: 1 },
      { x: 100.0001, y: 5, variant: 2, solution: 1 },
      { x: 200, y: 9, variant: 3, solution: 1 },
    ];
    const chart = chartOption(scatter(points));
    const [series] = chart.option.series as { data: Item[]; symbolSize: number }[];
    expect(series.data).toHaveLength(2);
    const [merged, single] = series.data;
    expect(merged).toMatchObject({ value: [100, 5], label: { show: true, formatter: '×3' } });
    expect((merged as { symbolSize: number }).symbolSize).toBeGreaterThan(series.symbolSize);
    expect(single).toEqual([200, 9]);
    expect(chart.meta[0]).toEqual([{ v: [0, 1, 2], n: 3, s: 1 }, { v: [3], n: 1, s: 1 }]);
    expect(renderChartSvg(scatter(points))).toContain('>×3</text>');
  });

  it('keeps apart points a marker apart', () => {
    const chart = chartOption(scatter([{ x: 0, y: 0 }, { x: 1, y: 0 }, { x: 0, y: 1 }, { x: 1, y: 1 }, { x: 0.5, y: 0.5 }]));
    expect((chart.option.series as { data: Item[] }[])[0].data).toHaveLength(5);
  });

  it('counts, beyond a few hundred spots, by size alone, and lists at most 50 variants of a spot', () => {
    // 900 spots on a 30 × 30 grid, most of them hit twice or three times.
    const points: ChartPoint[] = Array.from({ length: 2_000 }, (_, i) => ({ x: i % 30, y: Math.floor(i / 30) % 30, variant: i }));
    points.push(...Array.from({ length: 80 }, (_, i) => ({ x: 0, y: 0, variant: 2_000 + i })));
    const chart = chartOption(scatter(points));
    const [series] = chart.option.series as { data: Item[]; large: boolean }[];
    expect(series.large).toBe(true);
    expect(series.data).toHaveLength(900);
    expect(series.data[0]).toMatchObject({ value: [0, 0] });
    expect(series.data[0]).not.toHaveProperty('label');
    expect(chart.meta[0]![0].n).toBe(3 + 80);
    expect(chart.meta[0]![0].v).toHaveLength(50);
  });
});
