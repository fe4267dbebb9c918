/**
 * The output file of a solver job, in the deployed service's layout: a zip holding one workbook
 * per Pareto solution, `Solution <n> - <scenario>.xlsx`, each with a `Cost & CO2` table (header in
 * row 1), one `Mode …` sheet of hourly operation per hub and stage (row 1 a title, row 2 the header
 * starting with `Time step`), one `Storage …` sheet of absolute states of charge per hub and stage
 * with storage (row 1 a title, row 2 the header, one row per calendar day, a column per full hour),
 * the clustering figures, and the run's settings.
 */
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { zipSync } from 'fflate';
import { assertFiniteRow } from '../../common/finite-cells.js';
import { DAYS, monthOfDay, type Timeline } from './timeline.js';
import { addFrontSheet } from './front-sheet.js';
import type { SolutionReport } from './results.js';

export interface RunInfo {
  scenarioName: string;
  objective1: string;
  objective2?: string | null;
  points: number;
  resolution: string;
  timeLimitMinutes: number;
  mipGapPercent: number;
  solveSeconds: number;
  notes: string[];
}

/** Excel's rules for sheet names: at most 31 characters, none of []:*?/\, unique in the workbook. */
function sheetName(wanted: string, taken: Set<string>): string {
  const base = wanted.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31).trim();
  let name = base;
  for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base.slice(0, 27)} (${n})`;
  taken.add(name.toLowerCase());
  return name;
}

function fileName(text: string): string {
  return text.replace(/[^\p{L}\p{N} ._()-]+/gu, '_').slice(0, 80).trim() || 'scenario';
}

function addCostSheet(workbook: ExcelJS.Workbook, report: SolutionReport): void {
  const sheet = workbook.addWorksheet('Cost & CO2', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    { header: 'Section', key: 'section', width: 12 },
    { header: 'Item', key: 'item', width: 36 },
    { header: 'Category', key: 'category', width: 24 },
    { header: 'Hub', key: 'hub', width: 14 },
    { header: 'Stage', key: 'stage', width: 12 },
    { header: 'Value', key: 'value', width: 16, style: { numFmt: '#,##0.00' } },
    { header: 'Unit', key: 'unit', width: 20 },
    { header: 'Carrier', key: 'carrier', width: 18 },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const row of report.rows) sheet.addRow(row);
  commitSheet(sheet);
}

function addModeSheets(workbook: ExcelJS.Workbook, report: SolutionReport, time: Timeline, taken: Set<string>): void {
  for (const table of report.tables) {
    const sheet = workbook.addWorksheet(sheetName(`Mode ${table.hub} ${table.stage}`, taken), { views: [{ state: 'frozen', ySplit: 2 }] });
    const clustered = time.typical !== undefined;
    sheet.addRow([
      `Hourly operation of ${table.hub}, ${table.stage}: ${clustered ? `${time.typical!.count} typical days (each row one hour of a typical day, standing for "Weight" days)` : 'every hour of the year'}`,
    ]);
    sheet.addRow(['Time step', 'Typical day', 'Weight [days]', 'Month', 'Hour', ...table.columns.map((c) => c.label)]).font = { bold: true };
    commitRows(sheet);
    for (let t = 0; t < time.steps; t++) {
      const row = sheet.addRow([
        t + 1, Math.floor(t / 24) + 1, clustered ? time.weight[t] : 1, time.month[t], time.hourOfDay[t],
        ...table.columns.map((c) => c.values[t]),
      ]);
      assertFiniteRow(sheet.name, row);
      row.commit();
    }
    sheet.commit();
  }
}

/** Checks the sheet's rows not yet written and writes them (a streamed sheet then frees them). */
function commitRows(sheet: ExcelJS.Worksheet): void {
  let last: ExcelJS.Row | undefined;
  sheet.eachRow({ includeEmpty: false }, (row) => {
    assertFiniteRow(sheet.name, row);
    last = row;
  });
  last?.commit();
}

/** Checks and writes a sheet's rows, then closes it. */
function commitSheet(sheet: ExcelJS.Worksheet): void {
  commitRows(sheet);
  sheet.commit();
}

/**
 * One sheet per hub and stage with storage: a row per calendar day with each storage's absolute
 * state of charge at every full hour, from 00:00 (the level carried over from the day before) to
 * 24:00. On typical days the Mode sheet's level is relative to the typical day's start; this is the
 * level the storage actually holds. A row per day rather than per hour: the same figures in a
 * twentieth of the rows, and half the cells, which is what writing a workbook costs (measured on
 * the demo district at LOW: 8,760 rows added 1.3–2.3 s to each solution's workbook).
 */
function addStorageSheets(workbook: ExcelJS.Workbook, report: SolutionReport, time: Timeline, taken: Set<string>): void {
  const typical = time.typical;
  const clock = (h: number) => `${String(h).padStart(2, '0')}:00`;
  for (const table of report.storage) {
    const sheet = workbook.addWorksheet(sheetName(`Storage ${table.hub} ${table.stage}`, taken), { views: [{ state: 'frozen', ySplit: 2, xSplit: 3 }] });
    sheet.addRow([
      `State of charge at ${table.hub}, ${table.stage}, at every full hour of the calendar year [kWh]${typical ? ': the level carried from day to day plus the level within the day\'s typical day' : ''}`,
    ]);
    sheet.addRow([
      'Day of year', 'Month', 'Typical day',
      ...table.storages.flatMap((s) => [
        `${s.storage}: state of charge at 00:00 (start of the day) [kWh]`,
        ...Array.from({ length: 24 }, (_, h) => `${s.storage}: state of charge at ${clock(h + 1)} [kWh]`),
      ]),
    ]).font = { bold: true };
    const rows: (number | null)[][] = [];
    for (let day = 0; day < DAYS; day++) {
      rows.push([
        day + 1, monthOfDay(day), typical ? typical.sequence[day] + 1 : null,
        ...table.storages.flatMap((s) => [s.startOfDay[day], ...s.soc.subarray(day * 24, day * 24 + 24)]),
      ]);
    }
    for (const row of rows) sheet.addRow(row);
    commitSheet(sheet);
  }
}

function addClusteringSheet(workbook: ExcelJS.Workbook, time: Timeline, taken: Set<string>): void {
  const sheet = workbook.addWorksheet(sheetName('Clustering', taken), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [{ header: 'Metric', key: 'metric', width: 36 }, { header: 'Value', key: 'value', width: 14 }];
  sheet.getRow(1).font = { bold: true };
  const typical = time.typical;
  sheet.addRow({ metric: 'Temporal resolution', value: time.resolution });
  sheet.addRow({ metric: 'Number of typical time steps', value: time.steps });
  sheet.addRow({ metric: 'Typical days', value: typical ? typical.count : 365 });
  sheet.addRow({ metric: 'Max load duration error [%]', value: typical ? Math.round(typical.maxLoadDurationError * 1000) / 1000 : 0 });
  sheet.addRow({ metric: 'Max sum error [%]', value: typical ? Math.round(typical.maxSumError * 1000) / 1000 : 0 });
  if (typical) {
    sheet.addRow({});
    sheet.addRow({ metric: 'Day of year', value: 'Typical day' }).font = { bold: true };
    typical.sequence.forEach((d, day) => sheet.addRow({ metric: day + 1, value: d + 1 }));
  }
  commitSheet(sheet);
}

/**
 * A pure LP has no MIP gap, and a MIP stopped before any bound was proved has an infinite one: the
 * cell says so in words, not as a number a workbook cannot store.
 */
const finalGap = (gap: number | undefined): string | number =>
  gap === undefined ? 'n/a (LP: no integer decisions)' : Number.isFinite(gap) ? Math.round(gap * 1e6) / 1e4 : 'none (no bound proved)';

function addRunSheet(workbook: ExcelJS.Workbook, report: SolutionReport, info: RunInfo, taken: Set<string>): void {
  const sheet = workbook.addWorksheet(sheetName('Run', taken));
  sheet.columns = [{ header: 'Setting', key: 'k', width: 28 }, { header: 'Value', key: 'v', width: 60 }];
  sheet.getRow(1).font = { bold: true };
  const rows: [string, string | number][] = [
    ['Scenario', info.scenarioName], ['Solution', report.index], ['Objective 1', info.objective1], ['Objective 2', info.objective2 ?? ''],
    ['Pareto points', info.points], ['Temporal resolution', info.resolution], ['Time limit [min]', info.timeLimitMinutes],
    ['MIP gap [%]', info.mipGapPercent], ['Status', report.status], ['Final MIP gap [%]', finalGap(report.mipGap)],
    ['Solve time [s]', Math.round(info.solveSeconds * 100) / 100], ...info.notes.map((n): [string, string] => ['Simplification', n]),
  ];
  for (const [k, v] of rows) sheet.addRow({ k, v });
  commitSheet(sheet);
}

/** The workbook of one Pareto solution; `front` is every solution of the job, for its Pareto front sheet. */
export async function solutionWorkbook(report: SolutionReport, time: Timeline, info: RunInfo, front: readonly SolutionReport[] = [report]): Promise<Buffer> {
  // Streamed, each sheet written as it is made and each hourly row as it is added: held whole, the
  // five workbooks of a full-year front took the process from about 0.6 to 1.7 GB (sampled once).
  const chunks: Buffer[] = [];
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => stream.on('end', resolve));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true });
  workbook.creator = 'sweep local planning service';
  const taken = new Set(['cost & co2']);
  addCostSheet(workbook, report);
  const frontSheet = addFrontSheet(workbook, report, front, info, (name) => sheetName(name, taken));
  if (frontSheet) commitSheet(frontSheet);
  addModeSheets(workbook, report, time, taken);
  addStorageSheets(workbook, report, time, taken);
  addClusteringSheet(workbook, time, taken);
  addRunSheet(workbook, report, info, taken);
  await workbook.commit();
  await ended;
  return Buffer.concat(chunks);
}

/** The job's output zip: `Solution <n> - <scenario>.xlsx` for every solution. */
export async function outputZip(reports: SolutionReport[], time: Timeline, info: RunInfo): Promise<Uint8Array> {
  const entries: Record<string, Uint8Array> = {};
  for (const report of reports) {
    entries[`Solution ${report.index} - ${fileName(info.scenarioName)}.xlsx`] = await solutionWorkbook(report, time, info, reports);
  }
  // Workbooks are already deflated: storing them again compressed would only cost time.
  return zipSync(entries, { level: 0 });
}
