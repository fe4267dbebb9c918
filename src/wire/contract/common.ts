/** Shapes shared by several families: status payloads, cost components, references, query flags. */
import { z } from 'zod';
import { COST_CATEGORIES } from './values.js';
import { Guid, MAX_YEARS, SignedBounded, Status, YEARS_RULE } from './primitives.js';

/**
 * `data` of operations that only report a status. The specification puts the status object there;
 * the deployed service answers `null` for analysis and scenario deletes, so both are accepted.
 */
export const StatusPayload = Status.nullable();

/** A boolean query parameter: true/false on the wire, a boolean in code. */
export const QueryBool = z.union(
  [z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')],
  // Without it a wrong value is reported as the union's bare "Invalid input".
  { error: 'must be true or false' },
);

export const CostCategory = z.enum(COST_CATEGORIES, { error: `must be one of ${COST_CATEGORIES.join(', ')}` });

const costComponentFields = {
  name: z.string().max(100, { error: 'must be at most 100 characters' }).nullish(),
  value: SignedBounded.nullish(),
  lifetime: z.number({ error: 'must be a number of years' }).min(0, { error: 'must be ≥ 0' }).max(MAX_YEARS, { error: YEARS_RULE }).nullish(),
  interestRate: z.number().nullish(),
  length: z.number().nullish(),
  complexityFactor: z.number().nullish(),
  dataPoints: z.number().nullish(),
  numberOfPumps: z.number().nullish(),
  category: CostCategory.nullish(),
};

/** AdvancedCostComponentRequestDto: a cost component in a creation body. */
export const CostComponentCreate = z.object(costComponentFields);
/** AdvancedCostComponentResponseDto, also accepted in update bodies. */
export const CostComponent = z.looseObject({
  ...costComponentFields,
  category: z.string().nullish(),
  guid: z.string().nullish(),
  categoryId: z.string().nullish(),
});
export const CostComponentUpdate = z.object({
  ...costComponentFields,
  guid: z.string().nullish(),
  categoryId: z.string().nullish(),
});
export type CostComponent = z.infer<typeof CostComponent>;

/** `{energyCarrierGuid}` as update bodies reference a carrier. */
export const CarrierRef = z.object({ energyCarrierGuid: Guid });
/** `{guid}` as technology package updates reference technologies. */
export const GuidRef = z.object({ guid: Guid });
