import type { z } from 'zod';
import type { DemandCreate, DemandUpdate } from '../../../wire/contract/energy-demands.js';
import { DEMAND_METADATA_FIELDS, type DemandDoc } from '../documents.js';
import { pick } from '../fields.js';

const SCALARS = [
  'energyCarrierGuid', 'demandProfileId', 'demandScalingFactor', 'demandSalePrice', 'demandSalePriceScalingFactor',
  'demandSalePriceProfileId', 'multiplicationFactor', 'reverse',
] as const;

type Body = z.output<typeof DemandCreate> | z.output<typeof DemandUpdate>;

/** The stored document of an energy demand, from either body shape; metadata only updates carry. */
export function demandDoc(body: Body, previous?: DemandDoc): DemandDoc {
  const update = 'energyDemandName' in body ? body : undefined;
  return {
    ...pick(body, SCALARS),
    energyDemandName: update ? update.energyDemandName : (body as z.output<typeof DemandCreate>).name,
    hubGuids: [...new Set(update ? update.hubs.map((h) => h.hubGuid) : (body as z.output<typeof DemandCreate>).hubGuids)],
    stages: [...new Set(body.stages)],
    metadata: update ? pick(update, DEMAND_METADATA_FIELDS) : (previous?.metadata ?? {}),
  };
}
