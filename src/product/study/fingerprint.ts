/**
 * The fingerprint of a variant's specs file: what the solver will be given, and nothing else. Two
 * copies of one scenario get different guids, profile ids and workbook titles, so the fingerprint
 * hashes the worksheets and shared strings only, with every guid and every profile id replaced by
 * its order of first appearance: a copy of an unchanged scenario fingerprints the same, and any
 * changed value, row or reference between rows does not. Profile ids are numbers, told apart from
 * other numbers by where they stand: the Profiles sheet's header row (`Key`, then one id per
 * profile) and the columns headed `… Profile Key`.
 */
import { createHash } from 'node:crypto';
import { strFromU8, unzipSync } from 'fflate';

const CONTENT_PART = /^xl\/(worksheets\/[^/]+|sharedStrings)\.xml$/;
const GUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** `sha256:` and 64 hex digits; throws when the bytes are not an xlsx workbook. */
export function specsFingerprint(workbook: Uint8Array): string {
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(workbook, { filter: (file) => CONTENT_PART.test(file.name) });
  } catch (error) {
    throw new Error(`the specs file is not an xlsx workbook: ${(error as Error).message}`, { cause: error });
  }
  const parts = Object.keys(entries).sort(byPartNumber);
  if (!parts.some((name) => name.startsWith('xl/worksheets/'))) throw new Error('the specs file has no worksheets');
  const sharedStrings = sharedStringsOf(entries['xl/sharedStrings.xml']);
  const sheets = parts.filter((name) => name.startsWith('xl/worksheets/')).map((name) => ({ name, xml: strFromU8(entries[name]) }));
  const guids = new Ordinals('g');
  const profiles = new Ordinals('p');
  const hash = createHash('sha256');
  for (const part of parts) {
    const sheet = sheets.find((s) => s.name === part);
    let text = sheet ? canonicalProfileIds(sheet.xml, sharedStrings, profiles) : strFromU8(entries[part]);
    text = text.replace(GUID, (guid) => guids.of(guid.toLowerCase()));
    hash.update(part).update('\0').update(text).update('\0');
  }
  return `sha256:${hash.digest('hex')}`;
}

/** Numbers things by first appearance. */
class Ordinals {
  private readonly seen = new Map<string, number>();
  constructor(private readonly prefix: string) {}
  of(value: string): string {
    if (!this.seen.has(value)) this.seen.set(value, this.seen.size);
    return `#${this.prefix}${this.seen.get(value)}`;
  }
}

const CELL = /<c r="([A-Z]+)(\d+)"([^>]*)>(?:<v>([^<]*)<\/v>|<is><t[^>]*>([^<]*)<\/t><\/is>)<\/c>/g;

/** The sheet with its profile ids (header row of the Profiles sheet, `… Profile Key` columns) replaced by ordinals. */
function canonicalProfileIds(xml: string, sharedStrings: string[], profiles: Ordinals): string {
  const headers = new Map<string, string>();
  for (const [, column, row, attributes, value, inline] of xml.matchAll(CELL)) {
    if (row !== '1') continue;
    headers.set(column, inline ?? (/\bt="s"/.test(attributes) ? (sharedStrings[Number(value)] ?? '') : (value ?? '')));
  }
  const profilesSheet = headers.get('A') === 'Key' && [...headers].some(([column, text]) => column !== 'A' && /^\d+$/.test(text));
  const keyColumns = new Set([...headers].filter(([, text]) => /Profile Key$/i.test(text)).map(([column]) => column));
  if (!profilesSheet && !keyColumns.size) return xml;
  return xml.replace(CELL, (cell, column: string, row: string, attributes: string, value?: string) => {
    const isId = value !== undefined && !/\bt="/.test(attributes) && /^\d+$/.test(value)
      && (profilesSheet ? row === '1' && column !== 'A' : row !== '1' && keyColumns.has(column));
    return isId ? `<c r="${column}${row}"${attributes}><v>${profiles.of(value)}</v></c>` : cell;
  });
}

function sharedStringsOf(part: Uint8Array | undefined): string[] {
  if (!part) return [];
  return [...strFromU8(part).matchAll(/<si>([\s\S]*?)<\/si>/g)].map(([, si]) => [...si.matchAll(/<t[^>]*>([^<]*)<\/t>/g)].map((t) => t[1]).join(''));
}

/** sheet2 before sheet10, so guids are numbered in the workbook's own sheet order. */
function byPartNumber(a: string, b: string): number {
  const number = (name: string) => Number(/(\d+)\.xml$/.exec(name)?.[1] ?? -1);
  return a.replace(/\d+\.xml$/, '') === b.replace(/\d+\.xml$/, '') ? number(a) - number(b) : a.localeCompare(b);
}
