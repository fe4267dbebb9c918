/**
 * Storage as the model honours it and as the output shows it: the Maximum SOC caps the state of
 * charge (hand-computed optima at FULL and on typical days), and every solution's workbook gives the
 * absolute state of charge of every calendar hour and the level at the start of every calendar day,
 * which on typical days stays within the SOC bounds and chains from day to day.
 *
 * One stage of one year at 0 % interest with lifetimes of one year: cost = investment + one year of
 * operation, so the optima are plain arithmetic.
 */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { StorageDoc } from '../../src/local-service/scenario-model/documents.js';
import { optimise, type OptimiseResult } from '../../src/local-service/optimiser/optimise.js';
import type { OptimiseSettings } from '../../src/local-service/optimiser/settings.js';
import { solutionWorkbook } from '../../src/local-service/optimiser/output-files.js';
import { solutionReport } from '../../src/local-service/optimiser/results.js';
import { arbitrageCase as arbitrageCaseBuilder, electricityHub, HOURS } from './support/content.js';

const settings = (overrides: Partial<OptimiseSettings> = {}): OptimiseSettings => ({
  objective1: 'MIN_LIFE_CYCLE_COST', points: 1, resolution: 'FULL', timeLimitMinutes: 2, mipGapPercent: 0.01, ...overrides,
});

type Solved = Extract<OptimiseResult, { kind: 'solved' }>;

function solved(result: OptimiseResult): Solved {
  if (result.kind !== 'solved') throw new Error(`not solved: ${JSON.stringify(result)}`);
  return result;
}

const capacityOf = (result: Solved, item: string) => {
  const report = result.ctx.capacities.find((c) => c.item.startsWith(item));
  return report ? result.points[0].x[report.column] : 0;
};
const cost = (result: Solved) => result.points[0].objectives.MIN_LIFE_CYCLE_COST;

/**
 * 10 kW of electricity all year; the grid at 0.30 CHF/kWh; sunshine from 06:00 to 18:00 that a PV
 * plant (600 CHF per kW and year, 100 % efficient) turns into electricity; a battery at 50 CHF per
 * kWh and year, 100 % efficient, charging and discharging at up to its capacity per hour.
 */
function pvCase(battery: Partial<StorageDoc> = {}) {
  const { b, hub, electricity } = electricityHub(10);
  const sun = b.carrier('SOLAR', 'Sun');
  b.impex({ type: 'IMPORT', energyCarrierGuid: electricity, hubGuids: [hub], energyPriceCHFkWh: 0.3 });
  const daylight = Float64Array.from({ length: HOURS }, (_, h) => (h % 24 >= 6 && h % 24 < 18 ? 1 : 0));
  b.solar('Sunshine', [{ hub, area: 1000 }], sun, b.profile('sun', daylight));
  b.conversion('PV', [hub], { [sun]: 100 }, { [electricity]: 100 }, { variableInvestmentCost: 600, lifetime: 1 });
  b.storage('Battery', [hub], electricity, { variableInvestmentCost: 50, lifetime: 1, ...battery });
  return b.build();
}

const arbitrageCase = (battery: Partial<StorageDoc> = {}, price?: (h: number) => number) => arbitrageCaseBuilder(battery, price).build();

