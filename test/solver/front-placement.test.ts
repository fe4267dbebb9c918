/**
 * A front with one kink, derived on paper, traced by the real model and HiGHS with the points
 * placed evenly and where the front bends; the marginal costs and the knee reported, in the
 * output workbook's Pareto front sheet too.
 *
 * One hub, one stage of one year at 0 %: 10 kW of heat all year (87,600 kWh), from
 *   - a gas boiler (gas 0.10 CHF/kWh, 0.20 kg/kWh, 100 %): heat at 0.10 CHF and 0.20 kg per kWh;
 *   - a heat pump of at most 6 kW (electricity 0.36 CHF/kWh, no CO2, COP 3): 0.12 CHF and 0 kg;
 *   - a pellet boiler (pellets 0.40 CHF/kWh, 0.02 kg/kWh, 100 %): 0.40 CHF and 0.02 kg.
 * Nothing costs anything to install. The front:
 *   A, the cost optimum: all gas, 8,760 CHF and 17,520 kg.
 *   K, the kink: 6 kW heat pump (52,560 kWh: 6,307.20 CHF, 0 kg) and 4 kW gas (35,040 kWh:
 *      3,504 CHF, 7,008 kg): 9,811.20 CHF, 7,008 kg. From A the heat pump replaces gas at
 *      +0.02 CHF and −0.20 kg per kWh: 100 CHF/t.
 *   E, the CO2 optimum: 6 kW heat pump and 4 kW pellets (14,016 CHF, 700.8 kg): 20,323.20 CHF,
 *      700.8 kg. From K pellets replace gas at +0.30 CHF and −0.18 kg per kWh: 1,666.67 CHF/t.
 * The kink sits at 37.5 % of the CO2 range (7,008 − 700.8 = 6,307.2 of 16,819.2), a level that
 * evenly spaced points for 3, 4 or 5 points never hit (50 %; 33 and 67 %; 25, 50 and 75 %).
 */
import ExcelJS from 'exceljs';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { analyseFront, rateUnit } from '../../src/common/front-analysis.js';
import { optimise } from '../../src/local-service/optimiser/optimise.js';
import type { OptimiseSettings, PointPlacement } from '../../src/local-service/optimiser/settings.js';
import { outputZip } from '../../src/local-service/optimiser/output-files.js';
import { solutionReport } from '../../src/local-service/optimiser/results.js';
import { constant, heatHub } from './support/content.js';

function kinkedCase() {
  const { b, hub, gas, electricity, heat } = heatHub(constant(10));
  const pellets = b.carrier('WOOD_PELLETS', 'Pellets');
  b.impex({ type: 'IMPORT', energyCarrierGuid: gas, hubGuids: [hub], energyPriceCHFkWh: 0.1, co2IntensityKgCo2kWh: 0.2 });
  b.impex({ type: 'IMPORT', energyCarrierGuid: electricity, hubGuids: [hub], energyPriceCHFkWh: 0.36, co2IntensityKgCo2kWh: 0 });
  b.impex({ type: 'IMPORT', energyCarrierGuid: pellets, hubGuids: [hub], energyPriceCHFkWh: 0.4, co2IntensityKgCo2kWh: 0.02 });
  b.conversion('Gas boiler', [hub], { [gas]: 100 }, { [heat]: 100 }, { lifetime: 1 });
  const heatPump = b.conversion('Heat pump', [hub], { [electricity]: 100 }, { [heat]: 300 }, { lifetime: 1 });
  b.conversion('Pellet boiler', [hub], { [pellets]: 100 }, { [heat]: 100 }, { lifetime: 1 });
  const content = b.build();
  content.resources.conversion.find((c) => c.guid === heatPump)!.doc.modes[0].maximumCapacity = 6;
  return content;
}

const A = { cost: 8760, co2: 17_520 };
const K = { cost: 9811.2, co2: 7008 };
const E = { cost: 20_323.2, co2: 700.8 };
/** Cost on the front at a CO2 level: 100 CHF/t above the kink, 1,666.67 CHF/t below it. */
const costAt = (co2: number) => (co2 >= K.co2 ? A.cost + (A.co2 - co2) * 0.1 : K.cost + ((K.co2 - co2) * 10) / 6);

const settings = (points: number, pointPlacement: PointPlacement): OptimiseSettings => ({
  objective1: 'MIN_LIFE_CYCLE_COST', objective2: 'MIN_CO2_EMISSIONS', points, pointPlacement, resolution: 'LOW', timeLimitMinutes: 2, mipGapPercent: 0.1,
});

async function front(points: number, placement: PointPlacement) {
  const result = await optimise(kinkedCase(), settings(points, placement));
  if (result.kind !== 'solved') throw new Error(`not solved: ${JSON.stringify(result)}`);
  expect(result.incomplete).toBeUndefined();
  return { result, values: result.points.map((p) => ({ cost: p.objectives.MIN_LIFE_CYCLE_COST, co2: p.objectives.MIN_CO2_EMISSIONS })) };
}

