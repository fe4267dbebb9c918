/**
 * The year's relaxation over segments (model/relaxation.ts) must be a relaxation: every hourly
 * operation, averaged over the segments (storage levels read at each segment's end), meets all of
 * its rows at the same cost. Checked on a case where everything that can vary within a segment
 * does: demand and sunshine change by the hour, a battery loses charge by the hour and charges at
 * 90 %, and the tariff switches at noon. And where nothing varies within a segment, it is exact.
 */
import { describe, expect, it } from 'vitest';
import { withSolverThread } from '../../src/local-service/optimiser/engine/solver-thread.js';
import { type ModelArrays, violation } from '../../src/local-service/optimiser/lp.js';
import { buildModel } from '../../src/local-service/optimiser/model/build.js';
import type { ModelContext } from '../../src/local-service/optimiser/model/context.js';
import { minimise, objectiveFunctions } from '../../src/local-service/optimiser/model/objectives.js';
import { buildRelaxation } from '../../src/local-service/optimiser/model/relaxation.js';
import { HOURS } from '../../src/local-service/optimiser/timeline.js';
import { arbitrageCase, electricityHub } from './support/content.js';

async function minimumCost(ctx: ModelContext): Promise<{ cost: number; x: Float64Array; arrays: ModelArrays }> {
  const arrays = ctx.lp.arrays();
  const { cost, offset } = minimise(arrays.numCols, objectiveFunctions(ctx).MIN_LIFE_CYCLE_COST);
  const outcome = await withSolverThread(undefined, async (thread) => {
    await thread.load(arrays);
    return thread.solve({ cost, offset, rows: [], timeLimitSeconds: 120, mipRelGap: 1e-6 });
  });
  expect(outcome.status).toBe('optimal');
  return { cost: outcome.objective!, x: outcome.colValue!, arrays };
}

/** An hourly solution of `year` as the relaxation's columns: flows averaged over each segment, levels at its end, the design as it is. */
function averaged(year: ModelContext, x: Float64Array, relaxed: ModelContext): Float64Array {
  const byName = new Map<string, number>();
  for (let j = 0; j < year.lp.columns; j++) byName.set(year.lp.name(j), j);
  const starts: number[] = [];
  let hour = 0;
  for (const weight of relaxed.time.weight) {
    starts.push(hour);
    hour += weight;
  }
  const design = relaxed.lp.arrays().design;
  return Float64Array.from({ length: relaxed.lp.columns }, (_, j) => {
    const name = relaxed.lp.name(j);
    if (design[j]) return x[byName.get(name)!];
    const [, family, at] = /^(.*)_(\d+)$/.exec(name)!;
    const segment = Number(at);
    const first = starts[segment];
    const end = first + relaxed.time.weight[segment];
    if (family.startsWith('soc_')) return x[byName.get(`${family}_${end - 1}`)!];
    let sum = 0;
    for (let h = first; h < end; h++) sum += x[byName.get(`${family}_${h}`)!];
    return sum / (end - first);
  });
}

describe('the relaxation of the year over segments', () => {
  it('holds every hourly operation, averaged, at the same cost, and so bounds the year\'s optimum from below', async () => {
    const { b, hub, electricity } = electricityHub(0);
    const sun = b.carrier('SOLAR', 'Sun');
    // Demand 6–14 kW through the day, sunshine from 06:00 to 18:00, night tariff before noon.
    const load = Float64Array.from({ length: HOURS }, (_, h) => 10 + 4 * Math.sin((2 * Math.PI * (h % 24)) / 24) + (h % 7) / 7);
    b.demand({ energyCarrierGuid: electricity, hubGuids: [hub], demandProfileId: b.profile('load', load) });
    const daylight = Float64Array.from({ length: HOURS }, (_, h) => Math.max(0, Math.sin((Math.PI * ((h % 24) - 6)) / 12)) * (0.6 + 0.4 * Math.cos((2 * Math.PI * h) / HOURS)));
    b.solar('Roof', [{ hub, area: 40 }], sun, b.profile('sun', daylight));
    b.conversion('PV', [hub], { [sun]: 100 }, { [electricity]: 100 }, { variableInvestmentCost: 60, lifetime: 1 });
    b.storage('Battery', [hub], electricity, { variableInvestmentCost: 15, lifetime: 1, standbyLoss: 1, storageChargingEfficiency: 90 });
    const tariff = Float64Array.from({ length: HOURS }, (_, h) => (h % 24 < 12 ? 0.12 : 0.3));
    b.impex({ type: 'IMPORT', energyCarrierGuid: electricity, hubGuids: [hub], hourlyEnergyPriceProfileId: b.profile('tariff', tariff), co2IntensityKgCo2kWh: 0.1 });
    const content = b.build();

    const year = buildModel(content, 'FULL');
    const relaxed = buildRelaxation(content, 3 * 365);
    const hourly = await minimumCost(year);
    const relaxedArrays = relaxed.lp.arrays();
    const x = averaged(year, hourly.x, relaxed);
    expect(violation(relaxedArrays, x)).toBeUndefined();
    for (const name of ['MIN_LIFE_CYCLE_COST', 'MIN_CO2_EMISSIONS'] as const) {
      const value = objectiveFunctions(relaxed)[name].value.evaluate(x);
      expect(value, name).toBeCloseTo(objectiveFunctions(year)[name].value.evaluate(hourly.x), 4);
    }
    // Hours merged let demand and sunshine average out within a segment: strictly cheaper here.
    const bound = await minimumCost(relaxed);
    expect(bound.cost).toBeLessThan(hourly.cost);
    // The battery is used and loses charge, so its level rows are the two-sided ones.
    expect(relaxed.lp.rows).toBeGreaterThan(0);
    expect([...Array(relaxed.lp.rows).keys()].some((r) => relaxed.lp.rowName(r).startsWith('socup_'))).toBe(true);
  }, 300_000);

  it('is exact where nothing varies within a segment: the arbitrage battery\'s optimum, 12,360 CHF', async () => {
    // Constant load and a tariff that switches only at 00:00 and 12:00: the segments are half days
    // and the battery loses nothing, so the relaxation's optimum is the year's, worked out by hand
    // in correctness.test.ts (a 120 kWh battery, night imports of 240 kWh a day: 365 × 24 + 120 × 30).
    const relaxed = buildRelaxation(arbitrageCase().build(), 1);
    expect(relaxed.time.steps).toBe(2 * 365);
    expect((await minimumCost(relaxed)).cost).toBeCloseTo(12_360, 1);
  }, 120_000);
});
