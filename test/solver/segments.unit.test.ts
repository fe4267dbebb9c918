/**
 * The segments of the year's relaxation: consecutive hours merged where their averaged inputs are
 * most alike, never across a day, a time of use's bound or a change of a coefficient's input.
 */
import { describe, expect, it } from 'vitest';
import { chooseSegments } from '../../src/local-service/optimiser/segments.js';
import { HOURS, segmentedYear } from '../../src/local-service/optimiser/timeline.js';

const hourly = (value: (hour: number) => number) => Float64Array.from({ length: HOURS }, (_, h) => value(h));
const lengths = (starts: Int32Array) => Array.from(starts, (start, i) => (i + 1 < starts.length ? starts[i + 1] : HOURS) - start);

describe('segments of the year', () => {
  it('never cross a day, and with nothing to tell hours apart make one segment a day', () => {
    const starts = chooseSegments([hourly(() => 5)], [], [], 1);
    expect(starts.length).toBe(365);
    expect(Array.from(starts).every((h) => h % 24 === 0)).toBe(true);
  });

  it('end where a time of use starts or ends, and where a coefficient changes', () => {
    // A tariff switching at 07:00 and 19:00, and an efficiency that changes on the first of July (day 181).
    const efficiency = hourly((h) => (h < 181 * 24 ? 3 : 3.5));
    const starts = new Set(chooseSegments([hourly(() => 1)], [efficiency], [7, 19], 1));
    for (let day = 0; day < 365; day++) for (const hour of [0, 7, 19]) expect(starts.has(day * 24 + hour)).toBe(true);
    expect(starts.size).toBe(365 * 3);
    // A change within a day ends a segment there too.
    const midday = hourly((h) => (h >= 100 * 24 + 13 ? 2 : 1));
    expect(chooseSegments([], [midday], [], 1)).toContain(100 * 24 + 13);
  });

  it('merge the hours most alike first, down to the count asked', () => {
    // A demand that is flat except for a peak from 17:00 to 19:00 every day: with three segments a
    // day the peak keeps its own, and the flat hours before and after it form the other two.
    const demand = hourly((h) => (h % 24 >= 17 && h % 24 < 20 ? 30 : 10));
    const starts = chooseSegments([demand], [], [], 3 * 365);
    expect(starts.length).toBe(3 * 365);
    expect(lengths(starts).slice(0, 3)).toEqual([17, 3, 4]);
    // Fewer asked than the rules allow: the fewest they allow.
    expect(chooseSegments([demand], [], [], 10).length).toBe(365);
  });

  it('give each segment its length as weight, its first hour\'s calendar, and its hours\' average', () => {
    const starts = Int32Array.from([0, 5, 24, ...Array.from({ length: 363 }, (_, d) => (d + 2) * 24)]);
    const time = segmentedYear(starts);
    expect(time.steps).toBe(366);
    expect(Array.from(time.weight.subarray(0, 3))).toEqual([5, 19, 24]);
    expect(time.weight.reduce((a, b) => a + b, 0)).toBe(HOURS);
    expect([time.hourOfDay[1], time.weekday[2], time.month[365]]).toEqual([5, 1, 12]);
    const series = time.series(hourly((h) => h));
    expect(Array.from(series.subarray(0, 3))).toEqual([2, 14, 35.5]);
  });
});
