/**
 * `results.csv`: the summary workbook's Variants sheet as RFC 4180 text, for tools that read CSV
 * rather than Excel. Numbers keep every digit JavaScript has (the shortest text that reads back to
 * the same double), where the workbook formats them for people.
 */
import { open } from 'node:fs/promises';
import { type Manifest, writeAtomically } from '../study/results/manifest.js';
import { variantsTable, type Cell, type Table } from '../study/results/summary-workbook.js';

/** One variant and Pareto point per record, with the header the workbook's Variants sheet has; CRLF line ends as RFC 4180 asks. */
export function resultsCsv(manifest: Manifest): string {
  return tableCsv(variantsTable(manifest));
}

export function writeResultsCsv(path: string, manifest: Manifest): Promise<void> {
  return writeTableCsv(path, variantsTable(manifest));
}

export function tableCsv(table: Table): string {
  return [...csvLines(table)].join('');
}

/** Writes the table to `path` atomically, a megabyte at a time: a study's results may be 100,000s of rows. */
export async function writeTableCsv(path: string, table: Table): Promise<void> {
  await writeAtomically(path, async (partial) => {
    const handle = await open(partial, 'w');
    try {
      let chunk = '';
      for (const line of csvLines(table)) {
        chunk += line;
        if (chunk.length > 1 << 20) {
          await handle.write(chunk);
          chunk = '';
        }
      }
      await handle.write(chunk);
    } finally {
      await handle.close();
    }
  });
}

/** The header and each row as a CSV record with its CRLF. */
function* csvLines(table: Table): Generator<string> {
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
