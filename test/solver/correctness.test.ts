/**
 * Small cases whose optimum is worked out by hand here, solved by the real model and HiGHS.
 * One stage of one year at 0 % interest keeps the arithmetic plain: cost = investment + one
 * year of operation.
 */
import { describe, expect, it } from 'vitest';
import { installationStarts } from '../../src/local-service/optimiser/installation-start.js';
import { buildModel } from '../../src/local-service/optimiser/model/build.js';
import { optimise } from '../../src/local-service/optimiser/optimise.js';
import type { OptimiseSettings } from '../../src/local-service/optimiser/settings.js';
import { ContentBuilder, constant, arbitrageCase, heatingCase } from './support/content.js';

const settings = (overrides: Partial<OptimiseSettings> = {}): OptimiseSettings => ({
  objective1: 'MIN_LIFE_CYCLE_COST', points: 1, resolution: 'FULL', timeLimitMinutes: 2, mipGapPercent: 0.1, ...overrides,
});

const capacityOf = (result: Awaited<ReturnType<typeof optimise>>, item: string) => {
  if (result.kind !== 'solved') throw new Error(`not solved: ${JSON.stringify(result)}`);
  const report = result.ctx.capacities.find((c) => c.item.startsWith(item));
  return report ? result.points[0].x[report.column] : 0;
};

