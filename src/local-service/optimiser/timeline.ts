/**
 * The time steps a model is solved over: all 8,760 hours (FULL), or the hours of typical days
 * found by clustering every hourly input jointly (LOW, MEDIUM, HIGH). Each step knows how many
 * hours of the year it stands for, its month and weekday (for seasonal operation and tariffs), and
 * for clustered timelines the chronological sequence of typical days that storage linking needs.
 */
import type { TemporalResolution } from '../../wire/contract/values.js';
import { clusterYear, type HourlySeries, type TypicalDays } from './clustering.js';

export const HOURS = 8760;
const DAYS = 365;
/** Day of the year (0..364) at which each month starts, in a non-leap year. */
const MONTH_START = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334];

export function monthOfDay(day: number): number {
  let month = 0;
  while (month < 11 && day >= MONTH_START[month + 1]) month++;
  return month + 1;
}

export interface Timeline {
  resolution: TemporalResolution;
  steps: number;
  /** Hours of the year each step stands for (1 at FULL; the typical day's weight in days otherwise). */
  weight: Float64Array;
  /** Month 1..12 of each step (of the representative day when clustered). */
  month: Uint8Array;
  /** 0 = Monday … 6 = Sunday; the year starts on a Monday. */
  weekday: Uint8Array;
  hourOfDay: Uint8Array;
  /** Typical days, or undefined when the steps follow each other through the year (each lasting its weight in hours). */
  typical?: TypicalDays;
  /** Values of an hourly input at the steps: the input itself at FULL, its typical-day profile otherwise. */
  series(values: Float64Array): Float64Array;
}

/** The FULL timeline: every hour of the year, chronologically. */
export function fullYear(): Timeline {
  const weight = new Float64Array(HOURS).fill(1);
  const month = new Uint8Array(HOURS);
  const weekday = new Uint8Array(HOURS);
  const hourOfDay = new Uint8Array(HOURS);
  for (let h = 0; h < HOURS; h++) {
    const day = Math.floor(h / 24);
    month[h] = monthOfDay(day);
    weekday[h] = day % 7;
    hourOfDay[h] = h % 24;
  }
  return { resolution: 'FULL', steps: HOURS, weight, month, weekday, hourOfDay, series: (values) => values };
}

/**
 * A clustered timeline over typical days. `inputs` are every hourly series the model uses; the
 * same array objects passed later to `series()` get their clustered (sum-preserving) profiles,
 * any other series is read on the representative days.
 */
export function typicalDays(resolution: Exclude<TemporalResolution, 'FULL'>, inputs: HourlySeries[]): Timeline {
  const typical = clusterYear(inputs, resolution);
  const steps = typical.count * 24;
  const weight = new Float64Array(steps);
  const month = new Uint8Array(steps);
  const weekday = new Uint8Array(steps);
  const hourOfDay = new Uint8Array(steps);
  for (let d = 0; d < typical.count; d++) {
    const day = typical.representativeDays[d];
    for (let h = 0; h < 24; h++) {
      const t = d * 24 + h;
      weight[t] = typical.weights[d];
      month[t] = monthOfDay(day);
      weekday[t] = day % 7;
      hourOfDay[t] = h;
    }
  }
  const clustered = new Map(inputs.map((input, i) => [input.values, typical.profiles[i]]));
  return {
    resolution, steps, weight, month, weekday, hourOfDay, typical,
    series(values) {
      const known = clustered.get(values);
      if (known) return known;
      const out = new Float64Array(steps);
      for (let d = 0; d < typical.count; d++) out.set(values.subarray(typical.representativeDays[d] * 24, typical.representativeDays[d] * 24 + 24), d * 24);
      return out;
    },
  };
}

/**
 * The year in chronological segments (segments.ts): segment i runs from hour starts[i] to the
 * next start, weighs its length in hours, and carries the average of every hourly input over it.
 * Only a relaxation of the full year is built on it (a lower bound); its month, weekday and hour
 * are its first hour's, which stand for all of its hours since segments never cross a day.
 */
export function segmentedYear(starts: Int32Array): Timeline {
  const steps = starts.length;
  const end = (i: number) => (i + 1 < steps ? starts[i + 1] : HOURS);
  const weight = Float64Array.from(starts, (start, i) => end(i) - start);
  const month = Uint8Array.from(starts, (h) => monthOfDay(Math.floor(h / 24)));
  const weekday = Uint8Array.from(starts, (h) => Math.floor(h / 24) % 7);
  const hourOfDay = Uint8Array.from(starts, (h) => h % 24);
  return {
    resolution: 'FULL', steps, weight, month, weekday, hourOfDay,
    series(values) {
      const out = new Float64Array(steps);
      for (let i = 0; i < steps; i++) {
        let sum = 0;
        for (let h = starts[i]; h < end(i); h++) sum += values[h];
        out[i] = sum / weight[i];
      }
      return out;
    },
  };
}

/** The timeline of a resolution over the model's hourly inputs. */
export function timelineFor(resolution: TemporalResolution, inputs: HourlySeries[]): Timeline {
  if (resolution === 'FULL' || inputs.length === 0) return fullYear();
  return typicalDays(resolution, inputs);
}

export { DAYS };
