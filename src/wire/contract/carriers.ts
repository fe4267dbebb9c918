/** Energy carriers: what flows (electricity, heat at a level, gas, …), typed by subtype. */
import { z } from 'zod';
import { crudOperations } from './crud-operations.js';
import { CarrierSubtype } from './values.js';
import { Int64, Name, Timestamp } from './primitives.js';

export const SeasonalityValue = z.looseObject({ month: z.string(), value: z.number() });

/** EnergyCarrierResponseDto. */
export const EnergyCarrier = z.looseObject({
  energyCarrierGuid: z.string(),
  typeKey: z.string().nullish(),
  typeDisplayName: z.string().nullish(),
  subtypeKey: z.string(),
  subtypeDisplayName: z.string().nullish(),
  energyCarrierName: z.string(),
  colorHexCode: z.string().nullish(),
  fixedInputShare: z.number().nullish(),
  outputEfficiency: z.number().nullish(),
  customOutputEfficiencyActivated: z.boolean().nullish(),
  customInputEfficiencyActivated: z.boolean().nullish(),
  customSeasonalityValues: z.array(SeasonalityValue).nullish(),
  outputEfficiencyProfileId: Int64.nullish(),
  created: Timestamp.nullish(),
  primary: z.boolean().nullish(),
});
export type EnergyCarrier = z.infer<typeof EnergyCarrier>;

const subtype = CarrierSubtype.meta({ description: 'carrier subtype' });
const Color = z.string().max(32, { error: 'must be at most 32 characters' }).nullish();

export const CarrierCreate = z.object({
  subType: subtype,
  energyCarrierName: Name,
  colorHexCode: Color,
  allowVirtualLoad: z.boolean().nullish(),
});
export type CarrierCreate = z.infer<typeof CarrierCreate>;

export const CarrierUpdate = z.object({
  subtypeKey: subtype,
  energyCarrierName: Name,
  colorHexCode: Color,
});
export type CarrierUpdate = z.infer<typeof CarrierUpdate>;

export const CarrierList = z.looseObject({ energyCarriers: z.array(EnergyCarrier) });

export const carrierOperations = crudOperations('carriers', {
  retrieve: { path: '/carriers/{carrierGuid}', data: EnergyCarrier, summary: 'Reads one energy carrier.' },
  delete: { path: '/scenarios/carriers/{guid}', data: CarrierList, summary: 'Deletes a carrier; answers the carriers left.' },
  list: { path: '/scenarios/{scenarioGuid}/carriers', data: CarrierList, summary: 'Lists the energy carriers of a scenario.' },
  update: { path: '/v2/carriers/{carrierGuid}', body: CarrierUpdate, data: EnergyCarrier, summary: 'Updates a carrier.' },
  create: { path: '/v2/scenarios/{scenarioGuid}/carriers', body: CarrierCreate, data: EnergyCarrier, summary: 'Creates an energy carrier.' },
});
