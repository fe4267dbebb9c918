/**
 * Workbooks hold finite numbers only. OOXML has no value for infinity or "not a number": a cell
 * written as `<v>Infinity</v>` or `<v>NaN</v>` makes strict readers (openpyxl, Excel's repair)
 * refuse the whole file, so every workbook writer passes its cells through this guard, which
 * refuses to write rather than write a broken file. A writer that knows a value may be missing
 * (a pure LP has no MIP gap) writes an empty cell or a text before it gets here.
 */
import type ExcelJS from 'exceljs';

export class NonFiniteCellError extends Error {
  constructor(readonly sheet: string, readonly cell: string, readonly value: number) {
    super(`workbook not written: sheet "${sheet}", cell ${cell} holds ${value}, which a workbook cannot store (only finite numbers)`);
    this.name = 'NonFiniteCellError';
  }
}

/** The number a cell would store: the value itself, or a formula's cached result. */
function storedNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (value !== null && typeof value === 'object' && 'result' in value && typeof value.result === 'number') return value.result;
  return undefined;
}

/** Throws NonFiniteCellError when `value` is (or caches) a number that is not finite. */
export function assertFiniteCell(sheet: string, cell: string, value: unknown): void {
  const number = storedNumber(value);
  if (number !== undefined && !Number.isFinite(number)) throw new NonFiniteCellError(sheet, cell, number);
}

/** Every cell of one exceljs row (for a streamed sheet, before the row is committed). */
export function assertFiniteRow(sheet: string, row: ExcelJS.Row): void {
  row.eachCell({ includeEmpty: false }, (cell) => assertFiniteCell(sheet, cell.address, cell.value));
}
