/**
 * Study results: output zips written by the project's own optimiser are read back to the values
 * it reported, damaged ones are refused, and the manifest and summary workbook hold every variant.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Objective } from '../../src/wire/contract/values.js';
import type { ModelContext } from '../../src/local-service/optimiser/model/context.js';
import { optimise, type SolvedPoint } from '../../src/local-service/optimiser/optimise.js';
import type { OptimiseSettings } from '../../src/local-service/optimiser/settings.js';
import { outputZip } from '../../src/local-service/optimiser/output-files.js';
import { solutionReport } from '../../src/local-service/optimiser/results.js';
import { MANIFEST_FILE, parameterRecord, readManifest, writeManifest, type Manifest, type VariantRecord } from '../../src/product/study/results/manifest.js';
import { OutputFileError, readOutputZip, type SolutionResult } from '../../src/product/study/results/read-output.js';
import { writeSummaryWorkbook } from '../../src/product/study/results/summary-workbook.js';
import { heatingCase } from '../solver/support/content.js';

const SETTINGS: OptimiseSettings = {
  objective1: 'MIN_LIFE_CYCLE_COST', objective2: 'MIN_CO2_EMISSIONS', points: 3, resolution: 'LOW', timeLimitMinutes: 2, mipGapPercent: 0.1,
};

interface Solved { ctx: ModelContext; points: SolvedPoint[]; zip: Uint8Array }

/** Boiler against heat pump for a 10 kW heat demand (test/solver/correctness.test.ts), the heat pump's price varied. */
async function solveHeating(heatPumpCost: number): Promise<Solved> {
  const { b, hub, gas, electricity, heat } = heatingCase();
  b.conversion('Boiler', [hub], { [gas]: 100 }, { [heat]: 90 }, { variableInvestmentCost: 100, lifetime: 1 });
  b.conversion('Heat pump', [hub], { [electricity]: 100 }, { [heat]: 300 }, { variableInvestmentCost: heatPumpCost, lifetime: 1 });
  const result = await optimise(b.build(), SETTINGS);
  if (result.kind !== 'solved') throw new Error(`not solved: ${JSON.stringify(result)}`);
  const reports = result.points.map((p) => solutionReport(result.ctx, p));
  const zip = await outputZip(reports, result.ctx.time, {
    scenarioName: `Heating ${heatPumpCost}`, objective1: SETTINGS.objective1, objective2: SETTINGS.objective2, points: SETTINGS.points,
    resolution: SETTINGS.resolution, timeLimitMinutes: SETTINGS.timeLimitMinutes, mipGapPercent: SETTINGS.mipGapPercent, solveSeconds: result.seconds, notes: [],
  });
  return { ctx: result.ctx, points: result.points, zip };
}

const expectClose = (actual: number | undefined, expected: number) =>
  expect(Math.abs((actual ?? NaN) - expected)).toBeLessThanOrEqual(1e-6 * Math.max(1, Math.abs(expected)));

async function workbookBytes(build: (workbook: ExcelJS.Workbook) => void): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  build(workbook);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

/** The Value/Item/… columns in another order, an extra column, and no sheets but `Mode …` and the cost table. */
function deployedLayout(workbook: ExcelJS.Workbook, lifeCycleCost: number): void {
  const mode = workbook.addWorksheet('Mode Hub Stage 1');
  mode.addRow(['Hourly operation of Hub, Stage 1']);
  mode.addRow(['Time step', 'Boiler output [kW]']);
  mode.addRow([1, 10]);
  const cost = workbook.addWorksheet('Cost & CO2');
  cost.addRow(['Unit', 'Value', 'Note', 'Stage', 'Hub', 'Item', 'Category', 'Section']);
  cost.addRow(['CHF', lifeCycleCost, '', '', '', 'MIN_LIFE_CYCLE_COST', 'minimise', 'Objective']);
  cost.addRow(['kg CO2', 19_466.666667, '', '', '', 'MIN_CO2_EMISSIONS', 'minimise', 'Objective']);
  cost.addRow(['CHF (present value)', 1000, '', 'Stage 1', '', 'Boiler @ Hub', 'Investment', 'Cost']);
  cost.addRow(['kW', 10, '', 'Stage 1', 'Hub', 'Boiler @ Hub', 'conversion', 'Capacity']);
}

