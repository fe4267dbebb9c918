/**
 * The pairs of solved points whose mix answers a front's inner point first (front-mixes.ts): three
 * points at levels 10, 4 and 0. The fraction t of the way from a to b has the level
 * (1 − t)·a + t·b, so t = (a − level) / (a − b), worked out by hand below.
 */
import { describe, expect, it } from 'vitest';
import { brackets, cheapestMix } from '../../src/local-service/optimiser/front-mixes.js';

const HIGH = { name: 'cost end', level: 10 };
const LOW = { name: 'CO2 end', level: 0 };
const INNER = { name: 'inner', level: 4 };
const named = (found: ReturnType<typeof brackets<typeof HIGH>>) => found.map(({ a, b, fraction }) => [a.name, b.name, fraction]);

describe('brackets of a front level', () => {
  it('pairs each point above the level with each below it, at the fraction that mixes them to it', () => {
    // Level 6: ends at (10 − 6) / 10 = 0.4; cost end with the inner point at (10 − 6) / (10 − 4) = 2/3.
    // The inner point and the CO2 end are both below 6: no mix of them reaches it.
    expect(named(brackets([HIGH, LOW, INNER], 6))).toEqual([['cost end', 'CO2 end', 0.4], ['cost end', 'inner', 2 / 3]]);
  });

  it('takes a point at the level itself as either side, never paired with itself', () => {
    // Level 4: ends at 0.6; cost end to inner at 1 (the inner point itself); inner to CO2 end at 0.
    expect(named(brackets([HIGH, LOW, INNER], 4))).toEqual([['cost end', 'CO2 end', 0.6], ['cost end', 'inner', 1], ['inner', 'CO2 end', 0]]);
  });

  it('finds nothing outside the solved levels', () => {
    expect(brackets([HIGH, LOW, INNER], 11)).toEqual([]);
    expect(brackets([HIGH, LOW, INNER], -1)).toEqual([]);
  });
});

/**
 * Points with a cost: the cost end (level 10, cost 0), the objective-2 end (level 0, cost 100) and an
 * inner point below their chord (level 4, cost 30). A mix's level and cost are mixed linearly, plus
 * `extra` of each when the inner point is in it (an installation's fixed part taken in full).
 */
const COSTED = [{ name: 'cost end', level: 10, cost: 0 }, { name: 'CO2 end', level: 0, cost: 100 }, { name: 'inner', level: 4, cost: 30 }];
type Costed = (typeof COSTED)[number];
const mixer = (extra: number) => (a: Costed, b: Costed, t: number) => {
  const added = a.name === 'inner' || b.name === 'inner' ? extra : 0;
  return { names: [a.name, b.name], level: (1 - t) * a.level + t * b.level + added, cost: (1 - t) * a.cost + t * b.cost + added };
};
const values = (mix: { level: number; cost: number }) => mix;

describe('the cheapest mix at a front level', () => {
  it('takes the cheaper of the ends\' mix and the mix with a point below their chord', () => {
    // Level 6: the ends at 0.4 cost 40; the cost end and the inner point at 2/3 cost 20.
    const found = cheapestMix(COSTED, 6, mixer(0), values)!;
    expect(found.names).toEqual(['cost end', 'inner']);
    expect(found.cost).toBeCloseTo(20, 12);
  });

  it('passes over a mix that its fixed parts lift above the level', () => {
    // With 0.5 added, the inner point's mix has level 6.5 > 6 (cost 20.5): the ends' mix (40) it is.
    expect(cheapestMix(COSTED, 6, mixer(0.5), values)!.names).toEqual(['cost end', 'CO2 end']);
  });

  it('answers nothing when no mix holds the level', () => {
    expect(cheapestMix(COSTED, 11, mixer(0), values)).toBeUndefined();
  });
});
