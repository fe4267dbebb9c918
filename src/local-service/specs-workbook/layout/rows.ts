/** The rows a sheet holds for a scenario's content: each row's key and record. */
import type { Resource, ScenarioContent } from '../../scenario-model/documents.js';
import { isChildSheet, type RecordValues, type SheetLayout } from './types.js';

export interface SheetRow {
  key: string;
  record: RecordValues;
}

/** The sheet's rows in content order; a resource's key is its guid. */
export function sheetRows(sheet: SheetLayout, content: ScenarioContent): SheetRow[] {
  if (isChildSheet(sheet)) return sheet.rows(content);
  const resources = content.resources[sheet.kind] as Resource[];
  return resources
    .filter((r) => !sheet.select || sheet.select(r.doc as never))
    .map((r) => ({ key: r.guid, record: sheet.toRecord(r.doc as never) }));
}
