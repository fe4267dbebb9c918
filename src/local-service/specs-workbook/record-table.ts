/**
 * Reading a record sheet: its header row, then each non-empty row's key and cells, decoded into
 * the row's record once every sheet's keys are known (references may point forward).
 */
import { randomUUID } from 'node:crypto';
import type ExcelJS from 'exceljs';
import { codecOf } from './cells.js';
import { CellProblem, describe, headerText, type Plain, plainValue } from './cell-values.js';
import { KEY_SEPARATORS, type Keys } from './keys.js';
import { KEY_HEADER, type RecordValues, type SheetLayout } from './layout/index.js';
import type { Problems } from './problems.js';

export interface TableRow {
  /** The row number in the sheet. */
  row: number;
  key: string;
  /** The id the reader gives the row's resource; writeContent replaces it when storing. */
  guid: string;
  /** One plain value per column of the layout. */
  cells: Plain[];
  record: RecordValues;
  /** A cell could not be read: the row is not validated further, so its problem is not repeated. */
  broken: boolean;
}

export interface Table {
  sheet: SheetLayout;
  rows: TableRow[];
}

/** Column numbers of the layout's columns (Key first), or undefined after reporting those missing. */
function headerColumns(worksheet: ExcelJS.Worksheet, sheet: SheetLayout, problems: Problems): number[] | undefined {
  const found = new Map<string, number>();
  worksheet.getRow(1).eachCell((cell, column) => {
    const text = headerText(cell.value);
    if (text !== undefined && !found.has(text)) found.set(text, column);
  });
  const headers = [KEY_HEADER, ...sheet.columns.map((c) => c.header)];
  const missing = headers.filter((h) => !found.has(h));
  for (const header of missing) problems.add(sheet.title, 1, header, 'this column is missing: row 1 must have this header');
  return missing.length ? undefined : headers.map((h) => found.get(h)!);
}

/** The key of a row, or a problem with it. */
function keyOf(value: Plain, rowOf: Map<string, number>): string {
  if (value === null) throw new CellProblem('is empty: every row needs a key, unique in its sheet');
  if (typeof value !== 'string' && typeof value !== 'number') throw new CellProblem(`a key must be text or a number, not ${describe(value)}`);
  const key = String(value).trim();
  if (KEY_SEPARATORS.test(key)) throw new CellProblem(`the key "${key}" may not contain ";", ":" or ","`);
  if (rowOf.has(key)) throw new CellProblem(`the key "${key}" is also the key of row ${rowOf.get(key)}`);
  return key;
}

/** The sheet's rows with their keys; rows without any value are skipped. */
export function readTable(worksheet: ExcelJS.Worksheet | undefined, sheet: SheetLayout, problems: Problems): Table {
  const table: Table = { sheet, rows: [] };
  if (!worksheet) {
    if (sheet.required) problems.add(sheet.title, undefined, undefined, 'the workbook has no sheet of this name; a scenario workbook needs it, even if empty (with its header row)');
    return table;
  }
  const columns = headerColumns(worksheet, sheet, problems);
  if (!columns) return table;
  const headers = [KEY_HEADER, ...sheet.columns.map((c) => c.header)];
  const rowOf = new Map<string, number>();
  for (let r = 2; r <= worksheet.rowCount; r++) {
    const cells = worksheet.getRow(r);
    let broken = false;
    const values = columns.map((column, i) => {
      try {
        return plainValue(cells.getCell(column).value);
      } catch (error) {
        if (!(error instanceof CellProblem)) throw error;
        problems.add(sheet.title, r, headers[i], error.message);
        broken = true;
        return null;
      }
    });
    if (!broken && values.every((v) => v === null)) continue;
    let key = '';
    try {
      key = keyOf(values[0], rowOf);
      rowOf.set(key, r);
    } catch (error) {
      if (!(error instanceof CellProblem)) throw error;
      problems.add(sheet.title, r, KEY_HEADER, error.message);
      broken = true;
    }
    table.rows.push({ row: r, key, guid: randomUUID(), cells: values.slice(1), record: {}, broken });
  }
  return table;
}

/** Decodes the cells of each row into its record, resolving references through `keys`. */
export function decodeRecords(table: Table, keys: Keys, problems: Problems): void {
  const { sheet } = table;
  const codecs = sheet.columns.map((c) => codecOf(c.cell));
  for (const row of table.rows) {
    if (row.broken) continue;
    sheet.columns.forEach((column, i) => {
      const cell = row.cells[i];
      try {
        const value = cell === null ? codecs[i].empty : codecs[i].read(cell, keys);
        if (value !== undefined) row.record[column.field] = value;
      } catch (error) {
        if (!(error instanceof CellProblem)) throw error;
        problems.add(sheet.title, row.row, column.header, error.message);
        row.broken = true;
      }
    });
  }
}
