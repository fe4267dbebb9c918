import { createHash, randomUUID } from 'node:crypto';
import { EventEmitter, once } from 'node:events';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toProfileValues } from '../../src/wire/contract/profiles.js';
import { MAX_JOBS_PER_SUBMISSION, type SolverJobRequest } from '../../src/wire/contract/solver-jobs.js';
import {
  NotFoundError, PayloadTooLargeError, PermissionDeniedError, type PlanningClient, UnprocessableEntityError,
} from '../../src/wire/client/index.js';
import type { OptimisationOutcome, OptimisationRequest, Optimiser } from '../../src/local-service/optimiser/port.js';
import { BOB, startTestService, tempDir, type TestService } from '../support/service.js';

// ----- helpers ------------------------------------------------------------------------------------

/** An empty zip (its end-of-central-directory record alone) with a comment, so its bytes are recognisable. */
const COMMENT = Buffer.from('sweep solver test');
const ZIP = Buffer.concat([Buffer.from([0x50, 0x4b, 0x05, 0x06, ...new Array<number>(16).fill(0), COMMENT.length, 0]), COMMENT]);

type Behaviour = (request: OptimisationRequest) => Promise<OptimisationOutcome>;

/** Solves every point at once and answers ZIP. */
const solves: Behaviour = async (request) => {
  request.onProgress(request.points);
  return { kind: 'solved', output: ZIP, pointsCompleted: request.points };
};

/** Works until its signal aborts, then gives up; tells `events` when it starts ('solving') and when it gives up ('abort'). */
const untilAborted = (events = new EventEmitter()): Behaviour => (request) =>
  new Promise((resolve) => {
    const giveUp = () => {
      events.emit('abort', request.jobId);
      resolve({ kind: 'failed', message: 'aborted' });
    };
    if (request.signal.aborted) return giveUp();
    request.signal.addEventListener('abort', giveUp, { once: true });
    events.emit('solving', request.jobId);
  });

/** An optimiser that behaves as the job's scenarioName says, so each test picks its own behaviour. */
const fakeOptimiser = (behaviours: Record<string, Behaviour>): Optimiser => ({
  readsContent: true,
  solve: (request) => behaviours[request.scenarioName](request),
});

/** Re-reads until `done` holds; every read is a round trip to the service, so the runner gets its turns. */
async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`not reached within ${timeoutMs} ms; last seen ${JSON.stringify(value)}`);
  }
}

const untilEnded = (client: PlanningClient, id: string) => waitFor(() => client.solverJobs.retrieve(id), (job) => job.terminated != null);
/** Waits for a job to reach `status`, failing at once if it ends elsewhere. */
async function untilStatus(client: PlanningClient, id: string, status: string) {
  const job = await waitFor(() => client.solverJobs.retrieve(id), (seen) => seen.status === status || seen.terminated != null);
  expect(job.status).toBe(status);
}

/** A scenario with a stage, a hub, a carrier and (unless told otherwise) a demand on a profile. */
async function buildScenario(client: PlanningClient, name: string, { withDemand = true } = {}): Promise<string> {
  const project = await client.projects.create({ projectName: `Solver ${randomUUID()}`, version: 'V2' });
  const analysis = await client.analyses.create(project.projectGuid, 'Analysis');
  const { scenarioGuid } = await client.scenarios.create(analysis.analysisGuid, name);
  const stage = await client.stages.create(scenarioGuid, { name: 'S1', length: 20, index: 0 });
  const hub = await client.hubs.create(scenarioGuid, 'Hub 1');
  const carrier = await client.carriers.create(scenarioGuid, { subType: 'ELECTRICITY', energyCarrierName: 'Electricity' });
  if (withDemand) {
    const profile = await client.profiles.create(scenarioGuid, { name: 'Load', values: toProfileValues(new Array<number>(8760).fill(2)) });
    await client.energyDemands.create(scenarioGuid, {
      name: 'Load', energyCarrierGuid: carrier.energyCarrierGuid, hubGuids: [hub.hubGuid], demandProfileId: profile.id, stages: [stage.guid],
    });
  }
  return scenarioGuid;
}

