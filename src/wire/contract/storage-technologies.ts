/** Storage technologies: batteries, thermal tanks, EV fleets, charged and discharged in time. */
import { z } from 'zod';
import { crudOperations } from './crud-operations.js';
import { CarrierRef, CostComponent, CostComponentCreate, CostComponentUpdate } from './common.js';
import { EnergyCarrier } from './carriers.js';
import { Hub, HubRef } from './hubs.js';
import { CHARGING_TYPES, InstallationOption, TECHNOLOGY_CAPACITY_MODES } from './values.js';
import { Bounded, Guid, Int64, minimumNotAboveMaximum, Name, NonNegative, Percent, SignedBounded, Stages, Timestamp } from './primitives.js';
import {
  Lifetime, exchangeCreate, exchangeRequired, investmentFields, replacementFields,
  numericResponse, replacementPercentCreate, replacementPercentUpdate,
} from './technology-fields.js';

export const TimeOfDay = z.object({
  hour: z.int().min(0).max(23),
  minute: z.int().min(0).max(59),
  second: z.int().min(0).max(59).nullish(),
  nano: z.int().min(0).nullish(),
});

const storageOptionalFields = {
  ...investmentFields,
  ...replacementFields,
  variableOmCostPercent: SignedBounded.nullish(),
  variableOmEnergyFlowCost: Bounded.nullish(),
  variableOmCost: Bounded.nullish(),
  capacity: Bounded.nullish(),
  maximumCapacity: Bounded.nullish(),
  minimumCapacity: Bounded.nullish(),
  maximumChargingRate: Percent.nullish(),
  maximumDischargingRate: Percent.nullish(),
  standbyLoss: Percent.nullish(),
  minimumSoc: Percent.nullish(),
  standByLossProfileId: Int64.nullish(),
  comesFromDb: z.string().nullish(),
  notes: z.string().nullish(),
  source: z.string().nullish(),
  technologyCategory: z.string().nullish(),
  evPlugInTime: TimeOfDay.nullish(),
  evPlugOutTime: TimeOfDay.nullish(),
  evPlugInDurationHours: NonNegative.nullish(),
  drivingDistanceKms: NonNegative.nullish(),
  evSocStartPercent: Percent.nullish(),
  evBatterySizeKWh: NonNegative.nullish(),
  maximumSocPercent: Percent.nullish(),
  evAverageKWhPerKm: NonNegative.nullish(),
  evPlugInPowerKW: NonNegative.nullish(),
  isEvBattery: z.boolean().nullish(),
  typeOfCharging: z.enum(CHARGING_TYPES, { error: `must be one of ${CHARGING_TYPES.join(', ')}` }).nullish(),
};

const storageRequiredFields = {
  storageName: Name,
  mustBeInstalled: InstallationOption,
  lifetime: Lifetime,
  technologyCapacity: z.enum(TECHNOLOGY_CAPACITY_MODES, { error: 'must be optimize or specify' }),
  storageChargingEfficiency: Percent,
  storageDischargingEfficiency: Percent,
  stages: Stages,
};

/**
 * Bounds given together: capacity, and the state of charge (minimumSoc is the floor of every
 * storage, maximumSocPercent the ceiling of every storage's).
 */
const storageBounds = minimumNotAboveMaximum([['minimumCapacity', 'maximumCapacity'], ['minimumSoc', 'maximumSocPercent']]);

/** StorageTechnologyRequestDtoV2. */
export const StorageCreate = z.object({
  ...storageRequiredFields,
  ...storageOptionalFields,
  ...replacementPercentCreate,
  ...exchangeCreate,
  hubGuids: z.array(Guid, { error: 'must be an array of hub guids' }),
  energyCarrierGuid: Guid,
  suggested: z.boolean().nullish(),
  costComponents: z.array(CostComponentCreate).nullish(),
}).superRefine(storageBounds);
export type StorageCreate = z.input<typeof StorageCreate>;

/** StorageTechnologyRequestDtoPUT. */
export const StorageUpdate = z.object({
  ...storageRequiredFields,
  ...storageOptionalFields,
  ...replacementPercentUpdate,
  ...exchangeRequired,
  hubs: z.array(HubRef, { error: 'must be an array of {hubGuid}' }),
  storageCarrier: CarrierRef,
  category: z.string({ error: 'must be a string' }),
  mutuallyExclusiveGroup: z.string().nullish(),
  technologyOptional: z.boolean().nullish(),
  costComponents: z.array(CostComponentUpdate).nullish(),
}).superRefine(storageBounds);
export type StorageUpdate = z.input<typeof StorageUpdate>;

