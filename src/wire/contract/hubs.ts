/** Hubs: the sites of a scenario between which energy flows. */
import { z } from 'zod';
import { operation } from './operation.js';
import { Name, Timestamp } from './primitives.js';

export const Hub = z.looseObject({
  hubGuid: z.string(),
  hubName: z.string(),
  updated: Timestamp.nullish(),
  created: Timestamp.nullish(),
});
export type Hub = z.infer<typeof Hub>;

export const HubRequest = z.object({ hubName: Name });
export type HubRequest = z.infer<typeof HubRequest>;

/** `{hubGuid}` items that update bodies use to list a resource's hubs. */
export const HubRef = z.object({ hubGuid: z.string({ error: 'must be a string' }).min(1, { error: 'must not be empty' }) });

export const hubOperations = {
  retrieve: operation({
    id: 'hubs.retrieve', family: 'app', method: 'GET', path: '/scenarios/hubs/{guid}',
    data: Hub, reply: 'envelope', status: 200, summary: 'Reads one hub.',
  }),
  delete: operation({
    id: 'hubs.delete', family: 'app', method: 'DELETE', path: '/scenarios/hubs/{guid}',
    data: z.array(Hub), reply: 'envelope', status: 200, summary: 'Deletes a hub; answers the hubs left in its scenario.',
  }),
  list: operation({
    id: 'hubs.list', family: 'app', method: 'GET', path: '/scenarios/{scenarioGuid}/hubs',
    data: z.array(Hub), reply: 'envelope', status: 200, summary: 'Lists the hubs of a scenario.',
  }),
  create: operation({
    id: 'hubs.create', family: 'app', method: 'POST', path: '/scenarios/{scenarioGuid}/hubs',
    body: HubRequest, data: Hub, reply: 'envelope', status: 201, summary: 'Creates a hub.',
  }),
  update: operation({
    id: 'hubs.update', family: 'app', method: 'PUT', path: '/v2/scenarios/hubs/{guid}',
    body: HubRequest, data: Hub, reply: 'envelope', status: 200, summary: 'Renames a hub.',
  }),
};
