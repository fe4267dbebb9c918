import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { ImpexCreate, ImpexUpdate } from '../../../wire/contract/impex.js';
import type { ImpexDoc } from '../documents.js';
import { pick } from '../fields.js';

const SCALARS = [
  'energyPriceCHFkWh', 'maxCapacityKW', 'totalAnnualEnergyAvailableKWhA', 'capacityPriceCHFkWYear', 'capacityPriceCHFkWMonth',
  'fixedOmPriceCHFYear', 'co2IntensityKgCo2kWh', 'co2CompensationKgCo2kWh', 'hourlyEnergyPriceProfileId', 'dynamicCo2ProfileId',
  'maximumHourlyEnergyAvailableProfileId', 'product', 'notes', 'source', 'year', 'suggested',
] as const;

type Body = z.output<typeof ImpexCreate> | z.output<typeof ImpexUpdate>;

/** The stored document of an import/export, from either body shape. */
export function impexDoc(body: Body): ImpexDoc {
  return {
    name: body.name,
    type: body.type,
    energyCarrierGuid: 'energyCarrierGuid' in body ? body.energyCarrierGuid : body.energyCarrier.energyCarrierGuid,
    hubGuids: [...new Set(body.hubs.map((h) => h.hubGuid))],
    stages: [...new Set(body.stages)],
    ...pick(body, SCALARS),
    priceComponents: (body.priceComponents ?? []).map((p) => ({
      guid: (p as { guid?: string | null }).guid ?? randomUUID(),
      name: p.name ?? null,
      value: p.value ?? null,
      priceCategory: p.priceCategory ?? p.priceCategoryId ?? null,
      priceDimension: p.priceDimension ?? p.priceDimensionId ?? null,
      type: p.type ?? null,
      timeOfUses: p.timeOfUses ?? [],
    })),
    timeOfUses: (body.timeOfUses ?? []).map((t) => ({ name: t.name, months: t.months ?? [], days: t.days ?? [], startTime: t.startTime ?? null, endTime: t.endTime ?? null })),
  };
}
