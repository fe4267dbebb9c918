/**
 * One kind of chart, drawn as SVG text: points (joined or not) over a linear y axis and a linear or
 * categorical x axis, with nice ticks, axis titles, a title with notes, and a legend. Every plot of
 * the report is one of these, so they share their look and their layout rules.
 */
import { niceTicks } from './ticks.js';
import { escapeXml } from '../common/xml.js';
import { FONT_FAMILY, fitText, markerPath, px, textWidth, wrapText, type Marker } from './svg.js';

export interface LinearAxis {
  kind: 'linear';
  title: string;
}

/** Points on a category axis have x = the category's index, plus an offset within ±0.5 to set them apart. */
export interface CategoryAxis {
  kind: 'category';
  title: string;
  categories: string[];
  /** Pixels a label may take before it is cut with an ellipsis; 160 unless told. */
  labelWidth?: number;
}

export interface ChartPoint {
  x: number;
  y: number;
  /** Shown on hover when the SVG is opened by itself. */
  tip?: string;
  /** An interval drawn as a whisker through the point (a confidence interval). */
  error?: [number, number];
}

export interface Series {
  /** The legend's text. */
  name: string;
  /** The series group's `data-series`, so a reader of the SVG (or a test) can find each series. */
  id: string;
  color: string;
  marker: Marker;
  points: ChartPoint[];
  /** Joins the points in their order. */
  line?: 'solid' | 'dashed';
  /** Marker radius in pixels. */
  size?: number;
  /**
   * Thousands of points as one `<path>` without tooltips, each half pixel drawn once: a study of
   * 10,000 variants would otherwise make an SVG of megabytes that draws no differently.
   */
  cloud?: boolean;
  /** Each point as a bar from zero, this share of a category's band wide. */
  bars?: number;
}

/** A stretch of the x axis shaded from top to bottom (a bracket), with a label at its top. */
export interface Band {
  from: number;
  to: number;
  label?: string;
}

/** A horizontal line across the plot (a threshold), labelled at its right end. */
export interface Rule {
  y: number;
  label: string;
}

/** A short text beside a spot of the plot (a rate on a segment), in the plot's coordinates. */
export interface Annotation {
  x: number;
  y: number;
  text: string;
}

export interface ChartSpec {
  title: string;
  /** Lines under the title: what the chart leaves out, and why. */
  notes?: string[];
  x: LinearAxis | CategoryAxis;
  y: LinearAxis;
  series: Series[];
  legendTitle?: string;
  bands?: Band[];
  rules?: Rule[];
  annotations?: Annotation[];
}

/** Above this many points a series is best drawn as a cloud, without a tooltip each. */
export const CLOUD_ABOVE = 400;

const CHART_WIDTH = 900;
const MIN_HEIGHT = 540;
const TITLE_SIZE = 17;
const NOTE_SIZE = 12;
const TICK_SIZE = 11;
const AXIS_TITLE_SIZE = 13;
const LEGEND_SIZE = 12;
const LEGEND_ROW = 18;
/** Wider legends go below the plot, in columns, rather than squeeze it. */
const LEGEND_MAX_WIDTH = 250;
/** Room for the marker and its line before a legend label. */
const LEGEND_KEY = 34;
const INSET = 10;
const MARGIN = 16;
/** Category labels longer than this are cut, so a long label cannot push the plot off the chart. */
const CATEGORY_LABEL_WIDTH = 160;