const summaryFields = {
  storageTechnologyGuid: z.string(),
  storageName: z.string(),
  lifetime: z.number(),
  created: Timestamp.nullish(),
  updated: Timestamp.nullish(),
  energyCarrier: EnergyCarrier.nullish(),
  hubs: z.array(Hub),
};

/** StorageTechnologyResponseDtoV2 (create and list answers). */
export const StorageSummary = z.looseObject({
  ...summaryFields,
  stages: z.array(z.string()),
  standByLossProfileId: z.int().nullish(),
});
export type StorageSummary = z.infer<typeof StorageSummary>;

/** Numeric fields of the detail answer. */
const STORAGE_NUMBERS = [
  'fixedInvestmentCost', 'variableInvestmentCost', 'fixedOmCostChf', 'fixedEmbodiedCo2', 'variableEmbodiedCo2',
  'fixedReplacementCost', 'variableReplacementCostCHF', 'fixedSalvageValue', 'variableSalvageValueCHF',
  'variableReplacementCostPercent', 'variableSalvageValuePercent', 'variableOmCostPercent', 'variableOmEnergyFlowCost',
  'variableOmCost', 'capacity', 'maximumCapacity', 'minimumCapacity', 'maximumChargingRate', 'maximumDischargingRate',
  'standbyLoss', 'minimumSoc', 'storageChargingEfficiency', 'storageDischargingEfficiency', 'exchangeRate',
  'evPlugInDurationHours', 'drivingDistanceKms', 'evSocStartPercent', 'evBatterySizeKWh', 'maximumSocPercent',
  'evAverageKWhPerKm', 'evPlugInPowerKW',
] as const;

/** Detail answer: every request field in response form. */
export const StorageDetail = z.looseObject({
  ...numericResponse(STORAGE_NUMBERS),
  storageTechnologyGuid: z.string(),
  storageName: z.string(),
  mustBeInstalled: z.string().nullish(),
  lifetime: z.number(),
  technologyCapacity: z.string().nullish(),
  created: Timestamp.nullish(),
  updated: Timestamp.nullish(),
  storageCarrier: EnergyCarrier.nullish(),
  hubs: z.array(Hub),
  category: z.string().nullish(),
  technologyCategory: z.string().nullish(),
  mutuallyExclusiveGroup: z.string().nullish(),
  notes: z.string().nullish(),
  source: z.string().nullish(),
  technologyOptional: z.boolean().nullish(),
  costComponents: z.array(CostComponent).nullish(),
  comesFromDb: z.string().nullish(),
  stages: z.array(z.string()),
  exchangeCurrency: z.string().nullish(),
  standByLossProfileId: z.int().nullish(),
  evPlugInTime: z.looseObject({ hour: z.int(), minute: z.int() }).nullish(),
  evPlugOutTime: z.looseObject({ hour: z.int(), minute: z.int() }).nullish(),
  isEvBattery: z.boolean().nullish(),
  typeOfCharging: z.string().nullish(),
});
export type StorageDetail = z.infer<typeof StorageDetail>;

export const StorageList = z.looseObject({ storageTechnologies: z.array(StorageSummary) });
/** Delete answers use the summary without stages and loss profile. */
export const DeletedStorages = z.looseObject({ storageTechnologies: z.array(z.looseObject(summaryFields)) });

export const storageOperations = crudOperations('storageTechnologies', {
  delete: { path: '/scenarios/storage-technologies/{guid}', data: DeletedStorages, summary: 'Deletes a storage technology; answers those left.' },
  retrieve: { path: '/v2/scenarios/storage-technologies/{guid}', data: StorageDetail, summary: 'Reads a storage technology.' },
  list: { path: '/v2/scenarios/{scenarioGuid}/storage-technologies', data: StorageList, summary: 'Lists the storage technologies of a scenario.' },
  create: { path: '/v2_1/scenarios/{scenarioGuid}/storage-technologies', body: StorageCreate, data: StorageSummary, summary: 'Creates a storage technology.' },
  update: { path: '/v2_2/scenarios/storage-technologies/{guid}', body: StorageUpdate, data: StorageDetail, summary: 'Updates a storage technology.' },
});
