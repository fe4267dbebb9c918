/**
 * Scenario workbooks whose Profiles sheet is replaced by XML built to cost: hundreds of megabytes
 * of identical rows in a file of a few hundred kilobytes (deflate streams joined at sync-flush
 * boundaries, so one compressed megabyte of rows is repeated as bytes, never built), a zip
 * directory that understates the sheet's size, or a few bytes naming rows and columns far away.
 */
import { unzipSync } from 'fflate';
import { crc32Combine } from '../../../src/common/crc32.js';
import type { ScenarioContent } from '../../../src/local-service/scenario-model/documents.js';
import { RESOURCE_KINDS } from '../../../src/local-service/scenario-model/documents.js';
import { SHEET_ORDER } from '../../../src/local-service/specs-workbook/layout/index.js';
import { writeScenarioWorkbook } from '../../../src/local-service/specs-workbook/write-workbook.js';
import { type DeflatedEntry, deflated, zipOf } from '../../../src/local-service/specs-workbook/zip-entries.js';

const MiB = 1024 * 1024;
const EMPTY: ScenarioContent = {
  resources: Object.fromEntries(RESOURCE_KINDS.map((k) => [k, []])) as unknown as ScenarioContent['resources'],
  profiles: [],
};
const SHEET_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
const SHEET_TAIL = '</sheetData></worksheet>';

/** The part of the Profiles sheet in the writer's workbooks (sheets are numbered in order). */
export const PROFILES_PART = `xl/worksheets/sheet${SHEET_ORDER.indexOf('Profiles') + 1}.xml`;

/** Sheet XML of `rows` (each a row element's XML) repeated until `bytes`, deflated without ever being whole. */
export function repeatedRowsSheet(row: string, bytes: number): DeflatedEntry {
  const block = row.repeat(Math.max(1, Math.floor(MiB / row.length)));
  const head = deflated(Buffer.from(SHEET_HEAD), { final: false, level: 6 });
  const middle = deflated(Buffer.from(block), { final: false, level: 6 });
  const tail = deflated(Buffer.from(SHEET_TAIL), { level: 6 });
  const times = Math.max(1, Math.round((bytes - SHEET_HEAD.length - SHEET_TAIL.length) / block.length));
  let crc = head.crc;
  for (let i = 0; i < times; i++) crc = crc32Combine(crc, middle.crc, middle.size);
  crc = crc32Combine(crc, tail.crc, tail.size);
  return {
    crc, size: head.size + middle.size * times + tail.size, final: true,
    deflated: Buffer.concat([head.deflated, ...Array.from({ length: times }, () => middle.deflated), tail.deflated]),
  };
}

/** Sheet XML as given, deflated. */
export function sheetOf(rowsXml: string): DeflatedEntry {
  return deflated(Buffer.from(SHEET_HEAD + rowsXml + SHEET_TAIL), { level: 6 });
}

/** An empty scenario workbook of the service's own layout with some parts replaced, or their text edited. */
export async function workbookWithParts(changes: Record<string, DeflatedEntry | ((xml: string) => string)>): Promise<Buffer> {
  const parts = unzipSync(await writeScenarioWorkbook(EMPTY, { scenarioName: 'Bomb' }));
  return zipOf(Object.entries(parts).map(([name, data]) => {
    const change = changes[name];
    if (change === undefined) return { name, entry: deflated(data, { level: 6 }) };
    return { name, entry: typeof change === 'function' ? deflated(Buffer.from(change(Buffer.from(data).toString('utf8')))) : change };
  }));
}

/**
 * The same with its Profiles sheet replaced; `declaredSize` is what the zip directory says the
 * sheet expands to (its true size if not given).
 */
export function workbookWithProfilesSheet(sheet: DeflatedEntry, declaredSize = sheet.size): Promise<Buffer> {
  return workbookWithParts({ [PROFILES_PART]: { ...sheet, size: declaredSize } });
}
