/**
 * Percentile bootstrap intervals (Efron 1979; Efron & Tibshirani 1993, ch. 13): resample the
 * items with replacement, recompute the statistic on each resample, and read the interval off
 * the percentiles of the replicates. Pure and deterministic: the resamples are drawn from
 * mulberry32(seed), so the same inputs give bit-identical intervals on every call, which is what
 * Temporal workflow code needs when it replays an analysis.
 */
import { mulberry32 } from '../../../common/seeded-random.js';

export interface BootstrapOptions {
  /** The number of resamples (replicates of the statistic); at least 1. */
  resamples: number;
  /** The seed of the resampling stream. */
  seed: number;
  /** The interval's coverage, in (0, 1); 0.95 when omitted. */
  confidence?: number;
}

/** A bootstrap can only say something about spread once there are two items to resample. */
const NO_INTERVAL: [number, number] = [Number.NaN, Number.NaN];

function checkOptions(count: number, options: BootstrapOptions): number {
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`bootstrap: count must be a whole number ≥ 0, got ${count}`);
  if (!Number.isInteger(options.resamples) || options.resamples < 1) {
    throw new RangeError(`bootstrap: resamples must be a whole number ≥ 1, got ${options.resamples}`);
  }
  const confidence = options.confidence ?? 0.95;
  if (!(confidence > 0 && confidence < 1)) throw new RangeError(`bootstrap: confidence must lie strictly between 0 and 1, got ${confidence}`);
  return confidence;
}

/**
 * The q-quantile of ascending values by linear interpolation between order statistics
 * (Hyndman & Fan 1996, definition 7, the default of R and NumPy). Interpolating between two
 * equal values answers that value exactly, so replicates that are all 0 give exactly 0.
 */
function quantile(sorted: readonly number[], q: number): number {
  const h = (sorted.length - 1) * q;
  const below = Math.floor(h);
  const above = Math.min(below + 1, sorted.length - 1);
  return sorted[below] + (h - below) * (sorted[above] - sorted[below]);
}

/**
 * Percentile intervals of several statistics at once, all read from the same resamples (a paired
 * bootstrap: every statistic sees the same resampled items, and the work of drawing them is done
 * once). `statistics` gets the resampled indices into 0..count-1 and answers `width` values, one
 * per statistic; the answer is `width` intervals in the same order.
 *
 * - count 0 or 1: every interval is [NaN, NaN]. With one item every resample is that item again,
 *   so the replicates would all be equal and a zero-width interval would claim a certainty the
 *   data cannot give.
 * - Replicates that are not finite (a resample on which the statistic is undefined, e.g. a
 *   variance of 0 in a denominator) are left out of that statistic's percentiles; if none is
 *   left, its interval is [NaN, NaN].
 * - −0 is answered as 0.
 */
export function bootstrapIntervals(
  count: number,
  width: number,
  statistics: (sample: number[]) => readonly number[],
  options: BootstrapOptions,
): [number, number][] {
  const confidence = checkOptions(count, options);
  if (!Number.isInteger(width) || width < 0) throw new RangeError(`bootstrap: width must be a whole number ≥ 0, got ${width}`);
  if (count < 2) return Array.from({ length: width }, () => [...NO_INTERVAL]);
  const random = mulberry32(options.seed);
  const replicates: number[][] = Array.from({ length: width }, () => []);
  for (let r = 0; r < options.resamples; r++) {
    const sample = new Array<number>(count);
    for (let i = 0; i < count; i++) sample[i] = Math.floor(random() * count);
    const values = statistics(sample);
    if (values.length !== width) throw new RangeError(`bootstrap: the statistics answered ${values.length} values, not ${width}`);
    for (let s = 0; s < width; s++) if (Number.isFinite(values[s])) replicates[s].push(values[s]);
  }
  const alpha = 1 - confidence;
  return replicates.map((values) => {
    if (!values.length) return [...NO_INTERVAL];
    values.sort((a, b) => a - b);
    // `+ 0` turns −0 into 0: an interval of a statistic that is exactly zero reads [0, 0].
    return [quantile(values, alpha / 2) + 0, quantile(values, 1 - alpha / 2) + 0];
  });
}

/**
 * The percentile bootstrap interval of one statistic over `count` items (default 95 %): indices
 * 0..count-1 resampled with replacement `resamples` times from mulberry32(seed). Deterministic
 * from the seed. count 0 or 1 answers [NaN, NaN] (see {@link bootstrapIntervals}).
 */
export function bootstrapInterval(
  count: number,
  statistic: (sample: number[]) => number,
  options: { resamples: number; seed: number; confidence?: number },
): [number, number] {
  return bootstrapIntervals(count, 1, (sample) => [statistic(sample)], options)[0];
}
