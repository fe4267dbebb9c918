/**
 * The study, variants and workflow a log line concerns, derived from Temporal's ids and from activity
 * inputs, and carried to every logger call made while an activity runs (the planning client's
 * included) without passing a logger down through every function.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type pino from 'pino';

/**
 * The study a workflow belongs to: the segment after `study/` in `study/<name>`,
 * `study/<name>/batch-<offset>`, `study/<name>/scheduled-<timestamp>[/batch-<offset>]`; undefined for
 * workflows that serve no one study (the account's budget gate).
 */
export function studyIdOf(workflowId: string | undefined): string | undefined {
  return workflowId ? /^study\/([^/]+)/.exec(workflowId)?.[1] : undefined;
}

/** Fields of a line about a workflow: its id and type, and its study when it has one. */
export function workflowLogFields(workflowId: string | undefined, workflowType: string | undefined): Record<string, string> {
  const fields: Record<string, string> = {};
  const studyId = studyIdOf(workflowId);
  if (studyId) fields.studyId = studyId;
  if (workflowId) fields.workflowId = workflowId;
  if (workflowType) fields.workflowType = workflowType;
  return fields;
}

// A batch is at most 50 variants today; the bound keeps a line readable should a caller pass a whole study.
const MAX_KEYS = 100;

const keyOf = (value: unknown): string | undefined => {
  const key = typeof value === 'object' && value !== null ? (value as { key?: unknown }).key : undefined;
  return typeof key === 'string' ? key : undefined;
};

/**
 * The variants an activity input concerns: `{ variant: { key } }` gives `variantKey`,
 * `{ variants: { key }[] }` gives `variantKeys` (and `variantCount` when there are too many to list).
 */
export function variantLogFields(input: unknown): { variantKey?: string; variantKeys?: string[]; variantCount?: number } {
  if (typeof input !== 'object' || input === null) return {};
  const { variant, variants } = input as { variant?: unknown; variants?: unknown };
  const single = keyOf(variant);
  if (single) return { variantKey: single };
  if (!Array.isArray(variants)) return {};
  const keys = variants.map(keyOf).filter((key): key is string => key !== undefined);
  if (!keys.length) return {};
  return keys.length > MAX_KEYS ? { variantKeys: keys.slice(0, MAX_KEYS), variantCount: keys.length } : { variantKeys: keys };
}

/** What an activity's lines carry, from its info (the plain object `Context.current().info`) and its first argument. */
export interface ActivityInfoLike {
  activityType: string;
  attempt: number;
  workflowType?: string;
  workflowExecution?: { workflowId: string };
}

export function activityLogFields(info: ActivityInfoLike, input?: unknown): Record<string, unknown> {
  return {
    ...workflowLogFields(info.workflowExecution?.workflowId, info.workflowType),
    activityType: info.activityType,
    attempt: info.attempt,
    ...variantLogFields(input),
  };
}

const scope = new AsyncLocalStorage<pino.Logger>();

/** Runs `work` with `log` as the logger of everything it calls, however deep and across awaits. */
export function withLogger<T>(log: pino.Logger, work: () => T): T {
  return scope.run(log, work);
}

/** The logger of the work running now (see withLogger), if any. */
export function scopedLogger(): pino.Logger | undefined {
  return scope.getStore();
}

/**
 * A logger that writes through the scoped logger of the work running now, or through `base` outside
 * any: objects built once per worker (the planning client, the activities' deps) then log with the
 * fields of the activity that calls them.
 */
export function contextualLogger(base: pino.Logger): pino.Logger {
  return new Proxy(base, {
    get(target, property) {
      const current = scope.getStore() ?? target;
      const value: unknown = Reflect.get(current, property, current);
      return typeof value === 'function' ? value.bind(current) : value;
    },
  });
}
