/**
 * Reads a solver job's output zip (src/local-service/optimiser/output-files.ts; the deployed service's layout is
 * the same): one `Solution <n>….xlsx` per Pareto point, each with a `Cost & CO2` table whose
 * Objective rows give every objective function's value and whose Capacity rows give the
 * installed capacities. Anything short of that is an error, never an empty or partial result.
 */
import ExcelJS from 'exceljs';
import { strFromU8, unzipSync, zipSync, type Unzipped } from 'fflate';
import { z } from 'zod';
import { COST_TABLE_SECTIONS, type CostTableRow, type CostTableSection } from '../../../wire/contract/output-file.js';
import { entryWithBadCrc } from './zip-crc.js';

/** The schema of one solution's results, shared with the manifest that stores them. */
export const SolutionResult = z.object({
  /** The `<n>` of `Solution <n>…`: 1-based along the Pareto front. */
  index: z.int().min(1),
  /** The workbook's entry name in the zip. */
  file: z.string(),
  /** Each objective function's value by its name (MIN_LIFE_CYCLE_COST, …). */
  objectives: z.record(z.string(), z.number()),
  capacities: z.array(z.object({ item: z.string(), hub: z.string(), stage: z.string(), value: z.number(), unit: z.string() })),
});
export type SolutionResult = z.infer<typeof SolutionResult>;

/**
 * A row of the `Cost & CO2` table that a study's outcomes may read: a cost, CO2 or energy component,
 * or a capacity; `category` and `carrier` are empty where the writer gives no such column.
 */
export type OutputRow = Omit<CostTableRow, 'section' | 'carrier'> & { section: Exclude<CostTableSection, 'Objective'>; carrier: string };

/**
 * A solution as read from its workbook: what the manifest keeps (objectives, capacities) and the
 * component rows a study's outcomes are computed from, which the manifest does not keep (a study
 * of thousands of variants would carry them all).
 */
export interface ReadSolution extends SolutionResult {
  rows: OutputRow[];
}

/** The solution as the manifest keeps it. */
export function keptSolution({ rows: _rows, ...kept }: ReadSolution): SolutionResult {
  return kept;
}

/** An output zip or solution workbook that cannot be read as complete results. */
export class OutputFileError extends Error {
  constructor(readonly file: string, problem: string, options?: ErrorOptions) {
    super(`${file}: ${problem}`, options);
    this.name = 'OutputFileError';
  }
}

const ZIP = 'output zip';
const COST_SHEET = 'Cost & CO2';
const SOLUTION_ENTRY = /^Solution (\d+)\b.*\.xlsx$/i;
const WORKSHEET_PART = /^xl\/worksheets\/[^/]+\.xml$/;
const COLUMNS = ['section', 'item', 'hub', 'stage', 'value', 'unit'] as const;
/** Read when present: our writer has them, another may not. */
const OPTIONAL_COLUMNS = ['category', 'carrier'] as const;
const ROW_SECTIONS = new Set<string>(COST_TABLE_SECTIONS.filter((section) => section !== 'Objective'));

/** Every solution of an output zip, in Pareto order; throws an OutputFileError unless all of them read. */
export async function readOutputZip(bytes: Uint8Array): Promise<ReadSolution[]> {
  const entries = unpack(bytes, ZIP);
  const solutions = Object.keys(entries)
    .flatMap((file) => {
      const match = SOLUTION_ENTRY.exec(file.slice(file.lastIndexOf('/') + 1));
      return match && Number(match[1]) >= 1 ? [{ file, index: Number(match[1]) }] : [];
    })
    .sort((a, b) => a.index - b.index);
  if (!solutions.length) throw new OutputFileError(ZIP, `holds no solution workbook (Solution <n>….xlsx) among its ${Object.keys(entries).length} entries`);
  const results: ReadSolution[] = [];
  for (const { file, index } of solutions) results.push(await readSolution(file, index, entries[file]));
  return results;
}

function unpack(bytes: Uint8Array, file: string): Unzipped {
  let entries: Unzipped;
  try {
    entries = unzipSync(bytes);
  } catch (error) {
    throw new OutputFileError(file, `is not a readable zip (truncated or corrupt): ${(error as Error).message}`, { cause: error });
  }
  const bad = entryWithBadCrc(bytes, entries);
  if (bad !== undefined) throw new OutputFileError(file, `is corrupt: the entry ${bad} does not match its CRC-32`);
  return entries;
}

