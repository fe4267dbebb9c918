/**
 * What an uploaded workbook may cost to read, checked before exceljs sees it. An .xlsx is a zip
 * file, and deflate shrinks repeated XML rows about a thousandfold: a 1.7 MB upload whose one sheet
 * expands to 400 MB held the service for 50 s and 2.7 GB. So the zip's directory is read first
 * (declared sizes, no inflating), then every part is inflated as a stream with a running byte
 * count (declared sizes are only claims), and each worksheet's XML is scanned on the way for the
 * rows, columns and ranges exceljs would build objects for.
 *
 * Sizes are answered 413, rows, columns and ranges 400: the first is how big the file is, the
 * others what it holds.
 */
import { Inflate } from 'fflate';
import { type Extent, SheetScanner, TagTooLong } from './sheet-extent.js';
import { WorkbookError } from './workbook-error.js';
import { definedNameCells, sheetNames } from './workbook-index.js';
import { columnLetters } from './xlsx-writer.js';
import { ZipEntryCountError, type ZipEntry, ZipFormatError, zipDirectory } from './zip-directory.js';

const MiB = 1024 * 1024;

export const WORKBOOK_LIMITS = {
  /**
   * Uncompressed bytes of all parts together. The largest legitimate sheet, Profiles, takes about
   * 300 KB of XML per profile (8760 hourly values): 64 MiB holds some 200 profiles, which exceljs
   * reads in about 6 s and 650 MB of heap (measured), in a worker thread.
   */
  uncompressedBytes: 64 * MiB,
  /** Parts of the zip file: a scenario workbook has about 25. */
  entries: 1000,
  /** Rows per sheet: a profile's 8760 hours and its two header rows, with room to spare. */
  rowsPerSheet: 10_000,
  /** Columns per sheet: the widest record sheet has under 80, Profiles one per profile (Excel 97's 256). */
  columnsPerSheet: 256,
  /** Cells covered by merged and data-validation ranges per sheet; exceljs makes an object for each. */
  rangeCellsPerSheet: 100_000,
  /** Cells covered by the workbook's defined names (absolute ranges), which exceljs expands the same way. */
  definedNameCells: 100_000,
  /** One XML tag; a scenario workbook's longest is well under a kilobyte. */
  tagBytes: MiB,
} as const;

export type WorkbookLimits = typeof WORKBOOK_LIMITS;

/** Compressed bytes inflated at a time: deflate expands at most ~1032×, so about 8 MB of output per step. */
const SLICE = 8 * 1024;
/** The two parts that name the sheets are small; past this they are left unread (the sheets go by their part names). */
const NAMES_PART_BYTES = 4 * MiB;

const bytesText = (n: number) => `${n} bytes${n >= MiB ? ` (${Math.round((n / MiB) * 10) / 10} MiB)` : ''}`;

function notAWorkbook(reason: string): WorkbookError {
  return new WorkbookError('(workbook)', undefined, undefined, `the file is not an .xlsx workbook (${reason})`);
}

/** Inflates one entry, handing each piece of output to `onData` (which may throw to stop). */
function inflateEntry(bytes: Uint8Array, entry: ZipEntry, onData: (chunk: Uint8Array) => void): void {
  const data = bytes.subarray(entry.dataStart, entry.dataStart + entry.compressedSize);
  if (entry.method === 0) {
    for (let at = 0; at < data.length; at += SLICE) onData(data.subarray(at, at + SLICE));
    return;
  }
  if (entry.method !== 8) throw notAWorkbook(`${entry.name} is compressed with method ${entry.method}, not deflate`);
  const inflater = new Inflate((chunk) => onData(chunk));
  try {
    if (data.length === 0) inflater.push(data, true);
    for (let at = 0; at < data.length; at += SLICE) inflater.push(data.subarray(at, at + SLICE), at + SLICE >= data.length);
  } catch (error) {
    if (error instanceof WorkbookError || error instanceof TagTooLong || error instanceof LongEnough) throw error;
    throw notAWorkbook(`${entry.name} cannot be inflated: ${(error as Error).message}`);
  }
}

const NAMES_PARTS = ['xl/workbook.xml', 'xl/_rels/workbook.xml.rels'] as const;
const WORKSHEET_PART = /(?:^|\/)worksheets\/[^/]+\.xml$/i;

/** Stops inflating a part whose text is not wanted past NAMES_PART_BYTES. */
class LongEnough extends Error {}

/** The text of a part; '' when it is missing or broken (exceljs will say so), undefined when longer than NAMES_PART_BYTES. */
function smallPartText(bytes: Uint8Array, entry: ZipEntry | undefined): string | undefined {
  if (!entry) return '';
  const pieces: Uint8Array[] = [];
  let length = 0;
  try {
    inflateEntry(bytes, entry, (chunk) => {
      if ((length += chunk.length) > NAMES_PART_BYTES) throw new LongEnough();
      pieces.push(chunk.slice());
    });
  } catch (error) {
    return error instanceof LongEnough ? undefined : '';
  }
  return Buffer.concat(pieces).toString('utf8');
}

interface PartLabel {
  /** What messages call the sheet: its name, the part of a worksheet without one, `(workbook)` for other parts. */
  sheet: string;
  what: string;
  worksheet: boolean;
}

