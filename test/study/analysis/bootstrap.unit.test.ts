import { describe, expect, it } from 'vitest';
import { bootstrapInterval, bootstrapIntervals } from '../../../src/product/study/analysis/bootstrap.js';

const data = [3.1, 0.4, 2.2, 5.9, 1.7, 4.4, 0.9, 3.3, 2.8, 1.2, 6.5, 0.1];
const meanOf = (sample: number[]) => sample.reduce((s, i) => s + data[i], 0) / sample.length;

describe('bootstrap intervals', () => {
  it('answers the same interval for the same seed, every time, and another for another seed', () => {
    const options = { resamples: 500, seed: 42 };
    const first = bootstrapInterval(data.length, meanOf, options);
    expect(bootstrapInterval(data.length, meanOf, options)).toEqual(first);
    expect(bootstrapInterval(data.length, meanOf, { resamples: 500, seed: 42 })).toStrictEqual(first);
    expect(bootstrapInterval(data.length, meanOf, { resamples: 500, seed: 43 })).not.toEqual(first);
  });

  it('brackets the mean, and a lower confidence gives a narrower interval', () => {
    const mean = data.reduce((s, x) => s + x, 0) / data.length;
    const [lo, hi] = bootstrapInterval(data.length, meanOf, { resamples: 2000, seed: 7 });
    expect(lo).toBeLessThan(mean);
    expect(hi).toBeGreaterThan(mean);
    expect(lo).toBeGreaterThanOrEqual(Math.min(...data));
    expect(hi).toBeLessThanOrEqual(Math.max(...data));
    const [lo50, hi50] = bootstrapInterval(data.length, meanOf, { resamples: 2000, seed: 7, confidence: 0.5 });
    expect(hi50 - lo50).toBeLessThan(hi - lo);
  });

  it('answers [0, 0] exactly for a statistic that is always zero, never −0', () => {
    const interval = bootstrapInterval(10, () => -0, { resamples: 50, seed: 1 });
    expect(Object.is(interval[0], 0) && Object.is(interval[1], 0)).toBe(true);
  });

  it('answers [NaN, NaN] for 0 or 1 items: one item has no spread to resample', () => {
    expect(bootstrapInterval(0, () => 1, { resamples: 10, seed: 1 })).toEqual([Number.NaN, Number.NaN]);
    expect(bootstrapInterval(1, () => 1, { resamples: 10, seed: 1 })).toEqual([Number.NaN, Number.NaN]);
    expect(bootstrapIntervals(1, 3, () => [1, 2, 3], { resamples: 10, seed: 1 })).toHaveLength(3);
  });

  it('leaves replicates that are not finite out of the percentiles', () => {
    const interval = bootstrapInterval(data.length, (sample) => (sample[0] === 0 ? Number.NaN : meanOf(sample)), { resamples: 500, seed: 3 });
    expect(interval.every(Number.isFinite)).toBe(true);
    expect(bootstrapInterval(data.length, () => Number.POSITIVE_INFINITY, { resamples: 20, seed: 3 })).toEqual([Number.NaN, Number.NaN]);
  });

  it('reads several statistics from the same resamples, as one at a time with the same seed would', () => {
    const options = { resamples: 300, seed: 11 };
    const maxOf = (sample: number[]) => Math.max(...sample.map((i) => data[i]));
    const both = bootstrapIntervals(data.length, 2, (sample) => [meanOf(sample), maxOf(sample)], options);
    expect(both).toEqual([bootstrapInterval(data.length, meanOf, options), bootstrapInterval(data.length, maxOf, options)]);
  });

  it('refuses options it cannot honour', () => {
    expect(() => bootstrapInterval(5, meanOf, { resamples: 0, seed: 1 })).toThrow(/resamples must be a whole number ≥ 1/);
    expect(() => bootstrapInterval(5, meanOf, { resamples: 10, seed: 1, confidence: 1 })).toThrow(/confidence must lie strictly between 0 and 1/);
    expect(() => bootstrapInterval(-1, meanOf, { resamples: 10, seed: 1 })).toThrow(/count must be a whole number/);
  });
});
