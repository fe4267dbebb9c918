/**
 * The analyst's workbook of a study: a `Variants` sheet with one row per variant and Pareto point
 * (parameters, outcome, every objective with its unit) and a `Failures` sheet of the variants
 * that did not finish, with their reasons.
 */
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import ExcelJS from 'exceljs';
import { OBJECTIVES, type Objective } from '../../api/values.js';
import { FAILED_STATUSES, type Manifest, writeAtomically } from './manifest.js';

type Cell = string | number | boolean | undefined;

interface Table {
  /** `numeric` columns get thousands separators, and decimals only below 1,000. */
  columns: { header: string; numeric?: boolean }[];
  rows: Cell[][];
}

const OBJECTIVE_HEADERS: Record<string, string> = {
  MIN_LIFE_CYCLE_COST: 'Life-cycle cost [CHF]',
  MIN_ANNUALIZED_COST: 'Annualised cost [CHF/year]',
  MIN_CO2_EMISSIONS: 'CO2 emissions [kg]',
  MIN_INVESTMENT: 'Investment [CHF]',
  MIN_OM: 'Operation & maintenance [CHF]',
  MIN_FUEL_IMPORTS: 'Fuel imports [CHF]',
  MIN_REPLACEMENT: 'Replacement [CHF]',
  MAX_EXPORTS: 'Export revenue [CHF]',
  MAX_SALVAGE: 'Salvage value [CHF]',
} satisfies Record<Objective, string>;

/** Writes the summary workbook to `path` atomically. */
export async function writeSummaryWorkbook(path: string, manifest: Manifest): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeAtomically(path, async (partial) => {
    // Streamed: a study of thousands of variants × Pareto points would take gigabytes in memory.
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: partial, useStyles: true });
    addTable(workbook, 'Variants', variantsTable(manifest));
    addTable(workbook, 'Failures', failuresTable(manifest));
    await workbook.commit();
  });
}

function variantsTable(manifest: Manifest): Table {
  const parameters = manifest.parameters.map((p) => p.name);
  const objectives = objectivesIn(manifest);
  return {
    columns: [
      { header: 'Variant #' }, { header: 'Key' }, { header: 'Label' }, ...parameters.map((header) => ({ header })),
      { header: 'Status' }, { header: 'Reason' }, { header: 'Point' },
      ...objectives.map((o) => ({ header: OBJECTIVE_HEADERS[o] ?? o, numeric: true })),
      { header: 'Job id' }, { header: 'Scenario guid' },
    ],
    // A variant without solutions still gets its row, so every variant is on the sheet.
    rows: manifest.variants.flatMap((v) => (v.solutions.length ? v.solutions : [undefined]).map((s) => [
      v.index, v.key, v.label, ...parameters.map((p) => v.parameters[p]), v.status, v.reason, s?.index,
      ...objectives.map((o) => s?.objectives[o]), v.jobId, v.scenarioGuid,
    ])),
  };
}

function failuresTable(manifest: Manifest): Table {
  return {
    columns: ['Variant #', 'Key', 'Label', 'Status', 'Reason', 'Job id', 'Scenario guid'].map((header) => ({ header })),
    rows: manifest.variants
      .filter((v) => FAILED_STATUSES.includes(v.status))
      .map((v) => [v.index, v.key, v.label, v.status, v.reason, v.jobId, v.scenarioGuid]),
  };
}

/** Every objective some solution reports: the study's own two first, then the service's order. */
function objectivesIn(manifest: Manifest): string[] {
  const present = new Set(manifest.variants.flatMap((v) => v.solutions.flatMap((s) => Object.keys(s.objectives))));
  const order = new Set<string>([manifest.solver.objective1, manifest.solver.objective2, ...OBJECTIVES].filter((o) => o != null));
  return [...[...order].filter((o) => present.has(o)), ...[...present].filter((o) => !order.has(o)).sort()];
}

function addTable(workbook: ExcelJS.stream.xlsx.WorkbookWriter, name: string, table: Table): void {
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  // A streamed sheet writes its column widths before its first row, so they are measured up front.
  sheet.columns = table.columns.map((column, i) => ({ width: widthOf(column, table.rows.map((r) => r[i])) }));
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: table.columns.length } };
  const header = sheet.addRow(table.columns.map((c) => c.header));
  header.font = { bold: true };
  header.commit();
  for (const values of table.rows) {
    const row = sheet.addRow(values);
    table.columns.forEach((column, i) => {
      const value = values[i];
      if (column.numeric && typeof value === 'number') row.getCell(i + 1).numFmt = decimals(value) ? '#,##0.00' : '#,##0';
    });
    row.commit();
  }
  sheet.commit();
}

/** Cents matter in small amounts only; above 1,000 they are noise to a reader. */
const decimals = (value: number) => (Math.abs(value) >= 1000 ? 0 : 2);

/** A cell as Excel will show it, near enough to size its column. */
function shown(value: Cell, numeric?: boolean): string {
  if (!numeric || typeof value !== 'number') return String(value ?? '');
  return value.toLocaleString('en-US', { minimumFractionDigits: decimals(value), maximumFractionDigits: decimals(value) });
}

/** Wide enough for the header and the longest value, within bounds a screen can show. */
function widthOf(column: Table['columns'][number], values: Cell[]): number {
  const longest = values.reduce<number>((max, v) => Math.max(max, shown(v, column.numeric).length), column.header.length);
  return Math.min(50, Math.max(8, longest + 2));
}
