/**
 * Reads an uploaded scenario workbook (the layout writeScenarioWorkbook writes) into scenario
 * content, on the calling thread: the service calls it in a worker (read-workbook.ts). Rows are
 * validated with the contract's creation bodies and converted by the API's own converters
 * (scenario-model/docs/), so an import obeys the same rules as the API; any problem refuses the
 * whole workbook. What the file may cost to read is checked before exceljs sees it
 * (workbook-limits.ts).
 */
import ExcelJS from 'exceljs';
import type { ScenarioContent } from '../scenario-model/documents.js';
import { buildResources } from './build-resources.js';
import type { Keys } from './keys.js';
import { PROFILES_SHEET, RECORD_SHEETS } from './layout/index.js';
import { Problems } from './problems.js';
import { readProfilesSheet } from './profiles-sheet.js';
import { decodeRecords, readTable, type Table } from './record-table.js';
import { WorkbookError } from './workbook-error.js';
import { checkWorkbookLimits } from './workbook-limits.js';

async function load(bytes: Uint8Array): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs declares its own Buffer type (an ArrayBuffer); it reads a Node Buffer, without a copy.
    await workbook.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as unknown as ArrayBuffer);
  } catch (error) {
    throw new WorkbookError('(workbook)', undefined, undefined, `the file is not an .xlsx workbook (${(error as Error).message})`);
  }
  return workbook;
}

/** Resolves keys to the ids the reader gave rows and profiles. */
function keysOf(tables: readonly Table[], profileIds: ReadonlyMap<string, number>): Keys {
  const bySheet = new Map(tables.map((t) => [t.sheet.title, new Map(t.rows.filter((r) => r.key).map((r) => [r.key, r.guid]))]));
  return { guid: (sheet, key) => bySheet.get(sheet)?.get(key), profileId: (key) => profileIds.get(key) };
}

/** The content of a scenario workbook; throws a WorkbookError locating the problems if it has any. */
export async function parseScenarioWorkbook(bytes: Uint8Array): Promise<ScenarioContent> {
  checkWorkbookLimits(bytes);
  const workbook = await load(bytes);
  const problems = new Problems();
  const { profiles, ids } = readProfilesSheet(workbook.getWorksheet(PROFILES_SHEET), problems);
  const tables = RECORD_SHEETS.map((sheet) => readTable(workbook.getWorksheet(sheet.title), sheet, problems));
  const keys = keysOf(tables, ids);
  for (const table of tables) decodeRecords(table, keys, problems);
  const resources = buildResources(tables, problems);
  problems.throwIfAny();
  return { resources, profiles };
}