/** The chart as a standalone SVG document. */
export function renderChart(spec: ChartSpec): string {
  const points = spec.series.flatMap((s) => s.points);
  if (!points.length) throw new Error(`chart "${spec.title}" has no points to draw`);

  const notes = (spec.notes ?? []).flatMap((note) => wrapText(note, NOTE_SIZE, CHART_WIDTH - 2 * MARGIN));
  const top = MARGIN + TITLE_SIZE + notes.length * (NOTE_SIZE + 5) + 22;

  const legend = legendLayout(spec);
  // The y axis holds the whiskers, the thresholds and, under bars, zero.
  const ys = [
    ...points.flatMap((p) => [p.y, ...(p.error ?? [])]), ...(spec.rules ?? []).map((r) => r.y), ...(spec.series.some((s) => s.bars) ? [0] : []),
  ];
  const yTicks = niceTicks(...extent(ys));
  let left = MARGIN + AXIS_TITLE_SIZE + 12 + Math.max(...yTicks.labels.map((l) => textWidth(l, TICK_SIZE))) + 8;
  // Room on the right for half the last x tick label, or for the legend beside the plot.
  const right = CHART_WIDTH - MARGIN - (legend.placement === 'right' ? legend.width + 16 : 24);
  // Bands widen a linear x axis to their ends.
  const xPoints = [...points, ...(spec.bands ?? []).flatMap((b) => [{ x: b.from, y: 0 }, { x: b.to, y: 0 }])];
  let x = xAxisLayout(spec.x, xPoints, right - left);
  // A turned first label reaches left of its tick, past the y axis's labels and maybe off the chart.
  const reach = MARGIN + Math.SQRT1_2 * x.firstLabelWidth - (spec.x.kind === 'linear' ? INSET : (right - left) / (2 * (x.max - x.min)));
  if (x.rotated && reach > left) {
    left = reach;
    x = xAxisLayout(spec.x, xPoints, right - left);
  }

  // Turned labels and a legend below take their room from a taller chart, not from the plot.
  const grown = MIN_HEIGHT + (x.labelHeight - (TICK_SIZE + 2)) + (legend.placement === 'below' ? legend.height + 8 : 0);
  const height = legend.placement === 'right' ? Math.max(grown, top + legend.height + 2 * MARGIN) : grown;
  const xTitleY = height - MARGIN - (legend.placement === 'below' ? legend.height + 10 : 0);
  const bottom = xTitleY - (AXIS_TITLE_SIZE + 12 + x.labelHeight + 8);
  const [yMin, yMax] = [yTicks.values[0], yTicks.values.at(-1)!];
  // Points at the ends of a linear axis stay clear of the axis lines; category bands have their own margins.
  const xInset = spec.x.kind === 'linear' ? INSET : 0;
  const sx = (v: number) => left + xInset + ((v - x.min) / (x.max - x.min)) * (right - left - 2 * xInset);
  const sy = (v: number) => bottom - INSET - ((v - yMin) / (yMax - yMin)) * (bottom - top - 2 * INSET);

  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CHART_WIDTH}" height="${height}" viewBox="0 0 ${CHART_WIDTH} ${height}" font-family="${FONT_FAMILY}" role="img" aria-label="${escapeXml(spec.title)}">`,
    `<title>${escapeXml(spec.title)}</title>`,
    `<rect width="${CHART_WIDTH}" height="${height}" fill="#ffffff"/>`,
    // A title too long for the chart is cut; the whole of it is the SVG's <title>.
    `<text x="${MARGIN}" y="${MARGIN + TITLE_SIZE}" font-size="${TITLE_SIZE}" font-weight="bold" fill="#222">${escapeXml(fitText(spec.title, TITLE_SIZE * 1.1, CHART_WIDTH - 2 * MARGIN))}</text>`,
    ...notes.map((line, i) => `<text x="${MARGIN}" y="${MARGIN + TITLE_SIZE + (i + 1) * (NOTE_SIZE + 5)}" font-size="${NOTE_SIZE}" fill="#555">${escapeXml(line)}</text>`),
  ];

  for (const band of spec.bands ?? []) {
    const [x1, x2] = [sx(Math.min(band.from, band.to)), sx(Math.max(band.from, band.to))];
    // A bracket narrower than a pixel still shows, as a pixel-wide band.
    const width = Math.max(1.5, x2 - x1);
    out.push(`<g class="band"><rect x="${px(x1)}" y="${px(top)}" width="${px(width)}" height="${px(bottom - top)}" fill="#f28e2b" fill-opacity="0.22"/>`);
    if (band.label) out.push(`<text x="${px(x1 + width / 2)}" y="${px(top - 4)}" font-size="${TICK_SIZE}" text-anchor="middle" fill="#a0521b">${escapeXml(band.label)}</text>`);
    out.push('</g>');
  }
  out.push('<g stroke="#e3e3e3" stroke-width="1">');
  for (const v of yTicks.values) out.push(`<line x1="${px(left)}" x2="${px(right)}" y1="${px(sy(v))}" y2="${px(sy(v))}"/>`);
  if (spec.x.kind === 'linear') for (const t of x.ticks) out.push(`<line x1="${px(sx(t.at))}" x2="${px(sx(t.at))}" y1="${px(top)}" y2="${px(bottom)}"/>`);
  out.push('</g>');
  out.push(`<path d="M${px(left)} ${px(top)}V${px(bottom)}H${px(right)}" fill="none" stroke="#444" stroke-width="1"/>`);

  out.push(`<g font-size="${TICK_SIZE}" fill="#333">`);
  yTicks.values.forEach((v, i) => {
    out.push(`<line x1="${px(left - 5)}" x2="${px(left)}" y1="${px(sy(v))}" y2="${px(sy(v))}" stroke="#444"/>`);
    out.push(`<text x="${px(left - 8)}" y="${px(sy(v) + TICK_SIZE * 0.35)}" text-anchor="end">${escapeXml(yTicks.labels[i])}</text>`);
  });
  for (const t of x.ticks) {
    const at = sx(t.at);
    out.push(`<line x1="${px(at)}" x2="${px(at)}" y1="${px(bottom)}" y2="${px(bottom + 5)}" stroke="#444"/>`);
    if (t.label === undefined) continue;
    const label = escapeXml(t.label);
    out.push(x.rotated
      ? `<text transform="translate(${px(at + TICK_SIZE * 0.35)},${px(bottom + 10)}) rotate(-45)" text-anchor="end">${label}</text>`
      : `<text x="${px(at)}" y="${px(bottom + 8 + TICK_SIZE)}" text-anchor="middle">${label}</text>`);
  }
  out.push('</g>');

  out.push(`<g font-size="${AXIS_TITLE_SIZE}" fill="#222" text-anchor="middle">`);
  out.push(`<text x="${px((left + right) / 2)}" y="${px(xTitleY)}">${escapeXml(spec.x.title)}</text>`);
  out.push(`<text transform="translate(${px(MARGIN + AXIS_TITLE_SIZE)},${px((top + bottom) / 2)}) rotate(-90)">${escapeXml(spec.y.title)}</text>`);
  out.push('</g>');

  for (const rule of spec.rules ?? []) {
    out.push(`<g class="rule"><line x1="${px(left)}" x2="${px(right)}" y1="${px(sy(rule.y))}" y2="${px(sy(rule.y))}" stroke="#b42318" stroke-width="1.2" stroke-dasharray="5 4"/>`);
    out.push(`<text x="${px(right - 4)}" y="${px(sy(rule.y) - 5)}" font-size="${TICK_SIZE}" text-anchor="end" fill="#b42318">${escapeXml(rule.label)}</text></g>`);
  }
  // Clouds first, so individually drawn series stay on top of them.
  const ordered = [...spec.series].sort((a, b) => Number(!!b.cloud) - Number(!!a.cloud));
  const band = spec.x.kind === 'category' ? (right - left) / spec.x.categories.length : 0;
  for (const series of ordered) out.push(seriesSvg(series, sx, sy, band));
  if (spec.annotations?.length) {
    out.push(`<g class="annotations" font-size="${TICK_SIZE}" fill="#333">`);
    for (const a of spec.annotations) out.push(`<text class="annotation" x="${px(sx(a.x) + 6)}" y="${px(sy(a.y) - 6)}">${escapeXml(a.text)}</text>`);
    out.push('</g>');
  }

  out.push(legend.placement === 'right' ? legendSvg(spec, legend, right + 16, top) : legendSvg(spec, legend, MARGIN, xTitleY + 12));
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}

