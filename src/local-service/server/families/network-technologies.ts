import type { z } from 'zod';
import type { NetworkTechnologyCreate, NetworkTechnologyUpdate, networkTechnologyOperations } from '../../../wire/contract/network-technologies.js';
import type { ServiceContext } from '../context.js';
import type { Handlers } from '../http/bind.js';
import type { NetworkTechnologyDoc, Resource } from '../model/documents.js';
import { costComponentAnswers, costComponentDocs, pick } from '../model/fields.js';
import { ScenarioScope, ts } from '../model/scope.js';
import { technologyValuesAnswered } from '../model/unset-values.js';

const SCALARS = [
  'lifetime', 'exchangeCurrency', 'exchangeRate', 'fixedInvestmentCost', 'variableInvestmentCost', 'fixedOmCostChf',
  'variableOmCostPercent', 'variableOmCostYear', 'variableOmCostCHFkWh', 'fixedEmbodiedCo2', 'variableEmbodiedCo2',
  'fixedReplacementCost', 'variableReplacementCostPercent', 'variableReplacementCostCHF', 'fixedSalvageValue',
  'variableSalvageValuePercent', 'variableSalvageValueCHF', 'technologyCategory', 'networkSize', 'notes', 'source', 'comesFromDb',
] as const;

type Body = z.output<typeof NetworkTechnologyCreate> | z.output<typeof NetworkTechnologyUpdate>;

/** The stored document of a network technology, from either body shape. */
export function networkTechnologyDoc(body: Body): NetworkTechnologyDoc {
  return {
    networkTechnologyName: body.networkTechnologyName,
    energyCarrierGuid: 'energyCarrierGuid' in body ? body.energyCarrierGuid : body.energyCarrier.energyCarrierGuid,
    ...pick(body, SCALARS),
    category: 'category' in body ? body.category : 'NETWORK',
    suggested: 'suggested' in body ? (body.suggested ?? null) : null,
    costComponents: costComponentDocs(body.costComponents),
    stages: [...new Set(body.stages)],
  };
}

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
        const { scope, resource } = ScenarioScope.ofResource(ctx, account, 'networkTechnology', params.guid as string);
        scope.assertUnused(resource);
        scope.remove(resource);
        return { networkTechnologies: scope.list('networkTechnology').map((t) => deletedAnswer(scope, t)) };
      }),

    retrieve: ({ account, params }) => {
      const { scope, resource } = ScenarioScope.ofResource(ctx, account, 'networkTechnology', params.guid as string);
      return answer(scope, resource);
    },

    list: ({ account, params }) => {
      const scope = ScenarioScope.of(ctx, account, params.scenarioGuid as string);
      return { networkTechnologies: scope.list('networkTechnology').map((t) => answer(scope, t)) };
    },

    update: ({ account, params, body }) =>
      ctx.store.transaction(() => {
        const { scope, resource } = ScenarioScope.ofResource(ctx, account, 'networkTechnology', params.guid as string);
        const doc = networkTechnologyDoc(body);
        checkReferences(scope, doc, 'energyCarrier.energyCarrierGuid');
        return answer(scope, scope.update(resource, doc));
      }),

    create: ({ account, params, body }) =>
      ctx.store.transaction(() => {
        const scope = ScenarioScope.of(ctx, account, params.scenarioGuid as string);
        const doc = networkTechnologyDoc(body);
        checkReferences(scope, doc, 'energyCarrierGuid');
        return answer(scope, scope.insert('networkTechnology', doc));
      }),
  };
}
