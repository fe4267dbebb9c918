/**
 * The analyst's workbook of a study: a `Variants` sheet with one row per variant and Pareto point
 * (parameters, outcome, every objective with its unit, and for a study of two objectives the
 * marginal rate from the variant's previous Pareto point and its front's knee), a sheet for the
 * study's pair of objectives (`Cost vs CO2`: each Pareto point's two values side by side, ready to
 * chart, with the rate and the knee) and a `Failures`
 * sheet of the variants that did not finish, with their reasons.
 */
import { once } from 'node:events';
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { assertFiniteRow } from '../../../common/finite-cells.js';
import { OBJECTIVES } from '../../../wire/contract/values.js';
import { FAILED_STATUSES, writeAtomically } from './manifest.js';
import { objectiveHeader, objectiveLabel } from './objective-labels.js';
import { analysisTables } from './analysis-tables.js';
import { KNEE_HEADER, KNEE_MARK, type PointOnFront, rateHeader, variantFront } from './front-columns.js';
import { type Cell, madeRows, type RowsTable, type Table } from './table.js';
import type { StudyResults } from './variant-summary.js';

export type { Cell, RowsTable, Table } from './table.js';

/** Writes the summary workbook to `path` atomically. */
export async function writeSummaryWorkbook(path: string, manifest: StudyResults): Promise<void> {
  const pair = objectivePair(manifest);
  await writeTablesWorkbook(path, [
    ['Variants', () => variantsTable(manifest)],
    ...(pair ? [[pairSheetName(pair), () => pairTable(manifest, pair)] as [string, () => RowsTable]] : []),
    ...analysisTables(manifest).map(([name, table]): [string, () => RowsTable] => [name, () => table]),
    ['Failures', () => failuresTable(manifest)],
  ]);
}

/** A workbook of one sheet per table, written atomically; each table is made when its sheet is written. */
export async function writeTablesWorkbook(path: string, sheets: [string, () => RowsTable][]): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeAtomically(path, async (partial) => {
    // Streamed: a study of thousands of variants × Pareto points would take gigabytes in memory.
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: partial, useStyles: true });
    for (const [name, table] of sheets) await addTable(workbook, name, table());
    await workbook.commit();
  });
}

/**
 * One row per variant and Pareto point, and one for each variant without solutions. A study's
 * outcomes are the variant's (each reads one point), repeated on each of its rows; one that could
 * not be read says why in its cell.
 */
export function variantsTable(manifest: StudyResults): RowsTable {
  const parameters = manifest.parameters.map((p) => p.name);
  const objectives = objectivesIn(manifest);
  const outcomes = manifest.outcomes ?? [];
  const pair = objectivePair(manifest);
  const frontColumns = pair ? [{ header: rateHeader(pair), numeric: true }, { header: KNEE_HEADER }] : [];
  const outcomeCell = (v: StudyResults['variants'][number], name: string): Cell => {
    const value = v.outcomes?.[name];
    if (!value) return undefined;
    return 'value' in value ? value.value : `(not read: ${value.problem})`;
  };
  return {
    columns: [
      { header: 'Variant #' }, { header: 'Key' }, { header: 'Label' }, ...parameters.map((header) => ({ header })),
      { header: 'Status' }, { header: 'Reason' }, { header: 'Point' },
      ...objectives.map((o) => ({ header: objectiveHeader(o), numeric: true })), ...frontColumns,
      ...outcomes.map((o) => ({ header: o.unit ? `${o.name} [${o.unit}]` : o.name, numeric: o.numeric })),
      { header: 'Job id' }, { header: 'Scenario guid' },
    ],
    // A variant without solutions still gets its row, so every variant is on the sheet.
    rows: madeRows(function* () {
      for (const v of manifest.variants) {
        const front = pair ? variantFront(v.solutions, pair) : undefined;
        for (const s of v.solutions.length ? v.solutions : [undefined]) {
          yield [
            v.index, v.key, v.label, ...parameters.map((p) => v.parameters[p]), v.status, v.reason, s?.index,
            ...objectives.map((o) => s?.objectives[o]), ...(front ? frontCells(front, s?.index) : []),
            ...outcomes.map((o) => outcomeCell(v, o.name)), v.jobId, v.scenarioGuid,
          ];
        }
      }
    }),
  };
}

/** The study's two objectives, when it has two different ones. */
export function objectivePair(manifest: StudyResults): [string, string] | undefined {
  const { objective1, objective2 } = manifest.solver;
  return objective2 != null && objective2 !== objective1 ? [objective1, objective2] : undefined;
}

/** `Cost vs CO2`, within Excel's 31 characters and without the characters it refuses in a sheet name. */
export function pairSheetName([first, second]: [string, string]): string {
  return `${objectiveLabel(first).short} vs ${objectiveLabel(second).short}`.replace(/[[\]:*?/\\]/g, '-').slice(0, 31);
}