interface XLayout {
  min: number;
  max: number;
  /** A label of undefined is a tick without a label: too many categories to name each. */
  ticks: { at: number; label?: string }[];
  rotated: boolean;
  /** Vertical room the tick labels take below the axis. */
  labelHeight: number;
  firstLabelWidth: number;
}

/** Ticks and labels of the x axis; labels turn by 45° when they would overlap side by side. */
function xAxisLayout(axis: LinearAxis | CategoryAxis, points: ChartPoint[], width: number): XLayout {
  let ticks: XLayout['ticks'];
  let min: number;
  let max: number;
  let spacing: number;
  if (axis.kind === 'linear') {
    const nice = niceTicks(...extent(points.map((p) => p.x)), 7);
    [min, max] = [nice.values[0], nice.values.at(-1)!];
    ticks = nice.values.map((at, i) => ({ at, label: nice.labels[i] }));
    spacing = width / Math.max(1, ticks.length - 1);
  } else {
    [min, max] = [-0.5, axis.categories.length - 0.5];
    spacing = width / axis.categories.length;
    // Every k-th category named when the bands are narrower than a line of text.
    const every = Math.ceil((TICK_SIZE + 3) / spacing);
    ticks = axis.categories.map((c, i) => ({ at: i, label: i % every === 0 ? fitText(c, TICK_SIZE, axis.labelWidth ?? CATEGORY_LABEL_WIDTH) : undefined }));
  }
  const widest = Math.max(0, ...ticks.map((t) => (t.label === undefined ? 0 : textWidth(t.label, TICK_SIZE))));
  const rotated = widest > spacing - 6;
  const firstLabelWidth = ticks[0]?.label === undefined ? 0 : textWidth(ticks[0].label, TICK_SIZE);
  return { min, max, ticks, rotated, labelHeight: rotated ? Math.SQRT1_2 * (widest + TICK_SIZE) + 4 : TICK_SIZE + 2, firstLabelWidth };
}

