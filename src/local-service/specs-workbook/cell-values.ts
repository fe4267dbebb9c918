/** What a cell holds, reduced to the plain values the codecs read, and the problems found there. */
import type ExcelJS from 'exceljs';

/** A cell's value: text, number, boolean or date; null for an empty cell. */
export type Plain = string | number | boolean | Date | null;

/** A problem with one cell's content; the reader adds the sheet, row and column. */
export class CellProblem extends Error {}

/**
 * The value a cell shows, however exceljs holds it: rich text as its text, a formula as its
 * result, a hyperlink as its text. Blank text counts as empty: a cell that looks empty is.
 */
export function plainValue(value: ExcelJS.CellValue | undefined): Plain {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  if (typeof value === 'number' || typeof value === 'boolean' || value instanceof Date) return value;
  if ('error' in value) throw new CellProblem(`holds the error ${value.error}`);
  if ('richText' in value) return plainValue(value.richText.map((run) => run.text).join(''));
  if ('formula' in value || 'sharedFormula' in value) return plainValue(value.result as ExcelJS.CellValue);
  if ('text' in value) return plainValue(value.text as ExcelJS.CellValue);
  throw new CellProblem('holds a value of a kind a scenario workbook does not use');
}

/** A cell's value in a message. */
export function describe(value: Plain): string {
  if (typeof value === 'string') return `the text "${value.length > 40 ? `${value.slice(0, 40)}…` : value}"`;
  if (value instanceof Date) return `the date ${value.toISOString()}`;
  return String(value);
}

/** The trimmed text of a header cell, or undefined for anything else (even a cell holding an error). */
export function headerText(value: ExcelJS.CellValue | undefined): string | undefined {
  try {
    const plain = plainValue(value);
    return typeof plain === 'string' || typeof plain === 'number' ? String(plain).trim() : undefined;
  } catch {
    return undefined;
  }
}
