/** Upper bounds implied by rows (engine/implied-bounds.ts), on cases small enough to bound by hand. */
import { describe, expect, it } from 'vitest';
import { impliedUpperBounds } from '../../src/local-service/optimiser/engine/implied-bounds.js';
import { LinearProgram, type ModelArrays } from '../../src/local-service/optimiser/lp.js';

/** The model's own builder over columns with the bounds given and `rows` (each: [lower, upper, [column, value, …]]). */
function arrays(colLower: number[], colUpper: number[], rows: [number, number, number[]][]): ModelArrays {
  const lp = new LinearProgram();
  colLower.forEach((lower, j) => lp.addVar(`x${j}`, lower, colUpper[j]));
  rows.forEach(([lower, upper, terms], r) => lp.addRow(`r${r}`, terms, lower, upper));
  return lp.arrays();
}

describe('implied upper bounds', () => {
  it('bounds a new capacity by its stage\'s maximum, through a chain of stages', () => {
    // Columns: cap1 ≤ 100, new1, cap2 ≤ 80, new2 (both new unbounded, ≥ 0).
    // carry2: cap2 − cap1 − new2 = 0 → cap1 = cap2 − new2 ≤ 80 (a capacity carried on is never
    // uninstalled) and new2 = cap2 − cap1 ≤ 80 − 0; carry1: cap1 − new1 = 0 → new1 ≤ cap1 ≤ 80.
    const m = arrays([0, 0, 0, 0], [100, Infinity, 80, Infinity], [
      [0, 0, [0, 1, 1, -1]],
      [0, 0, [2, 1, 0, -1, 3, -1]],
    ]);
    const upper = impliedUpperBounds(m, [0, 1], [0, 1, 2, 3]);
    expect(upper[0]).toBeCloseTo(80, 6);
    expect(upper[1]).toBeCloseTo(80, 6);
    expect(upper[2]).toBe(80);
    expect(upper[3]).toBeCloseTo(80, 6);
  });

  it('reads a row against whichever side bounds the column: 2x + y ≤ 10 and x − 3z ≥ −6 with z ≤ 1', () => {
    // Row 0 (x unbounded, y ≥ 1): 2x ≤ 10 − 1 → x ≤ 4.5. Row 1: −3z ≥ −6 − x_max… only z is asked,
    // with a < 0 against L: z ≤ (−6 − x's greatest)/−3 = (6 + 4.5)/3 = 3.5, looser than its own 1.
    const m = arrays([0, 1, 0], [Infinity, Infinity, 1], [
      [-Infinity, 10, [0, 2, 1, 1]],
      [-6, Infinity, [0, 1, 2, -3]],
    ]);
    const upper = impliedUpperBounds(m, [0, 1], [0, 2]);
    expect(upper[0]).toBeCloseTo(4.5, 6);
    expect(upper[1]).toBe(1);
    // Row 1 alone bounds z by x's greatest value, which is infinite when x is not asked about.
    expect(impliedUpperBounds(m, [1], [2])[0]).toBe(1);
  });

  it('leaves a column unbounded when a row holds another unbounded column or only bounds it below', () => {
    // x − y = 0 with y unbounded: nothing; x ≥ 5 only from below: nothing.
    const m = arrays([0, 0], [Infinity, Infinity], [
      [0, 0, [0, 1, 1, -1]],
      [5, Infinity, [0, 1]],
    ]);
    const upper = impliedUpperBounds(m, [0, 1], [0]);
    expect(upper[0]).toBe(Infinity);
  });
});