function seriesSvg(series: Series, sx: (v: number) => number, sy: (v: number) => number, band: number): string {
  const r = series.size ?? 4;
  const out = [`<g class="series" data-series="${escapeXml(series.id)}">`];
  if (series.bars) {
    const width = Math.max(2, band * series.bars);
    for (const p of series.points) {
      const [y0, y1] = [sy(0), sy(p.y)];
      out.push(`<rect class="bar" x="${px(sx(p.x) - width / 2)}" y="${px(Math.min(y0, y1))}" width="${px(width)}" height="${px(Math.max(0.5, Math.abs(y1 - y0)))}" fill="${series.color}" fill-opacity="0.85"/>`);
    }
  }
  const whiskers = series.points.filter((p) => p.error);
  if (whiskers.length) {
    out.push('<g class="whiskers" stroke="#333" stroke-width="1.2">');
    for (const p of whiskers) {
      const [lo, hi] = [sy(p.error![0]), sy(p.error![1])];
      const x = sx(p.x);
      out.push(`<path d="M${px(x)} ${px(lo)}V${px(hi)}M${px(x - 5)} ${px(lo)}H${px(x + 5)}M${px(x - 5)} ${px(hi)}H${px(x + 5)}"/>`);
    }
    out.push('</g>');
  }
  if (series.line && series.points.length > 1) {
    const dash = series.line === 'dashed' ? ' stroke-dasharray="6 4"' : '';
    out.push(`<polyline points="${series.points.map((p) => `${px(sx(p.x))},${px(sy(p.y))}`).join(' ')}" fill="none" stroke="${series.color}" stroke-width="1.8"${dash}/>`);
  }
  if (series.cloud) {
    const drawn = new Set<string>();
    const d: string[] = [];
    for (const p of series.points) {
      const [cx, cy] = [Math.round(sx(p.x) * 2) / 2, Math.round(sy(p.y) * 2) / 2];
      const key = `${cx},${cy}`;
      if (drawn.has(key)) continue;
      drawn.add(key);
      d.push(markerPath(series.marker, cx, cy, r));
    }
    out.push(`<path class="cloud" d="${d.join('')}" fill="${series.color}" fill-opacity="0.55"/>`);
  } else {
    out.push(`<g fill="${series.color}" stroke="#ffffff" stroke-width="0.8">`);
    for (const p of series.points) {
      const tip = p.tip === undefined ? '' : `<title>${escapeXml(p.tip)}</title>`;
      out.push(`<path class="point" d="${markerPath(series.marker, sx(p.x), sy(p.y), r)}">${tip}</path>`);
    }
    out.push('</g>');
  }
  out.push('</g>');
  return out.join('\n');
}

