/**
 * Every kind of workbook the project writes, opened by a strict reader (openpyxl): a solver output
 * of a pure LP (no MIP gap exists), of a MIP's Pareto front, and of a typical-day storage case; a
 * specs workbook as the service writes it; a study's summary workbook. None may hold a number a
 * workbook cannot store (infinity, not-a-number), and each writer refuses to write one, naming
 * sheet, cell and value.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { readScenarioWorkbook } from '../../src/local-service/specs-workbook/read-workbook.js';
import { writeScenarioWorkbook } from '../../src/local-service/specs-workbook/write-workbook.js';
import { optimise } from '../../src/local-service/optimiser/optimise.js';
import type { OptimiseSettings } from '../../src/local-service/optimiser/settings.js';
import { outputZip, solutionWorkbook } from '../../src/local-service/optimiser/output-files.js';
import { solutionReport } from '../../src/local-service/optimiser/results.js';
import { runNotes } from '../../src/local-service/optimiser/run-notes.js';
import { writeSummaryWorkbook } from '../../src/product/study/results/summary-workbook.js';
import type { ScenarioContent } from '../../src/local-service/scenario-model/documents.js';
import { studyManifest } from '../report/study-fixture.js';
import { tempDir } from '../support/service.js';
import { ensureStrictReader, readStrictly } from '../support/strict-xlsx.js';
import { arbitrageCase, heatingCase } from './support/content.js';

const settings = (overrides: Partial<OptimiseSettings> = {}): OptimiseSettings => ({
  objective1: 'MIN_LIFE_CYCLE_COST', points: 1, resolution: 'LOW', timeLimitMinutes: 2, mipGapPercent: 0.1, ...overrides,
});

/** The solver's output zip of `content`, unpacked into `dir`: the paths of its workbooks. */
async function solverWorkbooks(dir: string, name: string, content: ScenarioContent, overrides: Partial<OptimiseSettings> = {}): Promise<string[]> {
  const s = settings(overrides);
  const result = await optimise(content, s);
  if (result.kind !== 'solved') throw new Error(`${name} not solved: ${JSON.stringify(result)}`);
  const reports = result.points.map((p) => solutionReport(result.ctx, p));
  const zip = await outputZip(reports, result.ctx.time, { ...s, scenarioName: name, solveSeconds: result.seconds, notes: runNotes(result).notes });
  return Promise.all(Object.entries(unzipSync(zip)).map(async ([file, bytes]) => {
    const path = join(dir, `${name} ${file}`);
    await writeFile(path, bytes);
    return path;
  }));
}

describe('workbooks a strict reader opens', () => {
  const dir = tempDir('sweep-strict-');
  const files: Record<string, string[]> = {};

  beforeAll(async () => {
    ensureStrictReader();
    const lp = heatingCase();
    lp.b.conversion('Boiler', [lp.hub], { [lp.gas]: 100 }, { [lp.heat]: 90 }, { variableInvestmentCost: 100, lifetime: 1 });
    files['pure LP'] = await solverWorkbooks(dir, 'lp', lp.b.build());

    const mip = heatingCase();
    mip.b.conversion('Boiler', [mip.hub], { [mip.gas]: 100 }, { [mip.heat]: 90 }, { variableInvestmentCost: 100, fixedInvestmentCost: 500, lifetime: 1 });
    mip.b.conversion('Heat pump', [mip.hub], { [mip.electricity]: 100 }, { [mip.heat]: 300 }, { variableInvestmentCost: 1000, fixedInvestmentCost: 500, lifetime: 1 });
    files['MIP Pareto front'] = await solverWorkbooks(dir, 'front', mip.b.build(), { objective2: 'MIN_CO2_EMISSIONS', points: 3 });

    files['typical-day storage'] = await solverWorkbooks(dir, 'storage', arbitrageCase().build());

    const specs = join(dir, 'specs.xlsx');
    const demo = await readScenarioWorkbook(await readFile('examples/demo-district.xlsx'));
    await writeFile(specs, await writeScenarioWorkbook(demo, { scenarioName: 'demo district' }));
    files['specs workbook'] = [specs];

    const summary = join(dir, 'summary.xlsx');
    await writeSummaryWorkbook(summary, studyManifest());
    files['study summary'] = [summary];
  }, 300_000);

  it('produced every kind of workbook (three Pareto points, one workbook per solution)', () => {
    expect(Object.fromEntries(Object.entries(files).map(([kind, paths]) => [kind, paths.length]))).toEqual({
      'pure LP': 1, 'MIP Pareto front': 3, 'typical-day storage': 1, 'specs workbook': 1, 'study summary': 1,
    });
  });

  it('are each loaded by openpyxl with no non-finite number in any cell or sheet XML', () => {
    const readings = readStrictly(Object.values(files).flat());
    for (const reading of readings) {
      expect(reading.problems, reading.file).toEqual([]);
      expect(reading.sheets.length, reading.file).toBeGreaterThan(0);
    }
    // The solver's sheets were all read, not just the first.
    expect(readings.find((r) => r.file.includes('lp Solution 1'))!.sheets).toEqual(expect.arrayContaining(['Cost & CO2', 'Run']));
    expect(readings.find((r) => r.file.includes('storage Solution 1'))!.sheets).toContain('Storage Hub Stage 1');
  });

  it('say in words that a pure LP has no MIP gap, and give a MIP its gap as a number', async () => {
    const gapOf = async (file: string) => {
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile(file);
      let gap: unknown;
      workbook.getWorksheet('Run')!.eachRow((row) => {
        if (row.getCell(1).value === 'Final MIP gap [%]') gap = row.getCell(2).value;
      });
      return gap;
    };
    expect(await gapOf(files['pure LP'][0])).toBe('n/a (LP: no integer decisions)');
    expect(await gapOf(files['MIP Pareto front'][0])).toEqual(expect.any(Number));
  });
});

describe('the writers refuse a non-finite number, naming sheet, cell and value', () => {
  it('the solver output', async () => {
    const { b, hub, gas, heat } = heatingCase();
    b.conversion('Boiler', [hub], { [gas]: 100 }, { [heat]: 90 }, { variableInvestmentCost: 100, lifetime: 1 });
    const result = await optimise(b.build(), settings());
    if (result.kind !== 'solved') throw new Error('not solved');
    const report = solutionReport(result.ctx, result.points[0]);
    report.rows[0].value = Number.NaN;
    const info = { ...settings(), scenarioName: 'nan', solveSeconds: 1, notes: [] };
    await expect(solutionWorkbook(report, result.ctx.time, info)).rejects.toThrow(/sheet "Cost & CO2", cell F2 holds NaN/);
  }, 60_000);

  it('the specs workbook', async () => {
    const { b } = heatingCase();
    const content = b.build();
    content.profiles[0].values[9] = Number.POSITIVE_INFINITY;
    // Row 1 keys, row 2 names, hour 10 in row 12; column A numbers the hours.
    await expect(writeScenarioWorkbook(content, { scenarioName: 'inf' })).rejects.toThrow(/sheet "Profiles", cell B12 holds Infinity/);
  });

  it('the study summary', async () => {
    const manifest = studyManifest();
    manifest.variants[0].solutions[0].objectives.MIN_CO2_EMISSIONS = Number.NEGATIVE_INFINITY;
    await expect(writeSummaryWorkbook(join(tempDir('sweep-strict-'), 'summary.xlsx'), manifest)).rejects.toThrow(/sheet "Variants", cell \w+2 holds -Infinity/);
  });
});
