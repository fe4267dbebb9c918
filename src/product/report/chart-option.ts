/**
 * A chart spec as an Apache ECharts option: the one description both the static files (drawn by
 * ECharts on the server, src/product/report/chart-svg.ts) and the report's interactive plots (drawn by
 * ECharts in the browser) are made from, so the two never disagree. The option is plain JSON; what
 * needs a function (axis labels) is described beside it in `axes` and filled in where it is drawn.
 *
 * Two rules make the data readable: an axis whose values span two orders of magnitude or more is
 * logarithmic, and points that fall on one spot are drawn once, larger, with their count beside them
 * (and in the tooltip), so no point hides under another without a trace.
 */
import { type ChartPoint, type ChartSpec, type Series, extent } from './chart.js';
import { FONT_FAMILY, wrapText } from './chart-style.js';

export const CHART_WIDTH = 900;
const MIN_HEIGHT = 540;
const TITLE_SIZE = 17;
const NOTE_SIZE = 12;
const NOTE_LINE = 17;
const MARGIN = 16;
/** Above this ratio of largest to smallest value (all positive), an axis is logarithmic. */
export const LOG_AXIS_SPAN = 100;
/** Points closer than this share of an axis's length (on its own scale) are one spot. */
const SPOT_X = 1 / 400;
const SPOT_Y = 1 / 300;
/** Above this many spots a series is drawn in ECharts' large mode, with sizes by count but no labels. */
const LABELLED_SPOTS = 300;
/** Variants a spot lists for its tooltip and its highlighting; its count says how many there are in all. */
export const SPOT_VARIANTS = 50;

/** What a drawn point stands for: the variants (by index) and the Pareto point, for tooltips and linking. */
export interface PointMeta {
  /** Variant indices at this spot, at most SPOT_VARIANTS of them. */
  v: number[];
  /** Points merged into this spot. */
  n: number;
  /** The Pareto point (solution index), when every point here is the same one. */
  s?: number;
  /** The spec's tooltip of the first point here. */
  t?: string;
}

export interface AxisFormat {
  /** A categorical axis: the label of each integer position. */
  categories?: string[];
  log: boolean;
}

export interface ChartOption {
  title: string;
  /** ECharts' option, JSON only. */
  option: Record<string, unknown>;
  /** Per series of the option (index for index), per data item: what it stands for; null for decoration. */
  meta: (PointMeta[] | null)[];
  axes: { x: AxisFormat; y: AxisFormat };
  width: number;
  height: number;
}

const SYMBOLS: Record<Series['marker'], string> = { circle: 'circle', square: 'rect', triangle: 'triangle', diamond: 'diamond' };

