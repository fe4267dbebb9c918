/**
 * `results.csv`: the summary workbook's Variants sheet as RFC 4180 text, for tools that read CSV
 * rather than Excel. Numbers keep every digit JavaScript has (the shortest text that reads back to
 * the same double), where the workbook formats them for people.
 */
import type { Manifest } from '../study/results/manifest.js';
import { variantsTable, type Cell, type Table } from '../study/results/summary-workbook.js';

/** One variant and Pareto point per record, with the header the workbook's Variants sheet has; CRLF line ends as RFC 4180 asks. */
export function resultsCsv(manifest: Manifest): string {
  return tableCsv(variantsTable(manifest));
}

export function tableCsv(table: Table): string {
  const lines = [table.columns.map((c) => csvField(c.header)), ...table.rows.map((row) => table.columns.map((_, i) => csvField(row[i])))];
  return `${lines.map((fields) => fields.join(',')).join('\r\n')}\r\n`;
}

/**
 * Quoted when it must be (a comma, a double quote or a line break; a quote inside is doubled) and
 * when it starts or ends with a space, which some readers would otherwise trim.
 */
export function csvField(value: Cell): string {
  const text = value === undefined ? '' : String(value);
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
