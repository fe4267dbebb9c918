/**
 * Wire primitives of the planning service: identifiers, names, bounded numerics, timestamps and the
 * envelopes. Every family module builds its shapes from these, so a rule is written once.
 */
import { z } from 'zod';

/** The NUMERIC(16,5) rule of the deployed service, worded as it words it. */
export const NUMERIC_RULE = 'Invalid NUMERIC. Max precision=16, max scale=5';
export const BOUNDED_MAX = 9_999_999_999.99999;

/** Digits of a finite number written in plain decimal notation: integer part and fraction. */
export function decimalDigits(n: number): { integer: number; scale: number } {
  const [mantissa, exponentText] = Math.abs(n).toExponential().split('e');
  const exponent = Number(exponentText);
  const digits = mantissa.replace('.', '').replace(/0+$/, '') || '0';
  // digits d1 d2 … with the decimal point after d1, shifted by the exponent.
  const integer = Math.max(0, exponent + 1);
  const scale = Math.max(0, digits.length - 1 - exponent);
  return { integer: n === 0 ? 0 : integer, scale };
}

/** True when `n` fits NUMERIC(16,5): at most 16 significant digits, at most 5 of them decimals. */
export function fitsNumeric(n: number): boolean {
  if (!Number.isFinite(n)) return false;
  const { integer, scale } = decimalDigits(n);
  return scale <= 5 && integer + scale <= 16;
}

/** Rounds to the 5 decimals the service keeps (what a client sends after arithmetic on values). */
export function roundBounded(n: number): number {
  return Math.round(n * 1e5) / 1e5;
}

/** A bounded numeric that may not be negative (most cost, capacity and length fields). */
export const Bounded = z
  .number({ error: 'must be a number' })
  .min(0, { error: 'must be ≥ 0' })
  .max(BOUNDED_MAX, { error: `must be ≤ ${BOUNDED_MAX}` })
  .refine(fitsNumeric, { error: NUMERIC_RULE });

/** A bounded numeric that may be negative (variableOmCostPercent, peakPower, replacement/salvage). */
export const SignedBounded = z
  .number({ error: 'must be a number' })
  .min(-BOUNDED_MAX, { error: `must be ≥ ${-BOUNDED_MAX}` })
  .max(BOUNDED_MAX, { error: `must be ≤ ${BOUNDED_MAX}` })
  .refine(fitsNumeric, { error: NUMERIC_RULE });

/**
 * A number ≥ 0 within the range NUMERIC(16,5) holds, without its 5-decimal rule: profile values,
 * shares, efficiencies and factors, which clients compute and send unrounded. 1e308 is a number,
 * but no energy system has it, and the deployed service could not store it.
 */
export function nonNegativeUpTo(max: number, minMessage = 'must be ≥ 0') {
  return z.number({ error: 'must be a number' }).min(0, { error: minMessage }).max(max, { error: `must be ≤ ${max}` });
}
export const NonNegative = nonNegativeUpTo(BOUNDED_MAX);
/** The same range on both sides of zero, for factors that may be negative. */
export const InRange = z
  .number({ error: 'must be a number' })
  .min(-BOUNDED_MAX, { error: `must be ≥ ${-BOUNDED_MAX}` })
  .max(BOUNDED_MAX, { error: `must be ≤ ${BOUNDED_MAX}` });

/**
 * Durations in years (lifetimes, stage lengths) are at most 200. The longest-lived energy assets
 * (dams, tunnels, district-heating trunk lines) are written off over about a century; past 200
 * years no replacement falls inside any planning horizon and the annuity of an investment no
 * longer changes, so a larger figure (a lifetime of 1e9 years) is a typing error, not data.
 */
export const MAX_YEARS = 200;
export const YEARS_RULE = `must be ≤ ${MAX_YEARS} years`;