let dir: string;
let expensive: Solved;
let cheap: Solved;
let expensiveResults: SolutionResult[];
let cheapResults: SolutionResult[];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sweep-results-'));
  [expensive, cheap] = [await solveHeating(1000), await solveHeating(200)];
  [expensiveResults, cheapResults] = [await readOutputZip(expensive.zip), await readOutputZip(cheap.zip)];
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('readOutputZip', () => {
  it('reads every solution with the objective values the optimiser reported', () => {
    for (const [solved, results] of [[expensive, expensiveResults], [cheap, cheapResults]] as const) {
      expect(results.map((r) => r.index)).toEqual([1, 2, 3]);
      for (const [i, result] of results.entries()) {
        expect(result.file).toMatch(new RegExp(`^Solution ${i + 1} - Heating \\d+\\.xlsx$`));
        const reported = solved.points[i].objectives;
        expect(Object.keys(result.objectives).sort()).toEqual(Object.keys(reported).sort());
        for (const name of Object.keys(reported) as Objective[]) expectClose(result.objectives[name], reported[name]);
      }
    }
    // The cost optimum with the dear heat pump is all boiler: 87,600 kWh × 0.10 / 0.9 + 10 kW × 100.
    expectClose(expensiveResults[0].objectives.MIN_LIFE_CYCLE_COST, (87_600 * 0.1) / 0.9 + 1000);
  });

  it('reads the installed capacity of every technology at every point', () => {
    for (const [i, result] of expensiveResults.entries()) {
      const expected = expensive.ctx.capacities.map((c) => ({ item: c.item, hub: expensive.ctx.hub(c.hub), stage: 'Stage 1', unit: c.unit, value: expensive.points[i].x[c.column] }));
      expect(result.capacities.map(({ value: _, ...rest }) => rest)).toEqual(expected.map(({ value: _, ...rest }) => rest));
      result.capacities.forEach((c, k) => expect(c.value).toBeCloseTo(expected[k].value, 5));
    }
    expect(expensiveResults[0].capacities.find((c) => c.item.startsWith('Boiler'))).toMatchObject({ hub: 'Hub', unit: 'kW', value: 10 });
  });

  it("reads the deployed service's layout: columns by header, only Mode sheets beside the table, entries in any order", async () => {
    const zip = zipSync({
      'Solution 2 - Deployed.xlsx': await workbookBytes((w) => deployedLayout(w, 12_000)),
      'Solution 1 - Deployed.xlsx': await workbookBytes((w) => deployedLayout(w, 10_733.333333)),
    });
    const results = await readOutputZip(zip);
    expect(results.map((r) => [r.index, r.file])).toEqual([[1, 'Solution 1 - Deployed.xlsx'], [2, 'Solution 2 - Deployed.xlsx']]);
    expect(results[0].objectives).toEqual({ MIN_LIFE_CYCLE_COST: 10_733.333333, MIN_CO2_EMISSIONS: 19_466.666667 });
    expect(results[1].capacities).toEqual([{ item: 'Boiler @ Hub', hub: 'Hub', stage: 'Stage 1', value: 10, unit: 'kW' }]);
  });
});

describe('readOutputZip refuses what is not complete results', () => {
  const refuses = (bytes: Uint8Array, message: RegExp) =>
    expect(readOutputZip(bytes)).rejects.toSatisfy((e) => e instanceof OutputFileError && message.test(e.message));

  it('a truncated zip, wherever it was cut', async () => {
    const zip = expensive.zip;
    const view = new DataView(zip.buffer, zip.byteOffset);
    // The workbooks are stored uncompressed, so a cut just after the first one leaves that
    // workbook's own end-of-zip record at the tail, where a reader looks for the outer one.
    const afterFirstEntry = 30 + view.getUint16(26, true) + view.getUint16(28, true) + view.getUint32(18, true);
    for (const length of [0, 100, afterFirstEntry, Math.floor(zip.length / 2), zip.length - 22, zip.length - 1]) {
      await refuses(zip.subarray(0, length), /./);
    }
  });

  it('bytes that are no zip at all (an error page)', async () => {
    await refuses(strToU8('<html><body>503 Service Unavailable</body></html>'), /output zip: is not a readable zip/);
  });

  it('a zip without solution workbooks', async () => {
    await refuses(zipSync({ 'readme.txt': strToU8('no solutions here') }), /output zip: holds no solution workbook/);
  });

  it('a solution workbook without the Cost & CO2 sheet, naming the file', async () => {
    const workbook = await workbookBytes((w) => w.addWorksheet('Run').addRow(['Setting', 'Value']));
    await refuses(zipSync({ 'Solution 1 - Heat.xlsx': workbook }), /^Solution 1 - Heat\.xlsx: has no "Cost & CO2" sheet/);
  });

  it('a solution entry that is not a workbook, or whose table lacks a column or a value', async () => {
    await refuses(zipSync({ 'Solution 1 - Heat.xlsx': strToU8('not a workbook') }), /^Solution 1 - Heat\.xlsx: is not a readable zip/);
    const noValue = await workbookBytes((w) => w.addWorksheet('Cost & CO2').addRow(['Section', 'Item', 'Hub', 'Stage', 'Unit']));
    await refuses(zipSync({ 'Solution 1 - Heat.xlsx': noValue }), /header row lacks Value/);
    const blankValue = await workbookBytes((w) => {
      const sheet = w.addWorksheet('Cost & CO2');
      sheet.addRow(['Section', 'Item', 'Hub', 'Stage', 'Value', 'Unit']);
      sheet.addRow(['Objective', 'MIN_LIFE_CYCLE_COST', '', '', null, 'CHF']);
    });
    await refuses(zipSync({ 'Solution 1 - Heat.xlsx': blankValue }), /row 2 .*MIN_LIFE_CYCLE_COST.* has no numeric Value/);
  });
});

