/**
 * compareManifests: two runs of one study that differ in a gas price set for the whole run (a
 * parameter of one value) match variant for variant, the gas price is named as the input that
 * differs, and each objective's move is the difference of the two manifests' numbers. The
 * `sweep compare` command, run as a process on results directories, is in compare.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { compareManifests, movesTable } from '../../src/product/study/results/compare.js';
import { run } from './compare-fixture.js';

describe('compareManifests', () => {
  it('matches variants on the parameters both sweep, and names a one-value parameter that differs as an input', () => {
    const [a, b] = [run(0.08, 1), run(0.12, 1.1)];
    const comparison = compareManifests({ ...a, totals: { variants: 6, done: 5, failed: 1, pending: 0 } }, { ...b, totals: { variants: 6, done: 5, failed: 1, pending: 0 } });
    expect(comparison.inputs).toEqual([{ input: 'parameter gas_price: values', a: '0.08', b: '0.12' }]);
    expect(comparison.matchedOn).toEqual(['heat_pump_cost', 'insulation']);
    expect(comparison.matched).toHaveLength(6);
    expect(comparison.onlyA).toEqual([]);
    const third = comparison.matched[2];
    const costs = third.points.filter((p) => p.objective === 'MIN_LIFE_CYCLE_COST');
    expect(costs.map((p) => p.point)).toEqual([1, 2, 3]);
    for (const p of costs) expect(p.b / p.a).toBeCloseTo(1.1, 12);
    // CO2 did not move.
    for (const p of third.points.filter((x) => x.objective === 'MIN_CO2_EMISSIONS')) expect(p.b).toBe(p.a);
    const table = movesTable(comparison);
    const change = table.columns.findIndex((c) => c.header === 'Change [%]');
    const row = table.rows.find((r) => r[0] === '400' && r[1] === 'passive house' && r[6] === 'Life-cycle cost, point 1')!;
    expect(row[change] as number).toBeCloseTo(10, 9);
  });

  it('lists the variants one study has and the other has not', () => {
    const a = { ...run(0.08, 1, 9), totals: { variants: 9, done: 8, failed: 1, pending: 0 } };
    const b = { ...run(0.08, 1, 6), totals: { variants: 6, done: 5, failed: 1, pending: 0 } };
    const comparison = compareManifests(a, b);
    expect(comparison.inputs).toEqual([{ input: 'parameter heat_pump_cost: values', a: '400, 800, 1200', b: '400, 800' }]);
    expect(comparison.matched).toHaveLength(6);
    expect(comparison.onlyA.map((v) => v.index)).toEqual([6, 7, 8]);
    expect(comparison.onlyB).toEqual([]);
  });
});
