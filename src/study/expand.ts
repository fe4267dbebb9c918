/**
 * A study's variants: the assignments of values to its parameters, in a fixed order, each with a
 * key derived from its values alone. Pure and deterministic with no imports but types, because
 * Temporal workflow code imports it and replays it: the same study must expand the same way forever.
 */
import type { Assignment, Parameter, ParameterValue } from './target.js';
import { mulberry32 } from '../common/seeded-random.js';

/** The ways a study combines its parameters' values into variants. */
export const VARIANT_METHODS = ['grid', 'zip', 'list', 'latin-hypercube'] as const;
export type VariantMethod = (typeof VARIANT_METHODS)[number];

/** The variant method of a study, with that method's options. */
export interface VariantsSpec {
  method: VariantMethod;
  /** Latin hypercube: the number of samples. */
  samples: number | null;
  /** Latin hypercube: the seed of the sampling. */
  seed: number | null;
  /** List: the variants, each naming every parameter. */
  list: Assignment[] | null;
}

/** What expansion reads of a study. */
export interface Sweep {
  name: string;
  parameters: readonly Parameter[];
  variants: VariantsSpec;
}

/** One variant: its position, its value-derived key, its scenario name and its values. */
export interface Variant {
  index: number;
  key: string;
  name: string;
  assignment: Assignment;
}

/** The longest scenario name the planning service accepts. */
export const MAX_SCENARIO_NAME = 100;

/** Sampled values keep the 5 decimals the service stores. */
const round5 = (x: number) => Math.round(x * 1e5) / 1e5;

/** The assignment as canonical JSON: `[name, value]` pairs sorted by name, so parameter order does not matter. */
export function canonicalAssignment(assignment: Assignment): string {
  return JSON.stringify(Object.keys(assignment).sort().map((name) => [name, assignment[name]]));
}

const FNV_OFFSET = 0xcbf29ce484222325n;
const FNV_PRIME = 0x100000001b3n;
const BYTES = Array.from({ length: 256 }, (_, b) => BigInt(b));

/** UTF-8, encoded by hand: not every sandbox has a TextEncoder. */
function utf8(text: string): number[] {
  const bytes: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code < 0x80) bytes.push(code);
    else if (code < 0x800) bytes.push(0xc0 | (code >> 6), 0x80 | (code & 0x3f));
    else if (code < 0x10000) bytes.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f));
    else bytes.push(0xf0 | (code >> 18), 0x80 | ((code >> 12) & 0x3f), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f));
  }
  return bytes;
}

/** FNV-1a, 64 bits. */
function fnv1a64(bytes: readonly number[]): bigint {
  let hash = FNV_OFFSET;
  for (const byte of bytes) hash = BigInt.asUintN(64, (hash ^ BYTES[byte]) * FNV_PRIME);
  return hash;
}

/**
 * The variant's key, `v-` and 12 hex digits: the top 48 bits of the FNV-1a hash of the canonical
 * assignment (the top bits are the ones every byte's multiplication has reached). Scenarios and
 * results are found again by this key, so it must never change for the same values.
 */
export function variantKey(assignment: Assignment): string {
  return `v-${(fnv1a64(utf8(canonicalAssignment(assignment))) >> 16n).toString(16).padStart(12, '0')}`;
}

/** The variant for display: `hp_cost=800, heat_demand=1.1`, in the study's parameter order. */
export function variantLabel(assignment: Assignment): string {
  return Object.entries(assignment).map(([name, value]) => `${name}=${String(value)}`).join(', ');
}

/** The number of variants of the study. */
export function variantCount(study: Sweep): number {
  const { method, samples, list } = study.variants;
  if (method === 'grid') return study.parameters.reduce((n, p) => n * (p.values?.length ?? 0), 1);
  if (method === 'zip') return study.parameters[0]?.values?.length ?? 0;
  if (method === 'list') return list?.length ?? 0;
  return samples ?? 0;
}

/**
 * Latin-hypercube columns, one per parameter: each range cut into `samples` strata, the strata
 * shuffled (Fisher–Yates) and one uniform point drawn in each. Parameters draw from one stream in
 * study order, so a column depends on the seed and on the parameters before it.
 */
function latinHypercube(study: Sweep): number[][] {
  const n = study.variants.samples!;
  const random = mulberry32(study.variants.seed!);
  return study.parameters.map(({ range }) => {
    const { min, max } = range!;
    const strata = Array.from({ length: n }, (_, i) => i);
    for (let i = n - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [strata[i], strata[j]] = [strata[j], strata[i]];
    }
    return strata.map((stratum) => round5(min + ((stratum + random()) / n) * (max - min)));
  });
}

// Workflows ask for variants batch by batch; the design is drawn once per study object.
const designs = new WeakMap<Sweep, number[][]>();

function design(study: Sweep): number[][] {
  let columns = designs.get(study);
  if (!columns) designs.set(study, (columns = latinHypercube(study)));
  return columns;
}

function assignmentAt(study: Sweep, index: number): Assignment {
  const { parameters, variants } = study;
  const assignment: Assignment = {};
  if (variants.method === 'grid') {
    // Mixed-radix decoding: the last parameter is the fastest digit.
    const digits: ParameterValue[] = [];
    let rest = index;
    for (let p = parameters.length - 1; p >= 0; p--) {
      const values = parameters[p].values!;
      digits[p] = values[rest % values.length];
      rest = Math.floor(rest / values.length);
    }
    parameters.forEach((p, i) => (assignment[p.name] = digits[i]));
  } else if (variants.method === 'zip') {
    for (const p of parameters) assignment[p.name] = p.values![index];
  } else if (variants.method === 'list') {
    for (const p of parameters) assignment[p.name] = variants.list![index][p.name];
  } else {
    const columns = design(study);
    parameters.forEach((p, i) => (assignment[p.name] = columns[i][index]));
  }
  return assignment;
}

/** The variant at `index` (0-based), computed without expanding the others. */
export function variantAt(study: Sweep, index: number): Variant {
  const count = variantCount(study);
  if (!Number.isInteger(index) || index < 0 || index >= count) {
    throw new RangeError(`variant index ${index} is outside 0..${count - 1} of study ${study.name}`);
  }
  const assignment = assignmentAt(study, index);
  const key = variantKey(assignment);
  return { index, key, name: `${study.name.slice(0, MAX_SCENARIO_NAME - key.length - 1)}-${key}`, assignment };
}

/** Every variant of the study, in order. */
export function expandVariants(study: Sweep): Variant[] {
  return Array.from({ length: variantCount(study) }, (_, i) => variantAt(study, i));
}
