/**
 * `manifest.json`, a study's record of every variant: what it changed, how it ended, the files it
 * left in the results directory and the solutions read from them. It is rewritten as variants
 * finish, so a reader (or a crash) only ever sees a complete earlier or later version.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { writeInChunks } from '../../../common/chunked-write.js';
import { Objective, TemporalResolution } from '../../../wire/contract/values.js';
import { TARGET_KINDS, type Parameter, type Target } from '../target.js';
import { parameterUnit } from '../units.js';
import { SolutionResult } from './read-output.js';

const OutcomeValueSchema = z.union([z.object({ value: z.union([z.number(), z.string()]), unit: z.string() }), z.object({ problem: z.string() })]);

export const MANIFEST_FILE = 'manifest.json';

export const VARIANT_STATUSES = ['DONE', 'FAILED', 'INFEASIBLE', 'STOPPED', 'PENDING'] as const;
export type VariantStatus = (typeof VARIANT_STATUSES)[number];

/** Statuses of variants that ended without results, each with its reason: listed on the summary's Failures sheet and the report. */
export const FAILED_STATUSES: readonly VariantStatus[] = ['FAILED', 'INFEASIBLE', 'STOPPED'];
/** Of those, the ones counted as failed: a variant stopped by a cancel did not fail, it was not let finish. */
export const COUNTED_FAILED: readonly VariantStatus[] = ['FAILED', 'INFEASIBLE'];

/** A parameter as the manifest records it: its target described for people, not for code. */
export const ParameterRecord = z.object({
  name: z.string(),
  kind: z.enum(TARGET_KINDS),
  target: z.string(),
  operation: z.enum(['set', 'scale']),
  /** How its values read (`CHF/kWh`, `×` for a factor), where known. */
  unit: z.string().optional(),
  range: z.object({ min: z.number(), max: z.number() }).optional(),
});
export type ParameterRecord = z.infer<typeof ParameterRecord>;