describe('Maximum SOC', () => {
  it('a PV + grid + battery case pays for a battery that covers the night, and with Maximum SOC 50 falls back to PV only', async () => {
    // PV up to the 10 kW of daytime demand saves 12 h × 365 × 0.30 = 1,314 CHF per kW and year for
    // its 600: 10 kW. Covering x kWh of each night instead needs x/12 kW more PV and x kWh of battery
    // (full at 18:00, empty at 06:00): 600/12 + 50 = 100 CHF per kWh and year against the grid's
    // 0.30 × 365 = 109.5: the whole night, 120 kWh, with 20 kW of PV.
    //   Without a cap: 20 kW × 600 + 120 kWh × 50 = 18,000 CHF/yr.
    // At Maximum SOC 50 % only half the battery holds energy: 600/12 + 2 × 50 = 150 > 109.5, so no
    // battery; the night comes from the grid:
    //   10 kW × 600 + 12 h × 10 kW × 365 × 0.30 = 6,000 + 13,140 = 19,140 CHF/yr.
    // The sun and the demand are the same every day, so typical days (LOW) are exact too.
    for (const resolution of ['FULL', 'LOW'] as const) {
      const free = solved(await optimise(pvCase(), settings({ resolution })));
      expect(cost(free), resolution).toBeCloseTo(18_000, 1);
      expect(capacityOf(free, 'PV'), resolution).toBeCloseTo(20, 3);
      expect(capacityOf(free, 'Battery'), resolution).toBeCloseTo(120, 3);

      const capped = solved(await optimise(pvCase({ maximumSocPercent: 50 }), settings({ resolution })));
      expect(cost(capped), resolution).toBeCloseTo(19_140, 1);
      expect(capacityOf(capped, 'PV'), resolution).toBeCloseTo(10, 3);
      expect(capacityOf(capped, 'Battery'), resolution).toBeCloseTo(0, 3);
      // Honoured, so not named among the inputs the model leaves out.
      expect(capped.ctx.unhonoured.map((u) => u.field), resolution).not.toContain('Maximum SOC [%]');
    }
  }, 120_000);

  it('an arbitrage battery at Maximum SOC 50 is built twice as large and never holds more than half', async () => {
    // Each kWh moved from the afternoon (0.30) to the morning (0.10) saves 0.20 × 365 = 73 CHF a
    // year. With half of the capacity usable it needs 2 kWh of battery, 2 × 30 = 60 < 73: every
    // afternoon's 120 kWh is moved, in a 240 kWh battery holding at most 120.
    //   Mornings 240 kWh × 0.10 × 365 + 240 kWh × 30 = 8,760 + 7,200 = 15,960 CHF/yr.
    for (const resolution of ['FULL', 'LOW'] as const) {
      const result = solved(await optimise(arbitrageCase({ maximumSocPercent: 50 }), settings({ resolution })));
      expect(cost(result), resolution).toBeCloseTo(15_960, 1);
      expect(capacityOf(result, 'Battery'), resolution).toBeCloseTo(240, 3);
      const [levels] = solutionReport(result.ctx, result.points[0]).storage[0].storages;
      expect(Math.max(...levels.soc), resolution).toBeCloseTo(120, 4);
      expect(Math.min(...levels.soc), resolution).toBeGreaterThanOrEqual(-1e-6);
    }
  }, 120_000);
});

