/** Stages: the periods of a scenario's planning horizon, with their financial rates. */
import { z } from 'zod';
import { operation } from './operation.js';
import { Int32, MAX_YEARS, Name, Uuid, YEARS_RULE } from './primitives.js';

export const Stage = z.looseObject({
  guid: z.string(),
  name: z.string(),
  length: z.int(),
  interestRate: z.number().nullish(),
  inflationRate: z.number().nullish(),
  index: z.int(),
});
export type Stage = z.infer<typeof Stage>;

const Rate = z.number({ error: 'must be a number' }).min(-100, { error: 'must be ≥ -100' }).max(100, { error: 'must be ≤ 100' });

export const StageRequest = z.object({
  name: Name,
  length: Int32.min(1, { error: 'must be at least 1 year' }).max(MAX_YEARS, { error: YEARS_RULE }),
  interestRate: Rate.nullish(),
  inflationRate: Rate.nullish(),
  index: Int32.min(0, { error: 'must be ≥ 0' }),
});
export type StageRequest = z.infer<typeof StageRequest>;

const stageGuid = { stageGuid: Uuid };

export const stageOperations = {
  retrieve: operation({
    id: 'stages.retrieve', family: 'app', method: 'GET', path: '/scenarios/stages/{guid}',
    data: Stage, reply: 'envelope', status: 200, summary: 'Reads one stage.',
  }),
  list: operation({
    id: 'stages.list', family: 'app', method: 'GET', path: '/scenarios/{scenarioGuid}/stages',
    data: z.array(Stage), reply: 'envelope', status: 200, summary: 'Lists the stages of a scenario.',
  }),
  create: operation({
    id: 'stages.create', family: 'app', method: 'POST', path: '/scenarios/{scenarioGuid}/stages',
    body: StageRequest, data: Stage, reply: 'envelope', status: 201, summary: 'Creates a stage.',
  }),
  update: operation({
    id: 'stages.update', family: 'app', method: 'PUT', path: '/scenarios/{scenarioGuid}/stages/{stageGuid}',
    params: stageGuid, body: StageRequest, data: Stage, reply: 'envelope', status: 200, summary: 'Updates a stage.',
  }),
  delete: operation({
    id: 'stages.delete', family: 'app', method: 'DELETE', path: '/scenarios/{scenarioGuid}/stages/{stageGuid}',
    params: stageGuid, data: z.unknown(), reply: 'none', status: 201, summary: 'Deletes a stage.',
  }),
};
