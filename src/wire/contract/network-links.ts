/** Network links: connections between two hubs, built with a network technology. */
import { z } from 'zod';
import { crudOperations } from './crud-operations.js';
import { CostComponent, CostComponentCreate, CostComponentUpdate } from './common.js';
import { TECHNOLOGY_CAPACITY_MODES } from './values.js';
import { Bounded, Guid, Int64, minimumNotAboveMaximum, Name, Timestamp } from './primitives.js';

const TechnologyCapacity = z.enum(TECHNOLOGY_CAPACITY_MODES, { error: 'must be optimize or specify' });

const linkFields = {
  name: Name,
  length: Bounded,
  technologyCapacity: TechnologyCapacity,
  node1Guid: Guid,
  node2Guid: Guid,
  networkTechnologyGuid: Guid,
  installedCapacity: Bounded.nullish(),
  maximumCapacity: Bounded.nullish(),
  minimumCapacity: Bounded.nullish(),
  networkLoss: Bounded.nullish(),
  uniDirectionalFlow: z.boolean().nullish(),
  mustBeInstalled: z.boolean().nullish(),
  networkLossProfileId: Int64.nullish(),
};

const linkBounds = minimumNotAboveMaximum([['minimumCapacity', 'maximumCapacity']]);

/** NetworkLinkRequestDtoV2. */
export const NetworkLinkCreate = z.object({ ...linkFields, costComponents: z.array(CostComponentCreate).nullish() }).superRefine(linkBounds);
export type NetworkLinkCreate = z.infer<typeof NetworkLinkCreate>;

/** NetworkLinkRequestDtoPUT: also names the nodes and the technology. */
export const NetworkLinkUpdate = z.object({
  ...linkFields,
  node1Name: z.string({ error: 'must be a string' }),
  node2Name: z.string({ error: 'must be a string' }),
  networkTechnologyName: z.string({ error: 'must be a string' }),
  costComponents: z.array(CostComponentUpdate).nullish(),
}).superRefine(linkBounds);
export type NetworkLinkUpdate = z.infer<typeof NetworkLinkUpdate>;

const linkResponseFields = {
  networkLinkGuid: z.string(),
  length: z.number(),
  technologyCapacity: z.string(),
  installedCapacity: z.number().nullish(),
  uniDirectionalFlow: z.boolean().nullish(),
  mustBeInstalled: z.boolean().nullish(),
  node1Guid: z.string(),
  node2Guid: z.string(),
  node1Name: z.string().nullish(),
  node2Name: z.string().nullish(),
  networkTechnologyGuid: z.string(),
  networkTechnologyName: z.string().nullish(),
  costComponents: z.array(CostComponent).nullish(),
  created: Timestamp.nullish(),
  updated: Timestamp.nullish(),
};

export const NetworkLink = z.looseObject({
  ...linkResponseFields,
  name: z.string(),
  maximumCapacity: z.number().nullish(),
  minimumCapacity: z.number().nullish(),
  networkLoss: z.number().nullish(),
  networkLossProfileId: z.int().nullish(),
});
export type NetworkLink = z.infer<typeof NetworkLink>;

/** The older shape of the delete answer: no name, capacities bounds, loss or loss profile. */
export const DeletedNetworkLinks = z.looseObject({ networkLinks: z.array(z.looseObject(linkResponseFields)) });

export const networkLinkOperations = crudOperations('networkLinks', {
  delete: {
    path: '/scenarios/{scenarioGuid}/network-links/{network-link-guid}', data: DeletedNetworkLinks, summary: 'Deletes a network link; answers the links left.',
  },
  retrieve: { path: '/v2/network-links/{network-link-guid}', data: NetworkLink, summary: 'Reads a network link.' },
  list: { path: '/v2/scenarios/{scenarioGuid}/network-links', data: z.array(NetworkLink), summary: 'Lists the network links of a scenario.' },
  create: { path: '/v2_1/scenarios/{scenarioGuid}/network-links', body: NetworkLinkCreate, data: NetworkLink, summary: 'Creates a network link.' },
  update: {
    path: '/v2_2/scenarios/{scenarioGuid}/network-links/{network-link-guid}', body: NetworkLinkUpdate, data: NetworkLink, summary: 'Updates a network link.',
  },
});
