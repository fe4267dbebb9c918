/**
 * A front's points after the solves (optimise.ts's bestAtEachLevel): a point solved at a tighter
 * objective-2 level that costs less than a looser point answers the looser level too, with the
 * looser point's own gap. Point 1 (looser) costs 100 within 1 % (its bound 99); point 2 (tighter)
 * costs 99.5 within 0.1 % (its bound 99.4 holds at its level only). At level 1 the optimum lies in
 * [99, 99.5]: point 2's solution is within (99.5 − 99) / 99.5 = 0.5 % there, which 1 % covers and
 * 0.1 % would not.
 */
import { describe, expect, it } from 'vitest';
import { Expr } from '../../src/local-service/optimiser/lp.js';
import { type SolvedPoint, bestAtEachLevel } from '../../src/local-service/optimiser/optimise.js';

const COST = { name: 'MIN_LIFE_CYCLE_COST', sense: 'min', value: new Expr(), unit: 'CHF' } as const;
const point = (index: number, cost: number, co2: number, mipGap: number, status: SolvedPoint['status']): SolvedPoint => ({
  index, x: Float64Array.of(cost, co2), status, mipGap,
  objectives: { MIN_LIFE_CYCLE_COST: cost, MIN_CO2_EMISSIONS: co2 } as SolvedPoint['objectives'],
});

describe('the best solution at each level of a front', () => {
  it('gives a looser point the cheaper solution of a tighter one, with its own status and gap', () => {
    const [first, second] = bestAtEachLevel([point(1, 100, 50, 0.01, 'time-limit'), point(2, 99.5, 40, 0.001, 'optimal')], COST);
    expect(first).toMatchObject({ index: 1, status: 'time-limit', mipGap: 0.01, objectives: { MIN_LIFE_CYCLE_COST: 99.5, MIN_CO2_EMISSIONS: 40 } });
    expect(Array.from(first.x)).toEqual([99.5, 40]);
    expect(second).toMatchObject({ index: 2, status: 'optimal', mipGap: 0.001 });
  });

  it('leaves a monotone front as it is', () => {
    const points = [point(1, 90, 50, 0.01, 'optimal'), point(2, 99.5, 40, 0.001, 'optimal')];
    expect(bestAtEachLevel(points, COST)).toEqual(points);
  });
});
