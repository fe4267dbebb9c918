/** Hubs: the sites of a scenario between which energy flows. */
import { z } from 'zod';
import { crudOperations } from './crud-operations.js';
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

export const hubOperations = crudOperations('hubs', {
  retrieve: { path: '/scenarios/hubs/{guid}', data: Hub, summary: 'Reads one hub.' },
  delete: { path: '/scenarios/hubs/{guid}', data: z.array(Hub), summary: 'Deletes a hub; answers the hubs left in its scenario.' },
  list: { path: '/scenarios/{scenarioGuid}/hubs', data: z.array(Hub), summary: 'Lists the hubs of a scenario.' },
  create: { path: '/scenarios/{scenarioGuid}/hubs', body: HubRequest, data: Hub, summary: 'Creates a hub.' },
  update: { path: '/v2/scenarios/hubs/{guid}', body: HubRequest, data: Hub, summary: 'Renames a hub.' },
});
