import type { energyDemandOperations } from '../../../wire/contract/energy-demands.js';
import { demandDoc } from '../../scenario-model/docs/energy-demands.js';
import { DEMAND_METADATA_FIELDS, type DemandDoc, type Resource } from '../../scenario-model/documents.js';
import type { ServiceContext } from '../context.js';
import type { Handlers } from '../http/bind.js';
import { notFound } from '../http/errors.js';
import { ScenarioScope } from '../model/scope.js';

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
        const { scope, resource } = ScenarioScope.ofResource(ctx, account, 'demand', params.guid);
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
      const { scope, resource } = ScenarioScope.ofResource(ctx, account, 'demand', params.guid);
      return answer(scope, resource);
    },

    list: ({ account, params }) => {
      const scope = ScenarioScope.of(ctx, account, params.scenarioGuid);
      return scope.list('demand').map((d) => answer(scope, d));
    },

    create: ({ account, params, body }) =>
      ctx.store.transaction(() => {
        const scope = ScenarioScope.of(ctx, account, params.scenarioGuid);
        const doc = demandDoc(body);
        checkReferences(scope, doc, 'hubGuids');
        return answer(scope, scope.insert('demand', doc));
      }),

    update: ({ account, params, body }) =>
      ctx.store.transaction(() => {
        const scope = ScenarioScope.of(ctx, account, params.scenarioGuid);
        const demand = scope.find('demand', params['demand-guid']);
        if (!demand) throw notFound('Energy demand', params['demand-guid']);
        const doc = demandDoc(body, demand.doc);
        checkReferences(scope, doc, 'hubs');
        return answer(scope, scope.update(demand, doc));
      }),
  };
}
