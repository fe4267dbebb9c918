/**
 * Minimum part load, minimum up time and minimum down time, enforced with on/off binaries (a
 * budget the caller gives), on one-hub cases whose optimum is derived here by hand. Every case is
 * one stage of one year at 0 % interest with the same day repeated all year, so cost = investment +
 * 365 × one day's energy, and typical days (LOW) and the full year give the same answer.
 */
import { describe, expect, it } from 'vitest';
import { buildModel } from '../../src/local-service/optimiser/model/build.js';
import { optimise } from '../../src/local-service/optimiser/optimise.js';
import type { OptimiseSettings } from '../../src/local-service/optimiser/settings.js';
import { boilerCase, HEAT_DAYS } from './support/boiler-case.js';
import { HOURS } from './support/content.js';

const settings = (overrides: Partial<OptimiseSettings> = {}): OptimiseSettings => ({
  objective1: 'MIN_LIFE_CYCLE_COST', points: 1, resolution: 'LOW', timeLimitMinutes: 2, mipGapPercent: 0.01, partLoadBinaries: HOURS, ...overrides,
});

const solved = async (content: ReturnType<typeof boilerCase>, overrides: Partial<OptimiseSettings> = {}) => {
  const result = await optimise(content, settings(overrides));
  if (result.kind !== 'solved') throw new Error(`not solved: ${JSON.stringify(result)}`);
  const boiler = result.ctx.capacities.find((c) => c.item.startsWith('Boiler'))!;
  return { result, cost: result.points[0].objectives.MIN_LIFE_CYCLE_COST, boiler: result.points[0].x[boiler.column] };
};

const HIGH_LOW = HEAT_DAYS.highLow;

describe('minimum part load (tight formulation)', () => {
  // Relaxed: each boiler kW costs 100 and saves 0.20 CHF/kWh in every hour the demand reaches it
  // (≥ 4,380 h), so C = 10: 1,000 + 365 × (12 × 10 + 12 × 2) × 0.10 = 1,000 + 5,256 = 6,256.
  // With a 50 % part load a running boiler delivers ≥ C/2, so it serves the 2 kW hours only if
  // C ≤ 4. For 4 < C ≤ 10 it runs the high hours and the heater the rest:
  // 100 C + 365·12·(0.1 C + 0.3 (10 − C)) + 365·12·2·0.3 = 15,768 − 776 C → 8,008 at C = 10;
  // for 2 ≤ C ≤ 4 it runs all day: 100 C + 365·(12 C + 24)·0.1 + 365·12·(10 − C)·0.3 = 14,016 − 776 C
  // → 10,912 at C = 4. The optimum: C = 10, boiler off in the low hours, 8,008.
  it('keeps a sized boiler off where the demand is below its part load (M = the maximum capacity)', async () => {
    const relaxed = await solved(boilerCase(HIGH_LOW, { minPartLoad: 50 }, { investment: 100, maximum: 10 }), { partLoadBinaries: 0 });
    expect(relaxed.cost).toBeCloseTo(6256, 2);
    expect(relaxed.result.ctx.unhonoured.map((u) => u.field)).toEqual(['Minimum Part Load [%]']);
    for (const resolution of ['LOW', 'FULL'] as const) {
      const { cost, boiler, result } = await solved(boilerCase(HIGH_LOW, { minPartLoad: 50 }, { investment: 100, maximum: 10 }), { resolution });
      expect(cost, resolution).toBeCloseTo(8008, 2);
      expect(boiler, resolution).toBeCloseTo(10, 4);
      expect(result.ctx.unhonoured, resolution).toEqual([]);
    }
  });

  it('is exact for a specified capacity: share × C × on ≤ output ≤ C × on', async () => {
    // The same boiler specified at 10 kW (investment 100 × 10 = 1,000): the same optimum, 8,008.
    const { cost, result } = await solved(boilerCase(HIGH_LOW, { minPartLoad: 50 }, { investment: 100, specified: 10 }));
    expect(cost).toBeCloseTo(8008, 2);
    expect(result.ctx.lp.binaries).toBeGreaterThan(0);
  });

  it('bounds the switch by the capacity column\'s own upper bound, not by 20 × the peak demand', () => {
    const partLoadRow = (maximum?: number) => {
      const ctx = buildModel(boilerCase(HIGH_LOW, { minPartLoad: 50 }, { investment: 100, maximum }), 'LOW', { maxOperationBinaries: HOURS });
      const arrays = ctx.lp.arrays(true);
      const row = arrays.rowNames!.findIndex((n) => n.startsWith('partload_Boiler'));
      const coefficients = Array.from(arrays.value.subarray(arrays.starts[row], arrays.starts[row + 1])).map(Math.abs).sort((a, b) => a - b);
      return { coefficients, lower: arrays.rowLower[row] };
    };
    // x·η − 0.5·C − M·on ≥ −M with M = 50 % of the 10 kW maximum.
    expect(partLoadRow(10)).toEqual({ coefficients: [0.5, 1, 5], lower: -5 });
    // Without a maximum, of the internal cap: max(1,000 kW, 20 × the 10 kW peak) = 1,000 kW.
    expect(partLoadRow(undefined)).toEqual({ coefficients: [0.5, 1, 500], lower: -500 });
  });
});

