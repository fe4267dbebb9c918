/**
 * Turning decoded records into documents the way the API does: each record is validated as the
 * contract's creation body and converted by the family's converter, then given the fields only
 * an update could set and checked against the family's rules. Problems point at the cell.
 */
import type { z } from 'zod';
import { fieldPath, toFieldProblems } from '../../wire/contract/issues.js';
import { RESOURCE_KINDS, type Resource, type ScenarioContent } from '../scenario-model/documents.js';
import { type ChildSheet, isChildSheet, KEY_HEADER, type RecordValues, type ResourceSheet, type SheetLayout } from './layout/index.js';
import type { Problems } from './problems.js';
import type { Table, TableRow } from './record-table.js';

/** The rows of a child sheet that belong to one parent row, and the body list they make. */
interface Children {
  sheet: ChildSheet;
  field: string;
  rows: TableRow[];
}

/** The column header of a record field, and how to describe a path inside its cell. */
function cellOf(sheet: SheetLayout, path: (string | number)[]): { column: string; inside: string } {
  const [field, ...rest] = path;
  const column = sheet.columns.find((c) => c.field === field);
  if (!column) return { column: KEY_HEADER, inside: fieldPath(path) };
  const inside = column.cell.kind === 'json' ? fieldPath(rest) : rest.map((k) => (typeof k === 'number' ? `entry ${k + 1}` : k)).join(', ');
  return { column: column.header, inside };
}

/** Reports a parse failure of a row's body; issues inside the child list point at the child's row. */
function reportIssues(error: z.ZodError, body: unknown, sheet: SheetLayout, row: TableRow, children: Children | undefined, problems: Problems): void {
  for (const { loc, message } of toFieldProblems(error.issues, body)) {
    if (children && loc[0] === children.field) {
      const child = typeof loc[1] === 'number' ? children.rows[loc[1]] : undefined;
      if (child) {
        const { column, inside } = cellOf(children.sheet, loc.slice(2));
        problems.add(children.sheet.title, child.row, column, `${inside ? `${inside}: ` : ''}${message}`);
      } else {
        problems.add(sheet.title, row.row, KEY_HEADER, `${message} (they are the rows of sheet "${children.sheet.title}" that name this key)`);
      }
      continue;
    }
    const { column, inside } = cellOf(sheet, loc);
    problems.add(sheet.title, row.row, column, `${inside ? `${inside}: ` : ''}${message}`);
  }
}

/** A record split into the creation body and the update-only values. */
function split(sheet: SheetLayout, record: RecordValues): { body: RecordValues; updates: RecordValues } {
  const body: RecordValues = {};
  const updates: RecordValues = {};
  for (const column of sheet.columns) {
    if (column.field in record) (column.updateOnly ? updates : body)[column.field] = record[column.field];
  }
  return { body, updates };
}

/** The document of one row, or undefined after reporting why there is none. */
function toDocument(sheet: ResourceSheet, row: TableRow, children: Children | undefined, problems: Problems): unknown {
  const { body, updates } = split(sheet, row.record);
  Object.assign(body, sheet.fixed);
  if (children) {
    body[children.field] = children.rows.map((child) => {
      const { [children.sheet.parent.field]: _parent, ...item } = split(children.sheet, child.record).body;
      return item;
    });
  }
  const created = sheet.schema.safeParse(body);
  if (!created.success) reportIssues(created.error, body, sheet, row, children, problems);
  const updated = sheet.update?.schema.safeParse(updates);
  if (updated && !updated.success) reportIssues(updated.error, updates, sheet, row, undefined, problems);
  if (!created.success || (updated && !updated.success)) return undefined;
  const doc = sheet.toDoc(created.data as never);
  return sheet.update && updated?.success ? sheet.update.apply(doc, updated.data as RecordValues) : doc;
}

/** Rows of child sheets by their parent's guid; a row that names no parent is a problem. */
function rowsByParent(tables: readonly Table[], problems: Problems): Map<string, TableRow[]> {
  const byParent = new Map<string, TableRow[]>();
  for (const { sheet, rows } of tables) {
    if (!isChildSheet(sheet)) continue;
    const parentColumn = sheet.columns.find((c) => c.field === sheet.parent.field)!;
    for (const row of rows) {
      const parent = row.record[sheet.parent.field] as string | undefined;
      if (parent !== undefined) byParent.set(parent, [...(byParent.get(parent) ?? []), row]);
      else if (!row.broken) problems.add(sheet.title, row.row, parentColumn.header, `is required: the key of the row of sheet "${sheet.parent.sheet}" this row belongs to`);
    }
  }
  return byParent;
}

/**
 * The resources of every record sheet, in sheet and row order. Rows already known to be broken
 * are skipped: their problems are reported, and the content is not used when there are any.
 */
export function buildResources(tables: readonly Table[], problems: Problems): ScenarioContent['resources'] {
  const resources = Object.fromEntries(RESOURCE_KINDS.map((k) => [k, [] as Resource[]])) as unknown as ScenarioContent['resources'];
  const docs = new Map<string, unknown>();
  const childRows = rowsByParent(tables, problems);
  const childSheets = new Map(tables.filter((t) => isChildSheet(t.sheet)).map((t) => [t.sheet.title, t.sheet as ChildSheet]));
  for (const { sheet, rows } of tables) {
    if (isChildSheet(sheet)) continue;
    const childSheet = sheet.children && childSheets.get(sheet.children.sheet);
    for (const row of rows) {
      const own = childSheet && { sheet: childSheet, field: sheet.children!.field, rows: childRows.get(row.guid) ?? [] };
      if (row.broken || own?.rows.some((child) => child.broken)) continue;
      const doc = toDocument(sheet, row, own, problems);
      if (doc === undefined) continue;
      for (const { field, message } of sheet.rules?.(doc as never, (guid) => docs.get(guid)) ?? []) {
        problems.add(sheet.title, row.row, cellOf(sheet, [field]).column, message);
      }
      docs.set(row.guid, doc);
      (resources[sheet.kind] as Resource[]).push({ guid: row.guid, kind: sheet.kind, created: 0, updated: 0, doc: doc as never });
    }
  }
  return resources;
}
