/**
 * How cells name other rows. On export a row's key is its resource's guid (a profile's, its id),
 * so writing a reference needs nothing; the read-only name columns look names up in `Names`. On
 * import keys are any text, resolved through `Keys` to the ids the reader gave the rows.
 */
import { PROFILES_SHEET } from './layout/index.js';
import { CellProblem } from './cell-values.js';

export interface Names {
  /** The name of the row of `sheet` with this guid. */
  of(sheet: string, guid: string): string;
  profile(id: number): string;
}

export interface Keys {
  guid(sheet: string, key: string): string | undefined;
  profileId(key: string): number | undefined;
}

/** The guid of the row of `sheet` with `key`, or a problem naming both. */
export function resolveKey(keys: Keys, sheet: string, key: string): string {
  const guid = keys.guid(sheet, key);
  if (guid === undefined) throw new CellProblem(`no row with key "${key}" in sheet "${sheet}"`);
  return guid;
}

/** The id of the profile with `key`, or a problem naming it. */
export function resolveProfile(keys: Keys, key: string): number {
  const id = keys.profileId(key);
  if (id === undefined) throw new CellProblem(`no profile with key "${key}" in sheet "${PROFILES_SHEET}"`);
  return id;
}

/** Keys are written into lists ("a; b") and entries ("a: …, …"), so they may not hold those separators. */
export const KEY_SEPARATORS = /[;:,]/;
