/**
 * The output file of a solver job, in the deployed service's layout: a zip holding one workbook
 * per Pareto solution, `Solution <n> - <scenario>.xlsx`, each with a `Cost & CO2` table (header in
 * row 1), one `Mode …` sheet of hourly operation per hub and stage (row 1 a title, row 2 the header
 * starting with `Time step`), the clustering figures, and the run's settings.
 */
import ExcelJS from 'exceljs';
import { zipSync } from 'fflate';
import type { Timeline } from './timeline.js';
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
}

function addModeSheets(workbook: ExcelJS.Workbook, report: SolutionReport, time: Timeline, taken: Set<string>): void {
  for (const table of report.tables) {
    const sheet = workbook.addWorksheet(sheetName(`Mode ${table.hub} ${table.stage}`, taken), { views: [{ state: 'frozen', ySplit: 2 }] });
    const clustered = time.typical !== undefined;
    sheet.addRow([
      `Hourly operation of ${table.hub}, ${table.stage}: ${clustered ? `${time.typical!.count} typical days (each row one hour of a typical day, standing for "Weight" days)` : 'every hour of the year'}`,
    ]);
    sheet.addRow(['Time step', 'Typical day', 'Weight [days]', 'Month', 'Hour', ...table.columns.map((c) => c.label)]).font = { bold: true };
    for (let t = 0; t < time.steps; t++) {
      sheet.addRow([
        t + 1, Math.floor(t / 24) + 1, clustered ? time.weight[t] : 1, time.month[t], time.hourOfDay[t],
        ...table.columns.map((c) => c.values[t]),
      ]);
    }
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
}

function addRunSheet(workbook: ExcelJS.Workbook, report: SolutionReport, info: RunInfo, taken: Set<string>): void {
  const sheet = workbook.addWorksheet(sheetName('Run', taken));
  sheet.columns = [{ header: 'Setting', key: 'k', width: 28 }, { header: 'Value', key: 'v', width: 60 }];
  sheet.getRow(1).font = { bold: true };
  const rows: [string, string | number][] = [
    ['Scenario', info.scenarioName], ['Solution', report.index], ['Objective 1', info.objective1], ['Objective 2', info.objective2 ?? ''],
    ['Pareto points', info.points], ['Temporal resolution', info.resolution], ['Time limit [min]', info.timeLimitMinutes],
    ['MIP gap [%]', info.mipGapPercent], ['Status', report.status], ['Final MIP gap [%]', report.mipGap === undefined ? '' : Math.round(report.mipGap * 1e6) / 1e4],
    ['Solve time [s]', Math.round(info.solveSeconds * 100) / 100], ...info.notes.map((n): [string, string] => ['Simplification', n]),
  ];
  for (const [k, v] of rows) sheet.addRow({ k, v });
}

/** The workbook of one Pareto solution. */
export async function solutionWorkbook(report: SolutionReport, time: Timeline, info: RunInfo): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'sweep local planning service';
  const taken = new Set(['cost & co2']);
  addCostSheet(workbook, report);
  addModeSheets(workbook, report, time, taken);
  addClusteringSheet(workbook, time, taken);
  addRunSheet(workbook, report, info, taken);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The job's output zip: `Solution <n> - <scenario>.xlsx` for every solution. */
export async function outputZip(reports: SolutionReport[], time: Timeline, info: RunInfo): Promise<Uint8Array> {
  const entries: Record<string, Uint8Array> = {};
  for (const report of reports) {
    entries[`Solution ${report.index} - ${fileName(info.scenarioName)}.xlsx`] = await solutionWorkbook(report, time, info);
  }
  // Workbooks are already deflated: storing them again compressed would only cost time.
  return zipSync(entries, { level: 0 });
}
