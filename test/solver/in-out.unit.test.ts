/**
 * The in-out stabilisation's next point (engine/in-out.ts), on a master of two design columns (a
 * capacity and an on/off decision) and θ, where every point is a weighted mean worked out by hand.
 */
import { describe, expect, it } from 'vitest';
import { InOut } from '../../src/local-service/optimiser/engine/in-out.js';
import type { PricedCut } from '../../src/local-service/optimiser/engine/operation-lp.js';

/** Column 0 a capacity, column 1 an on/off decision; the master's answers carry θ last. */
const INTEGER = [0, 1];
const ALPHA = 0.1;
/** The master's answer: capacity 100, decision on, θ 50. */
const ANSWER = [100, 1, 50];
/** The best design so far: capacity 0, decision off, costing 1,000; the bound stands at 500. */
const best = { design: Float64Array.from([0, 0]), value: 1000 };

/** `θ ≥ rhs`: it cuts off the answer above (θ = 50) when rhs > 50. */
const cut = (rhs: number): PricedCut => ({ indices: Int32Array.from([2]), values: Float64Array.from([1]), rhs, levels: [] });

describe('in-out stabilisation', () => {
  it('prices the master\'s answer while there is no best design', () => {
    const stabiliser = new InOut(INTEGER, ALPHA);
    expect([...stabiliser.next(ANSWER, { before: -Infinity, after: 500 })]).toEqual([100, 1]);
  });

  it('takes ALPHA of the answer while the cuts raise the bound; an integer column follows the heavier side', () => {
    const stabiliser = new InOut(INTEGER, ALPHA);
    // The bound rose by 100 of a gap of 500 (20 %): progress. 0.1 · 100 + 0.9 · 0 = 10; the decision keeps the best's 0.
    expect([...stabiliser.next(ANSWER, { before: 500, after: 600, best })]).toEqual([10, 0]);
  });

  it('doubles the weight while each step finds a better design but hardly raises the bound, and falls back when one does not', () => {
    const stabiliser = new InOut(INTEGER, ALPHA, true);
    const capacities: number[] = [];
    let value = 1000;
    const step = (improved: boolean) => {
      stabiliser.took(cut(60)); // each cut cuts off the last answer (θ 50 < 60)
      // A better design costs 1 less (same capacity); the bound rises by 1 of a gap of about 500 (0.2 % < 1 %): a stall.
      if (improved) value -= 1;
      capacities.push(stabiliser.next(ANSWER, { before: 500, after: 501, best: { ...best, value } })[0]);
    };
    for (let k = 0; k < 5; k++) step(true);
    step(false);
    // Weights 0.2, 0.4, 0.8, 1 (capped), 1, then ALPHA again once a step found nothing better.
    expect(capacities).toEqual([20, 40, 80, 100, 100, 10]);
    // Without doubling (the year's loop), the same steps keep ALPHA.
    const fixed = new InOut(INTEGER, ALPHA);
    fixed.took(cut(60));
    expect(fixed.next(ANSWER, { before: 500, after: 501, best })[0]).toBe(10);
  });

  it('goes to the master\'s answer when the last cut neither raised the bound nor cut off the previous answer', () => {
    const stabiliser = new InOut(INTEGER, ALPHA);
    stabiliser.next(ANSWER, { before: 500, after: 600, best });
    stabiliser.took(cut(40)); // θ = 50 already meets θ ≥ 40: the answer stands
    expect([...stabiliser.next(ANSWER, { before: 600, after: 600, best })]).toEqual([100, 1]);
    // The same stand-still with a cut that does cut the answer off keeps the weight at ALPHA.
    stabiliser.took(cut(70));
    expect([...stabiliser.next(ANSWER, { before: 600, after: 600, best })]).toEqual([10, 0]);
  });
});
