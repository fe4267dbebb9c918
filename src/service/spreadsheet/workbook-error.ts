/** A problem in an uploaded workbook, located by sheet, row and column, answered as a 400. */
export class WorkbookError extends Error {
  constructor(
    readonly sheet: string,
    readonly row: number | undefined,
    readonly column: string | undefined,
    readonly problem: string,
  ) {
    super(`sheet "${sheet}"${row === undefined ? '' : `, row ${row}`}${column === undefined ? '' : `, column "${column}"`}: ${problem}`);
  }
}
