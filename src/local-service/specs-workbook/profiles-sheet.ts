/**
 * The Profiles sheet: one column per profile, its key in row 1 and its name in row 2, then its
 * 8760 hourly values in rows 3 to 8762 (column A numbers the hours).
 */
import type ExcelJS from 'exceljs';
import { HOURS_PER_YEAR } from '../../wire/contract/profiles.js';
import { BOUNDED_MAX, Name } from '../../wire/contract/primitives.js';
import type { ScenarioContent } from '../scenario-model/documents.js';
import { CellProblem, describe, headerText, type Plain, plainValue } from './cell-values.js';
import { KEY_SEPARATORS } from './keys.js';
import { KEY_HEADER, PROFILES_SHEET } from './layout/index.js';
import type { Problems } from './problems.js';
import { columnLetters } from './xlsx-writer.js';

export const PROFILES_NAME_HEADER = 'Name';
export const FIRST_VALUE_ROW = 3;
const LAST_VALUE_ROW = FIRST_VALUE_ROW + HOURS_PER_YEAR - 1;

type Profiles = ScenarioContent['profiles'];

interface ProfileColumn {
  column: number;
  label: string;
  key: string;
  name: string;
  values: Float64Array;
  failed: boolean;
}

/** A header cell's value; a cell holding an error is reported and read as empty. */
function headerValue(sheet: ExcelJS.Worksheet, row: number, column: number, label: string, problems: Problems): Plain {
  try {
    return plainValue(sheet.getRow(row).getCell(column).value);
  } catch (error) {
    if (!(error instanceof CellProblem)) throw error;
    problems.add(PROFILES_SHEET, row, label, error.message);
    return null;
  }
}

/** The columns that hold a profile, with key and name checked. */
function profileColumns(sheet: ExcelJS.Worksheet, problems: Problems): ProfileColumn[] {
  const columns: ProfileColumn[] = [];
  const seen = new Set<string>();
  for (let c = 2; c <= sheet.columnCount; c++) {
    const key = headerValue(sheet, 1, c, columnLetters(c), problems);
    const name = headerValue(sheet, 2, c, columnLetters(c), problems);
    if (key === null && name === null) continue;
    const keyText = typeof key === 'string' || typeof key === 'number' ? String(key).trim() : undefined;
    const label = `${columnLetters(c)}${keyText === undefined ? '' : ` (key ${keyText})`}`;
    const report = (row: number, problem: string) => problems.add(PROFILES_SHEET, row, label, problem);
    if (keyText === undefined) report(1, key === null ? 'the profile in this column has no key' : `a key must be text or a number, not ${describe(key)}`);
    else if (KEY_SEPARATORS.test(keyText)) report(1, `the key "${keyText}" may not contain ";", ":" or ","`);
    else if (seen.has(keyText)) report(1, `the key "${keyText}" is used by another profile`);
    const parsedName = Name.safeParse(typeof name === 'number' ? String(name) : (name ?? undefined));
    if (!parsedName.success) report(2, `the profile name ${name === null ? 'is required' : parsedName.error.issues[0].message}`);
    if (keyText === undefined) continue;
    seen.add(keyText);
    columns.push({ column: c, label, key: keyText, name: parsedName.data ?? '', values: new Float64Array(HOURS_PER_YEAR), failed: !parsedName.success });
  }
  return columns;
}

/** Reads and checks one value; false once the column has a problem (one per column is enough). */
function readValue(sheet: ExcelJS.Worksheet, p: ProfileColumn, row: number, problems: Problems): boolean {
  try {
    const value = plainValue(sheet.getRow(row).getCell(p.column).value);
    if (row > LAST_VALUE_ROW) {
      if (value !== null) throw new CellProblem(`a profile holds exactly ${HOURS_PER_YEAR} hourly values, in rows ${FIRST_VALUE_ROW} to ${LAST_VALUE_ROW}; this one goes on`);
      return true;
    }
    if (value === null) {
      throw new CellProblem(`is empty: a profile holds exactly ${HOURS_PER_YEAR} hourly values, in rows ${FIRST_VALUE_ROW} to ${LAST_VALUE_ROW}, and this one has ${row - FIRST_VALUE_ROW} before this row`);
    }
    if (typeof value !== 'number' || !Number.isFinite(value)) throw new CellProblem(`must be a number, not ${describe(value)}`);
    if (value < 0) throw new CellProblem(`must not be negative (${value})`);
    if (value > BOUNDED_MAX) throw new CellProblem(`must be ≤ ${BOUNDED_MAX} (${value})`);
    p.values[row - FIRST_VALUE_ROW] = value;
    return true;
  } catch (error) {
    if (!(error instanceof CellProblem)) throw error;
    problems.add(PROFILES_SHEET, row, p.label, error.message);
    return false;
  }
}

/** The profiles of the sheet (ids 1, 2, … in column order) and the id of each key. */
export function readProfilesSheet(sheet: ExcelJS.Worksheet | undefined, problems: Problems): { profiles: Profiles; ids: Map<string, number> } {
  if (!sheet) return { profiles: [], ids: new Map() };
  const headers: [number, string][] = [[1, KEY_HEADER], [2, PROFILES_NAME_HEADER]];
  for (const [row, header] of headers) {
    if (headerText(sheet.getRow(row).getCell(1).value) !== header) {
      problems.add(PROFILES_SHEET, row, 'A', `must say "${header}": row 1 holds the profiles' keys and row 2 their names`);
    }
  }
  const columns = profileColumns(sheet, problems);
  const lastRow = Math.max(sheet.rowCount, LAST_VALUE_ROW);
  for (const p of columns) {
    for (let row = FIRST_VALUE_ROW; row <= lastRow && !p.failed; row++) p.failed = !readValue(sheet, p, row, problems);
  }
  return {
    profiles: columns.map((p, i) => ({ id: i + 1, name: p.name, values: p.values })),
    ids: new Map(columns.map((p, i) => [p.key, i + 1])),
  };
}
