import type { intraHubLinkOperations } from '../../../wire/contract/intra-hub-links.js';
import { intraHubLinkDoc } from '../../scenario-model/docs/intra-hub-links.js';
import type { IntraHubLinkDoc, Resource } from '../../scenario-model/documents.js';
import type { ServiceContext } from '../context.js';
import type { Handlers } from '../http/bind.js';
import { costComponentAnswers } from '../model/cost-components.js';
import { ScenarioScope, ts } from '../model/scope.js';

function checkReferences(scope: ScenarioScope, doc: IntraHubLinkDoc, create: boolean): void {
  scope.require('carrier', doc.inputEnergyCarrierGuid, create ? 'inputEnergyCarrierGuid' : 'inputEnergyCarrier.energyCarrierGuid');
  scope.require('carrier', doc.outputEnergyCarrierGuid, create ? 'outputEnergyCarrierGuid' : 'outputEnergyCarrier.energyCarrierGuid');
  scope.requireAll('hub', doc.hubGuids, create ? 'hubGuids' : 'hubs');
  scope.requireAll('stage', doc.stages, 'stages');
}

function answer(scope: ScenarioScope, link: Resource<'intraHubLink'>) {
  const { doc } = link;
  return {
    intraHubNetworkLinkGuid: link.guid,
    name: doc.name,
    networkLoss: doc.networkLoss ?? null,
    fixedEmbodiedCo2: doc.fixedEmbodiedCo2 ?? null,
    inputEnergyCarrier: scope.carrier(doc.inputEnergyCarrierGuid),
    outputEnergyCarrier: scope.carrier(doc.outputEnergyCarrierGuid),
    hubs: scope.hubs(doc.hubGuids),
    advancedCostComponents: costComponentAnswers(doc.advancedCostComponents),
    created: ts(link.created),
    updated: ts(link.updated),
    stages: doc.stages,
  };
}

export function intraHubLinkHandlers(ctx: ServiceContext): Handlers<typeof intraHubLinkOperations> {
  const all = (scope: ScenarioScope) => ({ intraHubNetworkLinks: scope.list('intraHubLink').map((l) => answer(scope, l)) });
  return {
    retrieve: ({ account, params }) => {
      const { scope, resource } = ScenarioScope.ofResource(ctx, account, 'intraHubLink', params.guid);
      return answer(scope, resource);
    },

    delete: ({ account, params }) =>
      ctx.store.transaction(() => {
        const { scope, resource } = ScenarioScope.ofResource(ctx, account, 'intraHubLink', params.guid);
        scope.remove(resource);
        return all(scope);
      }),

    list: ({ account, params }) => all(ScenarioScope.of(ctx, account, params.scenarioGuid)),

    update: ({ account, params, body }) =>
      ctx.store.transaction(() => {
        const { scope, resource } = ScenarioScope.ofResource(ctx, account, 'intraHubLink', params.guid);
        const doc = intraHubLinkDoc(body);
        checkReferences(scope, doc, false);
        return answer(scope, scope.update(resource, doc));
      }),

    create: ({ account, params, body }) =>
      ctx.store.transaction(() => {
        const scope = ScenarioScope.of(ctx, account, params.scenarioGuid);
        const doc = intraHubLinkDoc(body);
        checkReferences(scope, doc, true);
        return answer(scope, scope.insert('intraHubLink', doc));
      }),
  };
}
