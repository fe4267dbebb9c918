/** Imports and exports: energy bought from or sold to outside the system, with prices and caps. */
import { z } from 'zod';
import { crudOperations } from './crud-operations.js';
import { CarrierRef, StatusPayload } from './common.js';
import { EnergyCarrier } from './carriers.js';
import { HubRef } from './hubs.js';
import { ImpexType, PRICE_CATEGORIES, PRICE_COMPONENT_TYPES, PRICE_DIMENSIONS } from './values.js';
import { Bounded, Guid, Int32, Int64, Month, Name, SignedBounded, Stages, Timestamp } from './primitives.js';


export const TimeOfUse = z.object({
  name: z.string({ error: 'must be a string' }).min(1, { error: 'must not be empty' }),
  months: z.array(Month).nullish(),
  days: z.array(z.string()).nullish(),
  startTime: z.string().nullish(),
  endTime: z.string().nullish(),
});

const priceComponentFields = {
  name: z.string().nullish(),
  value: SignedBounded.nullish(),
  priceCategory: z.enum(PRICE_CATEGORIES).nullish(),
  priceDimension: z.enum(PRICE_DIMENSIONS).nullish(),
  type: z.enum(PRICE_COMPONENT_TYPES).nullish(),
  timeOfUses: z.array(z.string()).nullish(),
  priceDimensionId: z.enum(PRICE_DIMENSIONS).nullish(),
  priceCategoryId: z.enum(PRICE_CATEGORIES).nullish(),
};
export const PriceComponentCreate = z.object(priceComponentFields);
export const PriceComponentUpdate = z.object({ ...priceComponentFields, guid: z.string().nullish() });
export const PriceComponent = z.looseObject({
  name: z.string().nullish(),
  value: z.number().nullish(),
  priceCategory: z.string().nullish(),
  priceDimension: z.string().nullish(),
  type: z.string().nullish(),
  timeOfUses: z.array(z.string()).nullish(),
  priceDimensionId: z.string().nullish(),
  priceCategoryId: z.string().nullish(),
  guid: z.string().nullish(),
});

const impexOptionalFields = {
  energyPriceCHFkWh: SignedBounded.nullish(),
  maxCapacityKW: Bounded.nullish(),
  totalAnnualEnergyAvailableKWhA: Bounded.nullish(),
  capacityPriceCHFkWYear: Bounded.nullish(),
  capacityPriceCHFkWMonth: Bounded.nullish(),
  fixedOmPriceCHFYear: Bounded.nullish(),
  co2IntensityKgCo2kWh: Bounded.nullish(),
  co2CompensationKgCo2kWh: Bounded.nullish(),
  hourlyEnergyPriceProfileId: Int64.nullish(),
  dynamicCo2ProfileId: Int64.nullish(),
  maximumHourlyEnergyAvailableProfileId: Int64.nullish(),
  product: z.string().nullish(),
  notes: z.string().nullish(),
  source: z.string().nullish(),
  year: Int32.nullish(),
  suggested: z.boolean().nullish(),
  timeOfUses: z.array(TimeOfUse).nullish(),
};

const hubs = z.array(HubRef, { error: 'must be an array of {hubGuid}' });

/** ImportExportRequestDtoV2. */
export const ImpexCreate = z.object({
  name: Name,
  energyCarrierGuid: Guid,
  type: ImpexType,
  hubs,
  stages: Stages,
  ...impexOptionalFields,
  priceComponents: z.array(PriceComponentCreate).nullish(),
});
export type ImpexCreate = z.infer<typeof ImpexCreate>;

/** ImportExportRequestDtoPUT. */
export const ImpexUpdate = z.object({
  name: Name,
  energyCarrier: CarrierRef,
  type: ImpexType,
  hubs,
  stages: Stages,
  ...impexOptionalFields,
  priceComponents: z.array(PriceComponentUpdate).nullish(),
});
export type ImpexUpdate = z.infer<typeof ImpexUpdate>;

export const ImpexHub = z.looseObject({
  hubGuid: z.string(),
  hubName: z.string().nullish(),
  hubUpdated: Timestamp.nullish(),
  hubCreated: Timestamp.nullish(),
  impexGuid: z.string().nullish(),
});

/** ImportExportResponseDtoV2. */
export const Impex = z.looseObject({
  guid: z.string(),
  name: z.string(),
  created: Timestamp.nullish(),
  updated: Timestamp.nullish(),
  energyCarrier: EnergyCarrier.nullish(),
  type: z.string(),
  hubs: z.array(ImpexHub).nullish(),
  stages: z.array(z.string()).nullish(),
  energyPriceCHFkWh: z.number().nullish(),
  maxCapacityKW: z.number().nullish(),
  totalAnnualEnergyAvailableKWhA: z.number().nullish(),
  capacityPriceCHFkWYear: z.number().nullish(),
  capacityPriceCHFkWMonth: z.number().nullish(),
  fixedOmPriceCHFYear: z.number().nullish(),
  co2IntensityKgCo2kWh: z.number().nullish(),
  co2CompensationKgCo2kWh: z.number().nullish(),
  hourlyEnergyPriceProfileId: z.int().nullish(),
  dynamicCo2ProfileId: z.int().nullish(),
  maximumHourlyEnergyAvailableProfileId: z.int().nullish(),
  product: z.string().nullish(),
  notes: z.string().nullish(),
  source: z.string().nullish(),
  year: z.int().nullish(),
  suggested: z.boolean().nullish(),
  priceComponents: z.array(PriceComponent).nullish(),
  timeOfUses: z.array(z.looseObject({ name: z.string() })).nullish(),
});
export type Impex = z.infer<typeof Impex>;

const impexPath = { type: ImpexType };

export const impexOperations = crudOperations('impex', {
  delete: { path: '/impex/{type}/{guid}', params: impexPath, data: StatusPayload, summary: 'Deletes an import or export.' },
  retrieve: {
    path: '/v2/impex/{type}/{guid}', params: impexPath, query: z.object({ scenarioVariantGuid: z.string().optional() }), data: Impex,
    summary: 'Reads an import or export.',
  },
  list: { path: '/v2/scenarios/{scenarioGuid}/impexes', data: z.array(Impex), summary: 'Lists the imports and exports of a scenario.' },
  create: { path: '/v2_1/scenario/{scenarioGuid}/impex', body: ImpexCreate, data: Impex, summary: 'Creates an import or export.' },
  update: { path: '/v2_1/scenarios/impex/{guid}', body: ImpexUpdate, data: Impex, summary: 'Updates an import or export.' },
});
