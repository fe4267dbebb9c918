/**
 * Writes a scenario's specs workbook, once per specs request and per solver job (when the scenario
 * changed since its specs), so speed matters: a study of ten thousand variants writes ten thousand.
 * The Profiles sheet (8760 rows) is most of the work and is the same in most variants of a study,
 * so its hourly rows are kept, compressed, and reused.
 */
import { createHash } from 'node:crypto';
import { HOURS_PER_YEAR } from '../../wire/contract/profiles.js';
import type { ScenarioContent } from '../scenario-model/documents.js';
import { codecOf, type Written } from './cells.js';
import type { Names } from './keys.js';
import { isChildSheet, KEY_HEADER, PROFILES_SHEET, RECORD_SHEETS, SHEET_ORDER, type SheetLayout } from './layout/index.js';
import { type SheetRow, sheetRows } from './layout/rows.js';
import { FIRST_VALUE_ROW, PROFILES_NAME_HEADER } from './profiles-sheet.js';
import { deflatedXml, rowsXml, SHEET_TAIL, sheetHead, type SheetSpec, sheetXml, writeXlsx } from './xlsx-writer.js';
import { type DeflatedEntry, joined } from './zip-entries.js';

/** A column as written: the layout's columns, each reference column followed by the read-only names the reader ignores. */
interface WrittenColumn {
  header: string;
  value(row: SheetRow, names: Names): Written;
}
function writtenColumns(sheet: SheetLayout): WrittenColumn[] {
  const columns: WrittenColumn[] = [{ header: KEY_HEADER, value: (row) => row.key }];
  for (const column of sheet.columns) {
    const codec = codecOf(column.cell);
    columns.push({ header: column.header, value: (row) => codec.write(row.record[column.field]) });
    const { names } = codec;
    if (names && 'names' in column.cell) {
      columns.push({ header: column.cell.names, value: (row, all) => names(row.record[column.field], all) });
    }
  }
  return columns;
}

/** Names of every row that others refer to, and of the profiles. */
function namesOf(content: ScenarioContent): Names {
  const bySheet = new Map<string, Map<string, string>>();
  for (const sheet of RECORD_SHEETS) {
    if (isChildSheet(sheet) || !sheet.nameField) continue;
    const field = sheet.nameField;
    bySheet.set(sheet.title, new Map(sheetRows(sheet, content).map((row) => [row.key, String(row.record[field])])));
  }
  const profiles = new Map(content.profiles.map((p) => [p.id, p.name]));
  // A reference without its target cannot be stored; '?' keeps the export going if one ever is.
  return { of: (sheet, guid) => bySheet.get(sheet)?.get(guid) ?? '?', profile: (id) => profiles.get(id) ?? '?' };
}

function recordSheetXml(spec: SheetSpec, sheet: SheetLayout, content: ScenarioContent, names: Names): string {
  const columns = writtenColumns(sheet);
  const widths = columns.map((c) => Math.min(40, Math.max(12, c.header.length + 2)));
  const rows = [columns.map((c) => c.header), ...sheetRows(sheet, content).map((row) => columns.map((c) => c.value(row, names)))];
  return sheetXml({ ...spec, widths }, rows);
}

/**
 * The Profiles sheet: keys in row 1 and names in row 2, then the hours (column A numbers them).
 * Keys are the scenario's own profile ids, so a copy's sheet differs from its base's in row 1
 * only: the hourly rows are kept, compressed, for the few sets of values seen last.
 */
function profilesSheet(spec: SheetSpec, profiles: ScenarioContent['profiles']): DeflatedEntry {
  const head = sheetHead(spec) + rowsXml([[KEY_HEADER, ...profiles.map((p) => p.id)], [PROFILES_NAME_HEADER, ...profiles.map((p) => p.name)]], { sheet: spec.title });
  return joined(deflatedXml(head, { final: false }), hourlyRows(profiles));
}

const hourlyRowsKept = new Map<string, DeflatedEntry>();
const KEPT_HOURLY_ROWS = 8;

function hourlyRows(profiles: ScenarioContent['profiles']): DeflatedEntry {
  const hash = createHash('sha256');
  for (const p of profiles) hash.update(new Uint8Array(p.values.buffer, p.values.byteOffset, p.values.byteLength));
  const digest = `${profiles.length}:${hash.digest('hex')}`;
  let rows = hourlyRowsKept.get(digest);
  if (rows) hourlyRowsKept.delete(digest); // re-inserted below: the map's order is the order of use
  else rows = deflatedXml(rowsXml(hourRows(profiles), { sheet: PROFILES_SHEET, firstRow: FIRST_VALUE_ROW }) + SHEET_TAIL, { level: 6 });
  hourlyRowsKept.set(digest, rows);
  if (hourlyRowsKept.size > KEPT_HOURLY_ROWS) hourlyRowsKept.delete(hourlyRowsKept.keys().next().value!);
  return rows;
}

function* hourRows(profiles: ScenarioContent['profiles']): Generator<Written[]> {
  for (let hour = 0; hour < HOURS_PER_YEAR; hour++) {
    const row: Written[] = [hour + 1];
    for (const p of profiles) row.push(p.values[hour]);
    yield row;
  }
}

/** The scenario workbook: the 12 sheets of the specs input file, then Profiles, Technology Packages and Intra-hub Links. */
export async function writeScenarioWorkbook(content: ScenarioContent, info: { scenarioName: string }): Promise<Buffer> {
  const names = namesOf(content);
  const layouts = new Map(RECORD_SHEETS.map((s) => [s.title, s]));
  const sheets = SHEET_ORDER.map((title) => {
    const spec: SheetSpec = { title, frozenRows: title === PROFILES_SHEET ? 2 : 1, frozenColumns: 1 };
    const xml = title === PROFILES_SHEET ? profilesSheet(spec, content.profiles) : recordSheetXml(spec, layouts.get(title)!, content, names);
    return { spec, xml };
  });
  return writeXlsx(info.scenarioName, sheets);
}
