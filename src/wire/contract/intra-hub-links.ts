/** Intra-hub network links: a carrier turned into another inside a hub (e.g. a heat exchanger). */
import { z } from 'zod';
import { operation } from './operation.js';
import { CarrierRef, CostComponent, CostComponentCreate, CostComponentUpdate } from './common.js';
import { EnergyCarrier } from './carriers.js';
import { Hub, HubRef } from './hubs.js';
import { Bounded, Guid, Name, Percent, Stages, Timestamp } from './primitives.js';

/** IntraHubNetworkLinkRequestDto. */
export const IntraHubLinkCreate = z.object({
  name: Name,
  inputEnergyCarrierGuid: Guid,
  outputEnergyCarrierGuid: Guid,
  hubGuids: z.array(Guid, { error: 'must be an array of hub guids' }),
  networkLoss: Percent.nullish(),
  fixedEmbodiedCo2: Bounded.nullish(),
  advancedCostComponents: z.array(CostComponentCreate).nullish(),
  stages: Stages,
});
export type IntraHubLinkCreate = z.input<typeof IntraHubLinkCreate>;

/** IntraHubNetworkLinkRequestDtoPUT. */
export const IntraHubLinkUpdate = z.object({
  name: Name,
  inputEnergyCarrier: CarrierRef,
  outputEnergyCarrier: CarrierRef,
  hubs: z.array(HubRef, { error: 'must be an array of {hubGuid}' }),
  networkLoss: Percent.nullish(),
  fixedEmbodiedCo2: Bounded.nullish(),
  advancedCostComponents: z.array(CostComponentUpdate).nullish(),
  stages: Stages,
});
export type IntraHubLinkUpdate = z.input<typeof IntraHubLinkUpdate>;

export const IntraHubLink = z.looseObject({
  intraHubNetworkLinkGuid: z.string(),
  name: z.string(),
  networkLoss: z.number().nullish(),
  fixedEmbodiedCo2: z.number().nullish(),
  inputEnergyCarrier: EnergyCarrier,
  outputEnergyCarrier: EnergyCarrier,
  hubs: z.array(Hub),
  advancedCostComponents: z.array(CostComponent).nullish(),
  created: Timestamp.nullish(),
  updated: Timestamp.nullish(),
  stages: z.array(z.string()),
});
export type IntraHubLink = z.infer<typeof IntraHubLink>;

export const IntraHubLinkList = z.looseObject({ intraHubNetworkLinks: z.array(IntraHubLink) });

export const intraHubLinkOperations = {
  retrieve: operation({
    id: 'intraHubLinks.retrieve', family: 'app', method: 'GET', path: '/scenarios/intra-hub-network-links/{guid}',
    data: IntraHubLink, reply: 'envelope', status: 200, summary: 'Reads an intra-hub link.',
  }),
  delete: operation({
    id: 'intraHubLinks.delete', family: 'app', method: 'DELETE', path: '/scenarios/intra-hub-network-links/{guid}',
    data: IntraHubLinkList, reply: 'envelope', status: 200, summary: 'Deletes an intra-hub link; answers those left.',
  }),
  list: operation({
    id: 'intraHubLinks.list', family: 'app', method: 'GET', path: '/scenarios/{scenarioGuid}/intra-hub-network-links',
    data: IntraHubLinkList, reply: 'envelope', status: 200, summary: 'Lists the intra-hub links of a scenario.',
  }),
  update: operation({
    id: 'intraHubLinks.update', family: 'app', method: 'PUT', path: '/v2/scenarios/intra-hub-network-links/{guid}',
    body: IntraHubLinkUpdate, data: IntraHubLink, reply: 'envelope', status: 200, summary: 'Updates an intra-hub link.',
  }),
  create: operation({
    id: 'intraHubLinks.create', family: 'app', method: 'POST', path: '/v2/scenarios/{scenarioGuid}/intra-hub-network-links',
    body: IntraHubLinkCreate, data: IntraHubLink, reply: 'envelope', status: 201, summary: 'Creates an intra-hub link.',
  }),
};