/**
 * Reads the workbook's index (sheet names, defined names) and answers how to name each part. The
 * index is small in any real workbook, and exceljs expands its defined names cell by cell.
 */
function readIndex(bytes: Uint8Array, entries: readonly ZipEntry[], limits: WorkbookLimits): (part: string) => PartLabel {
  const byName = new Map(entries.map((e) => [e.name, e]));
  const [workbookXml, relsXml] = NAMES_PARTS.map((name) => smallPartText(bytes, byName.get(name)));
  for (const [i, text] of [workbookXml, relsXml].entries()) {
    if (text === undefined) {
      throw new WorkbookError('(workbook)', undefined, undefined,
        `the part ${NAMES_PARTS[i]} expands to more than ${bytesText(NAMES_PART_BYTES)}; a workbook's index of sheets and names takes a few kilobytes`, 413);
    }
  }
  const definedCells = definedNameCells(workbookXml!);
  if (definedCells > limits.definedNameCells) {
    throw new WorkbookError('(workbook)', undefined, undefined,
      `its defined names cover ${definedCells} cells; a workbook's defined names may cover at most ${limits.definedNameCells}`);
  }
  const names = sheetNames(workbookXml!, relsXml!);
  return (part) => {
    const name = names.get(part);
    if (name !== undefined) return { sheet: name, what: 'this sheet', worksheet: true };
    return WORKSHEET_PART.test(part) ? { sheet: part, what: 'this sheet', worksheet: true } : { sheet: '(workbook)', what: `the part ${part}`, worksheet: false };
  };
}

/**
 * Refuses, with a WorkbookError whose status is 413 or 400, a workbook that would cost more to
 * read than the limits allow; returns quietly otherwise. Every part is inflated once, as a stream,
 * and dropped as it goes: what this holds at a time is a slice's output, whatever the file.
 */
export function checkWorkbookLimits(bytes: Uint8Array, limits: WorkbookLimits = WORKBOOK_LIMITS): void {
  const entries = zipEntries(bytes, limits);
  // The index first (two small parts, inflated with their own cap), so that every message can name its sheet.
  const labelOf = readIndex(bytes, entries, limits);
  checkDeclaredSize(entries, labelOf, limits);
  let total = 0;
  for (const entry of entries) {
    const { sheet, what, worksheet } = labelOf(entry.name);
    const scanner = worksheet ? new SheetScanner(limits.tagBytes) : undefined;
    try {
      inflateEntry(bytes, entry, (chunk) => {
        total += chunk.length;
        if (total > limits.uncompressedBytes) {
          throw new WorkbookError(sheet, undefined, undefined,
            `the workbook expands to more than the limit of ${bytesText(limits.uncompressedBytes)} uncompressed while ${what} is inflated ` +
            `(it declared ${bytesText(entry.declaredSize)}); no upload may hold more`, 413);
        }
        scanner?.push(chunk);
      });
    } catch (error) {
      if (error instanceof TagTooLong) throw new WorkbookError(sheet, undefined, undefined, error.message);
      throw error;
    }
    if (scanner) checkExtent(sheet, scanner.extent, limits);
  }
}

function zipEntries(bytes: Uint8Array, limits: WorkbookLimits): ZipEntry[] {
  try {
    return zipDirectory(bytes, limits.entries);
  } catch (error) {
    if (error instanceof ZipEntryCountError) {
      throw new WorkbookError('(workbook)', undefined, undefined, `the file has ${error.count} parts; a workbook may have at most ${limits.entries}`, 413);
    }
    if (error instanceof ZipFormatError) throw notAWorkbook(error.message);
    throw error;
  }
}

/** What the directory claims: refused before the sheets are inflated when the parts declare more than the limit together. */
function checkDeclaredSize(entries: readonly ZipEntry[], labelOf: (part: string) => PartLabel, limits: WorkbookLimits): void {
  const declared = entries.reduce((sum, e) => sum + e.declaredSize, 0);
  if (declared <= limits.uncompressedBytes) return;
  const largest = entries.reduce((a, b) => (b.declaredSize > a.declaredSize ? b : a));
  const { sheet, what } = labelOf(largest.name);
  throw new WorkbookError(sheet, undefined, undefined,
    `the workbook declares ${bytesText(declared)} uncompressed, ${what} ${bytesText(largest.declaredSize)} of them; ` +
    `the limit is ${bytesText(limits.uncompressedBytes)}`, 413);
}

function checkExtent(sheet: string, extent: Extent, limits: WorkbookLimits): void {
  const problems: string[] = [];
  if (extent.rows > limits.rowsPerSheet) {
    problems.push(`has rows up to row ${extent.rows}; a sheet may have at most ${limits.rowsPerSheet} rows (a profile's 8760 hours and 2 header rows fit)`);
  }
  if (extent.columns > limits.columnsPerSheet) {
    problems.push(`has columns up to column ${extent.columns} (${columnLetters(extent.columns)}); a sheet may have at most ${limits.columnsPerSheet} columns (up to ${columnLetters(limits.columnsPerSheet)})`);
  }
  if (extent.rangeCells > limits.rangeCellsPerSheet) {
    problems.push(`has merged and data-validation ranges covering ${extent.rangeCells} cells; a sheet may have at most ${limits.rangeCellsPerSheet}`);
  }
  if (problems.length) throw new WorkbookError(sheet, undefined, undefined, problems.join('; '));
}
