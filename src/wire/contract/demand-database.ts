/** The energy demand database: kWh/m²·a figures and hourly demand profiles by building. */
import { z } from 'zod';
import { operation } from './operation.js';
import { BuildingType, DemandType } from './values.js';
import { Int32 } from './primitives.js';

export const DemandDbRow = z.looseObject({
  demandType: z.string(),
  buildingType: z.string(),
  yearFrom: z.int(),
  yearTo: z.int(),
  kwhPerM2a: z.number(),
});
export type DemandDbRow = z.infer<typeof DemandDbRow>;

const NonNegative = z.number({ error: 'must be a number' }).min(0, { error: 'must be ≥ 0' });

/** One building to sum into the profile; it needs its area or its annual energy. */
export const DemandCalculationItem = z
  .object({
    buildingType: BuildingType,
    year: Int32,
    areaM2: NonNegative.nullish(),
    annualKwh: NonNegative.nullish(),
  })
  .refine((item) => item.areaM2 != null || item.annualKwh != null, {
    error: 'areaM2 or annualKwh must be given (non-null)',
    path: ['areaM2'],
  });
export type DemandCalculationItem = z.infer<typeof DemandCalculationItem>;

export const DemandCalculationRequest = z
  .array(DemandCalculationItem, { error: 'must be an array of buildings' })
  .min(1, { error: 'must hold at least one building' });

export const demandDatabaseOperations = {
  calculate: operation({
    id: 'demandDatabase.calculate', family: 'app', method: 'POST',
    path: '/database-energy-demand-profile/{demandType}/calculate',
    params: { demandType: DemandType }, body: DemandCalculationRequest, data: z.array(z.number()),
    reply: 'envelope', status: 200, idempotent: true,
    summary: 'Calculates the 8760 hourly values of a demand for a set of buildings.',
  }),
  table: operation({
    id: 'demandDatabase.table', family: 'app', method: 'GET', path: '/database-energy-demand-table',
    data: z.array(DemandDbRow), reply: 'envelope', status: 200,
    summary: 'Lists the kWh/m²·a figures by demand type, building type and construction years.',
  }),
};
