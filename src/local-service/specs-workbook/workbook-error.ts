/** A problem in an uploaded workbook, located by sheet, row and column, answered as a 400 (or 413 for its size). */
export class WorkbookError extends Error {
  constructor(
    readonly sheet: string,
    readonly row: number | undefined,
    readonly column: string | undefined,
    readonly problem: string,
    /** 413 when the workbook is too large to read at all, 400 for what it holds. */
    readonly status: 400 | 413 = 400,
  ) {
    super(`sheet "${sheet}"${row === undefined ? '' : `, row ${row}`}${column === undefined ? '' : `, column "${column}"`}: ${problem}`);
  }
}