/** Four variants over the heat pump's price: two solved, one failed, one still pending. */
function studyManifest(): Omit<Manifest, 'totals'> {
  const variant = (index: number, status: VariantRecord['status'], extra: Partial<VariantRecord> = {}): VariantRecord => ({
    index, key: `v${index}`, name: `study-v${index}`, label: `heat pump ${[1000, 200, 5, 600][index]} CHF/kW`,
    parameters: { heat_pump_cost: [1000, 200, 5, 600][index] }, status, files: [], solutions: [], ...extra,
  });
  return {
    study: { name: 'Heat pump price', description: 'Boiler or heat pump?', file: 'studies/heat-pump.yaml', startedAt: '2026-03-01T08:00:00.000Z', finishedAt: '2026-03-01T08:05:00.000Z' },
    solver: { objective1: 'MIN_LIFE_CYCLE_COST', objective2: 'MIN_CO2_EMISSIONS', temporalResolution: 'LOW', points: 3, timeLimit: 2, mipGap: 0.1 },
    parameters: [parameterRecord({ name: 'heat_pump_cost', target: { kind: 'conversionTechnology', name: 'Heat pump', field: 'variableInvestmentCost' }, operation: 'set' })],
    // Out of order on purpose: the writer sorts.
    variants: [
      variant(3, 'PENDING'),
      variant(1, 'DONE', { jobId: 'job-1', scenarioGuid: 'guid-1', solutions: cheapResults, files: [{ path: 'v1/output.zip', sha256: 'b'.repeat(64), bytes: cheap.zip.length }] }),
      variant(2, 'FAILED', { jobId: 'job-2', reason: 'Demand cannot be met: nothing can supply Heat at Hub (Stage 1)' }),
      variant(0, 'DONE', { jobId: 'job-0', scenarioGuid: 'guid-0', solutions: expensiveResults, files: [{ path: 'v0/output.zip', sha256: 'a'.repeat(64), bytes: expensive.zip.length }] }),
    ],
  };
}

