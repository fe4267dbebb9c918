/**
 * Marginal rates and the knee of fronts worked out on paper, and the placement's bend measure on
 * a triangle whose corner is known.
 */
import { describe, expect, it } from 'vitest';
import { analyseFront, rateUnit } from '../../src/common/front-analysis.js';
import { nextSolve, possibleBend } from '../../src/local-service/optimiser/front-placement.js';

const CHF_PER_T = rateUnit('CHF', 'kg CO2');

describe('rateUnit', () => {
  it('gives cost against CO2 per tonne, and other pairs in their own units', () => {
    expect(CHF_PER_T).toEqual({ name: 'Marginal abatement cost', label: 'CHF/t CO2', perFactor: 1000 });
    expect(rateUnit('CHF', 'kg')).toEqual(CHF_PER_T);
    expect(rateUnit('CHF/year', 'kg CO2')).toEqual({ name: 'Marginal abatement cost', label: 'CHF/year per t CO2', perFactor: 1000 });
    expect(rateUnit('CHF', 'CHF')).toEqual({ name: 'Marginal rate', label: 'CHF per CHF', perFactor: 1 });
  });
});

describe('analyseFront', () => {
  it('gives the cost per tonne avoided between neighbours and the knee of a convex piecewise front', () => {
    // Cost (CHF) against CO2 (kg), from the cost optimum to the CO2 optimum:
    //   (1,000 CHF, 10,000 kg) → (1,200, 6,000): 200 CHF / 4 t = 50 CHF/t
    //   → (1,500, 3,000): 300 / 3 t = 100 CHF/t → (3,500, 2,000): 2,000 / 1 t = 2,000 CHF/t
    //   → (9,500, 1,000): 6,000 / 1 t = 6,000 CHF/t.
    // Scaled to the ranges (cost 8,500, CO2 9,000), u = (CO2 − 1,000)/9,000, v = (cost − 1,000)/8,500;
    // 1 − u − v is 1 − 0.5556 − 0.0235 = 0.4209, 1 − 0.2222 − 0.0588 = 0.7190 and
    // 1 − 0.1111 − 0.2941 = 0.5948 for points 2, 3, 4: the knee is point 3.
    const front = [[1000, 10_000], [1200, 6000], [1500, 3000], [3500, 2000], [9500, 1000]].map(([objective1, objective2]) => ({ objective1, objective2 }));
    const { rates, knee } = analyseFront(front, ['min', 'min'], CHF_PER_T);
    expect(rates).toEqual([undefined, 50, 100, 2000, 6000]);
    expect(knee).toBe(2);
  });

  it('turns senses around: revenue maximised against CO2 is a revenue given up per tonne', () => {
    // Export revenue 10,000 → 9,000 CHF while CO2 falls 5,000 → 3,000 kg: 1,000 CHF given up for 2 t, 500 CHF/t.
    const front = [{ objective1: 10_000, objective2: 5000 }, { objective1: 9000, objective2: 3000 }];
    expect(analyseFront(front, ['max', 'min'], CHF_PER_T)).toEqual({ rates: [undefined, 500], knee: undefined });
  });

  it('has no knee on a straight front or with two points, and no rate where objective 2 stays put', () => {
    const straight = [[0, 30], [1, 20], [2, 10], [3, 0]].map(([objective1, objective2]) => ({ objective1, objective2 }));
    expect(analyseFront(straight, ['min', 'min'], rateUnit('CHF', 'CHF')).knee).toBeUndefined();
    const repeated = [{ objective1: 5, objective2: 9 }, { objective1: 5, objective2: 9 }, { objective1: 8, objective2: 1 }];
    expect(analyseFront(repeated, ['min', 'min'], rateUnit('CHF', 'CHF')).rates).toEqual([undefined, undefined, 3 / 8]);
  });
});

describe('the placement\'s bend measure', () => {
  it('is the distance from the chord to the corner where the supporting lines meet', () => {
    // Ends (level 10, cost 0) optimal at price 0 and (level 0, cost 10) at an infinite price: the
    // corner is the ideal point (0, 0), 10/√2 from the chord, 1/√2 once scaled to the ranges of 10.
    const range = { level: 10, cost: 10 };
    const a = { level: 10, cost: 0, lowPrice: 0, highPrice: 0, straightAfter: false };
    const e = { level: 0, cost: 10, lowPrice: Infinity, highPrice: Infinity, straightAfter: false };
    expect(possibleBend(a, e, range)).toBeCloseTo(Math.SQRT1_2, 12);
    expect(nextSolve([a, e])).toEqual({ kind: 'price', segment: 0, price: 1 });
    // A point (level 5, cost 2) found at price 1 bounds the front above level 5 by cost ≥ 2 − (level − 5),
    // which meets a's line cost ≥ 0 at level 7: corner (7, 0), scaled (0.7, 0). The chord from (1, 0)
    // to (0.5, 0.2) runs along (−0.5, 0.2): distance |−0.5·0 − 0.2·(−0.3)| / √0.29 = 0.06 / √0.29.
    const m = { level: 5, cost: 2, lowPrice: 1, highPrice: 1, straightAfter: false };
    expect(possibleBend(a, m, range)).toBeCloseTo(0.06 / Math.sqrt(0.29), 12);
    // A segment whose ends are both optimal at its own slope is straight.
    expect(possibleBend({ ...a, highPrice: 0.4 }, { ...m, lowPrice: 0.4 }, range)).toBe(0);
  });

  it('bisects the longest segment once every segment is proved straight', () => {
    const straight = { lowPrice: 0, highPrice: 0, straightAfter: true };
    const known = [{ level: 10, cost: 0, ...straight }, { level: 8, cost: 1, ...straight }, { level: 0, cost: 9, ...straight, straightAfter: false }];
    expect(nextSolve(known)).toEqual({ kind: 'level', segment: 1 });
  });
});