/**
 * The cross-field rule of lower and upper bounds given together: for each `[minimum, maximum]`
 * pair set in the value, the minimum may not exceed the maximum. The problem is reported on the
 * minimum, naming the maximum and its value.
 */
export function minimumNotAboveMaximum(pairs: readonly (readonly [string, string])[]) {
  return (value: object, ctx: z.RefinementCtx): void => {
    const fields = value as Record<string, unknown>;
    for (const [minimum, maximum] of pairs) {
      const low = fields[minimum];
      const high = fields[maximum];
      if (typeof low === 'number' && typeof high === 'number' && low > high) {
        ctx.addIssue({ code: 'custom', path: [minimum], message: `must be ≤ ${maximum} (${high}): a minimum may not exceed its maximum` });
      }
    }
  };
}

/** A percentage 0..100 (efficiencies, rates, standby loss, minimum state of charge, part load). */
export const Percent = z
  .number({ error: 'must be a number' })
  .min(0, { error: 'must be a percentage ≥ 0' })
  .max(100, { error: 'must be a percentage ≤ 100' });

export const Int32 = z.int32({ error: 'must be a 32-bit integer' });
/** Profile identifiers are int64; JSON numbers hold them exactly up to 2^53. */
export const Int64 = z.int({ error: 'must be an integer id' });

/** Resource names (project, analysis, scenario, hub, carrier, technology, demand). */
export const Name = z
  .string({ error: 'must be a string' })
  .trim()
  .min(1, { error: 'must not be empty' })
  .max(100, { error: 'must be at most 100 characters' });

export const Guid = z.string({ error: 'must be a string' }).min(1, { error: 'must not be empty' });
export const Uuid = z.guid({ error: 'must be a UUID' });
/** Required on creation and update of every resource that has stages. */
export const Stages = z.array(Uuid, { error: 'must be an array of stage UUIDs' });
export const Currency = z.string().max(3, { error: 'must be at most 3 characters' });

/** ISO 8601 UTC date-time; the service writes 6 fractional digits and Z. */
export const Timestamp = z.string();

/** Writes a date the way the service does: 6 fractional digits and Z. */
export function formatTimestamp(ms: number): string {
  return new Date(ms).toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
}

export const Months = [
  'JANUARY', 'FEBRUARY', 'MARCH', 'APRIL', 'MAY', 'JUNE',
  'JULY', 'AUGUST', 'SEPTEMBER', 'OCTOBER', 'NOVEMBER', 'DECEMBER',
] as const;
export const Month = z.enum(Months);

/** Marks a response field the service may leave out or set null. */
export function opt<T extends z.ZodType>(schema: T) {
  return schema.nullish();
}

// ---------------------------------------------------------------------------------------------
// Envelopes
// ---------------------------------------------------------------------------------------------

/** `status` of every app-service answer; errors carry `ESP_<http status>` as code. */
export const Status = z.looseObject({
  code: z.string(),
  desc: z.string().nullish(),
  message: z.string().nullish(),
});
export type Status = z.infer<typeof Status>;

export function envelope<T extends z.ZodType>(data: T) {
  return z.looseObject({ data, status: Status });
}

export function pagedEnvelope<T extends z.ZodType>(item: T) {
  return z.looseObject({
    data: z.array(item),
    status: Status,
    totalElements: z.int(),
    totalPages: z.int(),
    hasNext: z.boolean(),
  });
}

/** A page of a paged envelope, as the client hands it out. */
export interface Page<T> {
  items: T[];
  totalElements: number;
  totalPages: number;
  hasNext: boolean;
}

/** Error body of the solver, token and GIS families (FastAPI style). */
export const DetailError = z.looseObject({
  detail: z.union([
    z.string(),
    z.looseObject({ code: z.string().nullish(), message: z.string() }),
    z.array(z.looseObject({ loc: z.array(z.union([z.string(), z.number()])), msg: z.string(), type: z.string() })),
  ]),
});
export type DetailError = z.infer<typeof DetailError>;
