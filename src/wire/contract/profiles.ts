/** Profiles: one value per hour of a year (demands, prices, irradiance, efficiencies). */
import { z } from 'zod';
import { crudOperations } from './crud-operations.js';
import { BOUNDED_MAX, Int64, Name, nonNegativeUpTo } from './primitives.js';

export const HOURS_PER_YEAR = 8760;

export const ProfileValue = z.object({
  period: z.int({ error: 'must be an integer' }).min(1, { error: 'must be ≥ 1' }).max(HOURS_PER_YEAR, { error: `must be ≤ ${HOURS_PER_YEAR}` }),
  /** Within the range of NUMERIC(16,5), which the deployed service stores them as; decimals are not limited. */
  demandValue: nonNegativeUpTo(BOUNDED_MAX, 'must not be negative'),
});

/** Exactly 8760 values, periods 1..8760 each once, no negative value, none above 9999999999.99999. */
export const ProfileValues = z
  .array(ProfileValue, { error: 'must be an array of {period, demandValue}' })
  .length(HOURS_PER_YEAR, { error: `must hold exactly ${HOURS_PER_YEAR} values, one per hour of the year` })
  .superRefine((values, ctx) => {
    const seen = new Uint8Array(HOURS_PER_YEAR + 1);
    values.forEach((v, i) => {
      if (!Number.isInteger(v.period) || v.period < 1 || v.period > HOURS_PER_YEAR) return;
      if (seen[v.period]++) {
        ctx.addIssue({ code: 'custom', path: [i, 'period'], message: `period ${v.period} appears more than once; each of 1..${HOURS_PER_YEAR} must appear once` });
      }
    });
  });

export const ProfileRequest = z.object({ name: Name, values: ProfileValues });
export type ProfileRequest = z.infer<typeof ProfileRequest>;

export const ProfileSummary = z.looseObject({ id: z.int(), name: z.string() });
export type ProfileSummary = z.infer<typeof ProfileSummary>;
export const ProfileDetail = z.looseObject({
  id: z.int(),
  name: z.string(),
  values: z.array(z.looseObject({ period: z.int(), demandValue: z.number() })),
});
export type ProfileDetail = z.infer<typeof ProfileDetail>;

/** Writes 8760 hourly numbers as the profile body the service expects. */
export function toProfileValues(hourly: ArrayLike<number>): { period: number; demandValue: number }[] {
  return Array.from(hourly, (demandValue, i) => ({ period: i + 1, demandValue }));
}

/** Reads a profile's values back into an hourly array, ordered by period. */
export function fromProfileValues(values: readonly { period: number; demandValue: number }[]): Float64Array {
  const hourly = new Float64Array(HOURS_PER_YEAR);
  for (const v of values) hourly[v.period - 1] = v.demandValue;
  return hourly;
}

/** A profile id in a path: digits that make an exact (safe) integer; one message whatever is wrong. */
const profileId = {
  profileId: z.union([Int64, z.string().regex(/^\d+$/).transform(Number).pipe(Int64)], { error: 'must be an integer id' }),
};

export const profileOperations = crudOperations('profiles', {
  list: { path: '/scenarios/{scenarioGuid}/profiles', data: z.array(ProfileSummary), summary: 'Lists the profiles of a scenario.' },
  create: { path: '/scenarios/{scenarioGuid}/profiles-json', body: ProfileRequest, data: ProfileSummary, summary: 'Creates a profile of 8760 hourly values.' },
  retrieve: { path: '/scenarios/{scenarioGuid}/profiles/{profileId}', params: profileId, data: ProfileDetail, summary: 'Reads a profile with its values.' },
  delete: {
    path: '/scenarios/{scenarioGuid}/profiles/{profileId}', params: profileId, data: z.unknown(), reply: 'none', status: 201, summary: 'Deletes a profile.',
  },
  update: {
    path: '/v2/scenarios/{scenarioGuid}/profiles-json/{profileId}', params: profileId, body: ProfileRequest, data: ProfileDetail,
    summary: 'Replaces a profile.',
  },
});
