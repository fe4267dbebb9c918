import { describe, expect, it } from 'vitest';
import { SOBOL_MAX_DIMENSIONS, joeKuoRows, sobolPoints } from '../../../src/product/study/analysis/sobol-sequence.js';

/** Polynomial product modulo `mod` (degree s) over GF(2), polynomials as bit masks. */
function mulMod(x: number, y: number, mod: number, s: number): number {
  let r = 0;
  for (; y; y >>>= 1) {
    if (y & 1) r ^= x;
    x <<= 1;
    if ((x >>> s) & 1) x ^= mod;
  }
  return r;
}

/** Whether x^s + c_1 x^(s−1) + … + c_(s−1) x + 1 (inner coefficients the bits of a) is primitive over GF(2). */
function primitive(s: number, a: number): boolean {
  const mod = (1 << s) | (a << 1) | 1;
  const order = 2 ** s - 1;
  const x = s === 1 ? 1 : 2; // x mod (x + 1) = 1.
  const power = (e: number) => {
    let r = 1;
    for (let b = x; e; e = Math.floor(e / 2), b = mulMod(b, b, mod, s)) if (e % 2) r = mulMod(r, b, mod, s);
    return r;
  };
  if (power(order) !== 1) return false;
  const primes: number[] = [];
  for (let n = order, p = 2; n > 1; p++) {
    if (p * p > n) p = n;
    if (n % p === 0) primes.push(p);
    while (n % p === 0) n /= p;
  }
  return primes.every((p) => power(order / p) !== 1);
}

/** How many of the points fall into each interval [j/2^m, (j+1)/2^m) of coordinate d. */
const strata = (points: number[][], d: number, m: number) => {
  const counts = new Array<number>(2 ** m).fill(0);
  for (const p of points) counts[Math.floor(p[d] * 2 ** m)]++;
  return counts;
};

