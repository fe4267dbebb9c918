/** Intra-hub network links: a carrier turned into another inside a hub (e.g. a heat exchanger). */
import { z } from 'zod';
import { crudOperations } from './crud-operations.js';
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

export const intraHubLinkOperations = crudOperations('intraHubLinks', {
  retrieve: { path: '/scenarios/intra-hub-network-links/{guid}', data: IntraHubLink, summary: 'Reads an intra-hub link.' },
  delete: { path: '/scenarios/intra-hub-network-links/{guid}', data: IntraHubLinkList, summary: 'Deletes an intra-hub link; answers those left.' },
  list: { path: '/scenarios/{scenarioGuid}/intra-hub-network-links', data: IntraHubLinkList, summary: 'Lists the intra-hub links of a scenario.' },
  update: { path: '/v2/scenarios/intra-hub-network-links/{guid}', body: IntraHubLinkUpdate, data: IntraHubLink, summary: 'Updates an intra-hub link.' },
  create: { path: '/v2/scenarios/{scenarioGuid}/intra-hub-network-links', body: IntraHubLinkCreate, data: IntraHubLink, summary: 'Creates an intra-hub link.' },
});
