/**
 * How far a worksheet's XML reaches, read as it is inflated and before exceljs builds anything:
 * the highest row and column any row, cell, merged range or data-validation range names, and how
 * many cells those ranges cover. exceljs makes objects for all of these (a row for every number up
 * to the highest, a model entry for every cell of a validation range), so a few bytes naming
 * row 1048576 or a range A1:XFD1048576 would cost gigabytes, however small the file.
 *
 * The XML is scanned as text, not parsed: only the four tags matter, and in well-formed XML (which
 * exceljs's parser insists on) a tag ends before the next `<`, so a chunk can be cut there. A tag
 * inside a comment or CDATA is counted too: over-strict, never blind.
 */

export interface Extent {
  /** The highest row number named or implied (a row without `r` follows the one before). */
  rows: number;
  /** The highest column number named or implied. */
  columns: number;
  /** Cells covered by merged ranges and data-validation ranges together. */
  rangeCells: number;
}

/** A tag still open after more bytes than the scanner carries from one chunk to the next. */
export class TagTooLong extends Error {}

/** Excel's own bounds: what a whole column (`A:A`) or a whole row (`1:1`) reaches. */
const EXCEL_ROWS = 1_048_576;
const EXCEL_COLUMNS = 16_384;

const TAGS = /<(?:[A-Za-z_][\w.-]*:)?(row|c|mergeCell|dataValidation)(?=[\s/>])((?:[^>"']|"[^"]*"|'[^']*')*)>/g;
const WHOLE_TAG = /<(?:[^>"']|"[^"]*"|'[^']*')*>/y;
const ATTRIBUTE: Record<string, RegExp> = {
  row: /(?:^|\s)r\s*=\s*(?:"([^"]*)"|'([^']*)')/,
  c: /(?:^|\s)r\s*=\s*(?:"([^"]*)"|'([^']*)')/,
  mergeCell: /(?:^|\s)ref\s*=\s*(?:"([^"]*)"|'([^']*)')/,
  dataValidation: /(?:^|\s)sqref\s*=\s*(?:"([^"]*)"|'([^']*)')/,
};
const CELL_REFERENCE = /^\$?([A-Za-z]*)\$?(\d*)$/;

/** `AB` → 28. */
function columnNumber(letters: string): number {
  if (letters.length > 10) return Number.MAX_SAFE_INTEGER;
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}

/** Row and column of `B12`, `$B$12`, `B` (a whole column) or `12` (a whole row); undefined if it is none of these. */
function cellReference(text: string): { row: number; column: number } | undefined {
  const match = CELL_REFERENCE.exec(text.trim());
  if (!match || (!match[1] && !match[2])) return undefined;
  const row = match[2] ? Number.parseInt(match[2], 10) : EXCEL_ROWS;
  const column = match[1] ? columnNumber(match[1]) : EXCEL_COLUMNS;
  return { row, column };
}

/** Cells of a range (`A1:C3` is 9, `B2` is 1, `A:A` a whole column); 0 when it is not one. */
export function cellsOfRange(text: string): number {
  const [from, to = from] = text.split(':');
  const a = cellReference(from);
  const b = cellReference(to);
  return a && b ? (Math.abs(b.row - a.row) + 1) * (Math.abs(b.column - a.column) + 1) : 0;
}

export class SheetScanner {
  readonly extent: Extent = { rows: 0, columns: 0, rangeCells: 0 };
  private row = 0;
  private column = 0;
  private carry = '';

  constructor(private readonly maxTagBytes: number) {}

  /** Scans the next inflated bytes of the sheet's XML. */
  push(chunk: Uint8Array): void {
    const text = this.carry + Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString('latin1');
    // A tag begun but not ended in this chunk waits for the next one.
    const last = text.lastIndexOf('<');
    WHOLE_TAG.lastIndex = last;
    const cut = last >= 0 && !WHOLE_TAG.test(text) ? last : text.length;
    this.carry = text.slice(cut);
    if (this.carry.length > this.maxTagBytes) throw new TagTooLong(`has a tag longer than ${this.maxTagBytes} bytes`);
    this.scan(cut === text.length ? text : text.slice(0, cut));
  }

  private scan(text: string): void {
    TAGS.lastIndex = 0;
    for (let match = TAGS.exec(text); match; match = TAGS.exec(text)) {
      const [, tag, attributes] = match;
      const found = ATTRIBUTE[tag].exec(attributes);
      const value = found ? (found[1] ?? found[2]) : undefined;
      if (tag === 'row') {
        // As exceljs reads it: parseInt of r; a row without one is the next.
        const n = value === undefined ? Number.NaN : Number.parseInt(value, 10);
        this.row = Number.isNaN(n) ? this.row + 1 : n;
        this.column = 0;
        this.reach(this.row, 0);
      } else if (tag === 'c') {
        const at = value === undefined ? undefined : cellReference(value);
        this.column = at ? at.column : this.column + 1;
        this.reach(at ? at.row : this.row, this.column);
      } else if (value !== undefined) {
        for (const range of value.split(/\s+/)) this.range(range);
      }
    }
  }

  private range(text: string): void {
    if (!text) return;
    for (const end of text.split(':')) {
      const at = cellReference(end);
      if (at) this.reach(at.row, at.column);
    }
    this.extent.rangeCells += cellsOfRange(text);
  }

  private reach(row: number, column: number): void {
    if (row > this.extent.rows) this.extent.rows = row;
    if (column > this.extent.columns) this.extent.columns = column;
  }
}