describe('minimum up time', () => {
  // 10 kW in hours 0–1 of each day, nothing else; a 10 kW boiler (specified, free) with a 50 % part
  // load, heat may be dumped. Without an up time it runs 2 h: 20 kWh gas = 2 CHF a day, 730 a year.
  // Running at least 4 h means 2 more hours at ≥ 5 kW, dumped: 30 kWh gas = 3 CHF a day; the heater
  // instead costs 20 × 0.3 = 6 a day; splitting the 2 h between them still starts the boiler for
  // 4 h. The optimum: 365 × 3 = 1,095.
  const day = HEAT_DAYS.shortPeak;
  it('keeps a started boiler on for the minimum up time', async () => {
    const free = await solved(boilerCase(day, { minPartLoad: 50 }, { specified: 10 }, true));
    expect(free.cost).toBeCloseTo(730, 2);
    for (const resolution of ['LOW', 'FULL'] as const) {
      const { cost, result } = await solved(boilerCase(day, { minPartLoad: 50, minimumUpTime: 4 }, { specified: 10 }, true), { resolution });
      expect(cost, resolution).toBeCloseTo(1095, 2);
      expect(result.ctx.unhonoured, resolution).toEqual([]);
    }
  });
});

describe('minimum down time', () => {
  // 10 kW in hours 0–1 and 4–5 of each day. Without a down time the boiler runs those 4 h: 40 kWh
  // gas = 4 CHF a day. With 3 h down time it may not stop for the 2 h gap (2–3): either it stays on
  // at 5 kW through the gap, dumping 10 kWh (50 kWh gas = 5 CHF), or it stops after hour 1 and stays
  // off through hour 4, the heater covering hour 4 (30 kWh gas + 10 kWh × 0.3 = 6 CHF), or the
  // heater covers one pair of hours (2 + 6 = 8 CHF). After hour 5 it is off 18 h, more than 3.
  // The optimum: 365 × 5 = 1,825.
  const day = HEAT_DAYS.twoPeaks;
  it('keeps a stopped boiler off for the minimum down time', async () => {
    const free = await solved(boilerCase(day, { minPartLoad: 50 }, { specified: 10 }, true));
    expect(free.cost).toBeCloseTo(1460, 2);
    for (const resolution of ['LOW', 'FULL'] as const) {
      const { cost } = await solved(boilerCase(day, { minPartLoad: 50, minimumDownTime: 3 }, { specified: 10 }, true), { resolution });
      expect(cost, resolution).toBeCloseTo(1825, 2);
    }
  });

  it('names up and down times as relaxed when the binary budget does not allow them', async () => {
    const { cost, result } = await solved(boilerCase(day, { minPartLoad: 50, minimumDownTime: 3, minimumUpTime: 4 }, { specified: 10 }, true), { partLoadBinaries: 0 });
    expect(cost).toBeCloseTo(1460, 2);
    expect(result.ctx.unhonoured.map((u) => `${u.resource}|${u.field}|${u.value}`)).toEqual([
      'Boiler @ Hub|Minimum Part Load [%]|50', 'Boiler @ Hub|Minimum Up Time [h]|4', 'Boiler @ Hub|Minimum Down Time [h]|3',
    ]);
  });
});