interface LegendLayout {
  placement: 'right' | 'below';
  /** The series' names, cut to fit their column. */
  labels: string[];
  /** Of one column. */
  width: number;
  rows: number;
  height: number;
}

/** Beside the plot when every name fits there; otherwise below it, in up to three columns filled top to bottom. */
function legendLayout(spec: ChartSpec): LegendLayout {
  const widest = Math.max(...spec.series.map((s) => textWidth(s.name, LEGEND_SIZE))) + LEGEND_KEY;
  const titleRows = spec.legendTitle ? 1 : 0;
  if (widest <= LEGEND_MAX_WIDTH) {
    // Bold text runs about a tenth wider than the estimate for regular text.
    const width = Math.max(widest, spec.legendTitle ? textWidth(spec.legendTitle, LEGEND_SIZE) * 1.1 : 0);
    return { placement: 'right', labels: spec.series.map((s) => s.name), width, rows: spec.series.length, height: (titleRows + spec.series.length) * LEGEND_ROW };
  }
  const available = CHART_WIDTH - 2 * MARGIN;
  const columns = Math.max(1, Math.min(3, spec.series.length, Math.floor(available / Math.min(widest + 16, available / 2))));
  const width = available / columns;
  const rows = Math.ceil(spec.series.length / columns);
  const labels = spec.series.map((s) => fitText(s.name, LEGEND_SIZE, width - LEGEND_KEY - 12));
  return { placement: 'below', labels, width, rows, height: (titleRows + rows) * LEGEND_ROW };
}

function legendSvg(spec: ChartSpec, legend: LegendLayout, left: number, top: number): string {
  const out = [`<g class="legend" font-size="${LEGEND_SIZE}" fill="#222">`];
  if (spec.legendTitle) out.push(`<text x="${px(left)}" y="${px(top + LEGEND_SIZE)}" font-weight="bold">${escapeXml(spec.legendTitle)}</text>`);
  const first = top + (spec.legendTitle ? LEGEND_ROW : 0);
  spec.series.forEach((series, i) => {
    const x = left + Math.floor(i / legend.rows) * legend.width;
    const mid = first + (i % legend.rows) * LEGEND_ROW + LEGEND_ROW / 2;
    if (series.line) {
      const dash = series.line === 'dashed' ? ' stroke-dasharray="6 4"' : '';
      out.push(`<line x1="${px(x)}" x2="${px(x + 24)}" y1="${px(mid)}" y2="${px(mid)}" stroke="${series.color}" stroke-width="1.8"${dash}/>`);
    }
    out.push(`<path d="${markerPath(series.marker, x + 12, mid, series.size ?? 4)}" fill="${series.color}"${series.cloud ? ' fill-opacity="0.55"' : ''}/>`);
    const name = legend.labels[i] === series.name ? '' : `<title>${escapeXml(series.name)}</title>`;
    out.push(`<text x="${px(x + LEGEND_KEY)}" y="${px(mid + LEGEND_SIZE * 0.35)}">${escapeXml(legend.labels[i])}${name}</text>`);
  });
  out.push('</g>');
  return out.join('\n');
}
/** [min, max] without spreading: `Math.min(...values)` overflows the stack for a few hundred thousand points. */
export function extent(values: readonly number[]): [number, number] {
  let [min, max] = [Infinity, -Infinity];
  for (const v of values) {
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return [min, max];
}
