/** Axis ticks: round steps that cover the data, and labels that say the same number shorter. */
import { describe, expect, it } from 'vitest';
import { niceTicks, tickLabels } from '../../src/report/ticks.js';

describe('niceTicks', () => {
  it('covers the data with steps of 1, 2, 2.5 or 5 times a power of ten', () => {
    for (const [min, max] of [[0, 1], [0.13, 0.97], [1_234_567, 1_567_890], [-3, 17], [19_466.67, 31_000], [0.001, 0.0042], [-250, -20]]) {
      const { values, step } = niceTicks(min, max);
      expect(values[0]).toBeLessThanOrEqual(min);
      expect(values.at(-1)).toBeGreaterThanOrEqual(max);
      expect(values.length).toBeGreaterThanOrEqual(3);
      expect(values.length).toBeLessThanOrEqual(9);
      const mantissa = step / 10 ** Math.floor(Math.log10(step));
      expect([1, 2, 2.5, 5]).toContainEqual(Number(mantissa.toFixed(9)));
      values.slice(1).forEach((v, i) => expect(v - values[i]).toBeCloseTo(step, 9));
      // No tick lies more than a step beyond the data.
      expect(values[1]).toBeGreaterThan(min);
      expect(values.at(-2)).toBeLessThan(max);
    }
  });

  it('gives exact decimal ticks, not floating-point noise', () => {
    expect(niceTicks(0.1, 0.3).values).toEqual([0.1, 0.15, 0.2, 0.25, 0.3]);
    expect(niceTicks(0, 1).values).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
  });

  it('makes an axis around a single value, also zero', () => {
    const around = niceTicks(1200, 1200);
    expect(around.values[0]).toBeLessThan(1200);
    expect(around.values.at(-1)).toBeGreaterThan(1200);
    const zero = niceTicks(0, 0);
    expect(zero.values[0]).toBeLessThan(0);
    expect(zero.values.at(-1)).toBeGreaterThan(0);
  });

  it('accepts its bounds in either order and refuses non-finite ones', () => {
    expect(niceTicks(17, -3).values).toEqual(niceTicks(-3, 17).values);
    expect(() => niceTicks(0, Infinity)).toThrow(RangeError);
    expect(() => niceTicks(NaN, 1)).toThrow(RangeError);
  });
});

describe('tickLabels', () => {
  it('scales large values to k, M and G with the decimals the step needs', () => {
    expect(niceTicks(1_234_567, 1_567_890).labels).toEqual(['1.2M', '1.3M', '1.4M', '1.5M', '1.6M']);
    expect(niceTicks(19_466.67, 31_000).labels).toEqual(['17.5k', '20.0k', '22.5k', '25.0k', '27.5k', '30.0k', '32.5k']);
    expect(tickLabels([0, 1e9, 2e9], 1e9)).toEqual(['0', '1G', '2G']);
  });

  it('writes thousands below 10,000 in full, small steps with their decimals, and zero as 0', () => {
    expect(tickLabels([0, 2000, 4000, 6000, 8000], 2000)).toEqual(['0', '2,000', '4,000', '6,000', '8,000']);
    expect(niceTicks(-0.5, 0.5).labels).toEqual(['-0.6', '-0.4', '-0.2', '0', '0.2', '0.4', '0.6']);
    expect(tickLabels([-1e-17, 0.1], 0.1)).toEqual(['0', '0.1']);
  });
});
