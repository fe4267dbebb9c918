/** Energy demands: what a hub needs (or, reversed, supplies), as a profile times factors. */
import { z } from 'zod';
import { crudOperations } from './crud-operations.js';
import { Hub, HubRef } from './hubs.js';
import {
  DemandMetadataBuildingAge, DemandMetadataBuildingType, DemandMetadataOption, DemandMetadataType,
} from './values.js';
import { Guid, InRange, Int32, Int64, Name, NonNegative, Stages } from './primitives.js';

const Factor = NonNegative;

const demandOptionalFields = {
  demandScalingFactor: Factor.nullish(),
  demandSalePrice: InRange.nullish(),
  demandSalePriceScalingFactor: Factor.nullish(),
  demandSalePriceProfileId: Int64.nullish(),
  multiplicationFactor: Int32.min(0, { error: 'must be ≥ 0' }).nullish(),
  reverse: z.boolean().nullish(),
};

/** EnergyDemandRequestDtoV2; demandProfileId and demandSalePrice are exclusive. */
export const DemandCreate = z
  .object({
    name: Name,
    energyCarrierGuid: Guid,
    hubGuids: z.array(Guid, { error: 'must be an array of hub guids' }),
    demandProfileId: Int64,
    stages: Stages,
    ...demandOptionalFields,
  })
  .refine((d) => d.demandProfileId == null || d.demandSalePrice == null, {
    error: 'demandProfileId and demandSalePrice are exclusive: give only one of them',
    path: ['demandSalePrice'],
  });
export type DemandCreate = z.input<typeof DemandCreate>;

const metadataFields = {
  energyDemandUserSavedMetadataGuid: z.string().nullish(),
  energyDemandUserSavedMetadataName: z.string().nullish(),
  energyDemandUserSavedMetadataReferenceArea: z.number().nullish(),
  scalingFactor: z.number().nullish(),
  energyDemandMetadataReferencedAreaM2: z.number().nullish(),
  energyDemandMetadataSpecificEnergyDemandValueKWhM2: z.number().nullish(),
  energyDemandMetadataTotalAnnualDemand: z.number().nullish(),
  energyDemandMetadataGuid: z.string().nullish(),
  energyDemandMetadataName: z.string().nullish(),
  energyDemandMetadataDbOrganization: z.string().nullish(),
  multiplicationFactorPreview: Int32.nullish(),
  energyDemandMetadataType: DemandMetadataType.nullish(),
  energyDemandMetadataOption: DemandMetadataOption.nullish(),
  energyDemandMetadataBuildingType: DemandMetadataBuildingType.nullish(),
  energyDemandMetadataBuildingAge: DemandMetadataBuildingAge.nullish(),
};

/** EnergyDemandRequestDtoPUT. */
export const DemandUpdate = z.object({
  energyDemandName: Name,
  energyCarrierGuid: Guid,
  energyCarrierName: z.string({ error: 'must be a string' }),
  hubs: z.array(HubRef, { error: 'must be an array of {hubGuid}' }),
  demandProfileId: Int64,
  stages: Stages,
  ...demandOptionalFields,
  ...metadataFields,
});
export type DemandUpdate = z.input<typeof DemandUpdate>;

const metadataResponse = Object.fromEntries(
  Object.keys(metadataFields).map((k) => [k, z.union([z.string(), z.number()]).nullish()]),
);

/** EnergyDemandResponseDtoV2. */
export const EnergyDemand = z.looseObject({
  ...metadataResponse,
  energyDemandGuid: z.string(),
  energyDemandName: z.string(),
  energyCarrierGuid: z.string(),
  energyCarrierName: z.string().nullish(),
  hubs: z.array(Hub),
  demandSalePrice: z.number().nullish(),
  stages: z.array(z.string()),
  demandProfileId: z.int().nullish(),
  demandScalingFactor: z.number().nullish(),
  demandSalePriceProfileId: z.int().nullish(),
  demandSalePriceScalingFactor: z.number().nullish(),
  multiplicationFactor: z.int().nullish(),
  reverse: z.boolean().nullish(),
});
export type EnergyDemand = z.infer<typeof EnergyDemand>;

/** The older shape of the delete answer: one hub, no stages, no profile fields, no reverse. */
export const DeletedDemands = z.looseObject({
  energyDemands: z.array(
    z.looseObject({
      energyDemandGuid: z.string(),
      energyDemandName: z.string(),
      energyCarrierGuid: z.string().nullish(),
      energyCarrierName: z.string().nullish(),
      hubGuid: z.string().nullish(),
      hubName: z.string().nullish(),
      demandSalePrice: z.number().nullish(),
    }),
  ),
});

export const energyDemandOperations = crudOperations('energyDemands', {
  delete: { path: '/scenarios/energy-demands/{guid}', data: DeletedDemands, summary: 'Deletes an energy demand; answers those left.' },
  retrieve: {
    path: '/v2/energy-demands/{guid}', query: z.object({ scenarioVariantGuid: z.string().optional() }), data: EnergyDemand, summary: 'Reads an energy demand.',
  },
  list: { path: '/v2/scenarios/{scenarioGuid}/energy-demands', data: z.array(EnergyDemand), summary: 'Lists the energy demands of a scenario.' },
  create: { path: '/v2_1/scenarios/{scenarioGuid}/energy-demands', body: DemandCreate, data: EnergyDemand, summary: 'Creates an energy demand.' },
  update: { path: '/v2_2/scenarios/{scenarioGuid}/energy-demands/{demand-guid}', body: DemandUpdate, data: EnergyDemand, summary: 'Updates an energy demand.' },
});
