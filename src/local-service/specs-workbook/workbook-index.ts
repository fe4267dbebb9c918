/**
 * What xl/workbook.xml and its relationships say, read as text before exceljs sees them: the name
 * of the sheet each part holds (for messages), and how many cells its defined names cover, which
 * exceljs makes one object each for (a name over `$A$1:$XFD$1048576` is 17 billion).
 */
import { cellsOfRange } from './sheet-extent.js';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const codePoint = (n: number, text: string) => (n <= 0x10ffff ? String.fromCodePoint(n) : text);
const decodeXml = (text: string) =>
  text.replace(/&(?:#(\d+)|#x([0-9a-f]+)|(amp|lt|gt|quot|apos));/gi, (all, dec, hex, name: string | undefined) =>
    dec ? codePoint(Number(dec), all) : hex ? codePoint(Number.parseInt(hex, 16), all) : ENTITIES[name!.toLowerCase()]);

function attribute(attributes: string, name: string): string | undefined {
  const match = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`).exec(attributes);
  return match ? decodeXml(match[1] ?? match[2]) : undefined;
}

/** `worksheets/sheet1.xml` relative to xl/, or `/xl/…` absolute, as a part name. */
function partName(target: string): string {
  const path = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.') parts.push(part);
  }
  return parts.join('/');
}

/** Sheet names by part name. */
export function sheetNames(workbookXml: string, relsXml: string): Map<string, string> {
  const targets = new Map<string, string>();
  for (const [, attributes] of relsXml.matchAll(/<(?:[\w.-]+:)?Relationship\b([^>]*)>/g)) {
    const id = attribute(attributes, 'Id');
    const target = attribute(attributes, 'Target');
    if (id && target) targets.set(id, partName(target));
  }
  const names = new Map<string, string>();
  for (const [, attributes] of workbookXml.matchAll(/<(?:[\w.-]+:)?sheet\b([^>]*)>/g)) {
    const name = attribute(attributes, 'name');
    // r:id, whatever the prefix; sheetId is another attribute.
    const part = targets.get(attribute(attributes, '[\\w.-]+:id') ?? '');
    if (name !== undefined && part) names.set(part, name);
  }
  return names;
}

/** Cells covered by the workbook's defined names, counted as exceljs expands them (absolute references only). */
export function definedNameCells(workbookXml: string): number {
  let cells = 0;
  for (const [, text] of workbookXml.matchAll(/<(?:[\w.-]+:)?definedName\b[^>]*>([^<]*)</g)) {
    for (const [range] of decodeXml(text).matchAll(/\$[A-Za-z]+\$\d+(?::\$[A-Za-z]+\$\d+)?/g)) cells += cellsOfRange(range);
  }
  return cells;
}