describe('Sobol\' sequence', () => {
  it('starts with the published points in 2 and 3 dimensions (Gray-code order, as Joe & Kuo\'s program and scipy give them)', () => {
    expect(sobolPoints(2, 8)).toEqual([
      [0, 0], [0.5, 0.5], [0.75, 0.25], [0.25, 0.75], [0.375, 0.375], [0.875, 0.875], [0.625, 0.125], [0.125, 0.625],
    ]);
    // Dimension 3 (s = 2, a = 1, m = 1, 3): v = 1/2, 3/4, then m_3 = 2·3 ⊕ 4·1 ⊕ 1 = 3, v_3 = 3/8.
    expect(sobolPoints(3, 8).map((p) => p[2])).toEqual([0, 0.5, 0.25, 0.75, 0.625, 0.125, 0.875, 0.375]);
    // Points 8 to 49 in 2-D, as another implementation's published test vector lists them.
    expect(sobolPoints(2, 42, { skip: 8 })).toEqual([
      [0.1875, 0.3125], [0.6875, 0.8125], [0.9375, 0.0625], [0.4375, 0.5625], [0.3125, 0.1875], [0.8125, 0.6875],
      [0.5625, 0.4375], [0.0625, 0.9375], [0.09375, 0.46875], [0.59375, 0.96875], [0.84375, 0.21875], [0.34375, 0.71875],
      [0.46875, 0.09375], [0.96875, 0.59375], [0.71875, 0.34375], [0.21875, 0.84375], [0.15625, 0.15625], [0.65625, 0.65625],
      [0.90625, 0.40625], [0.40625, 0.90625], [0.28125, 0.28125], [0.78125, 0.78125], [0.53125, 0.03125], [0.03125, 0.53125],
      [0.046875, 0.265625], [0.546875, 0.765625], [0.796875, 0.015625], [0.296875, 0.515625], [0.421875, 0.140625],
      [0.921875, 0.640625], [0.671875, 0.390625], [0.171875, 0.890625], [0.234375, 0.078125], [0.734375, 0.578125],
      [0.984375, 0.328125], [0.484375, 0.828125], [0.359375, 0.453125], [0.859375, 0.953125], [0.609375, 0.203125],
      [0.109375, 0.703125], [0.078125, 0.234375], [0.578125, 0.734375],
    ]);
    // Point 8 onwards: the first coordinate is van der Corput's sequence in Gray-code order.
    expect(sobolPoints(1, 8, { skip: 8 }).map((p) => p[0])).toEqual([0.1875, 0.6875, 0.9375, 0.4375, 0.3125, 0.8125, 0.5625, 0.0625]);
  });

  it('embeds the rows of new-joe-kuo-6.21201 with their invariants: dimensions 2..128, odd m_i < 2^i, primitive polynomials in order', () => {
    const rows = joeKuoRows();
    expect(rows).toHaveLength(SOBOL_MAX_DIMENSIONS - 1);
    expect(rows.map((r) => r[0])).toEqual(Array.from({ length: 127 }, (_, i) => i + 2));
    // Spot checks against the published file (rows 2, 10, 38, 64 and 128).
    expect(rows[0]).toEqual([2, 1, 0, 1]);
    expect(rows[8]).toEqual([10, 5, 7, 1, 1, 7, 11, 19]);
    expect(rows[36]).toEqual([38, 8, 14, 1, 3, 1, 15, 31, 13, 49, 245]);
    expect(rows[62]).toEqual([64, 9, 62, 1, 1, 3, 13, 25, 47, 39, 87, 257]);
    expect(rows[126]).toEqual([128, 10, 242, 1, 3, 3, 7, 5, 41, 127, 61, 261, 717]);
    let previous = [0, 0];
    for (const [, s, a, ...m] of rows) {
      expect(m).toHaveLength(s);
      m.forEach((mi, i) => {
        expect(mi % 2).toBe(1);
        expect(mi).toBeLessThan(2 ** (i + 1));
      });
      expect(primitive(s, a)).toBe(true);
      expect(s > previous[0] || (s === previous[0] && a > previous[1])).toBe(true);
      previous = [s, a];
    }
  });

  it('puts exactly one of 2^m points in each interval [j/2^m, (j+1)/2^m) of every coordinate, shifted or not', () => {
    const m = 10;
    for (const options of [{}, { shift: 1 }, { shift: 987654321 }, { skip: 2 ** m }, { skip: 3 * 2 ** m, shift: 5 }]) {
      const points = sobolPoints(SOBOL_MAX_DIMENSIONS, 2 ** m, options);
      for (let d = 0; d < SOBOL_MAX_DIMENSIONS; d++) expect(strata(points, d, m).every((c) => c === 1)).toBe(true);
    }
  });

  it('makes the first two dimensions a (0, m, 2)-net: one point in every elementary box of area 2^-m', () => {
    const m = 8;
    for (const options of [{}, { shift: 99 }]) {
      const points = sobolPoints(2, 2 ** m, options);
      for (let a = 0; a <= m; a++) {
        const boxes = new Set(points.map(([x, y]) => `${Math.floor(x * 2 ** a)},${Math.floor(y * 2 ** (m - a))}`));
        expect(boxes.size).toBe(2 ** m);
      }
    }
  });

  it('is the same sequence from any skip, and the same for the same shift', () => {
    const all = sobolPoints(5, 100);
    expect(sobolPoints(5, 37, { skip: 63 })).toEqual(all.slice(63));
    expect(sobolPoints(5, 100, { shift: 3 })).toEqual(sobolPoints(5, 100, { shift: 3 }));
    expect(sobolPoints(5, 100, { shift: 3 })).not.toEqual(sobolPoints(5, 100, { shift: 4 }));
    const shifted = sobolPoints(5, 100, { shift: 3 });
    expect(shifted.flat().every((x) => x >= 0 && x < 1)).toBe(true);
    expect(shifted[0]).not.toEqual([0, 0, 0, 0, 0]);
  });

  it('refuses what it cannot give', () => {
    expect(() => sobolPoints(0, 4)).toThrow(/dimensions must be a whole number from 1 to 128/);
    expect(() => sobolPoints(SOBOL_MAX_DIMENSIONS + 1, 4)).toThrow(/from 1 to 128/);
    expect(() => sobolPoints(2, -1)).toThrow(/count must be a whole number/);
    expect(() => sobolPoints(2, 4, { skip: 1.5 })).toThrow(/skip must be a whole number/);
    expect(() => sobolPoints(2, 4, { skip: 2 ** 32 - 2 })).toThrow(/2\^32 points/);
    expect(sobolPoints(2, 0)).toEqual([]);
  });
});