const hitsKink = (values: { cost: number; co2: number }[]) => values.some((v) => Math.abs(v.co2 - K.co2) < 1e-3 && Math.abs(v.cost - K.cost) < 1e-3);

describe('points placed where the front bends', () => {
  it('puts a point on the kink with 3, 4 and 5 points, where evenly spaced levels miss it', async () => {
    for (const points of [3, 4, 5]) {
      const even = await front(points, 'even');
      const bend = await front(points, 'bend');
      expect(hitsKink(even.values), `even, ${points} points`).toBe(false);
      expect(hitsKink(bend.values), `bend, ${points} points`).toBe(true);
      for (const { values, result } of [even, bend]) {
        // Both are fronts of `points` points from A to E, in order, every point on the front derived above.
        expect(result.points.map((p) => p.index)).toEqual(Array.from({ length: points }, (_, i) => i + 1));
        expect(values[0].cost).toBeCloseTo(A.cost, 3);
        expect(values[0].co2).toBeCloseTo(A.co2, 3);
        expect(values.at(-1)!.cost).toBeCloseTo(E.cost, 3);
        expect(values.at(-1)!.co2).toBeCloseTo(E.co2, 3);
        for (let i = 1; i < values.length; i++) expect(values[i].co2).toBeLessThan(values[i - 1].co2);
        for (const v of values) expect(v.cost).toBeCloseTo(costAt(v.co2), 3);
      }
    }
  });

  it('reports the slopes of the front as marginal abatement costs, and the kink as the knee', async () => {
    // Bend with 5 points: the first price solve (the ends' average, 11,563.2 CHF / 16,819.2 kg =
    // 0.6875 CHF/kg) finds K; prices of 0.1 and 1.667 CHF/kg on either side find nothing below
    // the chords, so the last two points bisect the longer segment in scaled objectives (K–E, then
    // A–K): CO2 levels 3,854.4 and 12,264 kg (plus the 1e-7 slack a level is given).
    const { values, result } = await front(5, 'bend');
    expect(values.map((v) => v.co2)).toEqual([A.co2, 12_264, K.co2, 3854.4, E.co2].map((co2) => expect.closeTo(co2, 2)));
    const unit = rateUnit('CHF', 'kg CO2');
    const { rates, knee } = analyseFront(values.map((v) => ({ objective1: v.cost, objective2: v.co2 })), ['min', 'min'], unit);
    expect(rates).toEqual([undefined, expect.closeTo(100, 6), expect.closeTo(100, 6), expect.closeTo(10_000 / 6, 6), expect.closeTo(10_000 / 6, 6)]);
    expect(knee).toBe(2);

    // Evenly spaced, the middle segment (9,110.4 → 4,905.6 kg) straddles the kink and shows a rate
    // found nowhere on the front: (13,315.2 − 9,600.96) CHF / 4.2048 t = 883.33 CHF/t.
    const even = await front(5, 'even');
    const evenRates = analyseFront(even.values.map((v) => ({ objective1: v.cost, objective2: v.co2 })), ['min', 'min'], unit).rates;
    expect(evenRates[3]).toBeCloseTo(883.333, 2);

    // Every solution workbook carries the front: points, objectives, rates, the knee and its own row.
    const reports = result.points.map((p) => solutionReport(result.ctx, p));
    const zip = unzipSync(await outputZip(reports, result.ctx.time, {
      scenarioName: 'Kinked', objective1: 'MIN_LIFE_CYCLE_COST', objective2: 'MIN_CO2_EMISSIONS', points: 5, resolution: 'LOW',
      timeLimitMinutes: 2, mipGapPercent: 0.1, solveSeconds: result.seconds, notes: [],
    }));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(zip['Solution 2 - Kinked.xlsx']) as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Pareto front')!;
    expect(workbook.worksheets.map((s) => s.name).slice(0, 2)).toEqual(['Cost & CO2', 'Pareto front']);
    const row = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(row(2)).toEqual([
      'Point', 'MIN_LIFE_CYCLE_COST [CHF]', 'MIN_CO2_EMISSIONS [kg CO2]', 'Marginal abatement cost from the previous point [CHF/t CO2]', 'Knee', 'This workbook',
    ]);
    expect(sheet.rowCount).toBe(2 + 5);
    // Point 1 has no previous point, so no rate (exceljs leaves out empty cells at the end of a row).
    expect(row(3)).toEqual([1, expect.closeTo(A.cost, 3), expect.closeTo(A.co2, 3)]);
    expect(row(5)).toEqual([3, expect.closeTo(K.cost, 3), expect.closeTo(K.co2, 3), expect.closeTo(100, 4), 'knee']);
    expect(row(6)[3]).toBeCloseTo(10_000 / 6, 4);
    expect(row(4)[5]).toBe('this solution');
    expect(String(row(1)[0])).toMatch(/Knee: the point farthest from the straight line between the two ends/);
  });
});
