import { describe, expect, it } from 'vitest';
import {
  type ClusteredResolution,
  clusterYear,
  expandToYear,
  type HourlySeries,
  RESOLUTION_BOUNDS,
  type TypicalDays,
} from '../../src/local-service/optimiser/clustering.js';

const DAYS = 365;
const HOURS = 24;
const RESOLUTIONS: ClusteredResolution[] = ['LOW', 'MEDIUM', 'HIGH'];

/** mulberry32: a seeded PRNG, so the synthetic year is the same on every run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function year(valueAt: (day: number, hour: number) => number): Float64Array {
  const values = new Float64Array(DAYS * HOURS);
  for (let day = 0; day < DAYS; day++) {
    for (let hour = 0; hour < HOURS; hour++) values[day * HOURS + hour] = valueAt(day, hour);
  }
  return values;
}

/** A heat demand, an electricity demand, PV and a price, plus a constant and an all-zero series. */
function realisticYear(): HourlySeries[] {
  const random = seeded(42);
  const coldness = Array.from({ length: DAYS }, () => 0.8 + 0.4 * random());
  const clearness = Array.from({ length: DAYS }, () => 0.2 + 0.8 * random());
  const heat = year((day, hour) => {
    const winter = Math.max(0, Math.cos((2 * Math.PI * (day + 10)) / DAYS));
    const shape = hour >= 6 && hour < 9 ? 1.4 : hour >= 17 && hour < 22 ? 1.2 : hour < 5 ? 0.7 : 1;
    return 100 * (0.05 + winter * coldness[day]) * shape;
  });
  const electricity = year((day, hour) => {
    const weekend = day % 7 >= 5;
    const shape = hour >= 8 && hour < 18 ? (weekend ? 0.6 : 1.3) : hour >= 18 && hour < 22 ? 1 : 0.5;
    return 50 * shape * (1 + 0.1 * Math.cos((2 * Math.PI * day) / DAYS)) * (0.95 + 0.1 * random());
  });
  const pv = year((day, hour) => {
    const daylight = 8 + 8 * (0.5 + 0.5 * Math.cos((2 * Math.PI * (day - 172)) / DAYS));
    const x = (hour + 0.5 - (12 - daylight / 2)) / daylight;
    return x <= 0 || x >= 1 ? 0 : 80 * Math.sin(Math.PI * x) * clearness[day] * (0.6 + (0.4 * (daylight - 8)) / 8);
  });
  const price = year((day, hour) => {
    const daily = 0.05 * Math.sin((2 * Math.PI * (hour - 6)) / HOURS);
    return 0.2 + daily + 0.02 * Math.cos((2 * Math.PI * day) / DAYS) + 0.01 * (random() - 0.5);
  });
  return [
    { name: 'heat', values: heat, kind: 'demand' },
    { name: 'electricity', values: electricity, kind: 'demand' },
    { name: 'pv', values: pv, kind: 'supply' },
    { name: 'price', values: price, kind: 'price' },
    { name: 'grid fee', values: new Float64Array(DAYS * HOURS).fill(3.5), kind: 'price' },
    { name: 'cooling', values: new Float64Array(DAYS * HOURS), kind: 'demand' },
  ];
}

/** Sparse random spikes: no day resembles another, so no handful of typical days can reproduce the year. */
function noiseYear(): HourlySeries[] {
  const random = seeded(7);
  return Array.from({ length: 4 }, (_, i) => ({
    name: `noise ${i}`,
    values: year(() => (random() < 0.05 ? random() : 0)),
    kind: 'other' as const,
  }));
}

const sum = (values: Float64Array) => values.reduce((a, b) => a + b, 0);
const day = (values: Float64Array, d: number) => Array.from(values.subarray(d * HOURS, d * HOURS + HOURS));
const smapeTerm = (a: number, b: number) =>
  a === 0 && b === 0 ? 0 : Math.abs(a - b) / ((Math.abs(a) + Math.abs(b)) / 2);

function poorestDay(values: Float64Array): number {
  const totals = Array.from({ length: DAYS }, (_, d) => day(values, d).reduce((a, b) => a + b, 0));
  return totals.indexOf(Math.min(...totals));
}

/** Recomputes the errors from the definition, to check that what clusterYear reports is the truth. */
function measuredErrors(series: HourlySeries[], typical: TypicalDays): { loadDuration: number; sum: number } {
  let loadDuration = 0;
  let sumError = 0;
  series.forEach((s, i) => {
    if (s.values.every((v) => v === 0)) return;
    const original = Array.from(s.values).sort((a, b) => b - a);
    const reconstructed = Array.from(expandToYear(typical, typical.profiles[i])).sort((a, b) => b - a);
    const counted = original.filter((v, h) => v !== 0 || reconstructed[h] !== 0).length;
    const total = original.reduce((acc, v, h) => acc + smapeTerm(v, reconstructed[h]), 0);
    loadDuration = Math.max(loadDuration, (100 * total) / counted);
    sumError = Math.max(sumError, 100 * smapeTerm(sum(s.values), reconstructed.reduce((a, b) => a + b, 0)));
  });
  return { loadDuration, sum: sumError };
}

const realistic = realisticYear();
const clustered = Object.fromEntries(RESOLUTIONS.map((r) => [r, clusterYear(realistic, r)])) as Record<
  ClusteredResolution,
  TypicalDays
>;

