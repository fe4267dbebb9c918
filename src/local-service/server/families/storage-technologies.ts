import type { storageOperations } from '../../../wire/contract/storage-technologies.js';
import { storageDoc } from '../../scenario-model/docs/storage-technologies.js';
import type { Resource, StorageDoc } from '../../scenario-model/documents.js';
import type { ServiceContext } from '../context.js';
import type { Handlers } from '../http/bind.js';
import { costComponentAnswers } from '../model/cost-components.js';
import { ScenarioScope, ts } from '../model/scope.js';
import { technologyValuesAnswered } from '../model/unset-values.js';

function checkReferences(scope: ScenarioScope, doc: StorageDoc, carrierField: string, hubsField: string): void {
  scope.require('carrier', doc.energyCarrierGuid, carrierField);
  scope.requireAll('hub', doc.hubGuids, hubsField);
  scope.requireAll('stage', doc.stages, 'stages');
  scope.requireProfile(doc.standByLossProfileId, 'standByLossProfileId');
}

function summaryFields(scope: ScenarioScope, storage: Resource<'storage'>) {
  return {
    storageTechnologyGuid: storage.guid,
    storageName: storage.doc.storageName,
    lifetime: storage.doc.lifetime,
    created: ts(storage.created),
    updated: ts(storage.updated),
    energyCarrier: scope.carrier(storage.doc.energyCarrierGuid),
    hubs: scope.hubs(storage.doc.hubGuids),
  };
}

/** StorageTechnologyResponseDtoV2: the create and list answers. */
function summary(scope: ScenarioScope, storage: Resource<'storage'>) {
  return { ...summaryFields(scope, storage), stages: storage.doc.stages, standByLossProfileId: storage.doc.standByLossProfileId ?? null };
}

function detail(scope: ScenarioScope, storage: Resource<'storage'>) {
  const { doc } = storage;
  return {
    ...doc,
    ...technologyValuesAnswered(doc),
    storageTechnologyGuid: storage.guid,
    created: ts(storage.created),
    updated: ts(storage.updated),
    storageCarrier: scope.carrier(doc.energyCarrierGuid),
    hubs: scope.hubs(doc.hubGuids),
    costComponents: costComponentAnswers(doc.costComponents),
  };
}

export function storageHandlers(ctx: ServiceContext): Handlers<typeof storageOperations> {
  return {
    delete: ({ account, params }) =>
      ctx.store.transaction(() => {
        const { scope, resource } = ScenarioScope.ofResource(ctx, account, 'storage', params.guid);
        scope.cascadeDelete(resource);
        return { storageTechnologies: scope.list('storage').map((s) => summaryFields(scope, s)) };
      }),

    retrieve: ({ account, params }) => {
      const { scope, resource } = ScenarioScope.ofResource(ctx, account, 'storage', params.guid);
      return detail(scope, resource);
    },

    list: ({ account, params }) => {
      const scope = ScenarioScope.of(ctx, account, params.scenarioGuid);
      return { storageTechnologies: scope.list('storage').map((s) => summary(scope, s)) };
    },

    create: ({ account, params, body }) =>
      ctx.store.transaction(() => {
        const scope = ScenarioScope.of(ctx, account, params.scenarioGuid);
        const doc = storageDoc(body);
        checkReferences(scope, doc, 'energyCarrierGuid', 'hubGuids');
        return summary(scope, scope.insert('storage', doc));
      }),

    update: ({ account, params, body }) =>
      ctx.store.transaction(() => {
        const { scope, resource } = ScenarioScope.ofResource(ctx, account, 'storage', params.guid);
        const doc = storageDoc(body);
        checkReferences(scope, doc, 'storageCarrier.energyCarrierGuid', 'hubs');
        return detail(scope, scope.update(resource, doc));
      }),
  };
}
