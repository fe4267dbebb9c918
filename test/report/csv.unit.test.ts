/**
 * results.csv: RFC 4180 text with the Variants sheet's columns, read back by a strict parser to the
 * values of the manifest, every digit of the numbers included.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvField, resultsCsv } from '../../src/product/report/csv.js';
import { writeSummaryWorkbook } from '../../src/product/study/results/summary-workbook.js';
import { studyManifest } from './study-fixture.js';

/** RFC 4180, strictly: CRLF between records, quotes only around whole fields, "" for a quote inside. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let fields: string[] = [];
  let i = 0;
  for (;;) {
    let field = '';
    if (text[i] === '"') {
      for (i++; ; i++) {
        if (i >= text.length) throw new Error('unterminated quoted field');
        if (text[i] === '"' && text[i + 1] === '"') { field += '"'; i++; } else if (text[i] === '"') { i++; break; } else field += text[i];
      }
    } else {
      while (i < text.length && text[i] !== ',' && text[i] !== '\r' && text[i] !== '\n') {
        if (text[i] === '"') throw new Error(`a quote inside an unquoted field at ${i}`);
        field += text[i++];
      }
    }
    fields.push(field);
    if (text[i] === ',') { i++; continue; }
    if (text.startsWith('\r\n', i)) {
      records.push(fields);
      fields = [];
      i += 2;
      if (i === text.length) return records;
      continue;
    }
    throw new Error(`expected , or CRLF at ${i}, found ${JSON.stringify(text.slice(i, i + 5))}`);
  }
}

describe('csvField', () => {
  it('quotes a field with a comma, a quote, a line break or spaces at its ends, doubling its quotes', () => {
    expect(csvField('plain text')).toBe('plain text');
    expect(csvField('a, b')).toBe('"a, b"');
    expect(csvField('the "best" one')).toBe('"the ""best"" one"');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\rhere')).toBe('"cr\rhere"');
    expect(csvField(' padded')).toBe('" padded"');
    expect(csvField('padded ')).toBe('"padded "');
  });

  it('writes nothing for a missing value and numbers and booleans as JavaScript reads them back', () => {
    expect(csvField(undefined)).toBe('');
    expect(csvField(0.1 + 0.2)).toBe('0.30000000000000004');
    expect(csvField(1_234_567.891)).toBe('1234567.891');
    expect(csvField(false)).toBe('false');
  });
});

describe('resultsCsv', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sweep-report-csv-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('has the summary workbook Variants sheet columns, units in the objective headers', async () => {
    const manifest = studyManifest();
    const path = join(dir, 'summary.xlsx');
    await writeSummaryWorkbook(path, manifest);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(path);
    const sheetHeader = (workbook.getWorksheet('Variants')!.getRow(1).values as unknown[]).slice(1);
    const [header] = parseCsv(resultsCsv(manifest));
    expect(header).toEqual(sheetHeader);
    expect(header).toEqual([
      'Variant #', 'Key', 'Label', 'heat_pump_cost', 'insulation', 'Status', 'Reason', 'Point',
      'Life-cycle cost [CHF]', 'CO2 emissions [kg]', 'Annualised cost [CHF/year]', 'Investment [CHF]',
      'Marginal abatement cost from previous point [CHF/t CO2]', 'Knee', 'Job id', 'Scenario guid',
    ]);
  });

  it('gives each point the CHF per tonne of CO2 avoided since its variant\'s previous point, and marks each front\'s knee', () => {
    const manifest = studyManifest();
    const [header, ...records] = parseCsv(resultsCsv(manifest));
    const column = (name: string) => header.indexOf(name);
    const rate = column('Marginal abatement cost from previous point [CHF/t CO2]');
    // Variant 0: (Δ life-cycle cost) / (Δ CO2 in kg / 1,000) between points 1 and 2, and 2 and 3.
    const [p1, p2, p3] = manifest.variants[0].solutions.map((s) => s.objectives);
    expect(records.slice(0, 3).map((r) => r[rate])).toEqual([
      '',
      String((p2.MIN_LIFE_CYCLE_COST - p1.MIN_LIFE_CYCLE_COST) / ((p1.MIN_CO2_EMISSIONS - p2.MIN_CO2_EMISSIONS) / 1000)),
      String((p3.MIN_LIFE_CYCLE_COST - p2.MIN_LIFE_CYCLE_COST) / ((p2.MIN_CO2_EMISSIONS - p3.MIN_CO2_EMISSIONS) / 1000)),
    ]);
    // The fixture's fronts bow towards the ideal point (cost rises as t^1.6, CO2 falls as √t), so the
    // middle of three points is the knee: at t = ½ the scaled distance below the chord is
    // (1 − (1 − 0.707) − 0.330)/√2 > 0. A failed variant has neither.
    expect(records.map((r) => r[column('Knee')])).toEqual(['', 'knee', '', '', 'knee', '', '', 'knee', '', '', 'knee', '', '', '', 'knee', '']);
    expect(Number(records[2][rate])).toBeGreaterThan(Number(records[1][rate]));
  });

  it('has a record per variant and Pareto point, one for a failed variant, and every number to its last digit', () => {
    const manifest = studyManifest();
    const [header, ...records] = parseCsv(resultsCsv(manifest));
    expect(records).toHaveLength(5 * 3 + 1);
    const column = (name: string) => header.indexOf(name);
    expect(records.map((r) => `${r[0]}.${r[column('Point')]}`)).toEqual([
      '0.1', '0.2', '0.3', '1.1', '1.2', '1.3', '2.1', '2.2', '2.3', '3.1', '3.2', '3.3', '4.', '5.1', '5.2', '5.3',
    ]);
    const failed = records[12];
    expect([failed[column('Status')], failed[column('Reason')], failed[column('Life-cycle cost [CHF]')]])
      .toEqual(['FAILED', 'Demand cannot be met: nothing can supply Heat at "Hub, 1" (Stage 1)', '']);
    const solutions = manifest.variants.flatMap((v) => v.solutions);
    records.filter((r) => r[column('Point')] !== '').forEach((r, i) => {
      expect(Number(r[column('Life-cycle cost [CHF]')])).toBe(solutions[i].objectives.MIN_LIFE_CYCLE_COST);
      expect(Number(r[column('Investment [CHF]')])).toBe(solutions[i].objectives.MIN_INVESTMENT);
    });
    expect(records[0][column('insulation')]).toBe('none');
    expect(records[0][column('heat_pump_cost')]).toBe('400');
  });

  it('reads back labels with commas, quotes and line breaks as they were', () => {
    const manifest = studyManifest();
    const labels = ['heat pump, "cheap"', 'two\r\nlines', ' leading space', 'plain'];
    manifest.variants.slice(0, labels.length).forEach((v, i) => (v.label = labels[i]));
    const csv = resultsCsv(manifest);
    expect(csv.endsWith('\r\n')).toBe(true);
    const [header, ...records] = parseCsv(csv);
    const label = header.indexOf('Label');
    expect([records[0], records[3], records[6], records[9]].map((r) => r[label])).toEqual(labels);
  });
});