describe('manifest', () => {
  it('round-trips, sorted by variant index, with totals counted and no temporary file left behind', async () => {
    const manifestDir = join(dir, 'manifest');
    const written = await writeManifest(manifestDir, studyManifest());
    expect(written.variants.map((v) => v.index)).toEqual([0, 1, 2, 3]);
    expect(written.totals).toEqual({ variants: 4, done: 2, failed: 1, pending: 1 });
    expect(written.parameters).toEqual([{ name: 'heat_pump_cost', kind: 'conversionTechnology', target: 'conversionTechnology "Heat pump" → variableInvestmentCost', operation: 'set' }]);
    expect(await readManifest(manifestDir)).toEqual(written);
    expect(await readdir(manifestDir)).toEqual([MANIFEST_FILE]);
    expect(await readFile(join(manifestDir, MANIFEST_FILE), 'utf8')).toMatch(/^\{\n {2}"study": \{\n/);
  });

  it('writes the same text one JSON.stringify of the whole would, variants last, with none and with several', async () => {
    for (const [name, variants] of [['none', []], ['several', studyManifest().variants]] as const) {
      const written = await writeManifest(join(dir, `text-${name}`), { ...studyManifest(), variants: [...variants] });
      const { variants: kept, ...head } = written;
      expect(await readFile(join(dir, `text-${name}`, MANIFEST_FILE), 'utf8')).toBe(`${JSON.stringify({ ...head, variants: kept }, null, 2)}\n`);
    }
  });

  it('describes nested targets, and refuses a manifest that is not one', async () => {
    expect(parameterRecord({ name: 'cop', target: { kind: 'conversionTechnology', name: 'Heat pump', mode: 1, carrier: 'Heat', field: 'outputEfficiency' }, operation: 'scale' }).target)
      .toBe('conversionTechnology "Heat pump", mode 1, carrier "Heat" → outputEfficiency');
    const badDir = join(dir, 'bad');
    const manifest = await writeManifest(badDir, studyManifest());
    await writeFile(join(badDir, MANIFEST_FILE), JSON.stringify({ ...manifest, variants: [{ ...manifest.variants[0], status: 'MAYBE' }] }));
    await expect(readManifest(badDir)).rejects.toThrow(/is not a valid study manifest[\s\S]*status/);
  });
});

describe('summary workbook', () => {
  let variants: ExcelJS.Worksheet;
  let failures: ExcelJS.Worksheet;
  const header = (sheet: ExcelJS.Worksheet) => (sheet.getRow(1).values as unknown[]).slice(1);

  beforeAll(async () => {
    const path = join(dir, 'summary', 'summary.xlsx');
    await writeSummaryWorkbook(path, await writeManifest(join(dir, 'summary'), studyManifest()));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(path);
    variants = workbook.getWorksheet('Variants')!;
    failures = workbook.getWorksheet('Failures')!;
  });

  it('has one row per variant and Pareto point, and one for each variant without solutions', () => {
    expect(variants.rowCount).toBe(1 + 3 + 3 + 1 + 1);
    const column = (name: string) => header(variants).indexOf(name) + 1;
    const rows = Array.from({ length: 8 }, (_, i) => variants.getRow(i + 2));
    expect(rows.map((r) => [r.getCell(1).value, r.getCell(column('Point')).value, r.getCell(column('Status')).value])).toEqual([
      [0, 1, 'DONE'], [0, 2, 'DONE'], [0, 3, 'DONE'], [1, 1, 'DONE'], [1, 2, 'DONE'], [1, 3, 'DONE'], [2, null, 'FAILED'], [3, null, 'PENDING'],
    ]);
    expect(rows.map((r) => r.getCell(column('heat_pump_cost')).value)).toEqual([1000, 1000, 1000, 200, 200, 200, 5, 600]);
    rows.slice(0, 3).forEach((r, i) => {
      expectClose(r.getCell(column('Life-cycle cost [CHF]')).value as number, expensiveResults[i].objectives.MIN_LIFE_CYCLE_COST);
      expectClose(r.getCell(column('CO2 emissions [kg]')).value as number, expensiveResults[i].objectives.MIN_CO2_EMISSIONS);
    });
    expect(rows[0].getCell(column('Job id')).value).toBe('job-0');
    expect(rows[6].getCell(column('Reason')).value).toMatch(/nothing can supply Heat/);
  });

  it('heads the columns with parameters and objectives with their units, the study objectives first', () => {
    const names = header(variants);
    expect(names.slice(0, 9)).toEqual(['Variant #', 'Key', 'Label', 'heat_pump_cost', 'Status', 'Reason', 'Point', 'Life-cycle cost [CHF]', 'CO2 emissions [kg]']);
    expect(names).toContain('Annualised cost [CHF/year]');
    expect(names.slice(-2)).toEqual(['Job id', 'Scenario guid']);
    // The objectives and the marginal abatement cost carry units.
    expect(names.filter((n) => /\[/.test(String(n)))).toHaveLength(10);
  });

  it('freezes, emboldens and filters the header and formats the money', () => {
    for (const sheet of [variants, failures]) {
      expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
      expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
      expect(sheet.autoFilter).toBeTruthy();
    }
    const lifeCycleCost = variants.getRow(2).getCell(header(variants).indexOf('Life-cycle cost [CHF]') + 1);
    expect(lifeCycleCost.numFmt).toBe('#,##0');
    expect(variants.getColumn(3).width).toBeGreaterThanOrEqual('heat pump 1000 CHF/kW'.length);
  });

  it('lists failed variants with their reasons on the Failures sheet', () => {
    expect(header(failures)).toEqual(['Variant #', 'Key', 'Label', 'Status', 'Reason', 'Job id', 'Scenario guid']);
    expect(failures.rowCount).toBe(2);
    expect((failures.getRow(2).values as unknown[]).slice(1, 6)).toEqual([2, 'v2', 'heat pump 5 CHF/kW', 'FAILED', 'Demand cannot be met: nothing can supply Heat at Hub (Stage 1)']);
  });
});
