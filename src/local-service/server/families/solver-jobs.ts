/**
 * The solver-job operations: submission, listing, usage, detail, stop and delete. What happens to a
 * job after submission is the runner's (../solver-jobs/runner.ts); these handlers only write rows
 * and wake it.
 */
import { randomUUID } from 'node:crypto';
import {
  GET_SCENARIOS_DEFAULT_LIMIT, MAX_JOBS_PER_SUBMISSION, type SolverJob, type solverJobOperations,
} from '../../../wire/contract/solver-jobs.js';
import type { ServiceContext } from '../context.js';
import type { Handlers } from '../http/bind.js';
import { forbidden, notFound, tooLarge } from '../http/errors.js';
import { ts } from '../model/scope.js';
import { type JobDoc, jobDoc, stopJob } from '../solver-jobs/runner.js';
import { usageReport } from '../solver-jobs/usage.js';
import type { Account, JobRow } from '../store/store.js';

/** The SolverJob answer of a stored job. */
function solverJobAnswer(job: JobRow, account: Account): SolverJob {
  const doc = jobDoc(job);
  return {
    id: job.id,
    status: job.status,
    statusMsg: doc.statusMsg,
    batchId: job.batchId,
    pointsCompleted: doc.pointsCompleted,
    started: job.started === null ? null : ts(job.started),
    terminated: job.terminated === null ? null : ts(job.terminated),
    infeasibilityInfo: doc.infeasibilityInfo,
    // Only when there are any: otherwise a job reads as the deployed service's.
    ...(doc.warnings?.length ? { warnings: doc.warnings } : {}),
    name: doc.name,
    objective1: doc.objective1,
    objective2: doc.objective2,
    scenarioGuid: job.scenarioGuid,
    scenarioName: doc.scenarioName,
    temporalResolution: doc.temporalResolution,
    points: doc.points,
    timeLimit: doc.timeLimit,
    mipGap: doc.mipGap,
    accountGuid: job.accountId,
    organizationId: account.organizationId,
    subscriptionId: job.subscriptionId,
    created: ts(job.created),
  };
}

export function solverJobHandlers(ctx: ServiceContext): Handlers<typeof solverJobOperations> {
  /** The caller's job, or 404 (also for a deleted job and for another account's). */
  function requireJob(account: Account, id: string): JobRow {
    const job = ctx.store.job(account.id, id);
    if (!job) throw notFound('Solver job', id);
    return job;
  }

  /** A presigned address of a stored file, or null. */
  function address(fileId: string | null): string | null {
    const file = fileId === null ? undefined : ctx.store.file(fileId);
    return file ? ctx.files.downloadAddress(file) : null;
  }

  return {
    submit: ({ account, body }) => {
      if (body.length > MAX_JOBS_PER_SUBMISSION) {
        throw tooLarge(`a submission holds at most ${MAX_JOBS_PER_SUBMISSION} jobs; this one holds ${body.length}`);
      }
      // Every check comes before the first write: a refused batch leaves nothing behind.
      const scenarioNames = body.map((request, i) => {
        if (request.points > ctx.plan.maxParetoPoints) {
          throw forbidden(`[${i}].points: the plan allows at most ${ctx.plan.maxParetoPoints} Pareto points per job`);
        }
        if (request.inputFileId != null && ctx.store.file(request.inputFileId)?.accountId !== account.id) {
          throw notFound('Input file', request.inputFileId);
        }
        if (request.scenarioGuid == null) return null;
        const scenario = ctx.store.scenario(account.id, request.scenarioGuid);
        if (!scenario) throw notFound('Scenario', request.scenarioGuid);
        return scenario.name;
      });

      const batchId = randomUUID();
      const now = ctx.clock.now();
      const jobs = body.map((request, i): JobRow => {
        const doc: JobDoc = {
          name: request.name, objective1: request.objective1, objective2: request.objective2 ?? null,
          points: request.points, timeLimit: request.timeLimit, mipGap: request.mipGap,
          temporalResolution: request.temporalResolution, scenarioName: request.scenarioName ?? scenarioNames[i],
          statusMsg: 'Validating', pointsCompleted: 0, infeasibilityInfo: null,
        };
        return {
          id: randomUUID(), accountId: account.id, subscriptionId: account.subscriptionId,
          scenarioGuid: request.scenarioGuid ?? null, batchId, status: 'VALIDATING',
          doc: doc as unknown as Record<string, unknown>, created: now, started: null, terminated: null, minutes: 0,
          deleted: false, inputFileId: request.inputFileId ?? null, outputFileId: null,
        };
      });
      ctx.store.transaction(() => jobs.forEach((job) => ctx.store.insertJob(job)));
      ctx.wakeSolver();
      return jobs.map((job) => solverJobAnswer(job, account));
    },

    getScenarios: ({ account, body }) =>
      ctx.store
        .jobsOfScenarios(account.id, body.scenarioGuids, body.limit ?? GET_SCENARIOS_DEFAULT_LIMIT)
        .map((job) => solverJobAnswer(job, account)),

    usage: ({ account }) => usageReport(ctx, account),

    retrieve: ({ account, params }) => {
      const job = requireJob(account, params.id);
      return { ...solverJobAnswer(job, account), inputFile: address(job.inputFileId), outputFile: address(job.outputFileId) };
    },

    delete: ({ account, params }) => {
      const job = requireJob(account, params.id);
      ctx.store.transaction(() => {
        stopJob(ctx, job);
        ctx.store.markJobDeleted(job.id);
      });
      return 'Job deleted';
    },

    stop: ({ account, params }) => {
      const job = requireJob(account, params.id);
      return stopJob(ctx, job) ? 'Stop requested' : `The job has already ended (${job.status})`;
    },
  };
}
