/**
 * The summary workbook's objective-pair sheet (`Cost vs CO2`), read back with exceljs: its place
 * between Variants and Failures, its headers with units, its frozen header and number formats.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { objectiveHeader } from '../../src/product/study/results/objective-labels.js';
import { pairSheetName, writeSummaryWorkbook } from '../../src/product/study/results/summary-workbook.js';
import { studyManifest } from './study-fixture.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sweep-report-workbook-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function written(name: string, manifest = studyManifest()): Promise<ExcelJS.Workbook> {
  const path = join(dir, name);
  await writeSummaryWorkbook(path, manifest);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  return workbook;
}

const values = (row: ExcelJS.Row) => (row.values as unknown[]).slice(1);

describe('the objective-pair sheet', () => {
  let workbook: ExcelJS.Workbook;
  let pair: ExcelJS.Worksheet;
  beforeAll(async () => {
    workbook = await written('pair.xlsx');
    pair = workbook.getWorksheet('Cost vs CO2')!;
  });

  it('stands between the Variants and the Failures sheets', () => {
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Variants', 'Cost vs CO2', 'Failures']);
  });

  it('heads the variant, the point and the two objectives side by side, with their units', () => {
    expect(values(pair.getRow(1))).toEqual([
      'Variant #', 'Label', 'Point', 'Life-cycle cost [CHF]', 'CO2 emissions [kg]', 'Marginal abatement cost from previous point [CHF/t CO2]', 'Knee',
    ]);
    expect(pair.getRow(1).getCell(1).font?.bold).toBe(true);
  });

  it('holds each Pareto point of each solved variant, values as the manifest has them', () => {
    const manifest = studyManifest();
    // Each point after the first: the CHF per tonne of CO2 avoided since its variant's previous point;
    // the middle of each three-point front is its knee (see csv.test.ts). exceljs drops empty cells at a row's end.
    const expected = manifest.variants.flatMap((v) => v.solutions.map((s, i) => {
      const previous = v.solutions[i - 1]?.objectives;
      const rate = previous && (s.objectives.MIN_LIFE_CYCLE_COST - previous.MIN_LIFE_CYCLE_COST) / ((previous.MIN_CO2_EMISSIONS - s.objectives.MIN_CO2_EMISSIONS) / 1000);
      const cells = [v.index, v.label, s.index, s.objectives.MIN_LIFE_CYCLE_COST, s.objectives.MIN_CO2_EMISSIONS];
      return i === 0 ? cells : i === 1 ? [...cells, expect.closeTo(rate!, 9), 'knee'] : [...cells, expect.closeTo(rate!, 9)];
    }));
    expect(pair.rowCount).toBe(1 + 5 * 3);
    expect(Array.from({ length: expected.length }, (_, i) => values(pair.getRow(i + 2)))).toEqual(expected);
  });

  it('freezes the header row, filters it and formats the objectives as numbers', () => {
    expect(pair.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(pair.autoFilter).toBeTruthy();
    expect(pair.getRow(2).getCell(4).numFmt).toBe('#,##0');
    expect(pair.getRow(2).getCell(5).numFmt).toBe('#,##0');
    expect(pair.getRow(2).getCell(3).numFmt).toBeUndefined();
  });

  it('gives amounts below 1,000 their cents', async () => {
    const manifest = studyManifest();
    manifest.variants[0].solutions[0].objectives.MIN_CO2_EMISSIONS = 512.25;
    const sheet = (await written('small.xlsx', manifest)).getWorksheet('Cost vs CO2')!;
    expect(sheet.getRow(2).getCell(5).value).toBe(512.25);
    expect(sheet.getRow(2).getCell(5).numFmt).toBe('#,##0.00');
  });
});

describe('the rest of the workbook', () => {
  it('keeps the Variants sheet with units in its headers, frozen and formatted', async () => {
    const variants = (await written('variants.xlsx')).getWorksheet('Variants')!;
    const header = values(variants.getRow(1));
    expect(header).toContain('Life-cycle cost [CHF]');
    expect(header).toContain('Annualised cost [CHF/year]');
    expect(variants.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(variants.getRow(2).getCell(header.indexOf('Life-cycle cost [CHF]') + 1).numFmt).toBe('#,##0');
  });

  it('has no pair sheet for a study of one objective', async () => {
    const workbook = await written('one.xlsx', studyManifest({ objective2: null }));
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Variants', 'Failures']);
  });

  it('names other pairs after their objectives, within Excel\'s 31 characters and without its forbidden characters', () => {
    expect(pairSheetName(['MIN_ANNUALIZED_COST', 'MIN_OM'])).toBe('Annual cost vs O&M');
    expect(pairSheetName(['MAX_EXPORTS', 'MIN_INVESTMENT'])).toBe('Exports vs Investment');
    const unknown = pairSheetName(['MIN_SOMETHING/NEW[1]', 'MIN_ANOTHER_NEW_OBJECTIVE_NAME']);
    expect(unknown.length).toBeLessThanOrEqual(31);
    expect(unknown).not.toMatch(/[[\]:*?/\\]/);
    expect(objectiveHeader('MIN_SOMETHING_NEW')).toBe('MIN_SOMETHING_NEW');
  });
});
