/** Builders of column descriptions, and helpers the sheets share to turn documents into records. */
import { pick } from '../../scenario-model/fields.js';
import type { Column, RecordValues } from './types.js';

/** A text column. */
export const text = (header: string, field: string): Column => ({ header, field, cell: { kind: 'text' } });
/** A number column; the contract's schema says which numbers it takes. */
export const num = (header: string, field: string): Column => ({ header, field, cell: { kind: 'number' } });
/** A TRUE/FALSE column. */
export const bool = (header: string, field: string): Column => ({ header, field, cell: { kind: 'boolean' } });
/** A column holding a nested list as JSON (cost and price components, time of uses). */
export const json = (header: string, field: string): Column => ({ header, field, cell: { kind: 'json' } });
/** A time-of-day column, written hh:mm. */
export const time = (header: string, field: string): Column => ({ header, field, cell: { kind: 'time' } });

/** One key of a row of `sheet`; `names` heads the read-only column of its name. */
export const ref = (header: string, field: string, sheet: string, names: string): Column => ({
  header, field, cell: { kind: 'ref', sheet, many: false, names },
});

/** Keys of rows of `sheet` separated by "; "; `wrap` makes the record's items `{[wrap]: guid}`. */
export const refs = (header: string, field: string, sheet: string, names: string, wrap?: string): Column => ({
  header, field, cell: { kind: 'ref', sheet, many: true, names, wrap },
});

/** The key of a profile (a column of the Profiles sheet). */
export const profile = (header: string, field: string, names: string): Column => ({ header, field, cell: { kind: 'profile', names } });

/** Marks a column whose field only an update body carries. */
export const updateOnly = (column: Column): Column => ({ ...column, updateOnly: true });

/**
 * Cost and price components without the ids their documents own (new ones are made on import) and
 * without empty fields, and no cell at all for an empty list: the converters store a missing field
 * as null and a missing list as an empty one.
 */
export function components(items: readonly { guid: string }[]): RecordValues[] | null {
  return items.length ? items.map(({ guid: _owned, ...fields }) => given(fields)) : null;
}

/** The values of `values` that are set: update-only fields left empty keep what the converter stored. */
export function given(values: RecordValues): RecordValues {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== null));
}

/**
 * Metadata as the families store it: every field (null when not given) once an update body carried
 * it, nothing while only a creation body did.
 */
export function metadataOf<F extends string>(values: RecordValues, fields: readonly F[]): Partial<Record<F, string | number | null>> | undefined {
  return fields.some((f) => values[f] !== undefined && values[f] !== null) ? pick(values as Partial<Record<F, unknown>>, fields) : undefined;
}
