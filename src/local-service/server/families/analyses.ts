import { randomUUID } from 'node:crypto';
import type { analysisOperations } from '../../../wire/contract/analyses.js';
import { TERMINAL_JOB_STATUSES, type SolverJobStatus } from '../../../wire/contract/values.js';
import type { ServiceContext } from '../context.js';
import { type Handlers, OK_STATUS } from '../http/bind.js';
import { notFound } from '../http/errors.js';
import { ts } from '../model/scope.js';
import { analysisAnswer, frontendUrl, requireAnalysis, requireProject } from '../model/tree.js';
import type { AnalysisRow, JobRow } from '../store/store.js';

/** The analysis result status of a scenario whose latest job has this status. */
const RESULT_STATUS: Record<SolverJobStatus, string> = {
  VALIDATING: 'VALIDATING', VALID: 'VALID', PENDING: 'PENDING', QUEUED: 'PENDING', RUNNING: 'RUNNING',
  DONE: 'DONE', STOPPED: 'STOPPED', FAILED: 'FAILED', INVALID: 'INVALID',
};

function executionStatus(latest: JobRow[]): string {
  if (latest.length === 0) return 'IN_SPECIFICATION';
  const statuses = latest.map((j) => j.status as SolverJobStatus);
  if (statuses.some((s) => !TERMINAL_JOB_STATUSES.includes(s))) return 'RUNNING';
  if (statuses.every((s) => s === 'DONE')) return 'DONE';
  if (statuses.some((s) => s === 'STOPPED')) return 'ABORTED';
  return 'FAILED';
}

export function analysisHandlers(ctx: ServiceContext): Handlers<typeof analysisOperations> {
  /** The latest job of each scenario of the analysis, with the scenario's name. */
  function latestJobs(analysis: AnalysisRow) {
    const scenarios = ctx.store.scenarios(analysis.guid);
    const jobs = ctx.store.jobsOfScenarios(analysis.accountId, scenarios.map((s) => s.guid), 100_000);
    return scenarios.flatMap((s) => {
      const job = jobs.find((j) => j.scenarioGuid === s.guid);
      return job ? [{ scenario: s, job }] : [];
    });
  }

  return {
    list: ({ account, params, query }) => {
      const project = requireProject(ctx, account, params.guid);
      const page = query.page ?? 0;
      const size = query.size ?? 20;
      const total = ctx.store.countAnalyses(project.guid);
      return {
        items: ctx.store.analyses(project.guid, size, page * size).map((a) => analysisAnswer(ctx, a, project)),
        totalElements: total,
        totalPages: Math.ceil(total / size),
        hasNext: (page + 1) * size < total,
      };
    },

    create: ({ account, params, body }) => {
      const project = requireProject(ctx, account, params.guid);
      const now = ctx.clock.now();
      const analysis: AnalysisRow = { guid: randomUUID(), projectGuid: project.guid, accountId: account.id, name: body.analysisName, created: now, updated: now };
      ctx.store.insertAnalysis(analysis);
      return analysisAnswer(ctx, analysis, project);
    },

    retrieve: ({ account, params }) => {
      const project = requireProject(ctx, account, params.guid);
      const analysis = requireAnalysis(ctx, account, params.analysisGuid);
      if (analysis.projectGuid !== project.guid) throw notFound('Analysis', analysis.guid);
      const latest = latestJobs(analysis);
      const first = latest[0]?.job.doc;
      const submitted = latest.length ? Math.max(...latest.map((l) => l.job.created)) : undefined;
      return {
        ...analysisAnswer(ctx, analysis, project),
        executionStatus: executionStatus(latest.map((l) => l.job)),
        executionInProgress: latest.some((l) => !TERMINAL_JOB_STATUSES.includes(l.job.status as SolverJobStatus)),
        coverImage: null,
        projectName: project.name,
        projectGuid: project.guid,
        executionOptions: first
          ? {
              objective1: first.objective1 as string,
              objective2: (first.objective2 as string | null) ?? null,
              numberOfParetoPoints: first.points as number,
              scenarios: latest.map((l) => l.scenario.guid),
            }
          : null,
        results: {
          executionSubmitted: submitted === undefined ? null : ts(submitted),
          scenarios: latest.map(({ scenario, job }) => ({
            scenarioName: scenario.name,
            status: RESULT_STATUS[job.status as SolverJobStatus] ?? job.status,
            statusMessage: (job.doc.statusMsg as string | null) ?? null,
            paretoPointsCompleted: `${(job.doc.pointsCompleted as number | undefined) ?? 0}/${job.doc.points as number}`,
            inputFilepath: job.inputFileId ? ctx.files.downloadAddress(ctx.store.file(job.inputFileId)!) : null,
            outputFilepath: job.outputFileId ? ctx.files.downloadAddress(ctx.store.file(job.outputFileId)!) : null,
          })),
          dashboardUrl: latest[0] ? frontendUrl(ctx, latest[0].scenario, analysis) : null,
        },
      };
    },

    delete: ({ account, params }) => {
      const analysis = requireAnalysis(ctx, account, params.analysisGuid);
      ctx.store.deleteAnalysis(analysis.guid);
      return OK_STATUS;
    },
  };
}
