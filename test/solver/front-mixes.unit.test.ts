/**
 * The pairs of solved points whose mix answers a front's inner point first (front-mixes.ts): three
 * points at levels 10, 4 and 0. The fraction t of the way from a to b has the level
 * (1 − t)·a + t·b, so t = (a − level) / (a − b), worked out by hand below.
 */
import { describe, expect, it } from 'vitest';
import { brackets } from '../../src/local-service/optimiser/front-mixes.js';

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
