/** Stages: the periods of a scenario's planning horizon, with their financial rates. */
import { z } from 'zod';
import { crudOperations } from './crud-operations.js';
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

export const stageOperations = crudOperations('stages', {
  retrieve: { path: '/scenarios/stages/{guid}', data: Stage, summary: 'Reads one stage.' },
  list: { path: '/scenarios/{scenarioGuid}/stages', data: z.array(Stage), summary: 'Lists the stages of a scenario.' },
  create: { path: '/scenarios/{scenarioGuid}/stages', body: StageRequest, data: Stage, summary: 'Creates a stage.' },
  update: { path: '/scenarios/{scenarioGuid}/stages/{stageGuid}', params: stageGuid, body: StageRequest, data: Stage, summary: 'Updates a stage.' },
  delete: {
    path: '/scenarios/{scenarioGuid}/stages/{stageGuid}', params: stageGuid, data: z.unknown(), reply: 'none', status: 201, summary: 'Deletes a stage.',
  },
});