describe('hand-computed optima', () => {
  it('picks the gas boiler over the heat pump when the boiler is cheaper over the year', async () => {
    const { b, hub, gas, electricity, heat } = heatingCase();
    b.conversion('Boiler', [hub], { [gas]: 100 }, { [heat]: 90 }, { variableInvestmentCost: 100, lifetime: 1 });
    b.conversion('Heat pump', [hub], { [electricity]: 100 }, { [heat]: 300 }, { variableInvestmentCost: 1000, lifetime: 1 });
    const result = await optimise(b.build(), settings());
    // Boiler: 87,600 kWh heat × 0.10/0.9 + 10 kW × 100 = 10,733.33; heat pump: 87,600 × 0.25/3 + 10 × 1000 = 17,300.
    expect(result.kind).toBe('solved');
    if (result.kind !== 'solved') return;
    expect(result.points[0].objectives.MIN_LIFE_CYCLE_COST).toBeCloseTo((87_600 * 0.1) / 0.9 + 1000, 2);
    expect(capacityOf(result, 'Boiler')).toBeCloseTo(10, 4);
    expect(capacityOf(result, 'Heat pump')).toBeCloseTo(0, 4);
    // Gas 97,333 kWh × 0.2 kg/kWh.
    expect(result.points[0].objectives.MIN_CO2_EMISSIONS).toBeCloseTo(((87_600 / 0.9) * 0.2), 1);
  });

  it('picks the heat pump when minimising CO2, and when its investment is low enough', async () => {
    const { b, hub, gas, electricity, heat } = heatingCase();
    b.conversion('Boiler', [hub], { [gas]: 100 }, { [heat]: 90 }, { variableInvestmentCost: 100, lifetime: 1 });
    b.conversion('Heat pump', [hub], { [electricity]: 100 }, { [heat]: 300 }, { variableInvestmentCost: 200, lifetime: 1 });
    const cheapest = await optimise(b.build(), settings());
    // Heat pump: 87,600 × 0.25/3 + 10 × 200 = 9,300 < 10,733.33.
    expect(cheapest.kind === 'solved' && cheapest.points[0].objectives.MIN_LIFE_CYCLE_COST).toBeCloseTo(7300 + 2000, 2);
    expect(capacityOf(cheapest, 'Heat pump')).toBeCloseTo(10, 4);
    const cleanest = await optimise(b.build(), settings({ objective1: 'MIN_CO2_EMISSIONS' }));
    // 29,200 kWh electricity × 0.1 = 2,920 kg against 19,467 kg with gas.
    expect(cleanest.kind === 'solved' && cleanest.points[0].objectives.MIN_CO2_EMISSIONS).toBeCloseTo(2920, 2);
  });

  it('shifts load with a battery when the price spread pays for it (storage arbitrage)', async () => {
    const b = arbitrageCase();
    for (const resolution of ['FULL', 'LOW'] as const) {
      const result = await optimise(b.build(), settings({ resolution }));
      // Without storage: 365 × (120 × 0.1 + 120 × 0.3) = 17,520. Shifting the 120 kWh of each
      // afternoon saves 0.2 × 365 = 73 CHF per kWh of capacity a year, more than its 30: a
      // 120 kWh battery, night imports of 240 kWh a day: 365 × 24 + 120 × 30 = 12,360.
      expect(result.kind === 'solved' && result.points[0].objectives.MIN_LIFE_CYCLE_COST, resolution).toBeCloseTo(12_360, 1);
      expect(capacityOf(result, 'Battery'), resolution).toBeCloseTo(120, 3);
    }
  });

  it('finds each end of a front its own typical-day start, each in its own thread at its own resolution, and stops them with the job', async () => {
    const { b, hub, gas, electricity, heat } = heatingCase();
    b.conversion('Boiler', [hub], { [gas]: 100 }, { [heat]: 90 }, { variableInvestmentCost: 100, fixedInvestmentCost: 500, lifetime: 1 });
    b.conversion('Heat pump', [hub], { [electricity]: 100 }, { [heat]: 300 }, { variableInvestmentCost: 1000, fixedInvestmentCost: 500, lifetime: 1 });
    const content = b.build();
    const full = buildModel(content, 'FULL');
    const installed = (start: Awaited<ReturnType<typeof installationStarts>[number]>) =>
      start && [...start.indices].filter((_, k) => start.values[k] === 1).map((column) => full.lp.name(column));
    const [cheapest, cleanest] = installationStarts(content, settings(), full, [
      { objective: 'MIN_LIFE_CYCLE_COST', tieBreaker: 'MIN_CO2_EMISSIONS', budgetSeconds: 30, resolution: 'LOW' },
      { objective: 'MIN_CO2_EMISSIONS', tieBreaker: 'MIN_LIFE_CYCLE_COST', budgetSeconds: 30, resolution: 'MEDIUM' },
    ]);
    // Cost: the boiler (10,733.33 + 500) beats the heat pump (7,300 + 10,000 + 500). CO2: the heat
    // pump alone (2,920 kg against 19,467 with gas); the tie-break on cost installs nothing else.
    expect(installed(await cheapest)).toEqual(['on_Boiler @ Hub_Stage 1']);
    expect(installed(await cleanest)).toEqual(['on_Heat pump @ Hub_Stage 1']);
    // Each over its own resolution's typical days: the fewest each allows here (LOW 5, MEDIUM 15), as nothing varies by day.
    expect([(await cheapest)?.typicalDays, (await cleanest)?.typicalDays]).toEqual([5, 15]);
    // A job stopped (or ended) before its starts are found stops them: no start, and no thread left.
    const stopped = new AbortController();
    stopped.abort();
    const none = installationStarts(content, settings(), full, [{ objective: 'MIN_LIFE_CYCLE_COST', budgetSeconds: 30, resolution: 'LOW' }, { objective: 'MIN_CO2_EMISSIONS', budgetSeconds: 30, resolution: 'MEDIUM' }], stopped.signal);
    expect(await Promise.all(none)).toEqual([undefined, undefined]);
  });

  it('installs a must-be-installed technology at its minimum size even when it does not pay', async () => {
    const { b, hub, gas, electricity, heat } = heatingCase();
    b.conversion('Boiler', [hub], { [gas]: 100 }, { [heat]: 90 }, { variableInvestmentCost: 100, lifetime: 1 });
    const heatPump = b.conversion('Heat pump', [hub], { [electricity]: 100 }, { [heat]: 300 }, {
      variableInvestmentCost: 1000, fixedInvestmentCost: 5000, lifetime: 1, mustBeInstalledInHubs: 'mustBeInstalled',
    });
    const content = b.build();
    content.resources.conversion.find((c) => c.guid === heatPump)!.doc.modes[0].minimumCapacity = 2;
    const result = await optimise(content, settings());
    // A 2 kW heat pump runs all year (its heat is cheaper: 0.0833 < 0.1111 CHF/kWh), the boiler
    // covers 8 kW: 5,000 + 2 × 1,000 + 17,520 × 0.25/3 + 8 × 100 + 70,080 × 0.1/0.9.
    const expected = 5000 + 2000 + (17_520 * 0.25) / 3 + 800 + (70_080 * 0.1) / 0.9;
    expect(result.kind === 'solved' && result.points[0].objectives.MIN_LIFE_CYCLE_COST).toBeCloseTo(expected, 1);
    expect(capacityOf(result, 'Heat pump')).toBeCloseTo(2, 4);
    expect(capacityOf(result, 'Boiler')).toBeCloseTo(8, 4);
  });

  it('solves a full year by decomposition from the design of a typical-day solve, and finds the optimum', async () => {
    const { b, hub, gas, heat } = heatingCase();
    b.conversion('Cheap boiler', [hub], { [gas]: 100 }, { [heat]: 90 }, { variableInvestmentCost: 100, fixedInvestmentCost: 3000, lifetime: 1 });
    b.conversion('Dear boiler', [hub], { [gas]: 100 }, { [heat]: 90 }, { variableInvestmentCost: 500, lifetime: 1 });
    const content = b.build();
    const full = buildModel(content, 'FULL');
    const start = await installationStarts(content, settings(), full, [{ objective: settings().objective1, budgetSeconds: 30, resolution: 'LOW' }])[0];
    // Only the cheap boiler has an installed/not-installed decision (its fixed cost); it pays:
    // 3,000 + 10 kW × 100 = 4,000 against 10 kW × 500 = 5,000 for the other.
    expect(start && [...start.indices].map((column) => full.lp.name(column))).toEqual(['on_Cheap boiler @ Hub_Stage 1']);
    expect(start && [...start.values]).toEqual([1]);
    const result = await optimise(content, settings());
    expect(result.kind === 'solved' && result.ctx.notes.join('\n')).toMatch(/started from the design of a typical-day solve/);
    expect(result.kind === 'solved' && result.ctx.notes.join('\n')).toMatch(/solved by decomposition: \d+ designs priced/);
    // The decomposition's design starts from the typical-day one: both boilers' capacities are in it.
    expect(start && [...start.design.indices].map((column) => full.lp.name(column))).toEqual(expect.arrayContaining(['cap_Cheap boiler @ Hub_Stage 1', 'cap_Dear boiler @ Hub_Stage 1']));
    expect(result.kind === 'solved' && result.points[0].objectives.MIN_LIFE_CYCLE_COST).toBeCloseTo(4000 + (87_600 * 0.1) / 0.9, 1);
    expect(capacityOf(result, 'Cheap boiler')).toBeCloseTo(10, 4);
    expect(capacityOf(result, 'Dear boiler')).toBeCloseTo(0, 4);
  });

  it('says why a demand nothing can supply is infeasible, without solving', async () => {
    const b = new ContentBuilder();
    b.stage(1);
    const hub = b.hub('Hub');
    const heat = b.carrier('HEAT_1', 'Heat');
    b.demand({ energyCarrierGuid: heat, hubGuids: [hub], demandProfileId: b.profile('heat', constant(10)) });
    const result = await optimise(b.build(), settings());
    expect(result.kind).toBe('infeasible');
    expect(result.kind === 'infeasible' && result.info).toMatch(/nothing can supply Heat at Hub/);
  });

  it('points at the capacity limit when the only supply is too small', async () => {
    const { b, hub, gas, heat } = heatingCase();
    // A fixed cost makes it a MIP, which at FULL goes to decomposition first.
    const boiler = b.conversion('Boiler', [hub], { [gas]: 100 }, { [heat]: 90 }, { lifetime: 1, fixedInvestmentCost: 100 });
    const content = b.build();
    content.resources.conversion.find((c) => c.guid === boiler)!.doc.modes[0].maximumCapacity = 5;
    // FULL too: decomposition finds no design without unmet demand and hands over to the whole MIP.
    for (const resolution of ['LOW', 'FULL'] as const) {
      const result = await optimise(content, settings({ resolution }));
      expect(result.kind, resolution).toBe('infeasible');
      expect(result.kind === 'infeasible' && result.info, resolution).toMatch(/energy balance/);
      expect(result.kind === 'infeasible' && result.info, resolution).toMatch(/capacity/);
    }
  });
});

