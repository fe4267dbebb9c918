/** Small helpers shared by the conversions of request bodies (and workbook rows) into documents. */
import { randomUUID } from 'node:crypto';
import type { CostComponentDoc } from './documents.js';

/** The named fields of `source`, missing ones as null: documents keep every field explicitly. */
export function pick<K extends string>(source: Partial<Record<K, unknown>>, keys: readonly K[]): Record<K, never> {
  return Object.fromEntries(keys.map((k) => [k, source[k] ?? null])) as Record<K, never>;
}

interface CostComponentInput {
  guid?: string | null;
  name?: string | null;
  value?: number | null;
  lifetime?: number | null;
  interestRate?: number | null;
  length?: number | null;
  complexityFactor?: number | null;
  dataPoints?: number | null;
  numberOfPumps?: number | null;
  category?: string | null;
}

const COST_FIELDS = ['name', 'value', 'lifetime', 'interestRate', 'length', 'complexityFactor', 'dataPoints', 'numberOfPumps', 'category'] as const;

/** Cost components of a body; those that carry a guid (update bodies) keep it. */
export function costComponentDocs(items: readonly CostComponentInput[] | null | undefined): CostComponentDoc[] {
  return (items ?? []).map((c) => ({ guid: c.guid ?? randomUUID(), ...pick(c, COST_FIELDS) }));
}