/** One variant: its parameter values, its outcome, its files (paths relative to the results directory) and its solutions. */
export const VariantRecord = z.object({
  index: z.int().nonnegative(),
  key: z.string(),
  name: z.string(),
  label: z.string(),
  parameters: z.record(z.string(), z.union([z.number(), z.string(), z.boolean()])),
  status: z.enum(VARIANT_STATUSES),
  reason: z.string().optional(),
  scenarioGuid: z.string().optional(),
  jobId: z.string().optional(),
  files: z.array(z.object({ path: z.string(), sha256: z.string().regex(/^[0-9a-f]{64}$/), bytes: z.int().nonnegative() })),
  solutions: z.array(SolutionResult),
  /** Scheduled runs: the fingerprint of the specs file the variant was solved from. */
  fingerprint: z.string().optional(),
  /** Scheduled runs: the earlier run whose results were taken, its inputs being unchanged. */
  reusedFrom: z.string().optional(),
  /** The study's outcomes read from its output: each a value with its unit, or why it could not be read. */
  outcomes: z.record(z.string(), OutcomeValueSchema).optional(),
  /** Solved with settings of its own instead of the study's (a search's confirmation). */
  solver: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type VariantRecord = z.infer<typeof VariantRecord>;

/** A study outcome as the manifest lists it: its column name, what it reads, its unit. */
export const OutcomeRecord = z.object({ name: z.string(), description: z.string(), unit: z.string(), numeric: z.boolean() });
export type OutcomeRecord = z.infer<typeof OutcomeRecord>;

/** A statistic that small samples can leave undefined (written as null). */
const Statistic = z.number().nullable();
const Interval = z.tuple([Statistic, Statistic]);

const MorrisGroupRecord = z.object({
  name: z.string(),
  parameters: z.array(z.string()),
  /** In the outcome's unit per full range of the group (the parameters scaled to [0, 1]). */
  muStar: Statistic, mu: Statistic, sigma: Statistic, muStarInterval: Interval,
  /** A group of one parameter: μ* per unit of the parameter (the outcome's unit per the parameter's). */
  muStarPerUnit: z.number().optional(),
  effects: z.int(),
});
const SobolFactorRecord = z.object({ name: z.string(), first: Statistic, firstInterval: Interval, total: Statistic, totalInterval: Interval });
const ProbeRecordSchema = z.object({
  value: z.number(), step: z.enum(['scan', 'bisection', 'regula-falsi', 'confirm']), index: z.int(), key: z.string(),
  outcome: z.union([z.number(), z.string()]).optional(), failed: z.string().optional(),
});
const BracketRecord = z.object({
  low: z.number(), high: z.number(), holdsAtLow: z.boolean(), lowOutcome: z.union([z.number(), z.string()]), highOutcome: z.union([z.number(), z.string()]),
  confirmed: z.boolean().optional(),
  confirmation: z.object({ lowOutcome: z.union([z.number(), z.string()]).optional(), highOutcome: z.union([z.number(), z.string()]).optional(), note: z.string() }).optional(),
});

/** What the study's method found: sensitivity indices per outcome, or a search's brackets. */
export const AnalysisRecord = z.discriminatedUnion('method', [
  z.object({
    method: z.literal('morris'), trajectories: z.int(), levels: z.int(), runs: z.int(), distinct: z.int(),
    outcomes: z.array(z.object({
      outcome: z.string(), unit: z.string(), groups: z.array(MorrisGroupRecord), trajectoriesUsed: z.int(), dropped: z.int(), notes: z.array(z.string()),
    })),
  }),
  z.object({
    method: z.literal('sobol'), samples: z.int(), runs: z.int(), distinct: z.int(),
    outcomes: z.array(z.object({
      outcome: z.string(), unit: z.string(), factors: z.array(SobolFactorRecord), variance: z.number(), rowsUsed: z.int(), dropped: z.int(),
      constant: z.boolean(), notes: z.array(z.string()),
    })),
  }),
  z.object({
    method: z.literal('search'), parameter: z.string(), unit: z.string(), range: z.object({ min: z.number(), max: z.number() }),
    outcome: z.string(), outcomeUnit: z.string(), condition: z.string(), threshold: z.number().optional(), tolerance: z.number(), probes: z.int(),
    searches: z.array(z.object({
      along: z.record(z.string(), z.union([z.number(), z.string(), z.boolean()])),
      probes: z.array(ProbeRecordSchema),
      answer: z.object({
        verdict: z.enum(['bracketed', 'holds-everywhere', 'holds-nowhere', 'failed']),
        stop: z.enum(['tolerance', 'probe-limit', 'resolution', 'no-crossing', 'failed-probe']),
        brackets: z.array(BracketRecord), jobs: z.int(), text: z.string(),
      }).optional(),
    })),
  }),
]);
export type AnalysisRecord = z.infer<typeof AnalysisRecord>;

/** The whole manifest; `totals` always count `variants` (failed = FAILED and INFEASIBLE; stopped, when any, apart). */
export const Manifest = z.object({
  study: z.object({
    name: z.string(),
    description: z.string(),
    /** The study file the study was started from. */
    file: z.string(),
    startedAt: z.iso.datetime({ offset: true }),
    /** Null while the study runs. */
    finishedAt: z.iso.datetime({ offset: true }).nullable(),
  }),
  /** The solver job settings every variant was submitted with, named as in the service's job request. */
  solver: z.object({
    objective1: Objective,
    objective2: Objective.nullish(),
    temporalResolution: TemporalResolution,
    points: z.int().min(1),
    timeLimit: z.int().min(1),
    mipGap: z.number(),
  }),
  parameters: z.array(ParameterRecord),
  /** How the study made its variants (grid, zip, list, latin-hypercube, morris, sobol, search). */
  method: z.string().optional(),
  outcomes: z.array(OutcomeRecord).optional(),
  variants: z.array(VariantRecord),
  analysis: AnalysisRecord.optional(),
  totals: z.object({
    variants: z.int(), done: z.int(), failed: z.int(), pending: z.int(),
    /** Variants a cancel stopped (counted apart from the failed), when there are any. */
    stopped: z.int().optional(),
    /** Of the done: variants of a scheduled run whose results were taken over from an earlier run. */
    reused: z.int().optional(),
  }),
});
export type Manifest = z.infer<typeof Manifest>;

/** The manifest's record of a study parameter. */
export function parameterRecord(parameter: Parameter): ParameterRecord {
  const unit = parameterUnit(parameter);
  return {
    name: parameter.name, kind: parameter.target.kind, target: describeTarget(parameter.target), operation: parameter.operation,
    ...(unit ? { unit } : {}), ...(parameter.range ? { range: parameter.range } : {}),
  };
}

/** `conversionTechnology "Heat pump", mode 1, carrier "Heat" → outputEfficiency`; a profile has no field. */
function describeTarget(target: Target): string {
  const where = [
    `${target.kind} "${target.name}"`,
    target.mode !== undefined && `mode ${target.mode}`,
    target.carrier !== undefined && `carrier "${target.carrier}"`,
    target.hub !== undefined && `hub "${target.hub}"`,
  ].filter(Boolean).join(', ');
  return target.field === undefined ? where : `${where} → ${target.field}`;
}

/** The manifest but its variants: small, whatever the study's size. */
const ManifestHead = Manifest.omit({ variants: true });
export type ManifestHead = z.infer<typeof ManifestHead>;
export type Totals = Manifest['totals'];

/**
 * Writes `manifest.json` into `dir` atomically, variants sorted by index and totals counted here
 * (so they cannot disagree with the variants); answers the manifest as written.
 */
export async function writeManifest(dir: string, manifest: Omit<Manifest, 'totals'>): Promise<Manifest> {
  const { variants, ...rest } = manifest;
  const written: VariantRecord[] = [];
  const head = await streamManifest(dir, [...variants].sort((a, b) => a.index - b.index), (variant) => written.push(variant), (totals) => ({ ...rest, totals }));
  return { ...head, variants: written };
}

/**
 * Writes `manifest.json` into `dir` atomically from `variants`, given one at a time in index order
 * (read from disk as they are asked for, say): each is checked and stripped of what a record does
 * not keep (a solution's rows), handed to `written`, and written. The head comes first in the file
 * but is known only once every variant has passed (the totals, and whatever `head` makes of what
 * `written` kept), so the variants go to a file beside it first and are copied in after the head:
 * a study of 100,000 variants never has its manifest in memory, as one string or as objects.
 */
export async function streamManifest(
  dir: string,
  variants: Iterable<VariantRecord> | AsyncIterable<VariantRecord>,
  written: (variant: VariantRecord) => void,
  head: (totals: Totals) => Omit<Manifest, 'variants'>,
): Promise<ManifestHead> {
  await mkdir(dir, { recursive: true });
  const path = join(dir, MANIFEST_FILE);
  let parsed: ManifestHead | undefined;
  await writeAtomically(path, async (partial) => {
    const body = `${partial}.variants`;
    try {
      const totals = new TotalsCount();
      await writeInChunks(body, checkedItems(variants, (variant) => {
        totals.add(variant);
        written(variant);
      }));
      parsed = ManifestHead.parse(head(totals.totals()));
      // In the stream's own 64 kB pieces, for the reason writeInChunks writes in chunks of that size.
      await writeInChunks(partial, jsonWithArray(parsed, 'variants', totals.variants, createReadStream(body, { encoding: 'utf8' })));
    } finally {
      await rm(body, { force: true });
    }
  });
  return parsed!;
}

/** Each variant checked and stripped, as an item of the manifest's `variants`. */
async function* checkedItems(variants: Iterable<VariantRecord> | AsyncIterable<VariantRecord>, each: (variant: VariantRecord) => void): AsyncGenerator<string> {
  let previous = -Infinity;
  let i = 0;
  for await (const variant of variants) {
    const checked = VariantRecord.safeParse(variant);
    if (!checked.success) throw new Error(`variant ${variant.index} (${variant.key}) cannot go into the manifest:\n${z.prettifyError(checked.error)}`);
    // The file is read in this order, and nothing here could sort it afterwards.
    if (checked.data.index < previous) throw new Error(`variant ${checked.data.index} (${checked.data.key}) comes after variant ${previous}: the manifest's variants go in index order`);
    previous = checked.data.index;
    each(checked.data);
    yield `${i++ ? ',' : ''}\n    ${JSON.stringify(checked.data, null, 2).replace(/\n/g, '\n    ')}`;
  }
}

/** The totals of the variants added so far (failed = FAILED and INFEASIBLE; stopped and reused only when there are any). */
class TotalsCount {
  variants = 0;
  private readonly byStatus = new Map<VariantStatus, number>();
  private fingerprinted = false;
  private reused = 0;

  add(variant: VariantRecord): void {
    this.variants++;
    this.byStatus.set(variant.status, (this.byStatus.get(variant.status) ?? 0) + 1);
    if (variant.fingerprint) this.fingerprinted = true;
    if (variant.reusedFrom) this.reused++;
  }

  totals(): Totals {
    const count = (statuses: readonly VariantStatus[]) => statuses.reduce((n, s) => n + (this.byStatus.get(s) ?? 0), 0);
    return {
      variants: this.variants, done: count(['DONE']), failed: count(COUNTED_FAILED), pending: count(['PENDING']),
      ...(count(['STOPPED']) && { stopped: count(['STOPPED']) }),
      // Only a scheduled run fingerprints its variants, and only there can results be taken over.
      ...(this.fingerprinted && { reused: this.reused }),
    };
  }
}

/** `object` with the `length` items as its last member `name`, indented as `JSON.stringify(…, null, 2)` would, in pieces. */
async function* jsonWithArray(object: object, name: string, length: number, items: AsyncIterable<string>): AsyncGenerator<string> {
  yield `${JSON.stringify(object, null, 2).slice(0, -2)},\n  ${JSON.stringify(name)}: [`;
  yield* items;
  yield `${length ? '\n  ' : ''}]\n}\n`;
}

/** Reads and checks `manifest.json` from `dir`. */
export async function readManifest(dir: string): Promise<Manifest> {
  const path = join(dir, MANIFEST_FILE);
  let json: unknown;
  try {
    json = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    throw new Error(`${path} cannot be read: ${(error as Error).message}`, { cause: error });
  }
  const parsed = Manifest.safeParse(json);
  if (!parsed.success) throw new Error(`${path} is not a valid study manifest:\n${z.prettifyError(parsed.error)}`, { cause: parsed.error });
  return parsed.data;
}

/**
 * Lets `write` fill a temporary file beside `path`, flushes it to disk and renames it over `path`,
 * so readers and crashes see the old file or the new one, never half of one. The random suffix
 * keeps concurrent writers in one worker process apart.
 */
export async function writeAtomically(path: string, write: (partial: string) => Promise<void>): Promise<void> {
  const partial = `${path}.partial-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    await write(partial);
    const handle = await open(partial, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(partial, path);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}
