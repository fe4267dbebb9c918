/**
 * A chart as a standalone SVG file, drawn by Apache ECharts' server-side renderer from the same
 * option the report's interactive plot uses: for readers without JavaScript, for the PNG beside it
 * and for slides.
 */
import * as echarts from 'echarts';
import { escapeXml } from '../../common/xml.js';
import { type AxisFormat, type ChartOption, chartOption } from './chart-option.js';
import type { ChartSpec } from './chart.js';

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumSignificantDigits: 4 });

/** The axis labels: a category's name at its position, or the number in short (`1.5M`). */
export function axisLabelFormatter(format: AxisFormat): (value: number) => string {
  if (format.categories) {
    const categories = format.categories;
    return (value) => (Number.isInteger(value) ? (categories[value] ?? '') : '');
  }
  return (value) => compact.format(value);
}

/** The option with its axis labels filled in, ready for ECharts. */
export function drawableOption(chart: ChartOption): Record<string, unknown> {
  const withFormatter = (axis: unknown, format: AxisFormat) => {
    const a = axis as { axisLabel?: Record<string, unknown> };
    return { ...a, axisLabel: { ...a.axisLabel, formatter: axisLabelFormatter(format) } };
  };
  return { ...chart.option, xAxis: withFormatter(chart.option.xAxis, chart.axes.x), yAxis: withFormatter(chart.option.yAxis, chart.axes.y) };
}

export function renderChartSvg(spec: ChartSpec): string {
  return chartSvg(chartOption(spec));
}

/** The SVG of a chart whose option is made already (the report's plots share theirs with the page). */
export function chartSvg(chart: ChartOption): string {
  const instance = echarts.init(null, null, { renderer: 'svg', ssr: true, width: chart.width, height: chart.height });
  try {
    instance.setOption(drawableOption(chart));
    // ECharts leaves out the document's title; a reader of the file (and a screen reader) has it.
    const title = escapeXml(chart.title);
    return `${instance.renderToSVGString().replace(/^<svg([^>]*)>/, `<svg$1 role="img" aria-label="${title}"><title>${title}</title>`)}\n`;
  } finally {
    instance.dispose();
  }
}
