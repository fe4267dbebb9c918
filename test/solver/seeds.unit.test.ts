/**
 * The designs a decomposition prices before its stabiliser (engine/seeds.ts), on two linked columns
 * (a capacity of 10 with a bound of 30, and an integer decision of 2 units with a bound of 10, which
 * scaling would move were it not kept): each point is the seed times its factor, worked out by hand.
 */
import { describe, expect, it } from 'vitest';
import { RELAXED_SCALES, START_SCALES, Seeds } from '../../src/local-service/optimiser/engine/seeds.js';

const LIMIT = [30, 10];
const INTEGER = [0, 1];
const START = Float64Array.from([10, 2]);
const RELAXED = Float64Array.from([20, 0]);
/** A pricing that left demand unmet by `slack`, of a design whose investment is `investment`. */
const short = (investment: number, best?: number, slack = 5) => ({ slack, investment, best });
const met = (best: number) => ({ slack: 0, investment: 1, best });

/** The start's and the relaxation's seeds, the start priced and met at a cost of 500: the relaxation's × 1.1 is next. */
function atRelaxed(): Seeds {
  const seeds = new Seeds(LIMIT, INTEGER);
  seeds.addStart(START);
  seeds.addRelaxed(RELAXED);
  seeds.next();
  seeds.next(met(500));
  return seeds;
}

describe('seeds of a decomposition', () => {
  it('price the start as it is, then scaled by START_SCALES while it leaves demand unmet; decisions keep their value', () => {
    const seeds = new Seeds(LIMIT, INTEGER);
    seeds.addStart(START);
    expect([...seeds.next()!]).toEqual([10, 2]);
    expect(seeds.pricing).toEqual({ ofStart: true, scaledBy: 1 });
    expect([...seeds.next(short(100, undefined, 8))!]).toEqual([10 * START_SCALES[0], 2]);
    expect(seeds.pricing).toEqual({ ofStart: true, scaledBy: START_SCALES[0] });
    // Met at 1.02: no more seeds, the stabiliser takes over.
    expect(seeds.next(met(500))).toBeUndefined();
    expect(seeds.pricing).toBeUndefined();
  });

  it('price the relaxation\'s best after the start, from × 1.1, even when the start met demand', () => {
    const seeds = new Seeds(LIMIT, INTEGER);
    seeds.addStart(START);
    seeds.addRelaxed(RELAXED);
    seeds.next();
    expect(RELAXED_SCALES[0]).toBe(1.1);
    expect([...seeds.next(met(500))!]).toEqual([20 * 1.1, 0]);
    expect(seeds.pricing).toEqual({ ofStart: false, scaledBy: 1.1 });
    // Short at 1.1, its investment (300) below the best design (500): 1.15 next, 23 capacity.
    expect([...seeds.next(short(300, 500, 8))!]).toEqual([20 * 1.15, 0]);
    // Short again by less: 1.25 would be 25, and at 1.5 the column's bound (30) holds it.
    expect([...seeds.next(short(300, 500, 6))!]).toEqual([25, 0]);
    expect([...seeds.next(short(300, 500, 4))!]).toEqual([30, 0]);
  });

  it('stop scaling a seed whose investment alone costs more than the best design', () => {
    const seeds = atRelaxed();
    // The relaxation's design at 1.1 is short and already invests 600 against a best of 500: scaling only adds.
    expect(seeds.next(short(600, 500))).toBeUndefined();
  });

  it('stop scaling a seed that scaled up needs no less slack: what it misses is not capacity', () => {
    const seeds = atRelaxed();
    expect(seeds.next(short(300, 500, 8))).toBeDefined();
    // At 1.15 it needs 9, more than the 8 at 1.1.
    expect(seeds.next(short(300, 500, 9))).toBeUndefined();
  });

  it('scale a short seed while no design is known, whatever it invests, and move on when its factors run out', () => {
    const seeds = new Seeds(LIMIT, INTEGER);
    seeds.addStart(START);
    seeds.addRelaxed(RELAXED);
    const points = [seeds.next()!];
    for (let slack = 100; ; slack--) {
      const next = seeds.next(short(1e9, undefined, slack));
      if (!next || !seeds.pricing!.ofStart) {
        // After × 1, every START_SCALES factor, then the relaxation's best at × 1.1.
        expect(points.map((p) => p[0])).toEqual([10, ...START_SCALES.map((s) => Math.min(30, 10 * s))]);
        expect(next![0]).toBeCloseTo(22, 9);
        expect(next![1]).toBe(0);
        break;
      }
      points.push(next);
    }
  });

  it('answer nothing without seeds', () => {
    expect(new Seeds(LIMIT, INTEGER).next()).toBeUndefined();
  });
});
