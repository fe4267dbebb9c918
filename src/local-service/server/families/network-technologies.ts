import type { networkTechnologyOperations } from '../../../wire/contract/network-technologies.js';
import { networkTechnologyDoc } from '../../scenario-model/docs/network-technologies.js';
import type { NetworkTechnologyDoc, Resource } from '../../scenario-model/documents.js';
import type { ServiceContext } from '../context.js';
import type { Handlers } from '../http/bind.js';
import { costComponentAnswers } from '../model/cost-components.js';
import { ScenarioScope, ts } from '../model/scope.js';
import { technologyValuesAnswered } from '../model/unset-values.js';

function answer(scope: ScenarioScope, tech: Resource<'networkTechnology'>) {
  const { doc } = tech;
  return {
    ...doc,
    ...technologyValuesAnswered(doc),
    networkTechnologyGuid: tech.guid,
    energyCarrier: scope.carrier(doc.energyCarrierGuid),
    costComponents: costComponentAnswers(doc.costComponents),
    created: ts(tech.created),
    updated: ts(tech.updated),
  };
}

/** The older shape that delete answers use. */
function deletedAnswer(scope: ScenarioScope, tech: Resource<'networkTechnology'>) {
  const { doc } = tech;
  return {
    networkTechnologyGuid: tech.guid, networkTechnologyName: doc.networkTechnologyName, networkLoss: null,
    fixedInvestmentCost: doc.fixedInvestmentCost ?? null, variableInvestmentCost: doc.variableInvestmentCost ?? null,
    variableOmCostYear: doc.variableOmCostYear ?? null, fixedOmCostChf: doc.fixedOmCostChf ?? null, fixedOmCostPercent: null,
    lifetime: doc.lifetime, maximumCapacity: null, minimumCapacity: null, variableEmbodiedCo2: doc.variableEmbodiedCo2 ?? null,
    fixedEmbodiedCo2: doc.fixedEmbodiedCo2 ?? null, created: ts(tech.created), updated: ts(tech.updated),
    energyCarrier: scope.carrier(doc.energyCarrierGuid), category: doc.category ?? null, technologyCategory: doc.technologyCategory ?? null,
    notes: doc.notes ?? null, source: doc.source ?? null, networkSize: doc.networkSize ?? null, comesFromDb: doc.comesFromDb ?? null,
    costComponents: costComponentAnswers(doc.costComponents),
  };
}

function checkReferences(scope: ScenarioScope, doc: NetworkTechnologyDoc, carrierField: string): void {
  scope.require('carrier', doc.energyCarrierGuid, carrierField);
  scope.requireAll('stage', doc.stages, 'stages');
}

export function networkTechnologyHandlers(ctx: ServiceContext): Handlers<typeof networkTechnologyOperations> {
  return {
    delete: ({ account, params }) =>
      ctx.store.transaction(() => {
        const { scope, resource } = ScenarioScope.ofResource(ctx, account, 'networkTechnology', params.guid);
        scope.assertUnused(resource);
        scope.remove(resource);
        return { networkTechnologies: scope.list('networkTechnology').map((t) => deletedAnswer(scope, t)) };
      }),

    retrieve: ({ account, params }) => {
      const { scope, resource } = ScenarioScope.ofResource(ctx, account, 'networkTechnology', params.guid);
      return answer(scope, resource);
    },

    list: ({ account, params }) => {
      const scope = ScenarioScope.of(ctx, account, params.scenarioGuid);
      return { networkTechnologies: scope.list('networkTechnology').map((t) => answer(scope, t)) };
    },

    update: ({ account, params, body }) =>
      ctx.store.transaction(() => {
        const { scope, resource } = ScenarioScope.ofResource(ctx, account, 'networkTechnology', params.guid);
        const doc = networkTechnologyDoc(body);
        checkReferences(scope, doc, 'energyCarrier.energyCarrierGuid');
        return answer(scope, scope.update(resource, doc));
      }),

    create: ({ account, params, body }) =>
      ctx.store.transaction(() => {
        const scope = ScenarioScope.of(ctx, account, params.scenarioGuid);
        const doc = networkTechnologyDoc(body);
        checkReferences(scope, doc, 'energyCarrierGuid');
        return answer(scope, scope.insert('networkTechnology', doc));
      }),
  };
}