const jobRequest = (scenarioGuid: string, fields: Partial<SolverJobRequest> = {}): SolverJobRequest => ({
  name: 'Job', objective1: 'MIN_LIFE_CYCLE_COST', objective2: 'MIN_CO2_EMISSIONS', scenarioGuid,
  temporalResolution: 'LOW', points: 3, timeLimit: 60, mipGap: 1, ...fields,
});

const submitOne = async (client: PlanningClient, request: SolverJobRequest) => (await client.solverJobs.submit([request]))[0];

const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/;

// ----- without an optimiser ---------------------------------------------------------------------------

describe('solver jobs without an optimiser', () => {
  let service: TestService;
  let client: PlanningClient;
  let scenarioGuid: string;
  beforeAll(async () => {
    service = await startTestService({ solver: { optimiser: null } });
    client = service.client();
    scenarioGuid = await buildScenario(client, 'Base');
  });
  afterAll(() => service.close());

  it('validates a job, writes its input file, and fails it saying that no optimiser is configured', async () => {
    const submitted = await submitOne(client, jobRequest(scenarioGuid));
    expect(submitted).toMatchObject({ status: 'VALIDATING', statusMsg: 'Validating', scenarioName: 'Base', points: 3, pointsCompleted: 0 });
    expect(submitted.created).toMatch(TIMESTAMP);

    const ended = await untilEnded(client, submitted.id);
    expect(ended.status).toBe('FAILED');
    expect(ended.statusMsg).toMatch(/no optimiser is configured/i);
    expect(ended.terminated).toMatch(TIMESTAMP);
    expect(ended.started).toBeNull();
    expect(ended.outputFile).toBeNull();
    const input = await client.files.download(ended.inputFile!, join(service.dataDir, 'downloads', 'input.xlsx'));
    expect(input.bytes).toBeGreaterThan(0);
  });

  it('ends a job INVALID naming what its scenario lacks', async () => {
    const incomplete = await buildScenario(client, 'No demand', { withDemand: false });
    const ended = await untilEnded(client, (await submitOne(client, jobRequest(incomplete))).id);
    expect(ended.status).toBe('INVALID');
    expect(ended.statusMsg).toContain('energy demand');
    expect(ended.inputFile).toBeNull();
  });

  it('gives a batch one batchId and lists jobs newest first, up to the limit', async () => {
    const listed = await buildScenario(client, 'Listed');
    const batch = await client.solverJobs.submit([1, 2, 3].map((n) => jobRequest(listed, { name: `Batch ${n}` })));
    expect(new Set(batch.map((job) => job.batchId)).size).toBe(1);
    const single = await submitOne(client, jobRequest(listed, { name: 'Single' }));
    expect(single.batchId).not.toBe(batch[0].batchId);

    const all = await client.solverJobs.getScenarios([listed]);
    expect(all.map((job) => job.id)).toEqual([single.id, ...batch.map((job) => job.id).reverse()]);
    const firstTwo = await client.solverJobs.getScenarios([listed, scenarioGuid], 2);
    expect(firstTwo.map((job) => job.id)).toEqual(all.slice(0, 2).map((job) => job.id));
  });

  it('refuses a batch naming an unknown scenario, and creates none of its jobs', async () => {
    const before = await client.solverJobs.usage();
    const unknown = randomUUID();
    const refused = client.solverJobs.submit([jobRequest(scenarioGuid), jobRequest(unknown)]);
    await expect(refused).rejects.toBeInstanceOf(NotFoundError);
    await expect(refused).rejects.toThrow(unknown);
    expect((await client.solverJobs.usage()).user.totalCount).toBe(before.user.totalCount);
  });

  it('refuses a submission of more jobs than a batch may hold (413)', async () => {
    const tooMany = new Array(MAX_JOBS_PER_SUBMISSION + 1).fill(jobRequest(scenarioGuid));
    await expect(client.solverJobs.submit(tooMany)).rejects.toBeInstanceOf(PayloadTooLargeError);
  });

  it('refuses 11 points as invalid (422) and 10 as beyond the plan (403)', async () => {
    const unchecked = service.client({ validateRequests: false });
    await expect(unchecked.solverJobs.submit([jobRequest(scenarioGuid, { points: 11 })])).rejects.toBeInstanceOf(UnprocessableEntityError);
    const beyondPlan = client.solverJobs.submit([jobRequest(scenarioGuid, { points: 10 })]);
    await expect(beyondPlan).rejects.toBeInstanceOf(PermissionDeniedError);
    await expect(beyondPlan).rejects.toThrow(/points/);
  });

  it('deletes a job out of sight but keeps it in the usage', async () => {
    const job = await submitOne(client, jobRequest(scenarioGuid));
    const before = await client.solverJobs.usage();
    expect(await client.solverJobs.delete(job.id)).toBe('Job deleted');
    await expect(client.solverJobs.retrieve(job.id)).rejects.toBeInstanceOf(NotFoundError);
    expect((await client.solverJobs.getScenarios([scenarioGuid])).map((j) => j.id)).not.toContain(job.id);
    const after = await client.solverJobs.usage();
    expect(after.user.totalCount).toBe(before.user.totalCount);
    expect(after.subscription.currentWeekCount).toBe(before.subscription.currentWeekCount);
    expect(after.user.historyCount).toBe(before.user.historyCount - 1);
  });

  it("answers 404 for another account's jobs and scenarios", async () => {
    const job = await submitOne(client, jobRequest(scenarioGuid));
    const bob = service.client({ credentials: BOB });
    await expect(bob.solverJobs.retrieve(job.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(bob.solverJobs.stop(job.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(bob.solverJobs.delete(job.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(bob.solverJobs.submit([jobRequest(scenarioGuid)])).rejects.toBeInstanceOf(NotFoundError);
    expect(await bob.solverJobs.getScenarios([scenarioGuid])).toEqual([]);
  });
});

// ----- usage --------------------------------------------------------------------------------------

describe('solver usage', () => {
  let service: TestService;
  let client: PlanningClient;
  beforeAll(async () => {
    service = await startTestService({ plan: { weeklyJobs: 1, totalJobs: 5 } });
    client = service.client();
  });
  afterAll(() => service.close());

  it('counts jobs per week, beyond the plan as overage, and starts a new week after seven days', async () => {
    const scenarioGuid = await buildScenario(client, 'Counted');
    await client.solverJobs.submit([jobRequest(scenarioGuid), jobRequest(scenarioGuid)]);
    const thisWeek = await client.solverJobs.usage();
    expect(thisWeek.subscription).toMatchObject({ totalCount: 2, currentWeekCount: 2, weeklyCountOverage: 1, totalCountOverage: 0 });
    expect(thisWeek.user).toMatchObject({ totalCount: 2, currentWeekCount: 2, historyCount: 2 });

    await service.admin('/clock/advance', { seconds: 7 * 86_400 });
    const nextWeek = await client.solverJobs.usage();
    expect(nextWeek.subscription).toMatchObject({ totalCount: 2, currentWeekCount: 0, weeklyCountOverage: 0 });
    expect(nextWeek.user).toMatchObject({ totalCount: 2, currentWeekCount: 0, currentWeekMinutes: 0 });
  });
});

// ----- with an optimiser --------------------------------------------------------------------------

describe('solver jobs with an optimiser', () => {
  let service: TestService;
  let client: PlanningClient;
  let scenarioGuid: string;
  const events = new EventEmitter();
  const seen: OptimisationRequest[] = [];
  beforeAll(async () => {
    const optimiser = fakeOptimiser({
      solves: (request) => {
        seen.push(request);
        return solves(request);
      },
      infeasible: async () => ({ kind: 'infeasible', infeasibilityInfo: 'demand exceeds every supply' }),
      blocks: untilAborted(events),
    });
    service = await startTestService({ solver: { optimiser, slots: 1 } });
    client = service.client();
    scenarioGuid = await buildScenario(client, 'Solved');
  });
  afterAll(() => service.close());

  it('solves a job: DONE, its output file downloads, and its minutes count', async () => {
    const before = await client.solverJobs.usage();
    const job = await submitOne(client, jobRequest(scenarioGuid, { scenarioName: 'solves', points: 4 }));
    const ended = await untilEnded(client, job.id);
    expect(ended).toMatchObject({ status: 'DONE', pointsCompleted: 4 });
    expect(ended.started).toMatch(TIMESTAMP);
    const request = seen.at(-1)!;
    expect(request).toMatchObject({ jobId: job.id, points: 4, objective1: 'MIN_LIFE_CYCLE_COST', timeLimit: 60, mipGap: 1 });
    // The optimiser is handed the input file's content: the scenario as it was validated.
    expect(request.content?.resources.demand).toHaveLength(1);

    const destination = join(service.dataDir, 'downloads', 'results.zip');
    const download = await client.files.download(ended.outputFile!, destination);
    expect(download.sha256).toBe(createHash('sha256').update(ZIP).digest('hex'));
    expect(Buffer.compare(await readFile(destination), ZIP)).toBe(0);

    const after = await client.solverJobs.usage();
    expect(after.user.totalMinutes - before.user.totalMinutes).toBe(1);
    expect(after.subscription.currentWeekMinutes - before.subscription.currentWeekMinutes).toBe(1);
  });

  it('fails an infeasible job with its infeasibility information', async () => {
    const ended = await untilEnded(client, (await submitOne(client, jobRequest(scenarioGuid, { scenarioName: 'infeasible' }))).id);
    expect(ended).toMatchObject({ status: 'FAILED', infeasibilityInfo: 'demand exceeds every supply' });
  });

  it('stops a queued job at once and a running one by aborting its solve', async () => {
    const solving = once(events, 'solving');
    const [running, queued] = await client.solverJobs.submit([
      jobRequest(scenarioGuid, { scenarioName: 'blocks' }), jobRequest(scenarioGuid, { scenarioName: 'blocks' }),
    ]);
    expect(await solving).toEqual([running.id]);
    await untilStatus(client, queued.id, 'QUEUED');

    expect(await client.solverJobs.stop(queued.id)).toBe('Stop requested');
    expect(await client.solverJobs.retrieve(queued.id)).toMatchObject({ status: 'STOPPED', started: null });

    const abortSeen = once(events, 'abort');
    expect(await client.solverJobs.stop(running.id)).toBe('Stop requested');
    expect(await abortSeen).toEqual([running.id]);
    const stopped = await client.solverJobs.retrieve(running.id);
    expect(stopped.status).toBe('STOPPED');
    expect(stopped.terminated).toMatch(TIMESTAMP);
    expect(await client.solverJobs.stop(running.id)).toMatch(/already ended/);
  });
});

// ----- restarts -----------------------------------------------------------------------------------

describe('solver jobs across a restart', () => {
  const dataDir = tempDir();
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('resumes the running and the queued job of a service that was closed', async () => {
    const first = await startTestService({ dataDir, solver: { optimiser: fakeOptimiser({ blocks: untilAborted() }), slots: 1 } });
    const before = first.client();
    const scenarioGuid = await buildScenario(before, 'Resumed');
    const [running, queued] = await before.solverJobs.submit([
      jobRequest(scenarioGuid, { scenarioName: 'blocks' }), jobRequest(scenarioGuid, { scenarioName: 'blocks' }),
    ]);
    await untilStatus(before, running.id, 'RUNNING');
    await untilStatus(before, queued.id, 'QUEUED');
    await first.close();

    const second = await startTestService({ dataDir, solver: { optimiser: fakeOptimiser({ blocks: solves }) } });
    try {
      const after = second.client();
      for (const job of [running, queued]) expect(await untilEnded(after, job.id)).toMatchObject({ status: 'DONE', pointsCompleted: 3 });
    } finally {
      await second.close();
    }
  });
});