/** Only the points that were found: a variant without solutions has nothing to put side by side. */
function pairTable(manifest: StudyResults, pair: [string, string]): RowsTable {
  return {
    columns: [
      { header: 'Variant #' }, { header: 'Label' }, { header: 'Point' }, ...pair.map((o) => ({ header: objectiveHeader(o), numeric: true })),
      { header: rateHeader(pair), numeric: true }, { header: KNEE_HEADER },
    ],
    rows: madeRows(function* () {
      for (const v of manifest.variants) {
        const front = variantFront(v.solutions, pair);
        for (const s of v.solutions) yield [v.index, v.label, s.index, ...pair.map((o) => s.objectives[o]), ...frontCells(front, s.index)];
      }
    }),
  };
}

/** The rate from the variant's previous point and the knee mark of one solution. */
function frontCells(front: Map<number, PointOnFront>, solution: number | undefined): Cell[] {
  const point = solution === undefined ? undefined : front.get(solution);
  return [point?.rate, point?.knee ? KNEE_MARK : undefined];
}

function failuresTable(manifest: StudyResults): Table {
  return {
    columns: ['Variant #', 'Key', 'Label', 'Status', 'Reason', 'Job id', 'Scenario guid'].map((header) => ({ header })),
    rows: manifest.variants
      .filter((v) => FAILED_STATUSES.includes(v.status))
      .map((v) => [v.index, v.key, v.label, v.status, v.reason, v.jobId, v.scenarioGuid]),
  };
}

/** Every objective some solution reports: the study's own two first, then the service's order. */
export function objectivesIn(manifest: StudyResults): string[] {
  const present = new Set<string>();
  for (const v of manifest.variants) for (const s of v.solutions) for (const o in s.objectives) present.add(o);
  const order = new Set<string>([manifest.solver.objective1, manifest.solver.objective2, ...OBJECTIVES].filter((o) => o != null));
  return [...[...order].filter((o) => present.has(o)), ...[...present].filter((o) => !order.has(o)).sort()];
}

async function addTable(workbook: ExcelJS.stream.xlsx.WorkbookWriter, name: string, table: RowsTable): Promise<void> {
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  // A streamed sheet writes its column widths before its first row, so they are measured up front.
  sheet.columns = columnWidths(table).map((width) => ({ width }));
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: table.columns.length } };
  const header = sheet.addRow(table.columns.map((c) => c.header));
  header.font = { bold: true };
  header.commit();
  let written = 0;
  for (const values of table.rows) {
    const row = sheet.addRow(values);
    table.columns.forEach((column, i) => {
      const value = values[i];
      if (column.numeric && typeof value === 'number') row.getCell(i + 1).numFmt = decimalsShown(value) ? '#,##0.00' : '#,##0';
    });
    assertFiniteRow(name, row);
    row.commit();
    if (++written % ZIPPED_EVERY === 0) await zipped(sheet);
  }
  sheet.commit();
}

/** Rows between waits for the zip, about 12 kB of a sheet's XML: every 500 rows, 60 MB of buffers in flight awaited a full collection at 100,000 rows. */
const ZIPPED_EVERY = 50;

/** The stream between a streamed sheet and the zip: readable-stream 2's, which has no public `writableNeedDrain`. */
type SheetPipe = Writable & { _writableState?: { needDrain?: boolean } };

/**
 * Waits until the zip has taken what the sheet has written. exceljs 4 hands a streamed sheet's XML
 * to archiver through a PassThrough that takes it without bound: rows added in one synchronous loop
 * would all wait there (90 MB for 100,000 rows) until the sheet is committed.
 */
async function zipped(sheet: ExcelJS.Worksheet): Promise<void> {
  const pipe = (sheet as unknown as { stream?: { pipes?: SheetPipe[] } }).stream?.pipes?.[0];
  while (pipe && (pipe.writableNeedDrain ?? pipe._writableState?.needDrain)) await once(pipe, 'drain');
}

/** Cents matter in small amounts only; above 1,000 they are noise to a reader. */
const decimalsShown = (value: number) => (Math.abs(value) >= 1000 ? 0 : 2);

// One formatter each: `toLocaleString` builds a new one per call, which costs seconds over 30,000 rows.
const FORMATS = [0, 2].map((d) => new Intl.NumberFormat('en-US', { minimumFractionDigits: d, maximumFractionDigits: d }));

/** A number as the workbook's number formats show it: thousands separators, and cents only below 1,000. */
export function formatNumber(value: number): string {
  return FORMATS[decimalsShown(value) ? 1 : 0].format(value);
}

/** A cell as Excel will show it, near enough to size its column. */
function shown(value: Cell, numeric?: boolean): string {
  return numeric && typeof value === 'number' ? formatNumber(value) : String(value ?? '');
}

/** Each column wide enough for its header and its longest value, within bounds a screen can show; the rows are read once. */
function columnWidths({ columns, rows }: RowsTable): number[] {
  const longest = columns.map((c) => c.header.length);
  for (const row of rows) columns.forEach((c, i) => (longest[i] = Math.max(longest[i], shown(row[i], c.numeric).length)));
  return longest.map((n) => Math.min(50, Math.max(8, n + 2)));
}
