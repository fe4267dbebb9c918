/**
 * A minimal xlsx writer: sheets of plain values (text, numbers, booleans; inline strings), frozen
 * header rows and column widths, and in a styled workbook bold rows and a thousands format for
 * amounts — everything a scenario workbook and a solver's output workbook use. The service writes
 * a workbook per specs request, ten thousand of them in a large study, and exceljs's general writer
 * spent ~110 ms on each (most of it on the 8760-row Profiles sheet); a full-year front's five output
 * workbooks took it 5.9–7.3 s on a quiet machine. This writes the XML as text, and lets the caller reuse, compressed, a
 * part of a sheet that has not changed.
 */
import { assertFiniteCell } from '../../common/finite-cells.js';
import { escapeXml } from '../../common/xml.js';
import type { Written } from './cells.js';
import { type DeflatedEntry, deflated, joined, zipOf } from './zip-entries.js';

export interface SheetSpec {
  title: string;
  /** Rows and columns kept in view while scrolling. */
  frozenRows: number;
  frozenColumns: number;
  /** Column widths in characters, from column A. */
  widths?: number[];
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
/** XML compressed as (part of) a zip entry; a part that more follows is not final. */
export const deflatedXml = (xml: string, options?: Parameters<typeof deflated>[1]): DeflatedEntry => deflated(Buffer.from(xml, 'utf8'), options);

export function columnLetters(n: number): string {
  let letters = '';
  for (; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/**
 * The cell styles of a styled workbook, by their index in its styles part (STYLES_XML): bold for
 * headers, and the built-in format 4 (`#,##0.00`) for amounts.
 */
export const CellStyle = { plain: 0, bold: 1, amount: 2 } as const;
export type CellStyle = (typeof CellStyle)[keyof typeof CellStyle];

const STYLES_XML =
  `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}">` +
  '<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font><font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
  '<xf numFmtId="4" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>';

function cellXml(sheet: string, ref: string, value: Written, style: CellStyle = CellStyle.plain): string {
  if (value === null) return '';
  assertFiniteCell(sheet, ref, value);
  const s = style === CellStyle.plain ? '' : ` s="${style}"`;
  if (typeof value === 'number') return `<c r="${ref}"${s}><v>${value}</v></c>`;
  if (typeof value === 'boolean') return `<c r="${ref}"${s} t="b"><v>${value ? 1 : 0}</v></c>`;
  const text = escapeXml(value);
  const space = /^\s|\s$/.test(text) ? ' xml:space="preserve"' : '';
  return `<c r="${ref}"${s} t="inlineStr"><is><t${space}>${text}</t></is></c>`;
}

/** A worksheet's XML up to its first row: views, widths, the opening of the sheet's data. */
export function sheetHead(spec: SheetSpec): string {
  const parts: string[] = [`${XML_HEAD}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">`];
  const { frozenRows: y, frozenColumns: x } = spec;
  if (x || y) {
    const topLeft = `${columnLetters(x + 1)}${y + 1}`;
    const pane = x && y ? 'bottomRight' : y ? 'bottomLeft' : 'topRight';
    parts.push(
      `<sheetViews><sheetView workbookViewId="0"><pane${x ? ` xSplit="${x}"` : ''}${y ? ` ySplit="${y}"` : ''} topLeftCell="${topLeft}" activePane="${pane}" state="frozen"/></sheetView></sheetViews>`,
    );
  }
  if (spec.widths?.length) {
    parts.push(`<cols>${spec.widths.map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`).join('')}</cols>`);
  }
  parts.push('<sheetData>');
  return parts.join('');
}

/** Where rows go, and (in a styled workbook) how they look. */
export interface RowsAt {
  sheet: string;
  /** The first row's number (1 unless given). */
  firstRow?: number;
  /** Every cell bold (headers). */
  bold?: boolean;
  /** The style of each column's numbers, from column A. */
  numberStyles?: readonly (CellStyle | undefined)[];
}

/** The XML of `rows` of the sheet titled `at.sheet`, the first of them being row `at.firstRow`. */
export function rowsXml(rows: Iterable<readonly Written[]>, at: RowsAt): string {
  const parts: string[] = [];
  const letters: string[] = [];
  const styleOf = (value: Written, c: number): CellStyle =>
    at.bold ? CellStyle.bold : typeof value === 'number' ? (at.numberStyles?.[c] ?? CellStyle.plain) : CellStyle.plain;
  let r = at.firstRow ?? 1;
  for (const row of rows) {
    let cells = '';
    for (let c = 0; c < row.length; c++) cells += cellXml(at.sheet, `${(letters[c] ??= columnLetters(c + 1))}${r}`, row[c], styleOf(row[c], c));
    parts.push(`<row r="${r}">${cells}</row>`);
    r++;
  }
  return parts.join('');
}

export const SHEET_TAIL = '</sheetData></worksheet>';

/**
 * A sheet written block of rows by block, each block numbered after the last, and deflated a
 * megabyte of XML at a time: one string of a full-year sheet's XML, joined and then encoded whole,
 * spent most of a workbook's time in the garbage collector.
 */
export class SheetBuilder {
  private readonly deflatedParts: DeflatedEntry[] = [];
  private pending: string[] = [];
  private pendingLength = 0;
  private rowCount = 0;

  constructor(readonly spec: SheetSpec) {
    this.push(sheetHead(spec));
  }

  add(rows: readonly (readonly Written[])[], look: Omit<RowsAt, 'sheet' | 'firstRow'> = {}): this {
    for (let i = 0; i < rows.length; i += BLOCK_ROWS) {
      this.push(rowsXml(rows.slice(i, i + BLOCK_ROWS), { ...look, sheet: this.spec.title, firstRow: this.rowCount + i + 1 }));
    }
    this.rowCount += rows.length;
    return this;
  }

  /** Leaves the next row empty. */
  skip(): this {
    this.rowCount++;
    return this;
  }

  /** The finished sheet (the builder takes no more rows). */
  finish(): { spec: SheetSpec; xml: DeflatedEntry } {
    this.push(SHEET_TAIL);
    this.deflate(true);
    return { spec: this.spec, xml: joined(...this.deflatedParts) };
  }

  private push(xml: string): void {
    this.pending.push(xml);
    this.pendingLength += xml.length;
    if (this.pendingLength >= DEFLATE_CHARS) this.deflate(false);
  }

  private deflate(final: boolean): void {
    this.deflatedParts.push(deflatedXml(this.pending.join(''), { final }));
    this.pending = [];
    this.pendingLength = 0;
  }
}

const BLOCK_ROWS = 500;
const DEFLATE_CHARS = 1 << 20;

/** The worksheet XML of `rows` (row 1 first). */
export function sheetXml(spec: SheetSpec, rows: Iterable<readonly Written[]>): string {
  return sheetHead(spec) + rowsXml(rows, { sheet: spec.title }) + SHEET_TAIL;
}

/**
 * The xlsx file of the sheets, in order, each with its XML as `sheetXml` or `SheetBuilder` wrote
 * it; `styled` adds the styles part that CellStyle indexes (a workbook whose cells name no style
 * needs none).
 */
export function writeXlsx(title: string, sheets: { spec: SheetSpec; xml: string | DeflatedEntry }[], options: { styled?: boolean; creator?: string } = {}): Buffer {
  const styles = options.styled ? `<Relationship Id="rId${sheets.length + 1}" Type="${REL_NS}/styles" Target="styles.xml"/>` : '';
  const parts: Record<string, string> = {
    '[Content_Types].xml':
      `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        sheets.map((_, i) => `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`).join('') +
        (options.styled ? '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' : '') +
        '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>' +
        '</Types>',
    '_rels/.rels':
      `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}">` +
        `<Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/>` +
        '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>' +
        '</Relationships>',
    'docProps/core.xml':
      `${XML_HEAD}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/">` +
        `<dc:title>${escapeXml(title)}</dc:title>${options.creator ? `<dc:creator>${escapeXml(options.creator)}</dc:creator>` : ''}</cp:coreProperties>`,
    'xl/workbook.xml':
      `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheets>` +
        sheets.map((s, i) => `<sheet name="${escapeXml(s.spec.title)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('') +
        '</sheets></workbook>',
    'xl/_rels/workbook.xml.rels':
      `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}">` +
        sheets.map((_, i) => `<Relationship Id="rId${i + 1}" Type="${REL_NS}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`).join('') +
        styles + '</Relationships>',
    ...(options.styled ? { 'xl/styles.xml': STYLES_XML } : {}),
  };
  return zipOf([
    ...Object.entries(parts).map(([name, xml]) => ({ name, entry: deflatedXml(xml) })),
    ...sheets.map((sheet, i) => ({ name: `xl/worksheets/sheet${i + 1}.xml`, entry: typeof sheet.xml === 'string' ? deflatedXml(sheet.xml) : sheet.xml })),
  ]);
}