export function chartOption(spec: ChartSpec): ChartOption {
  const points = spec.series.flatMap((s) => s.points);
  if (!points.length) throw new Error(`chart "${spec.title}" has no points to draw`);
  const bars = spec.series.some((s) => s.bars);
  const ys = [...points.flatMap((p) => [p.y, ...(p.error ?? [])]), ...(spec.rules ?? []).map((r) => r.y), ...(bars ? [0] : [])];
  const xs = [...points.map((p) => p.x), ...(spec.bands ?? []).flatMap((b) => [b.from, b.to])];
  const categories = spec.x.kind === 'category' ? spec.x.categories : undefined;
  const axes = { x: { log: !categories && !bars && spansDecades(xs), ...(categories ? { categories } : {}) }, y: { log: !bars && spansDecades(ys) } };

  const notes = (spec.notes ?? []).flatMap((note) => wrapText(note, NOTE_SIZE, CHART_WIDTH - 2 * MARGIN));
  const top = MARGIN + TITLE_SIZE + notes.length * NOTE_LINE + 30;
  const legendBelow = spec.series.some((s) => s.name.length > 32) || spec.series.length > 24;
  // Below the plot, three names a row; the static file cannot scroll, so every row is drawn.
  const legendRows = legendBelow ? Math.ceil(spec.series.length / 3) : 0;
  const rotate = categories ? categories.some((c) => c.length * 6.5 > (CHART_WIDTH - 200) / categories.length) : false;
  const bottom = 60 + (rotate ? 90 : 0) + legendRows * 22;
  const height = Math.max(MIN_HEIGHT + (rotate ? 90 : 0) + legendRows * 22, top + 300 + bottom);

  const series: Record<string, unknown>[] = [];
  const meta: (PointMeta[] | null)[] = [];
  const scale = { x: axisScale(axes.x.log, xs), y: axisScale(axes.y.log, ys) };
  const plotWidth = CHART_WIDTH - 110 - (legendBelow ? 30 : 230);
  for (const s of spec.series) {
    const { data, items } = s.line || s.bars ? unmerged(s.points) : spots(s.points, scale);
    const large = items.length > LABELLED_SPOTS;
    const base = (s.size ?? 4) * 2;
    series.push({
      id: s.id,
      name: s.name,
      type: s.bars ? 'bar' : s.line ? 'line' : 'scatter',
      ...(s.bars ? { barWidth: Math.max(2, (plotWidth / Math.max(1, categories?.length ?? 1)) * s.bars), barGap: '-100%' } : {}),
      symbol: SYMBOLS[s.marker],
      symbolSize: base,
      itemStyle: { color: s.color, opacity: s.cloud ? 0.55 : s.bars ? 0.85 : 1, borderColor: s.cloud || s.bars ? undefined : '#ffffff', borderWidth: s.cloud || s.bars ? 0 : 0.8 },
      ...(s.line ? { lineStyle: { color: s.color, width: 1.8, type: s.line }, showSymbol: true } : {}),
      ...(large ? { large: true, largeThreshold: LABELLED_SPOTS } : {}),
      emphasis: { focus: 'none', scale: 1.8, itemStyle: { borderColor: '#111111', borderWidth: 2 } },
      data: data.map((value, i) => {
        const n = items[i].n;
        if (n === 1 || large) return large && n > 1 ? { value, symbolSize: grown(base, n) } : value;
        return { value, symbolSize: grown(base, n), label: { show: true, position: 'right', formatter: `×${n.toLocaleString('en-US')}`, fontSize: 10, color: '#333333' } };
      }),
      z: s.cloud ? 1 : 3,
    });
    meta.push(items);
  }
  const decoration = (entry: Record<string, unknown>) => {
    series.push({ silent: true, tooltip: { show: false }, legendHoverLink: false, ...entry });
    meta.push(null);
  };
  // Whiskers, thresholds and brackets, and the ends of every interval so the axes take them in.
  const whiskers = points.filter((p) => p.error);
  if (whiskers.length || spec.rules?.length || spec.bands?.length) {
    const xSpan = (scale.x.max - scale.x.min) || 1;
    const cap = categories ? 0.08 : xSpan * 0.008;
    decoration({
      id: 'intervals', name: 'intervals', type: 'scatter', symbolSize: 0, z: 4,
      data: [...whiskers.flatMap((p) => [[p.x, p.error![0]], [p.x, p.error![1]]]), ...(spec.rules ?? []).map((r) => [points[0].x, r.y])],
      markLine: {
        silent: true, symbol: 'none', animation: false,
        data: [
          ...whiskers.flatMap((p) => {
            const [lo, hi] = p.error!;
            const segment = (a: number[], b: number[]) => [{ coord: a, lineStyle: { color: '#333333', width: 1.2, type: 'solid' }, label: { show: false } }, { coord: b }];
            return [segment([p.x, lo], [p.x, hi]), segment([p.x - cap, lo], [p.x + cap, lo]), segment([p.x - cap, hi], [p.x + cap, hi])];
          }),
          ...(spec.rules ?? []).map((r) => ({ yAxis: r.y, name: r.label, lineStyle: { color: '#b42318', width: 1.2, type: 'dashed' }, label: { formatter: '{b}', position: 'insideEndTop', color: '#b42318' } })),
        ],
      },
      markArea: spec.bands?.length
        ? {
          silent: true,
          itemStyle: { color: 'rgba(242, 142, 43, 0.22)' },
          label: { position: 'top', color: '#a0521b', fontSize: 11 },
          data: spec.bands.map((b) => [{ xAxis: Math.min(b.from, b.to), name: b.label ?? '' }, { xAxis: Math.max(b.from, b.to) }]),
        }
        : undefined,
    });
  }
  if (spec.annotations?.length) {
    decoration({
      id: 'annotations', name: 'annotations', type: 'scatter', symbolSize: 0, z: 5,
      data: spec.annotations.map((a) => ({ value: [a.x, a.y], label: { show: true, formatter: a.text.replace(/[{}]/g, ''), position: 'top', fontSize: 11, color: '#333333' } })),
    });
  }

  const axis = (title: string, format: AxisFormat, nameGap: number) => ({
    type: format.log ? 'log' : 'value',
    name: format.log ? `${title} (log scale)` : title,
    nameLocation: 'middle',
    nameGap,
    nameTextStyle: { fontSize: 13, color: '#222222' },
    scale: !bars,
    axisLine: { show: true, onZero: false, lineStyle: { color: '#444444' } },
    axisTick: { show: true },
    splitLine: { lineStyle: { color: '#e3e3e3' } },
    axisLabel: { fontSize: 11, color: '#333333' },
  });
  const xAxis = categories
    ? {
      ...axis(spec.x.title, axes.x, rotate ? 110 : 30),
      min: -0.5, max: categories.length - 0.5, splitLine: { show: false },
      // A label at each category, a tick between neighbours; every k-th named when there are too many to read.
      axisTick: { show: true, customValues: categories.map((_, i) => i - 0.5).concat(categories.length - 0.5) },
      axisLabel: {
        fontSize: 11, color: '#333333', rotate: rotate ? 45 : 0, width: (spec.x.kind === 'category' && spec.x.labelWidth) || 150, overflow: 'truncate',
        customValues: categories.map((_, i) => i).filter((i) => i % Math.ceil(categories.length / 60) === 0),
      },
    }
    : axis(spec.x.title, axes.x, 30);
  const option = {
    animation: false,
    backgroundColor: '#ffffff',
    textStyle: { fontFamily: FONT_FAMILY },
    title: {
      text: spec.title, subtext: notes.join('\n'), left: MARGIN, top: MARGIN - 4, itemGap: 8,
      textStyle: { fontSize: TITLE_SIZE, color: '#222222', width: CHART_WIDTH - 2 * MARGIN, overflow: 'truncate' },
      subtextStyle: { fontSize: NOTE_SIZE, color: '#555555', lineHeight: NOTE_LINE },
    },
    grid: { left: 100, right: legendBelow ? 40 : 240, top, bottom, containLabel: false },
    legend: legendBelow
      ? { type: 'plain', bottom: 8, left: MARGIN, width: CHART_WIDTH - 2 * MARGIN, itemGap: 12, data: spec.series.map((s) => s.name), textStyle: { fontSize: 12, width: 240, overflow: 'truncate' } }
      : { type: 'scroll', orient: 'vertical', right: MARGIN, top, data: spec.series.map((s) => s.name), textStyle: { fontSize: 12, width: 190, overflow: 'truncate' }, ...(spec.legendTitle ? { title: spec.legendTitle } : {}) },
    xAxis,
    yAxis: axis(spec.y.title, axes.y, 70),
    series,
  };
  if (spec.legendTitle && !legendBelow) {
    (option as Record<string, unknown>).graphic = [{ type: 'text', right: MARGIN, top: top - 20, style: { text: spec.legendTitle, font: `bold 12px ${FONT_FAMILY}`, fill: '#222222' } }];
  }
  return { title: spec.title, option, meta, axes, width: CHART_WIDTH, height };
}

