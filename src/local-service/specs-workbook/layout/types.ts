/**
 * The shape of the declarative workbook layout that the writer and the reader share: one
 * description per sheet, so a column cannot be written one way and read another.
 *
 * A row of a record sheet holds a *record*: the creation body of one document (references as
 * guids, profiles as ids), plus the fields only an update body can set. The writer turns each
 * document into its record and its record into cells; the reader turns cells back into the record,
 * validates it as a creation body and converts it with the converter the family's handlers use
 * (scenario-model/docs/).
 */
import type { z } from 'zod';
import type { DocOfKind, ResourceKind, ScenarioContent } from '../../scenario-model/documents.js';

/** A record: a creation body with references as guids, plus update-only fields. */
export type RecordValues = Record<string, unknown>;

/** What a cell holds; cells.ts says how each is written and read. */
export type Cell =
  | { kind: 'text' | 'number' | 'boolean' | 'json' | 'time' }
  /** Key(s) of rows of another sheet; `wrap` turns each into `{[wrap]: guid}` (impex hubs). */
  | { kind: 'ref'; sheet: string; many: boolean; names: string; wrap?: string }
  /** The key of a column of the Profiles sheet. */
  | { kind: 'profile'; names: string }
  /** `hub key: available area [type]; …` (on-site resources). */
  | { kind: 'solarHubs'; names: string }
  /** `carrier key: input 100, primary; …` (conversion modes). */
  | { kind: 'modeCarriers'; names: string };

export interface Column {
  /** Header text in row 1, with the unit where there is one. */
  header: string;
  /** The record field. */
  field: string;
  cell: Cell;
  /** Only an update body carries this field: validated with the sheet's update schema, set after conversion. */
  updateOnly?: boolean;
}

interface SheetBase {
  title: string;
  /** One of the 12 sheets of the specs input file; the others may be missing from an upload. */
  required: boolean;
  columns: Column[];
}

/** A sheet with one row per resource of a kind. */
export interface ResourceSheet<K extends ResourceKind = ResourceKind> extends SheetBase {
  kind: K;
  /** The field that names a row in other sheets' read-only name columns. */
  nameField?: string;
  /** Which documents of the kind the sheet holds (imports or exports). */
  select?: (doc: DocOfKind[K]) => boolean;
  /** The record of a document: the inverse of `toDoc`. */
  toRecord: (doc: DocOfKind[K]) => RecordValues;
  /** Body fields the sheet implies instead of a column. */
  fixed?: RecordValues;
  /** The contract's creation body. */
  schema: z.ZodType;
  /** The family's converter from a creation body to the document. */
  toDoc: (body: never) => DocOfKind[K];
  /** Fields only an update body carries, and how the family would store them. */
  update?: { schema: z.ZodType; apply: (doc: DocOfKind[K], values: RecordValues) => DocOfKind[K] };
  /** A list of the creation body whose items are the rows of a child sheet. */
  children?: { sheet: string; field: string };
  /** The family's checks against other documents of the scenario (beyond the schema). */
  rules?: (doc: DocOfKind[K], find: (guid: string) => unknown) => { field: string; message: string }[];
}

/** A sheet whose rows are items of a list of a resource of another sheet (conversion modes). */
export interface ChildSheet extends SheetBase {
  /** The field holding the parent's key, and the parent sheet. */
  parent: { field: string; sheet: string };
  /** Rows with their keys (the items' own ids on export), in order. */
  rows: (content: ScenarioContent) => { key: string; record: RecordValues }[];
}

export type SheetLayout = ResourceSheet | ChildSheet;

/** Whether the sheet's rows are items of another sheet's resources. */
export const isChildSheet = (sheet: SheetLayout): sheet is ChildSheet => 'parent' in sheet;

/** Erases the kind parameter, so sheets of every kind fit one list. */
export const resourceSheet = <K extends ResourceKind>(sheet: ResourceSheet<K>): ResourceSheet => sheet as unknown as ResourceSheet;
