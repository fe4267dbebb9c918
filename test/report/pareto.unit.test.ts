/** The non-dominated front: what it keeps and what it drops, for minimised and maximised objectives. */
import { describe, expect, it } from 'vitest';
import { nonDominated, type Point2 } from '../../src/product/report/pareto.js';

const points = (...xy: [number, number][]): Point2[] => xy.map(([x, y]) => ({ x, y }));

/** Every pair compared: the definition, against which the sweep is checked. */
function bruteForce(ps: Point2[], senses: ['min' | 'max', 'min' | 'max']): boolean[] {
  const better = (a: number, b: number, s: 'min' | 'max') => (s === 'min' ? a < b : a > b);
  const noWorse = (a: number, b: number, s: 'min' | 'max') => a === b || better(a, b, s);
  return ps.map((p) => !ps.some((q) =>
    noWorse(q.x, p.x, senses[0]) && noWorse(q.y, p.y, senses[1]) && (better(q.x, p.x, senses[0]) || better(q.y, p.y, senses[1]))));
}

describe('nonDominated', () => {
  it('keeps the trade-off points and drops the dominated ones', () => {
    const ps = points([1, 10], [2, 5], [3, 6], [4, 1], [2.5, 5], [5, 1]);
    expect(nonDominated(ps)).toEqual([true, true, false, true, false, false]);
  });

  it('keeps equal points together, and drops a point only as good as another in one objective', () => {
    expect(nonDominated(points([1, 5], [1, 5], [1, 6], [2, 5]))).toEqual([true, true, false, false]);
  });

  it('turns for maximised objectives', () => {
    const ps = points([1, 10], [2, 5], [3, 6]);
    expect(nonDominated(ps, ['min', 'max'])).toEqual([true, false, false]);
    expect(nonDominated(ps, ['max', 'max'])).toEqual([true, false, true]);
  });

  it('agrees with comparing every pair, on random clouds with ties', () => {
    let seed = 7;
    const next = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) % 20);
    for (let round = 0; round < 50; round++) {
      const ps = Array.from({ length: 40 }, () => ({ x: next(), y: next() }));
      for (const senses of [['min', 'min'], ['min', 'max'], ['max', 'min']] as const) {
        expect(nonDominated(ps, [...senses])).toEqual(bruteForce(ps, [...senses]));
      }
    }
  });

  it('answers nothing for no points and the point itself for one', () => {
    expect(nonDominated([])).toEqual([]);
    expect(nonDominated(points([3, 4]))).toEqual([true]);
  });
});
