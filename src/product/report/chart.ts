/**
 * One kind of chart, described: points (joined or not, as bars, with whiskers) over a y axis and a
 * numeric or categorical x axis, with axis titles, a title with notes, and a legend. Every plot of
 * the report is one of these, so they share their look; src/product/report/chart-option.ts turns one into
 * what Apache ECharts draws, as a file and in the browser.
 */
import type { Marker } from './chart-style.js';

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
  /** Shown on hover. */
  tip?: string;
  /** The variant (its index) and the Pareto point (its solution index) the point is: for the report's tooltips, links and highlighting. */
  variant?: number;
  solution?: number;
  /** An interval drawn as a whisker through the point (a confidence interval). */
  error?: [number, number];
}

export interface Series {
  /** The legend's text. */
  name: string;
  /** The series' id in the chart, so a reader of the report (or a test) can find each series. */
  id: string;
  color: string;
  marker: Marker;
  points: ChartPoint[];
  /** Joins the points in their order. */
  line?: 'solid' | 'dashed';
  /** Marker radius in pixels. */
  size?: number;
  /** Thousands of points: drawn lighter and smaller, under the series drawn one point at a time. */
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

/** [min, max] without spreading: `Math.min(...values)` overflows the stack for a few hundred thousand points. */
export function extent(values: readonly number[]): [number, number] {
  let [min, max] = [Infinity, -Infinity];
  for (const v of values) {
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return [min, max];
}
