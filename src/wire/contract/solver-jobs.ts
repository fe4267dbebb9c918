/** Solver jobs: optimisations of scenarios, and the usage they count against the plan. */
import { z } from 'zod';
import { operation } from './operation.js';
import { Objective, TemporalResolution } from './values.js';
import { Guid, Timestamp, Uuid } from './primitives.js';

/** One job of a submission. */
export const SolverJobRequest = z
  .object({
    name: z.string({ error: 'must be a string' }).min(1, { error: 'must not be empty' }).max(200, { error: 'must be at most 200 characters' }),
    objective1: Objective,
    objective2: Objective.nullish(),
    scenarioGuid: Guid.nullish(),
    scenarioName: z.string().nullish(),
    temporalResolution: TemporalResolution,
    points: z.int({ error: 'must be an integer' }).min(1, { error: 'must be ≥ 1' }).max(10, { error: 'must be ≤ 10' }),
    timeLimit: z.int({ error: 'must be an integer number of minutes' }).min(1, { error: 'must be ≥ 1 minute' }).max(18720, { error: 'must be ≤ 18720 minutes' }),
    mipGap: z.number({ error: 'must be a number (percent)' }).min(0.1, { error: 'must be ≥ 0.1 (percent)' }).lt(100, { error: 'must be < 100 (percent)' }),
    inputFileId: Uuid.nullish(),
  })
  .refine((job) => job.scenarioGuid != null || job.inputFileId != null, {
    error: 'scenarioGuid or inputFileId must be given', path: ['scenarioGuid'],
  })
  .refine((job) => job.objective2 == null || job.objective2 !== job.objective1, {
    error: 'must differ from objective1', path: ['objective2'],
  });
export type SolverJobRequest = z.input<typeof SolverJobRequest>;

/** What a job optimises, how finely and for how long: shared by studies and the optimiser. */
export interface SolverSettings {
  objective1: z.infer<typeof Objective>;
  objective2: z.infer<typeof Objective> | null;
  points: number;
  temporalResolution: z.infer<typeof TemporalResolution>;
  /** Minutes of solver time allowed. */
  timeLimit: number;
  /** Percent. */
  mipGap: number;
}

/** Jobs in one submission; a larger batch is refused as too large (413). */
export const MAX_JOBS_PER_SUBMISSION = 1000;
export const SolverJobSubmission = z
  .array(SolverJobRequest, { error: 'must be an array of job requests' })
  .min(1, { error: 'must hold at least one job' });

export const SolverJob = z.looseObject({
  id: z.string(),
  status: z.string(),
  statusMsg: z.string().nullish(),
  batchId: z.string().nullish(),
  pointsCompleted: z.int().nullish(),
  started: Timestamp.nullish(),
  terminated: Timestamp.nullish(),
  infeasibilityInfo: z.string().nullish(),
  /** The local service's addition: what a solved job's results should be read with (absent when nothing). */
  warnings: z.array(z.string()).nullish(),
  name: z.string().nullish(),
  objective1: z.string().nullish(),
  objective2: z.string().nullish(),
  scenarioGuid: z.string().nullish(),
  scenarioName: z.string().nullish(),
  temporalResolution: z.string().nullish(),
  points: z.int().nullish(),
  timeLimit: z.int().nullish(),
  mipGap: z.number().nullish(),
  accountGuid: z.string().nullish(),
  organizationId: z.string().nullish(),
  subscriptionId: z.string().nullish(),
  created: Timestamp.nullish(),
});
export type SolverJob = z.infer<typeof SolverJob>;

export const SolverJobDetail = SolverJob.extend({
  inputFile: z.string().nullish(),
  outputFile: z.string().nullish(),
});
export type SolverJobDetail = z.infer<typeof SolverJobDetail>;

export const GET_SCENARIOS_DEFAULT_LIMIT = 200;
export const GetScenariosRequest = z.object({
  scenarioGuids: z.array(Guid, { error: 'must be an array of scenario guids' }).min(1, { error: 'must name at least one scenario' }),
  limit: z.int({ error: 'must be an integer' }).min(1, { error: 'must be ≥ 1' }).optional(),
});

export const Usage = z.looseObject({
  subscription: z.looseObject({
    totalCountOverage: z.int(),
    totalMinutesOverage: z.int(),
    weeklyCountOverage: z.int(),
    weeklyMinutesOverage: z.int(),
    totalCount: z.int(),
    totalMinutes: z.int(),
    currentWeekCount: z.int(),
    currentWeekMinutes: z.int(),
  }),
  user: z.looseObject({
    totalCount: z.int(),
    totalMinutes: z.int(),
    currentWeekCount: z.int(),
    currentWeekMinutes: z.int(),
    historyCount: z.int(),
  }),
});
export type Usage = z.infer<typeof Usage>;

const jobId = { id: Uuid };

export const solverJobOperations = {
  submit: operation({
    id: 'solverJobs.submit', family: 'solver', method: 'POST', path: '/solver/jobs',
    body: SolverJobSubmission, data: z.array(SolverJob), reply: 'bare', status: 200,
    summary: 'Submits a batch of solver jobs.',
  }),
  getScenarios: operation({
    id: 'solverJobs.getScenarios', family: 'solver', method: 'POST', path: '/solver/jobs/get-scenarios',
    body: GetScenariosRequest, data: z.array(SolverJob), reply: 'bare', status: 200, idempotent: true,
    summary: 'Lists the jobs of scenarios, newest first, up to limit (default 200).',
  }),
  usage: operation({
    id: 'solverJobs.usage', family: 'solver', method: 'GET', path: '/solver/jobs/usage',
    data: Usage, reply: 'bare', status: 200, summary: 'Reads the usage counters of the subscription and the user.',
  }),
  retrieve: operation({
    id: 'solverJobs.retrieve', family: 'solver', method: 'GET', path: '/solver/jobs/{id}',
    params: jobId, data: SolverJobDetail, reply: 'bare', status: 200, summary: 'Reads one job with its file addresses.',
  }),
  delete: operation({
    id: 'solverJobs.delete', family: 'solver', method: 'DELETE', path: '/solver/jobs/{id}',
    params: jobId, data: z.string(), reply: 'bare', status: 200, summary: 'Deletes a job.',
  }),
  stop: operation({
    id: 'solverJobs.stop', family: 'solver', method: 'PUT', path: '/solver/jobs/{id}/stop',
    params: jobId, data: z.string(), reply: 'bare', status: 200, summary: 'Requests a running job to stop.',
  }),
};
