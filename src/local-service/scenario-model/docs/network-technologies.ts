import type { z } from 'zod';
import type { NetworkTechnologyCreate, NetworkTechnologyUpdate } from '../../../wire/contract/network-technologies.js';
import type { NetworkTechnologyDoc } from '../documents.js';
import { costComponentDocs, pick } from '../fields.js';

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