describe('storage levels in the output', () => {
  it('on typical days: absolute SOC within the bounds every hour, chained from day to day, as the flows move it', async () => {
    // Cheap Sundays (0.05 all day) next to the daily spread give the storage a reason to carry
    // energy across days; 1 % standby loss per hour makes the start level decay through the day.
    const price = (h: number) => (Math.floor(h / 24) % 7 === 6 ? 0.05 : h % 24 < 12 ? 0.1 : 0.3);
    const loss = 0.01;
    const result = solved(await optimise(
      arbitrageCase({ minimumSoc: 20, maximumSocPercent: 80, standbyLoss: loss * 100, variableInvestmentCost: 5 }, price),
      settings({ resolution: 'LOW' }),
    ));
    const typical = result.ctx.time.typical!;
    expect(typical.count).toBeGreaterThan(1);
    const report = solutionReport(result.ctx, result.points[0]);
    const [table] = report.storage;
    expect(table).toMatchObject({ hub: 'Hub', stage: 'Stage 1' });
    const [levels] = table.storages;
    expect(levels.capacity).toBeGreaterThan(1);
    const { capacity } = levels;
    expect(Math.min(...levels.soc)).toBeGreaterThanOrEqual(0.2 * capacity - 1e-6);
    expect(Math.max(...levels.soc)).toBeLessThanOrEqual(0.8 * capacity + 1e-6);
    // Not a flat line: the levels move within days and between them.
    expect(Math.max(...levels.soc) - Math.min(...levels.soc)).toBeGreaterThan(0.1 * capacity);

    // Each hour: level = previous level × (1 − loss) + charge − discharge (100 % efficient), the
    // previous level of a day's first hour being the day's start level, and the day after the last
    // hour starting where it ended (the year is cyclic).
    const hourly = report.tables.find((t) => t.hub === 'Hub')!;
    const charge = hourly.columns.find((c) => c.label === 'Battery: charge [kW]')!.values;
    const discharge = hourly.columns.find((c) => c.label === 'Battery: discharge [kW]')!.values;
    for (let day = 0; day < 365; day++) {
      expect(levels.soc[day * 24 + 23], `end of day ${day + 1}`).toBeCloseTo(levels.startOfDay[(day + 1) % 365], 4);
      for (let hour = 0; hour < 24; hour++) {
        const t = typical.sequence[day] * 24 + hour;
        const before = hour === 0 ? levels.startOfDay[day] : levels.soc[day * 24 + hour - 1];
        expect(levels.soc[day * 24 + hour], `day ${day + 1} hour ${hour}`).toBeCloseTo(before * (1 - loss) + charge[t] - discharge[t], 4);
      }
    }

    // The workbook's Storage sheet holds the same figures: a row per calendar day, the level at
    // 00:00 (the start of the day) and at every full hour after it.
    const info = { ...settings({ resolution: 'LOW' }), scenarioName: 'levels', solveSeconds: 1, notes: [] };
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await solutionWorkbook(report, result.ctx.time, info) as never);
    const sheet = workbook.getWorksheet('Storage Hub Stage 1')!;
    const header = (sheet.getRow(2).values as unknown[]).slice(1);
    expect(header).toHaveLength(3 + 25);
    expect(header.slice(0, 5)).toEqual([
      'Day of year', 'Month', 'Typical day', 'Battery: state of charge at 00:00 (start of the day) [kWh]', 'Battery: state of charge at 01:00 [kWh]',
    ]);
    expect(header.at(-1)).toBe('Battery: state of charge at 24:00 [kWh]');
    expect(sheet.rowCount).toBe(2 + 365);
    for (const day of [0, 100, 364]) {
      const row = (sheet.getRow(3 + day).values as unknown[]).slice(1);
      expect(row).toEqual([day + 1, expect.any(Number), typical.sequence[day] + 1, levels.startOfDay[day], ...levels.soc.subarray(day * 24, day * 24 + 24)]);
    }
  }, 120_000);

  it('at FULL: the Storage sheet is the Mode sheet\'s state of charge, each day starting where the one before ended', async () => {
    const result = solved(await optimise(arbitrageCase(), settings()));
    const report = solutionReport(result.ctx, result.points[0]);
    const [levels] = report.storage[0].storages;
    const soc = report.tables[0].columns.find((c) => c.label === 'Battery: state of charge [kWh]')!.values;
    expect(Array.from(levels.soc)).toEqual(Array.from(soc));
    for (let day = 0; day < 365; day++) expect(levels.startOfDay[day]).toBe(soc[(day * 24 + HOURS - 1) % HOURS]);
    // The arbitrage battery of 120 kWh fills up by noon and empties by midnight.
    expect(Math.max(...levels.soc)).toBeCloseTo(120, 4);

    // The workbook holds every hour, in order, across the writer's blocks of rows, and looks as a
    // reader expects: bold headers, amounts with thousands separators, headers frozen in view.
    const info = { ...settings(), scenarioName: 'full year', solveSeconds: 1, notes: [] };
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await solutionWorkbook(report, result.ctx.time, info) as never);
    const mode = workbook.getWorksheet('Mode Hub Stage 1')!;
    expect(mode.rowCount).toBe(2 + HOURS);
    const socColumn = (mode.getRow(2).values as unknown[]).indexOf('Battery: state of charge [kWh]');
    for (const t of [0, 498, 499, 500, 4_999, 5_000, HOURS - 1]) {
      expect(mode.getRow(3 + t).getCell(1).value, `time step of hour ${t}`).toBe(t + 1);
      expect(mode.getRow(3 + t).getCell(socColumn).value, `state of charge of hour ${t}`).toBe(soc[t]);
    }
    expect(mode.getRow(2).getCell(1).font?.bold).toBe(true);
    expect(mode.views[0]).toMatchObject({ state: 'frozen', ySplit: 2 });
    expect(workbook.getWorksheet('Storage Hub Stage 1')!.views[0]).toMatchObject({ state: 'frozen', xSplit: 3, ySplit: 2 });
    const cost = workbook.getWorksheet('Cost & CO2')!;
    expect(cost.getRow(1).getCell(6)).toMatchObject({ value: 'Value', font: expect.objectContaining({ bold: true }) });
    expect(cost.getRow(2).getCell(6).numFmt).toBe('#,##0.00');
    expect(cost.getRow(2).getCell(2).font?.bold).toBeFalsy();
    expect(cost.getColumn(2).width).toBe(36);
  }, 120_000);
});
