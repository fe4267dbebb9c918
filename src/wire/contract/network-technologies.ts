/** Network technologies: pipes and cables that network links are built with. */
import { z } from 'zod';
import { crudOperations } from './crud-operations.js';
import { CarrierRef, CostComponent, CostComponentCreate, CostComponentUpdate } from './common.js';
import { EnergyCarrier } from './carriers.js';
import { Bounded, Guid, Name, SignedBounded, Stages, Timestamp } from './primitives.js';
import {
  Lifetime, exchangeCreate, exchangeRequired, investmentFields, numericResponse, replacementFields,
  replacementPercentCreate, replacementPercentUpdate,
} from './technology-fields.js';

const networkCostFields = {
  ...investmentFields,
  ...replacementFields,
  variableOmCostPercent: SignedBounded.nullish(),
  variableOmCostYear: Bounded.nullish(),
  variableOmCostCHFkWh: Bounded.nullish(),
};

const descriptiveFields = {
  technologyCategory: z.string().nullish(),
  networkSize: z.string().nullish(),
  notes: z.string().nullish(),
  source: z.string().nullish(),
  comesFromDb: z.string().nullish(),
};

/** NetworkTechnologyRequestDtoV2. */
export const NetworkTechnologyCreate = z.object({
  networkTechnologyName: Name,
  lifetime: Lifetime,
  energyCarrierGuid: Guid,
  ...networkCostFields,
  ...replacementPercentCreate,
  ...exchangeCreate,
  ...descriptiveFields,
  suggested: z.boolean().nullish(),
  costComponents: z.array(CostComponentCreate).nullish(),
  stages: Stages,
});
export type NetworkTechnologyCreate = z.input<typeof NetworkTechnologyCreate>;

/** NetworkTechnologyRequestDtoPUT. */
export const NetworkTechnologyUpdate = z.object({
  networkTechnologyName: Name,
  lifetime: Lifetime,
  energyCarrier: CarrierRef,
  ...networkCostFields,
  ...replacementPercentUpdate,
  ...exchangeRequired,
  ...descriptiveFields,
  category: z.string({ error: 'must be a string' }),
  costComponents: z.array(CostComponentUpdate).nullish(),
  stages: Stages,
});
export type NetworkTechnologyUpdate = z.input<typeof NetworkTechnologyUpdate>;

const NETWORK_NUMBERS = [
  'fixedInvestmentCost', 'variableInvestmentCost', 'fixedOmCostChf', 'variableOmCostPercent', 'variableOmCostYear',
  'variableOmCostCHFkWh', 'fixedEmbodiedCo2', 'variableEmbodiedCo2', 'fixedReplacementCost',
  'variableReplacementCostPercent', 'variableReplacementCostCHF', 'fixedSalvageValue', 'variableSalvageValuePercent',
  'variableSalvageValueCHF', 'exchangeRate',
] as const;

const descriptiveResponse = {
  energyCarrier: EnergyCarrier.nullish(),
  category: z.string().nullish(),
  technologyCategory: z.string().nullish(),
  notes: z.string().nullish(),
  source: z.string().nullish(),
  networkSize: z.string().nullish(),
  comesFromDb: z.string().nullish(),
  costComponents: z.array(CostComponent).nullish(),
  created: Timestamp.nullish(),
  updated: Timestamp.nullish(),
};

/** NetworkTechnologyResponseDtoV2. */
export const NetworkTechnology = z.looseObject({
  ...numericResponse(NETWORK_NUMBERS),
  ...descriptiveResponse,
  networkTechnologyGuid: z.string(),
  networkTechnologyName: z.string(),
  exchangeCurrency: z.string().nullish(),
  lifetime: z.number(),
  stages: z.array(z.string()),
});
export type NetworkTechnology = z.infer<typeof NetworkTechnology>;

export const NetworkTechnologyList = z.looseObject({ networkTechnologies: z.array(NetworkTechnology) });

/** The older shape of the delete answer. */
export const DeletedNetworkTechnologies = z.looseObject({
  networkTechnologies: z.array(
    z.looseObject({
      ...numericResponse([
        'networkLoss', 'fixedInvestmentCost', 'variableInvestmentCost', 'variableOmCostYear', 'fixedOmCostChf',
        'fixedOmCostPercent', 'maximumCapacity', 'minimumCapacity', 'variableEmbodiedCo2', 'fixedEmbodiedCo2',
      ]),
      ...descriptiveResponse,
      networkTechnologyGuid: z.string(),
      networkTechnologyName: z.string(),
      lifetime: z.number(),
    }),
  ),
});

export const networkTechnologyOperations = crudOperations('networkTechnologies', {
  delete: { path: '/scenarios/network-technologies/{guid}', data: DeletedNetworkTechnologies, summary: 'Deletes a network technology; answers those left.' },
  retrieve: { path: '/v2/scenarios/network-technologies/{guid}', data: NetworkTechnology, summary: 'Reads a network technology.' },
  list: { path: '/v2/scenarios/{scenarioGuid}/network-technologies', data: NetworkTechnologyList, summary: 'Lists the network technologies of a scenario.' },
  update: {
    path: '/v2_1/scenarios/network-technologies/{guid}', body: NetworkTechnologyUpdate, data: NetworkTechnology, summary: 'Updates a network technology.',
  },
  create: {
    path: '/v2_1/scenarios/{scenarioGuid}/network-technologies', body: NetworkTechnologyCreate, data: NetworkTechnology,
    summary: 'Creates a network technology.',
  },
});
