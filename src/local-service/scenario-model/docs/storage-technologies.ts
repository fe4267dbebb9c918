import type { z } from 'zod';
import type { StorageCreate, StorageUpdate } from '../../../wire/contract/storage-technologies.js';
import type { StorageDoc } from '../documents.js';
import { costComponentDocs, pick } from '../fields.js';

const SCALARS = [
  'storageName', 'mustBeInstalled', 'lifetime', 'technologyCapacity', 'storageChargingEfficiency', 'storageDischargingEfficiency',
  'exchangeCurrency', 'exchangeRate', 'fixedInvestmentCost', 'variableInvestmentCost', 'fixedOmCostChf', 'variableOmCostPercent',
  'fixedEmbodiedCo2', 'variableEmbodiedCo2', 'fixedReplacementCost', 'variableReplacementCostPercent', 'variableReplacementCostCHF',
  'fixedSalvageValue', 'variableSalvageValuePercent', 'variableSalvageValueCHF', 'variableOmEnergyFlowCost', 'variableOmCost',
  'capacity', 'maximumCapacity', 'minimumCapacity', 'maximumChargingRate', 'maximumDischargingRate', 'standbyLoss', 'minimumSoc',
  'standByLossProfileId', 'technologyCategory', 'notes', 'source', 'comesFromDb', 'evPlugInTime', 'evPlugOutTime',
  'evPlugInDurationHours', 'drivingDistanceKms', 'evSocStartPercent', 'evBatterySizeKWh', 'maximumSocPercent', 'evAverageKWhPerKm',
  'evPlugInPowerKW', 'isEvBattery', 'typeOfCharging',
] as const;

type Body = z.output<typeof StorageCreate> | z.output<typeof StorageUpdate>;

/** The stored document of a storage technology, from either body shape. */
export function storageDoc(body: Body): StorageDoc {
  const update = 'storageCarrier' in body ? body : undefined;
  const create = 'energyCarrierGuid' in body ? body : undefined;
  return {
    ...pick(body, SCALARS),
    hubGuids: [...new Set(create ? create.hubGuids : update!.hubs.map((h) => h.hubGuid))],
    energyCarrierGuid: create ? create.energyCarrierGuid : update!.storageCarrier.energyCarrierGuid,
    category: update?.category ?? 'STORAGE',
    mutuallyExclusiveGroup: update?.mutuallyExclusiveGroup ?? null,
    technologyOptional: update?.technologyOptional ?? null,
    suggested: create?.suggested ?? null,
    costComponents: costComponentDocs(body.costComponents),
    stages: [...new Set(body.stages)],
  };
}
