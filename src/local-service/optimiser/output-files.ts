/**
 * The output file of a solver job, in the deployed service's layout: a zip holding one workbook
 * per Pareto solution, `Solution <n> - <scenario>.xlsx`, each with a `Cost & CO2` table (header in
 * row 1), one `Mode …` sheet of hourly operation per hub and stage (row 1 a title, row 2 the header
 * starting with `Time step`), one `Storage …` sheet of absolute states of charge per hub and stage
 * with storage (row 1 a title, row 2 the header, one row per calendar day, a column per full hour),
 * the clustering figures, and the run's settings.
 */
import { zipSync } from 'fflate';
import { CellStyle, SheetBuilder, writeXlsx } from '../specs-workbook/xlsx-writer.js';
import { DAYS, monthOfDay, type Timeline } from './timeline.js';
import { frontSheet } from './front-sheet.js';
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

const COST_COLUMNS = [
  ['Section', 'section', 12], ['Item', 'item', 36], ['Category', 'category', 24], ['Hub', 'hub', 14], ['Stage', 'stage', 12],
  ['Value', 'value', 16], ['Unit', 'unit', 20], ['Carrier', 'carrier', 18],
] as const;

function costSheet(report: SolutionReport): SheetBuilder {
  return new SheetBuilder({ title: 'Cost & CO2', frozenRows: 1, frozenColumns: 0, widths: COST_COLUMNS.map(([, , width]) => width) })
    .add([COST_COLUMNS.map(([header]) => header)], { bold: true })
    .add(report.rows.map((row) => COST_COLUMNS.map(([, key]) => row[key] ?? null)), { numberStyles: COST_COLUMNS.map(([, key]) => (key === 'value' ? CellStyle.amount : undefined)) });
}

function modeSheets(report: SolutionReport, time: Timeline, name: (wanted: string) => string): SheetBuilder[] {
  const clustered = time.typical !== undefined;
  return report.tables.map((table) => {
    const rows = Array.from({ length: time.steps }, (_, t) => [
      t + 1, Math.floor(t / 24) + 1, clustered ? time.weight[t] : 1, time.month[t], time.hourOfDay[t],
      ...table.columns.map((c) => c.values[t]),
    ]);
    return new SheetBuilder({ title: name(`Mode ${table.hub} ${table.stage}`), frozenRows: 2, frozenColumns: 0 })
      .add([[
        `Hourly operation of ${table.hub}, ${table.stage}: ${clustered ? `${time.typical!.count} typical days (each row one hour of a typical day, standing for "Weight" days)` : 'every hour of the year'}`,
      ]])
      .add([['Time step', 'Typical day', 'Weight [days]', 'Month', 'Hour', ...table.columns.map((c) => c.label)]], { bold: true })
      .add(rows);
  });
}

/**
 * One sheet per hub and stage with storage: a row per calendar day with each storage's absolute
 * state of charge at every full hour, from 00:00 (the level carried over from the day before) to
 * 24:00. On typical days the Mode sheet's level is relative to the typical day's start; this is the
 * level the storage actually holds. A row per day rather than per hour: the same figures in a
 * twentieth of the rows, and half the cells, which is what writing a workbook costs.
 */
function storageSheets(report: SolutionReport, time: Timeline, name: (wanted: string) => string): SheetBuilder[] {
  const typical = time.typical;
  const clock = (h: number) => `${String(h).padStart(2, '0')}:00`;
  return report.storage.map((table) => {
    const rows = Array.from({ length: DAYS }, (_, day) => [
      day + 1, monthOfDay(day), typical ? typical.sequence[day] + 1 : null,
      ...table.storages.flatMap((s) => [s.startOfDay[day], ...s.soc.subarray(day * 24, day * 24 + 24)]),
    ]);
    return new SheetBuilder({ title: name(`Storage ${table.hub} ${table.stage}`), frozenRows: 2, frozenColumns: 3 })
      .add([[
        `State of charge at ${table.hub}, ${table.stage}, at every full hour of the calendar year [kWh]${typical ? ': the level carried from day to day plus the level within the day\'s typical day' : ''}`,
      ]])
      .add([[
        'Day of year', 'Month', 'Typical day',
        ...table.storages.flatMap((s) => [
          `${s.storage}: state of charge at 00:00 (start of the day) [kWh]`,
          ...Array.from({ length: 24 }, (_, h) => `${s.storage}: state of charge at ${clock(h + 1)} [kWh]`),
        ]),
      ]], { bold: true })
      .add(rows);
  });
}

function clusteringSheet(time: Timeline, name: (wanted: string) => string): SheetBuilder {
  const typical = time.typical;
  const sheet = new SheetBuilder({ title: name('Clustering'), frozenRows: 1, frozenColumns: 0, widths: [36, 14] })
    .add([['Metric', 'Value']], { bold: true })
    .add([
      ['Temporal resolution', time.resolution],
      ['Number of typical time steps', time.steps],
      ['Typical days', typical ? typical.count : 365],
      ['Max load duration error [%]', typical ? Math.round(typical.maxLoadDurationError * 1000) / 1000 : 0],
      ['Max sum error [%]', typical ? Math.round(typical.maxSumError * 1000) / 1000 : 0],
    ]);
  if (typical) {
    sheet.skip()
      .add([['Day of year', 'Typical day']], { bold: true })
      .add(Array.from(typical.sequence, (d, day) => [day + 1, d + 1]));
  }
  return sheet;
}

/**
 * A pure LP has no MIP gap, and a MIP stopped before any bound was proved has an infinite one: the
 * cell says so in words, not as a number a workbook cannot store.
 */
const finalGap = (gap: number | undefined): string | number =>
  gap === undefined ? 'n/a (LP: no integer decisions)' : Number.isFinite(gap) ? Math.round(gap * 1e6) / 1e4 : 'none (no bound proved)';

function runSheet(report: SolutionReport, info: RunInfo, name: (wanted: string) => string): SheetBuilder {
  const rows: [string, string | number][] = [
    ['Scenario', info.scenarioName], ['Solution', report.index], ['Objective 1', info.objective1], ['Objective 2', info.objective2 ?? ''],
    ['Pareto points', info.points], ['Temporal resolution', info.resolution], ['Time limit [min]', info.timeLimitMinutes],
    ['MIP gap [%]', info.mipGapPercent], ['Status', report.status], ['Final MIP gap [%]', finalGap(report.mipGap)],
    ['Solve time [s]', Math.round(info.solveSeconds * 100) / 100], ...info.notes.map((n): [string, string] => ['Simplification', n]),
  ];
  return new SheetBuilder({ title: name('Run'), frozenRows: 0, frozenColumns: 0, widths: [28, 60] })
    .add([['Setting', 'Value']], { bold: true })
    .add(rows);
}

/** The workbook of one Pareto solution; `front` is every solution of the job, for its Pareto front sheet. */
export async function solutionWorkbook(report: SolutionReport, time: Timeline, info: RunInfo, front: readonly SolutionReport[] = [report]): Promise<Buffer> {
  const taken = new Set(['cost & co2']);
  const name = (wanted: string) => sheetName(wanted, taken);
  const pareto = frontSheet(report, front, info, name);
  const sheets: SheetBuilder[] = [
    costSheet(report),
    ...(pareto ? [pareto] : []),
    ...modeSheets(report, time, name),
    ...storageSheets(report, time, name),
    clusteringSheet(time, name),
    runSheet(report, info, name),
  ];
  return writeXlsx(`Solution ${report.index} - ${info.scenarioName}`, sheets.map((s) => s.finish()), { styled: true, creator: 'sweep local planning service' });
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
