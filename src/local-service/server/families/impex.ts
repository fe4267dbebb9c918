import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { ImpexCreate, ImpexUpdate, impexOperations } from '../../../wire/contract/impex.js';
import type { ServiceContext } from '../context.js';
import { type Handlers, OK_STATUS } from '../http/bind.js';
import { notFound } from '../http/errors.js';
import type { ImpexDoc, Resource } from '../model/documents.js';
import { pick } from '../model/fields.js';
import { ScenarioScope, ts } from '../model/scope.js';

const SCALARS = [
  'energyPriceCHFkWh', 'maxCapacityKW', 'totalAnnualEnergyAvailableKWhA', 'capacityPriceCHFkWYear', 'capacityPriceCHFkWMonth',
  'fixedOmPriceCHFYear', 'co2IntensityKgCo2kWh', 'co2CompensationKgCo2kWh', 'hourlyEnergyPriceProfileId', 'dynamicCo2ProfileId',
  'maximumHourlyEnergyAvailableProfileId', 'product', 'notes', 'source', 'year', 'suggested',
] as const;
const PROFILE_FIELDS = ['hourlyEnergyPriceProfileId', 'dynamicCo2ProfileId', 'maximumHourlyEnergyAvailableProfileId'] as const;

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

/** Checks that everything the document refers to is in the scenario (400 naming the field). */
function checkReferences(scope: ScenarioScope, doc: ImpexDoc, carrierField: string, hubsField: string): void {
  scope.require('carrier', doc.energyCarrierGuid, carrierField);
  doc.hubGuids.forEach((g, i) => scope.require('hub', g, `${hubsField}[${i}].hubGuid`));
  scope.requireAll('stage', doc.stages, 'stages');
  for (const field of PROFILE_FIELDS) scope.requireProfile(doc[field], field);
}

function answer(scope: ScenarioScope, impex: Resource<'impex'>) {
  const { doc } = impex;
  return {
    guid: impex.guid,
    created: ts(impex.created),
    updated: ts(impex.updated),
    ...doc,
    energyCarrier: scope.carrier(doc.energyCarrierGuid),
    hubs: doc.hubGuids.map((g) => {
      const hub = scope.hub(g);
      return { hubGuid: g, hubName: hub.hubName, hubCreated: hub.created, hubUpdated: hub.updated, impexGuid: impex.guid };
    }),
    priceComponents: doc.priceComponents.map((p) => ({ ...p, priceCategoryId: p.priceCategory, priceDimensionId: p.priceDimension })),
  };
}

export function impexHandlers(ctx: ServiceContext): Handlers<typeof impexOperations> {
  /** The import/export addressed by type and guid; a guid of the other type is not found. */
  function located(account: Parameters<typeof ScenarioScope.ofResource>[1], type: unknown, guid: unknown) {
    const found = ScenarioScope.ofResource(ctx, account, 'impex', guid as string);
    if (found.resource.doc.type !== type) throw notFound(type === 'IMPORT' ? 'Import' : 'Export', guid as string);
    return found;
  }
  return {
    delete: ({ account, params }) =>
      ctx.store.transaction(() => {
        const { scope, resource } = located(account, params.type, params.guid);
        scope.remove(resource);
        return OK_STATUS;
      }),

    retrieve: ({ account, params }) => {
      const { scope, resource } = located(account, params.type, params.guid);
      return answer(scope, resource);
    },

    list: ({ account, params }) => {
      const scope = ScenarioScope.of(ctx, account, params.scenarioGuid as string);
      return scope.list('impex').map((r) => answer(scope, r));
    },

    create: ({ account, params, body }) =>
      ctx.store.transaction(() => {
        const scope = ScenarioScope.of(ctx, account, params.scenarioGuid as string);
        const doc = impexDoc(body);
        checkReferences(scope, doc, 'energyCarrierGuid', 'hubs');
        return answer(scope, scope.insert('impex', doc));
      }),

    update: ({ account, params, body }) =>
      ctx.store.transaction(() => {
        const { scope, resource } = ScenarioScope.ofResource(ctx, account, 'impex', params.guid as string);
        const doc = impexDoc(body);
        checkReferences(scope, doc, 'energyCarrier.energyCarrierGuid', 'hubs');
        return answer(scope, scope.update(resource, doc));
      }),
  };
}