/** Whether positive values span LOG_AXIS_SPAN or more; an axis with zero or negatives stays linear. */
export function spansDecades(values: readonly number[]): boolean {
  const [min, max] = extent(values);
  return min > 0 && max / min >= LOG_AXIS_SPAN;
}

interface AxisScale {
  log: boolean;
  min: number;
  max: number;
}

function axisScale(log: boolean, values: readonly number[]): AxisScale {
  const [min, max] = extent(log ? values.map(Math.log10) : values);
  return { log, min, max };
}

/** Symbol diameter of a spot of `n` points: larger with the count, at most three times a single point. */
const grown = (base: number, n: number) => Math.min(3 * base, base * (1 + 0.35 * Math.log2(n)));

function unmerged(points: ChartPoint[]): { data: number[][]; items: PointMeta[] } {
  return { data: points.map((p) => [p.x, p.y]), items: points.map((p) => pointMeta([p])) };
}

/** Points of one series on one spot as one item, in the order of their first point. */
function spots(points: ChartPoint[], scale: { x: AxisScale; y: AxisScale }): { data: number[][]; items: PointMeta[] } {
  const cell = (value: number, axis: AxisScale, share: number) => {
    const span = axis.max - axis.min;
    if (!(span > 0)) return 0;
    return Math.round(((axis.log ? Math.log10(value) : value) - axis.min) / (span * share));
  };
  const groups = new Map<string, ChartPoint[]>();
  for (const p of points) {
    const key = `${cell(p.x, scale.x, SPOT_X)},${cell(p.y, scale.y, SPOT_Y)}`;
    const group = groups.get(key);
    if (group) group.push(p);
    else groups.set(key, [p]);
  }
  const data: number[][] = [];
  const items: PointMeta[] = [];
  for (const group of groups.values()) {
    data.push([group[0].x, group[0].y]);
    items.push(pointMeta(group));
  }
  return { data, items };
}

function pointMeta(group: ChartPoint[]): PointMeta {
  const variants = [...new Set(group.flatMap((p) => (p.variant === undefined ? [] : [p.variant])))];
  const solutions = new Set(group.map((p) => p.solution));
  const [first] = group;
  return {
    v: variants.slice(0, SPOT_VARIANTS),
    n: group.length,
    ...(solutions.size === 1 && first.solution !== undefined ? { s: first.solution } : {}),
    ...(first.tip ? { t: first.tip } : {}),
  };
}