describe.each(RESOLUTIONS)('clusterYear at %s on a realistic year', (resolution) => {
  const typical = clustered[resolution];
  const bounds = RESOLUTION_BOUNDS[resolution];
  const peakDays = [
    ...realistic
      .filter((s) => s.kind === 'demand' && s.values.some((v) => v !== 0))
      .map((s) => Math.floor(s.values.indexOf(Math.max(...s.values)) / HOURS)),
    poorestDay(realistic[2].values),
  ];

  it('is deterministic', () => {
    expect(clusterYear(realistic, resolution)).toEqual(typical);
  });

  it('chooses a count within the resolution range, with matching shapes', () => {
    expect(typical.count).toBeGreaterThanOrEqual(bounds.minDays);
    expect(typical.count).toBeLessThanOrEqual(bounds.maxDays);
    expect(typical.hoursPerDay).toBe(24);
    expect(typical.profiles).toHaveLength(realistic.length);
    for (const profile of typical.profiles) expect(profile).toHaveLength(typical.count * HOURS);
    expect(typical.representativeDays).toHaveLength(typical.count);
  });

  it('has weights summing to 365 that count the sequence', () => {
    expect(typical.weights.reduce((a, b) => a + b, 0)).toBe(DAYS);
    expect(typical.sequence).toHaveLength(DAYS);
    const counts = new Array<number>(typical.count).fill(0);
    for (const t of typical.sequence) counts[t]++;
    expect(typical.weights).toEqual(counts);
    expect(typical.weights.every((w) => w >= 1)).toBe(true);
  });

  it('takes every typical day from a distinct real day that it represents itself', () => {
    expect(new Set(typical.representativeDays).size).toBe(typical.count);
    typical.representativeDays.forEach((d, t) => {
      expect(Number.isInteger(d) && d >= 0 && d < DAYS).toBe(true);
      expect(typical.sequence[d]).toBe(t);
    });
  });

  it('keeps each demand peak day and the poorest PV day exactly, with weight 1', () => {
    for (const peak of peakDays) {
      const t = typical.representativeDays.indexOf(peak);
      expect(t).toBeGreaterThanOrEqual(0);
      expect(typical.weights[t]).toBe(1);
      realistic.forEach((s, i) => expect(day(typical.profiles[i], t)).toEqual(day(s.values, peak)));
    }
    realistic
      .filter((s) => s.kind === 'demand')
      .forEach((s) => {
        const i = realistic.indexOf(s);
        expect(Math.max(...expandToYear(typical, typical.profiles[i]))).toBe(Math.max(...s.values));
      });
  });

  it('scales the other typical days by one factor per series, keeping zero hours zero', () => {
    realistic.forEach((s, i) => {
      const min = Math.min(...s.values);
      const max = Math.max(...s.values);
      const ratios: number[] = [];
      typical.representativeDays.forEach((d, t) => {
        if (peakDays.includes(d)) return;
        day(s.values, d).forEach((v, h) => {
          const scaled = typical.profiles[i][t * HOURS + h];
          if (v === 0) expect(scaled).toBe(0);
          else if (scaled > min && scaled < max) ratios.push(scaled / v);
        });
      });
      if (ratios.length > 0) expect(Math.max(...ratios) - Math.min(...ratios)).toBeLessThan(1e-9);
    });
  });

  it('meets the error bounds and reports the errors it really reaches', () => {
    const measured = measuredErrors(realistic, typical);
    expect(typical.maxLoadDurationError).toBeCloseTo(measured.loadDuration, 9);
    expect(typical.maxSumError).toBeCloseTo(measured.sum, 9);
    expect(typical.maxLoadDurationError).toBeLessThanOrEqual(bounds.maxLoadDurationError);
    expect(typical.maxSumError).toBeLessThanOrEqual(bounds.maxSumError);
  });

  it('preserves each annual sum within the bound', () => {
    realistic.forEach((s, i) => {
      const original = sum(s.values);
      const reconstructed = sum(expandToYear(typical, typical.profiles[i]));
      expect(100 * smapeTerm(original, reconstructed)).toBeLessThanOrEqual(bounds.maxSumError);
    });
  });

  it('rescales typical days so annual sums hold far inside the bound', () => {
    expect(typical.maxSumError).toBeLessThan(0.05);
  });

  it('expands a constant series back to that constant', () => {
    expect(expandToYear(typical, typical.profiles[4]).every((v) => v === 3.5)).toBe(true);
    expect(expandToYear(typical, new Float64Array(typical.count * HOURS).fill(-2)).every((v) => v === -2)).toBe(true);
  });
});

describe('clusterYear across resolutions and inputs', () => {
  it('uses more typical days at HIGH than at LOW', () => {
    expect(clustered.HIGH.count).toBeGreaterThan(clustered.LOW.count);
    expect(clustered.MEDIUM.count).toBeGreaterThanOrEqual(clustered.LOW.count);
  });

  it('returns maxDays with honest errors when random noise cannot meet the bounds', () => {
    const noise = noiseYear();
    const typical = clusterYear(noise, 'LOW');
    const measured = measuredErrors(noise, typical);
    expect(typical.count).toBe(RESOLUTION_BOUNDS.LOW.maxDays);
    expect(typical.maxLoadDurationError).toBeCloseTo(measured.loadDuration, 9);
    expect(typical.maxSumError).toBeCloseTo(measured.sum, 9);
    expect(typical.maxLoadDurationError).toBeGreaterThan(RESOLUTION_BOUNDS.LOW.maxLoadDurationError);
  });

  it('rejects series that are not a full year of finite values', () => {
    const short: HourlySeries = { name: 'short', values: new Float64Array(8784), kind: 'demand' };
    const broken: HourlySeries = { name: 'broken', values: new Float64Array(8760).fill(Number.NaN), kind: 'price' };
    expect(() => clusterYear([short], 'LOW')).toThrow(RangeError);
    expect(() => clusterYear([broken], 'LOW')).toThrow(RangeError);
  });

  it('rejects typical-day values of the wrong length when expanding', () => {
    expect(() => expandToYear(clustered.LOW, new Float64Array(HOURS))).toThrow(RangeError);
  });
});
