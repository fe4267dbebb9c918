/**
 * `results.csv`: the summary workbook's Variants sheet as RFC 4180 text, for tools that read CSV
 * rather than Excel. Numbers keep every digit JavaScript has (the shortest text that reads back to
 * the same double), where the workbook formats them for people.
 */
import { writeInChunks } from '../../common/chunked-write.js';
import { writeAtomically } from '../study/results/manifest.js';
import { variantsTable, type Cell, type RowsTable } from '../study/results/summary-workbook.js';
import type { StudyResults } from '../study/results/variant-summary.js';

/** One variant and Pareto point per record, with the header the workbook's Variants sheet has; CRLF line ends as RFC 4180 asks. */
export function resultsCsv(manifest: StudyResults): string {
  return tableCsv(variantsTable(manifest));
}

export function writeResultsCsv(path: string, manifest: StudyResults): Promise<void> {
  return writeTableCsv(path, variantsTable(manifest));
}

export function tableCsv(table: RowsTable): string {
  return [...csvLines(table)].join('');
}

/** Writes the table to `path` atomically, in chunks: a study's results may be 100,000s of rows. */
export function writeTableCsv(path: string, table: RowsTable): Promise<void> {
  return writeAtomically(path, (partial) => writeInChunks(partial, csvLines(table)));
}

/** The header and each row as a CSV record with its CRLF. */
function* csvLines(table: RowsTable): Generator<string> {
  yield `${table.columns.map((c) => csvField(c.header)).join(',')}\r\n`;
  for (const row of table.rows) yield `${table.columns.map((_, i) => csvField(row[i])).join(',')}\r\n`;
}

/**
 * Quoted when it must be (a comma, a double quote or a line break; a quote inside is doubled) and
 * when it starts or ends with a space, which some readers would otherwise trim.
 */
export function csvField(value: Cell): string {
  const text = value === undefined ? '' : String(value);
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