describe('Pareto fronts', () => {
  it('trace N points from the cost optimum to the CO2 optimum, cost rising as CO2 falls', async () => {
    const { b, hub, gas, electricity, heat } = heatingCase();
    b.conversion('Boiler', [hub], { [gas]: 100 }, { [heat]: 90 }, { variableInvestmentCost: 100, lifetime: 1 });
    b.conversion('Heat pump', [hub], { [electricity]: 100 }, { [heat]: 300 }, { variableInvestmentCost: 1000, lifetime: 1 });
    const result = await optimise(b.build(), settings({ objective2: 'MIN_CO2_EMISSIONS', points: 5, resolution: 'LOW' }));
    expect(result.kind).toBe('solved');
    if (result.kind !== 'solved') return;
    expect(result.points.map((p) => p.index)).toEqual([1, 2, 3, 4, 5]);
    const cost = result.points.map((p) => p.objectives.MIN_LIFE_CYCLE_COST);
    const co2 = result.points.map((p) => p.objectives.MIN_CO2_EMISSIONS);
    for (let i = 1; i < 5; i++) {
      expect(cost[i]).toBeGreaterThanOrEqual(cost[i - 1] - 1e-6);
      expect(co2[i]).toBeLessThanOrEqual(co2[i - 1] + 1e-6);
    }
    // The ends are the two single-objective optima: all boiler, all heat pump.
    expect(cost[0]).toBeCloseTo((87_600 * 0.1) / 0.9 + 1000, 1);
    expect(co2[4]).toBeCloseTo(2920, 1);
    // Evenly spaced CO2 levels in between.
    expect(co2[2]).toBeCloseTo((co2[0] + co2[4]) / 2, 0);
  });

  it('trace a full-year front with installation decisions by decomposition, ending on the cheapest CO2 optimum', async () => {
    const { b, hub, gas, electricity, heat } = heatingCase();
    // Fixed costs make both installed/not-installed decisions binary, so every point is a MIP.
    b.conversion('Boiler', [hub], { [gas]: 100 }, { [heat]: 90 }, { variableInvestmentCost: 100, fixedInvestmentCost: 500, lifetime: 1 });
    b.conversion('Heat pump', [hub], { [electricity]: 100 }, { [heat]: 300 }, { variableInvestmentCost: 1000, fixedInvestmentCost: 500, lifetime: 1 });
    const result = await optimise(b.build(), settings({ objective2: 'MIN_CO2_EMISSIONS', points: 4 }));
    expect(result.kind).toBe('solved');
    if (result.kind !== 'solved') return;
    // Both ends, the objective-1 minimum at the CO2 optimum's level, and the two levels between.
    expect(result.ctx.notes.join('\n')).toMatch(/5 of the front's 5 full-year solves were answered by decomposition/);
    expect(result.points.map((p) => p.status)).toEqual(['optimal', 'optimal', 'optimal', 'optimal']);
    const cost = result.points.map((p) => p.objectives.MIN_LIFE_CYCLE_COST);
    const co2 = result.points.map((p) => p.objectives.MIN_CO2_EMISSIONS);
    for (let i = 1; i < 4; i++) {
      expect(cost[i]).toBeGreaterThan(cost[i - 1]);
      expect(co2[i]).toBeLessThan(co2[i - 1]);
    }
    // All boiler: 10 kW × 100 + 500, and 87,600 kWh of heat from gas at 90 % and 0.1 CHF/kWh.
    expect(cost[0]).toBeCloseTo(1500 + (87_600 / 0.9) * 0.1, 0);
    // All heat pump: 10 kW × 1,000 + 500, and 87,600 / 3 kWh of electricity at 0.25 CHF/kWh and
    // 0.1 kg/kWh. The CO2 optimum within the gap must not be any dearer than that: nothing else
    // reaches 2,920 kg (a design with a larger heat pump would, at a higher cost).
    expect(co2[3]).toBeCloseTo(2920, 0);
    expect(cost[3]).toBeCloseTo(10_500 + (87_600 / 3) * 0.25, 0);
    // The levels in between divide the CO2 range evenly (within the 0.1 % gap).
    expect(co2[1]).toBeCloseTo(co2[0] - (co2[0] - co2[3]) / 3, -1);
    expect(co2[2]).toBeCloseTo(co2[0] - (2 * (co2[0] - co2[3])) / 3, -1);
    // Between the ends, the heat pump takes a share s of the 10 kW (s = 1/3, 2/3 at the levels) and
    // everything but the fixed costs is linear in s: the chord between the ends, plus the 500 CHF of
    // the second installation (each end installs one). (This is also the design the inner points
    // start from, two solved points mixed; the check is of the answer, which any start must reach.)
    for (const [i, s] of [[1, 1 / 3], [2, 2 / 3]]) {
      const expected = (1 - s) * cost[0] + s * cost[3] + 500;
      expect(Math.abs(cost[i] - expected) / expected).toBeLessThan(1e-3);
    }
  });

  // Objective 2 with a constant (a fixed yearly price, paid whatever is bought): a point's level
  // counts it, and the ε row over the model's columns must leave it out, or every level moves by it.
  it('holds objective 2 at each level even when it has a constant part', async () => {
    const { b, hub, gas, electricity, heat } = heatingCase();
    b.conversion('Boiler', [hub], { [gas]: 100 }, { [heat]: 90 }, { variableInvestmentCost: 100, lifetime: 1 });
    b.conversion('Heat pump', [hub], { [electricity]: 100 }, { [heat]: 300 }, { variableInvestmentCost: 1000, lifetime: 1 });
    const content = b.build();
    content.resources.impex.find((i) => i.doc.energyCarrierGuid === gas)!.doc.fixedOmPriceCHFYear = 2000;
    const result = await optimise(content, settings({ objective1: 'MIN_CO2_EMISSIONS', objective2: 'MIN_LIFE_CYCLE_COST', points: 3, resolution: 'LOW' }));
    expect(result.kind).toBe('solved');
    if (result.kind !== 'solved') return;
    const cost = result.points.map((p) => p.objectives.MIN_LIFE_CYCLE_COST);
    // Both ends pay the connection's 2,000 CHF: all heat pump (10,500 + 7,300 + 2,000) and all boiler
    // (1,000 + 9,733.33 + 2,000). The middle point may spend up to the level halfway, and spends all
    // of it on less CO2.
    expect(cost[0]).toBeCloseTo(10_000 + 7300 + 2000, 1);
    expect(cost[2]).toBeCloseTo(1000 + (87_600 * 0.1) / 0.9 + 2000, 1);
    expect(cost[1]).toBeCloseTo((cost[0] + cost[2]) / 2, 1);
  });
});
