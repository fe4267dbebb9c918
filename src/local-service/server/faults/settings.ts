/**
 * What the local service's fault injection does: off unless asked for, at start (`--faults`,
 * SWEEP_SERVICE_FAULTS) or at run time (PUT /admin/faults). One schema validates all three, so a
 * mistyped setting is refused with its field rather than silently ignored.
 */
import { z } from 'zod';
import { describeProblems, toFieldProblems } from '../../../wire/contract/issues.js';

/** Faults a request can meet. Not every kind applies to every route: see `KINDS_BY_TARGET`. */
export const REQUEST_FAULTS = [
  'http500', 'http502', 'http503', 'http429', 'reset', 'malformed', 'revokeTokens', 'truncateDownload', 'corruptDownload',
] as const;
export type RequestFault = (typeof REQUEST_FAULTS)[number];

/** What a request is, as far as faults go. */
export type FaultTarget = 'api' | 'token' | 'download';

export const KINDS_BY_TARGET: Record<FaultTarget, readonly RequestFault[]> = {
  api: ['http500', 'http502', 'http503', 'http429', 'reset', 'malformed', 'revokeTokens'],
  token: ['http500', 'http503', 'http429', 'reset', 'malformed'],
  download: ['http500', 'http503', 'truncateDownload', 'corruptDownload'],
};

const share = z.number().min(0, { error: 'must be ≥ 0' }).max(1, { error: 'must be ≤ 1' });
const millis = z.number().min(0, { error: 'must be ≥ 0' }).max(600_000, { error: 'must be ≤ 600000 (10 minutes)' });

export const FaultSettings = z.strictObject({
  /** Share of requests (API calls, logins, downloads) that meet a fault. */
  rate: share.default(0),
  /** Relative weights of the kinds; a kind absent here has weight 1, a kind with weight 0 never happens. */
  kinds: z.partialRecord(z.enum(REQUEST_FAULTS), z.number().min(0, { error: 'must be ≥ 0' })).default({}),
  /**
   * Share of faults on writes applied after the operation took effect: the write is kept, the
   * answer is lost or replaced, the hardest case for a client's idempotency.
   */
  afterEffect: share.default(0.5),
  /** Retry-After sent with injected 429 and 503 answers. */
  retryAfterSeconds: z.int().min(0).max(3600).default(1),
  /** Added to every request the faults apply to, whether or not it meets a fault. */
  latency: z.strictObject({
    distribution: z.enum(['none', 'fixed', 'uniform', 'exponential']).default('none'),
    /** fixed: the delay; uniform: the upper bound (from 0); exponential: the mean. */
    ms: millis.default(0),
    /** No single delay is longer. */
    maxMs: millis.default(10_000),
  }).default({ distribution: 'none', ms: 0, maxMs: 10_000 }),
  specs: z.strictObject({
    /** Share of specs generations that fail. */
    failRate: share.default(0),
    /** Added to every specs generation. */
    delayMs: millis.default(0),
  }).default({ failRate: 0, delayMs: 0 }),
  solver: z.strictObject({
    /** Share of solver jobs that end FAILED as if the solver had crashed. */
    failRate: share.default(0),
    /** Share of solver jobs reported infeasible. */
    infeasibleRate: share.default(0),
  }).default({ failRate: 0, infeasibleRate: 0 }),
  /** Seed of the draws, so that a run with the same requests in the same order meets the same faults. */
  seed: z.int().default(1),
});
export type FaultSettings = z.output<typeof FaultSettings>;
export type FaultSettingsInput = z.input<typeof FaultSettings>;

export const NO_FAULTS: FaultSettings = FaultSettings.parse({});

/** Settings from JSON text (a flag, an environment variable), or an error naming each bad field. */
export function parseFaultSettings(json: string | undefined, source: string): FaultSettings {
  if (!json?.trim()) return NO_FAULTS;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    throw new Error(`${source}: is not valid JSON: ${(error as Error).message}`);
  }
  return checkFaultSettings(value, source);
}

export function checkFaultSettings(value: unknown, source: string): FaultSettings {
  const result = FaultSettings.safeParse(value);
  if (!result.success) throw new Error(`${source}: ${describeProblems(toFieldProblems(result.error.issues, value), 'faults')}`);
  return result.data;
}
