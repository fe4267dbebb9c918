/**
 * References between a scenario's resources are guids (and profile ids) inside their documents.
 * These walkers find them, detach them and remap them, without knowing each document's shape:
 * one mechanism for delete checks, cascades and the deep copy, so a new field that refers to
 * something is covered by all three.
 */
import { randomUUID } from 'node:crypto';

type Json = unknown;

/** Keys whose numeric value is a profile id. */
export const isProfileKey = (key: string) => /profileid$/i.test(key);

/** Keys of ids that a document owns (its modes, cost and price components): new ones on copy. */
const OWNED_ID_KEYS = new Set(['technologyModeGuid', 'guid']);

/** Whether the document mentions `guid` anywhere. */
export function mentions(value: Json, guid: string): boolean {
  if (value === guid) return true;
  if (Array.isArray(value)) return value.some((v) => mentions(v, guid));
  if (value && typeof value === 'object') return Object.values(value).some((v) => mentions(v, guid));
  return false;
}

/** Whether the document uses profile `id` in a profile field. */
export function mentionsProfile(value: Json, id: number): boolean {
  if (Array.isArray(value)) return value.some((v) => mentionsProfile(v, id));
  if (value && typeof value === 'object') {
    return Object.entries(value).some(([k, v]) => (isProfileKey(k) && v === id) || mentionsProfile(v, id));
  }
  return false;
}

/**
 * Removes `guid` from the lists of a document: strings equal to it, and objects that name it
 * directly (`{hubGuid}` items). `orphaned` says a top-level field still names it: the document
 * cannot exist without it (a network link whose node was deleted).
 */
export function detach<T>(doc: T, guid: string): { doc: T; orphaned: boolean } {
  const strip = (value: Json): Json => {
    if (Array.isArray(value)) {
      return value
        .filter((v) => v !== guid && !(v && typeof v === 'object' && !Array.isArray(v) && Object.values(v).includes(guid)))
        .map(strip);
    }
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, strip(v)]));
    }
    return value;
  };
  const stripped = strip(doc) as T;
  const orphaned = Object.values(stripped as object).includes(guid);
  return { doc: stripped, orphaned };
}

/**
 * A deep copy of a document for a copied scenario: guids of the copied resources and profile ids
 * are replaced by their copies', and ids the document owns get fresh values.
 */
export function remap<T>(doc: T, guids: ReadonlyMap<string, string>, profiles: ReadonlyMap<number, number>): T {
  const walk = (value: Json, key: string | undefined): Json => {
    if (typeof value === 'string') {
      const mapped = guids.get(value);
      if (mapped) return mapped;
      return key && OWNED_ID_KEYS.has(key) ? randomUUID() : value;
    }
    if (typeof value === 'number') return key && isProfileKey(key) ? (profiles.get(value) ?? value) : value;
    if (Array.isArray(value)) return value.map((v) => walk(v, undefined));
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, k)]));
    }
    return value;
  };
  return walk(doc, undefined) as T;
}
