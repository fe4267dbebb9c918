import type { impexOperations } from '../../../wire/contract/impex.js';
import { impexDoc } from '../../scenario-model/docs/impex.js';
import type { ImpexDoc, Resource } from '../../scenario-model/documents.js';
import type { ServiceContext } from '../context.js';
import { type Handlers, OK_STATUS } from '../http/bind.js';
import { notFound } from '../http/errors.js';
import { ScenarioScope, ts } from '../model/scope.js';

const PROFILE_FIELDS = ['hourlyEnergyPriceProfileId', 'dynamicCo2ProfileId', 'maximumHourlyEnergyAvailableProfileId'] as const;

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
  function located(account: Parameters<typeof ScenarioScope.ofResource>[1], type: ImpexDoc['type'], guid: string) {
    const found = ScenarioScope.ofResource(ctx, account, 'impex', guid);
    if (found.resource.doc.type !== type) throw notFound(type === 'IMPORT' ? 'Import' : 'Export', guid);
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
      const scope = ScenarioScope.of(ctx, account, params.scenarioGuid);
      return scope.list('impex').map((r) => answer(scope, r));
    },

    create: ({ account, params, body }) =>
      ctx.store.transaction(() => {
        const scope = ScenarioScope.of(ctx, account, params.scenarioGuid);
        const doc = impexDoc(body);
        checkReferences(scope, doc, 'energyCarrierGuid', 'hubs');
        return answer(scope, scope.insert('impex', doc));
      }),

    update: ({ account, params, body }) =>
      ctx.store.transaction(() => {
        const { scope, resource } = ScenarioScope.ofResource(ctx, account, 'impex', params.guid);
        const doc = impexDoc(body);
        checkReferences(scope, doc, 'energyCarrier.energyCarrierGuid', 'hubs');
        return answer(scope, scope.update(resource, doc));
      }),
  };
}
