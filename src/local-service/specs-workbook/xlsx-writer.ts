/**
 * A minimal xlsx writer: sheets of plain values (text, numbers, booleans; no styles, inline strings),
 * frozen header rows and column widths — everything a scenario workbook uses. The service writes a
 * workbook per specs request, ten thousand of them in a large study, and exceljs's general writer
 * spent ~110 ms on each (most of it on the 8760-row Profiles sheet); this writes the XML as text,
 * and lets the caller reuse, compressed, a part of a sheet that has not changed.
 */
import { assertFiniteCell } from '../../common/finite-cells.js';
import { escapeXml } from '../../common/xml.js';
import type { Written } from './cells.js';
import { type DeflatedEntry, deflated, zipOf } from './zip-entries.js';

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

function cellXml(sheet: string, ref: string, value: Written): string {
  if (value === null) return '';
  assertFiniteCell(sheet, ref, value);
  if (typeof value === 'number') return `<c r="${ref}"><v>${value}</v></c>`;
  if (typeof value === 'boolean') return `<c r="${ref}" t="b"><v>${value ? 1 : 0}</v></c>`;
  const text = escapeXml(value);
  const space = /^\s|\s$/.test(text) ? ' xml:space="preserve"' : '';
  return `<c r="${ref}" t="inlineStr"><is><t${space}>${text}</t></is></c>`;
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

/** The XML of `rows` of the sheet titled `at.sheet`, the first of them being row `at.firstRow` (1 unless given). */
export function rowsXml(rows: Iterable<readonly Written[]>, at: { sheet: string; firstRow?: number }): string {
  const parts: string[] = [];
  const letters: string[] = [];
  let r = at.firstRow ?? 1;
  for (const row of rows) {
    let cells = '';
    for (let c = 0; c < row.length; c++) cells += cellXml(at.sheet, `${(letters[c] ??= columnLetters(c + 1))}${r}`, row[c]);
    parts.push(`<row r="${r}">${cells}</row>`);
    r++;
  }
  return parts.join('');
}

export const SHEET_TAIL = '</sheetData></worksheet>';

/** The worksheet XML of `rows` (row 1 first). */
export function sheetXml(spec: SheetSpec, rows: Iterable<readonly Written[]>): string {
  return sheetHead(spec) + rowsXml(rows, { sheet: spec.title }) + SHEET_TAIL;
}

/** The xlsx file of the sheets, in order, each with its XML as `sheetXml` wrote it. */
export function writeXlsx(title: string, sheets: { spec: SheetSpec; xml: string | DeflatedEntry }[]): Buffer {
  const parts: Record<string, string> = {
    '[Content_Types].xml':
      `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        sheets.map((_, i) => `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`).join('') +
        '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>' +
        '</Types>',
    '_rels/.rels':
      `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}">` +
        `<Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/>` +
        '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>' +
        '</Relationships>',
    'docProps/core.xml':
      `${XML_HEAD}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/">` +
        `<dc:title>${escapeXml(title)}</dc:title></cp:coreProperties>`,
    'xl/workbook.xml':
      `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheets>` +
        sheets.map((s, i) => `<sheet name="${escapeXml(s.spec.title)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('') +
        '</sheets></workbook>',
    'xl/_rels/workbook.xml.rels':
      `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}">` +
        sheets.map((_, i) => `<Relationship Id="rId${i + 1}" Type="${REL_NS}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`).join('') +
        '</Relationships>',
  };
  return zipOf([
    ...Object.entries(parts).map(([name, xml]) => ({ name, entry: deflatedXml(xml) })),
    ...sheets.map((sheet, i) => ({ name: `xl/worksheets/sheet${i + 1}.xml`, entry: typeof sheet.xml === 'string' ? deflatedXml(sheet.xml) : sheet.xml })),
  ]);
}
