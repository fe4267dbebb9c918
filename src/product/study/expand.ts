/**
 * A study's variants: the assignments of values to its parameters, in a fixed order, each with a
 * key derived from its values alone. Pure and deterministic with no imports but types, because
 * Temporal workflow code imports it and replays it: the same study must expand the same way forever.
 */
import type { Assignment, Parameter, ParameterValue } from './target.js';
import { mulberry32 } from '../../common/seeded-random.js';
import { designRowsOf, type MorrisSpec } from './designs.js';
import type { SearchSpec } from './search/spec.js';
import type { SolverOverrides } from './solver-overrides.js';

/** The ways a study combines its parameters' values into variants. */
export const VARIANT_METHODS = ['grid', 'zip', 'list', 'latin-hypercube', 'morris', 'sobol', 'search'] as const;
export type VariantMethod = (typeof VARIANT_METHODS)[number];

/** Methods whose variants are decided as the study goes, from the outcomes of the variants before. */
export const ADAPTIVE_METHODS: readonly VariantMethod[] = ['search'];
/** Methods that sample the parameters' ranges rather than list their values. */
export const RANGE_METHODS: readonly VariantMethod[] = ['latin-hypercube', 'morris', 'sobol'];

/** The variant method of a study, with that method's options (null where the method has none). */
export interface VariantsSpec {
  method: VariantMethod;
  /** Latin hypercube: the number of samples; Sobol: the base samples N (N·(k+2) runs). */
  samples: number | null;
  /** Latin hypercube, Morris, Sobol: the seed of the sampling. */
  seed: number | null;
  /** List: the variants, each naming every parameter. */
  list: Assignment[] | null;
  /** Morris: trajectories, levels and groups. */
  morris?: MorrisSpec | null;
  /** Search: the parameter, the condition, and when to stop. */
  search?: SearchSpec | null;
}

/** What expansion reads of a study. */
export interface Sweep {
  name: string;
  parameters: readonly Parameter[];
  variants: VariantsSpec;
}

export type { SolverOverrides } from './solver-overrides.js';

/** One variant: its position, its value-derived key, its scenario name and its values. */
export interface Variant {
  index: number;
  key: string;
  name: string;
  assignment: Assignment;
  /** Solved with these settings instead of the study's (part of the key: the same values solved otherwise are another variant). */
  solver?: SolverOverrides;
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
export function variantKey(assignment: Assignment, solver?: SolverOverrides): string {
  const overrides = solver && Object.keys(solver).length ? `|${JSON.stringify(Object.keys(solver).sort().map((k) => [k, solver[k as keyof SolverOverrides]]))}` : '';
  return `v-${(fnv1a64(utf8(canonicalAssignment(assignment) + overrides)) >> 16n).toString(16).padStart(12, '0')}`;
}

/** The variant for display: `hp_cost=800, heat_demand=1.1`, in the study's parameter order, and its own solver settings. */
export function variantLabel(assignment: Assignment, solver?: SolverOverrides): string {
  const values = Object.entries(assignment).map(([name, value]) => `${name}=${String(value)}`).join(', ');
  const settings = solver ? Object.entries(solver).map(([name, value]) => `${name} ${String(value)}`).join(', ') : '';
  return settings ? `${values} (${settings})` : values;
}

/**
 * The number of variants of the study: of a Morris or Sobol design, its distinct points (a point
 * two trajectories share is solved once). A search decides its variants as it goes: none up front.
 */
export function variantCount(study: Sweep): number {
  const { method, samples, list } = study.variants;
  if (method === 'grid') return study.parameters.reduce((n, p) => n * (p.values?.length ?? 0), 1);
  if (method === 'zip') return study.parameters[0]?.values?.length ?? 0;
  if (method === 'list') return list?.length ?? 0;
  if (method === 'morris' || method === 'sobol') return design(study).variantRows.length;
  if (method === 'search') return 0;
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

/** A sampled design: its rows as assignments, and which rows are distinct variants. */
export interface SampledDesign {
  /** Every row of the design, as values of the parameters. */
  rows: Assignment[];
  /** The first row of each distinct variant, in order: variant i is row variantRows[i]. */
  variantRows: number[];
  /** The variant of each row. */
  rowVariant: number[];
}

/** Design values keep the 5 decimals the service stores; a range's ends are kept exact. */
const scaled = (range: { min: number; max: number }, x: number) => (x <= 0 ? range.min : x >= 1 ? range.max : round5(range.min + x * (range.max - range.min)));

function sampledDesign(study: Sweep): SampledDesign {
  const { parameters } = study;
  const lhs = study.variants.method === 'latin-hypercube';
  let rows: Assignment[];
  if (lhs) {
    const columns = latinHypercube(study);
    rows = Array.from({ length: study.variants.samples! }, (_, i) => Object.fromEntries(parameters.map((p, j) => [p.name, columns[j][i]])));
  } else {
    rows = designRowsOf(study.variants, parameters.map((p) => p.name)).map((point) => Object.fromEntries(parameters.map((p, j) => [p.name, scaled(p.range!, point[j])])));
  }
  const variantRows: number[] = [];
  const first = new Map<string, number>();
  const rowVariant = rows.map((row, r) => {
    // A Latin hypercube's samples are each their own variant, repeated or not (the loader refuses repeats).
    const canonical = lhs ? String(r) : canonicalAssignment(row);
    let variant = first.get(canonical);
    if (variant === undefined) {
      first.set(canonical, (variant = variantRows.length));
      variantRows.push(r);
    }
    return variant;
  });
  return { rows, variantRows, rowVariant };
}

// Workflows ask for variants batch by batch; the design is drawn once per study object.
const designs = new WeakMap<Sweep, SampledDesign>();

/** The study's sampled design (Latin hypercube, Morris or Sobol). */
export function design(study: Sweep): SampledDesign {
  let drawn = designs.get(study);
  if (!drawn) designs.set(study, (drawn = sampledDesign(study)));
  return drawn;
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
  } else if (variants.method === 'search') {
    throw new RangeError(`study ${study.name} searches: its variants are decided as it goes, not by index`);
  } else {
    const drawn = design(study);
    Object.assign(assignment, drawn.rows[drawn.variantRows[index]]);
  }
  return assignment;
}

/** The variant at `index` (0-based), computed without expanding the others. */
export function variantAt(study: Sweep, index: number): Variant {
  const count = variantCount(study);
  if (!Number.isInteger(index) || index < 0 || index >= count) {
    throw new RangeError(`variant index ${index} is outside 0..${count - 1} of study ${study.name}`);
  }
  return variantOf(study, index, assignmentAt(study, index));
}

/** The variant of these values (and solver settings) at a position of the study's own choosing: a search's probes. */
export function variantOf(study: Pick<Sweep, 'name'>, index: number, assignment: Assignment, solver?: SolverOverrides): Variant {
  const key = variantKey(assignment, solver);
  return { index, key, name: `${study.name.slice(0, MAX_SCENARIO_NAME - key.length - 1)}-${key}`, assignment, ...(solver && Object.keys(solver).length ? { solver } : {}) };
}

/** Every variant of the study, in order. */
export function expandVariants(study: Sweep): Variant[] {
  return Array.from({ length: variantCount(study) }, (_, i) => variantAt(study, i));
}
