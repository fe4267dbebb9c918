import type { z } from 'zod';
import type { DemandCreate, DemandUpdate, energyDemandOperations } from '../../../wire/contract/energy-demands.js';
import type { ServiceContext } from '../context.js';
import type { Handlers } from '../http/bind.js';
import { notFound } from '../http/errors.js';
import { DEMAND_METADATA_FIELDS, type DemandDoc, type Resource } from '../model/documents.js';
import { pick } from '../model/fields.js';
import { ScenarioScope } from '../model/scope.js';

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

function checkReferences(scope: ScenarioScope, doc: DemandDoc, hubsField: string): void {
  scope.require('carrier', doc.energyCarrierGuid, 'energyCarrierGuid');
  scope.requireAll('hub', doc.hubGuids, hubsField);
  scope.requireAll('stage', doc.stages, 'stages');
  scope.requireProfile(doc.demandProfileId, 'demandProfileId');
  scope.requireProfile(doc.demandSalePriceProfileId, 'demandSalePriceProfileId');
}

function answer(scope: ScenarioScope, demand: Resource<'demand'>) {
  const { metadata, hubGuids, ...doc } = demand.doc;
  return {
    ...Object.fromEntries(DEMAND_METADATA_FIELDS.map((k) => [k, metadata[k] ?? null])),
    ...doc,
    energyDemandGuid: demand.guid,
    energyCarrierName: scope.find('carrier', doc.energyCarrierGuid)?.doc.energyCarrierName ?? null,
    hubs: scope.hubs(hubGuids),
  };
}

export function energyDemandHandlers(ctx: ServiceContext): Handlers<typeof energyDemandOperations> {
  return {
    delete: ({ account, params }) =>
      ctx.store.transaction(() => {
        const { scope, resource } = ScenarioScope.ofResource(ctx, account, 'demand', params.guid as string);
        scope.remove(resource);
        // The older answer shape names one hub per demand.
        return {
          energyDemands: scope.list('demand').map((d) => {
            const hub = d.doc.hubGuids[0] ? scope.hub(d.doc.hubGuids[0]) : undefined;
            return {
              energyDemandGuid: d.guid, energyDemandName: d.doc.energyDemandName, energyCarrierGuid: d.doc.energyCarrierGuid,
              energyCarrierName: scope.find('carrier', d.doc.energyCarrierGuid)?.doc.energyCarrierName ?? null,
              hubGuid: hub?.hubGuid ?? null, hubName: hub?.hubName ?? null, demandSalePrice: d.doc.demandSalePrice ?? null,
            };
          }),
        };
      }),

    retrieve: ({ account, params }) => {
      const { scope, resource } = ScenarioScope.ofResource(ctx, account, 'demand', params.guid as string);
      return answer(scope, resource);
    },

    list: ({ account, params }) => {
      const scope = ScenarioScope.of(ctx, account, params.scenarioGuid as string);
      return scope.list('demand').map((d) => answer(scope, d));
    },

    create: ({ account, params, body }) =>
      ctx.store.transaction(() => {
        const scope = ScenarioScope.of(ctx, account, params.scenarioGuid as string);
        const doc = demandDoc(body);
        checkReferences(scope, doc, 'hubGuids');
        return answer(scope, scope.insert('demand', doc));
      }),

    update: ({ account, params, body }) =>
      ctx.store.transaction(() => {
        const scope = ScenarioScope.of(ctx, account, params.scenarioGuid as string);
        const demand = scope.find('demand', params['demand-guid'] as string);
        if (!demand) throw notFound('Energy demand', params['demand-guid'] as string);
        const doc = demandDoc(body, demand.doc);
        checkReferences(scope, doc, 'hubs');
        return answer(scope, scope.update(demand, doc));
      }),
  };
}