async function readSolution(file: string, index: number, bytes: Uint8Array): Promise<ReadSolution> {
  const sheet = await costSheet(file, bytes);
  const column = headerColumns(file, sheet.getRow(1));
  const result: ReadSolution = { index, file, objectives: {}, capacities: [], rows: [] };
  sheet.eachRow((row, n) => {
    if (n === 1) return;
    const text = (c: (typeof COLUMNS)[number] | (typeof OPTIONAL_COLUMNS)[number]) => (column[c] === undefined ? '' : row.getCell(column[c]).text.trim());
    const section = text('section');
    if (section !== 'Objective' && !ROW_SECTIONS.has(section)) return;
    const value = numberIn(row.getCell(column.value));
    if (value === undefined) throw new OutputFileError(file, `row ${n} of "${COST_SHEET}" (${section} ${text('item')}) has no numeric Value`);
    if (section === 'Objective') {
      result.objectives[text('item')] = value;
      return;
    }
    const entry = { item: text('item'), hub: text('hub'), stage: text('stage'), value, unit: text('unit') };
    if (section === 'Capacity') result.capacities.push(entry);
    result.rows.push({ ...entry, section: section as OutputRow['section'], category: text('category'), carrier: text('carrier') });
  });
  if (!Object.keys(result.objectives).length) throw new OutputFileError(file, `the "${COST_SHEET}" sheet has no Objective rows`);
  return result;
}

/**
 * Loads only the cost sheet: the hourly `Mode …` sheets are most of a workbook (8,760 rows each at
 * full resolution) and would cost seconds and hundreds of MB apiece to parse for nothing. exceljs
 * skips a sheet whose part is absent, so the other worksheet parts are left out before loading.
 */
async function costSheet(file: string, bytes: Uint8Array): Promise<ExcelJS.Worksheet> {
  const parts = unpack(bytes, file);
  const part = worksheetPart(file, parts, COST_SHEET);
  if (!part || !parts[part]) throw new OutputFileError(file, `has no "${COST_SHEET}" sheet`);
  for (const name of Object.keys(parts)) if (WORKSHEET_PART.test(name) && name !== part) delete parts[name];
  const workbook = new ExcelJS.Workbook();
  try {
    const reduced = zipSync(parts, { level: 0 });
    // exceljs's typings declare a Buffer of their own; at run time it takes Node's.
    await workbook.xlsx.load(Buffer.from(reduced.buffer, reduced.byteOffset, reduced.byteLength) as unknown as ArrayBuffer);
  } catch (error) {
    throw new OutputFileError(file, `is not a readable workbook: ${(error as Error).message}`, { cause: error });
  }
  const sheet = workbook.getWorksheet(COST_SHEET);
  if (!sheet) throw new OutputFileError(file, `its "${COST_SHEET}" sheet could not be read`);
  return sheet;
}

/** The zip path of the named sheet, resolved as exceljs resolves it: workbook.xml's `r:id`, then the workbook's relationships. */
function worksheetPart(file: string, parts: Unzipped, sheet: string): string | undefined {
  const workbook = parts['xl/workbook.xml'];
  const rels = parts['xl/_rels/workbook.xml.rels'];
  if (!workbook || !rels) throw new OutputFileError(file, 'is not an Excel workbook (no xl/workbook.xml and its relationships)');
  const id = elements(strFromU8(workbook), 'sheet').find((a) => a.name === sheet)?.['r:id'];
  const target = elements(strFromU8(rels), 'Relationship').find((a) => a.Id === id)?.Target;
  return target === undefined ? undefined : `xl/${target.replace(/^(\s|\/xl\/)+/, '')}`;
}

/** The attributes of each `<tag …>` element; enough for the flat sheet and relationship lists, which carry no text. */
function elements(xml: string, tag: string): Record<string, string>[] {
  return [...xml.matchAll(new RegExp(`<(?:\\w+:)?${tag}\\s([^>]*)>`, 'g'))].map((element) =>
    Object.fromEntries([...element[1].matchAll(/([\w:]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)].map((a) => [a[1], unescapeXml(a[2] ?? a[3])])),
  );
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Sheet names are stored escaped: `Cost &amp; CO2`. */
function unescapeXml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (entity, name: string) =>
    name[0] !== '#' ? (ENTITIES[name] ?? entity) : String.fromCodePoint(name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1))),
  );
}

/** Columns are found by their header text, so a writer may order them (or add others) as it likes. */
type Columns = Record<(typeof COLUMNS)[number], number> & Partial<Record<(typeof OPTIONAL_COLUMNS)[number], number>>;

function headerColumns(file: string, header: ExcelJS.Row): Columns {
  const found = new Map<string, number>();
  header.eachCell((cell, n) => found.set(cell.text.trim().toLowerCase(), n));
  const missing = COLUMNS.filter((c) => !found.has(c));
  if (missing.length) throw new OutputFileError(file, `the "${COST_SHEET}" header row lacks ${missing.map((c) => c[0].toUpperCase() + c.slice(1)).join(', ')}`);
  return Object.fromEntries([...COLUMNS, ...OPTIONAL_COLUMNS].filter((c) => found.has(c)).map((c) => [c, found.get(c)!])) as Columns;
}

/** A cell's number, also when another writer stored it as a formula or as text. */
function numberIn(cell: ExcelJS.Cell): number | undefined {
  const raw = cell.value !== null && typeof cell.value === 'object' && 'result' in cell.value ? cell.value.result : cell.value;
  const value = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}
