/**
 * Solver jobs: submitted in batches (one POST carries every job of a batch) after looking for the
 * jobs an earlier attempt submitted (by their deterministic names, through get-scenarios), and
 * watched in batches (get-scenarios answers up to 200 scenarios' jobs per call).
 */
import { Context, heartbeat } from '@temporalio/activity';
import type { SolverJob } from '../src/wire/contract/solver-jobs.js';
import { TERMINAL_JOB_STATUSES, type SolverJobStatus } from '../src/wire/contract/values.js';
import { NotFoundError } from '../src/wire/client/errors.js';
import type { StudyCore } from '../src/product/study/core.js';
import type { ActivityDeps } from './deps.js';
import { asActivity } from './failures.js';
import { writeSurvivingLostAnswers } from './lost-answers.js';
import type { VariantRef } from './scenarios.js';

export interface SubmittedJob extends VariantRef {
  jobId: string;
}

export interface JobState extends SubmittedJob {
  status: string;
  terminal: boolean;
  statusMsg?: string;
  infeasibilityInfo?: string;
  /** Solver minutes, counted as the service counts them (whole minutes, at least 1 once started). */
  minutes: number;
}

/** The name of a variant's job: deterministic, so a repeated submission finds it. */
export function jobName(study: Pick<StudyCore, 'name'>, key: string, runTag?: string): string {
  return `${study.name}/${key}${runTag ? `/${runTag}` : ''}`;
}

function minutesOf(job: SolverJob): number {
  if (!job.started || !job.terminated) return 0;
  return Math.max(1, Math.ceil((Date.parse(job.terminated) - Date.parse(job.started)) / 60_000));
}

/** Where a job belongs: its scenario and its (deterministic) name. */
const slot = (scenarioGuid: string | null | undefined, name: string | null | undefined) => `${scenarioGuid}|${name}`;

/**
 * The job a variant keeps when two attempts raced and both submitted it: the first created (then
 * the lowest id). Every attempt that sees the jobs picks the same one, and a later duplicate can
 * only ever be newer, so the choice never changes once made.
 */
export function keeperOf(jobs: SolverJob[]): SolverJob {
  const created = (job: SolverJob) => (job.created ? Date.parse(job.created) : Number.POSITIVE_INFINITY);
  return jobs.reduce((best, job) => (created(job) < created(best) || (created(job) === created(best) && job.id < best.id) ? job : best));
}

function bySlot(jobs: SolverJob[]): Map<string, SolverJob[]> {
  const groups = new Map<string, SolverJob[]>();
  for (const job of jobs) {
    const key = slot(job.scenarioGuid, job.name);
    groups.set(key, [...(groups.get(key) ?? []), job]);
  }
  return groups;
}

const isTerminal = (status: string) => TERMINAL_JOB_STATUSES.includes(status as SolverJobStatus);

export function jobActivities({ service }: ActivityDeps) {
  /** Stops jobs, leaving alone any that has ended or is gone. */
  async function stopAll(jobIds: string[]): Promise<void> {
    for (const id of jobIds) {
      try {
        await service.solverJobs.stop(id);
      } catch (error) {
        if (!(error instanceof NotFoundError)) throw error;
      }
    }
  }

  return {
    /** Submits the variants' jobs that do not exist yet, in one request; answers every variant's job. */
    async submitJobs(input: { study: StudyCore; variants: VariantRef[]; runTag?: string }): Promise<SubmittedJob[]> {
      return asActivity(async () => {
        const { study } = input;
        const slotOf = (v: VariantRef) => slot(v.scenarioGuid, jobName(study, v.key, input.runTag));
        const scenarios = input.variants.map((v) => v.scenarioGuid);
        let found = bySlot(await service.solverJobs.jobsOfScenarios(scenarios));
        const missing = () => input.variants.filter((v) => !found.has(slotOf(v)));
        if (missing().length) {
          await writeSurvivingLostAnswers(
            async () => {
              const submitted = await service.solverJobs.submit(missing().map((v) => {
                const solver = { ...study.solver, ...v.solver };
                return {
                  name: jobName(study, v.key, input.runTag), scenarioGuid: v.scenarioGuid,
                  objective1: solver.objective1, objective2: solver.objective2, points: solver.points,
                  temporalResolution: solver.temporalResolution, timeLimit: solver.timeLimit, mipGap: solver.mipGap,
                };
              }));
              for (const [key, jobs] of bySlot(submitted)) found.set(key, [...(found.get(key) ?? []), ...jobs]);
              return true;
            },
            // A submission whose answer was lost: its jobs are there now, under their names.
            async () => {
              found = bySlot(await service.solverJobs.jobsOfScenarios(scenarios));
              return missing().length === 0 ? true : undefined;
            },
          );
        }
        return input.variants.map((v) => ({ ...v, jobId: keeperOf(found.get(slotOf(v))!).id }));
      });
    },

    /**
     * Watches jobs (heartbeating) until all have ended or `maxSeconds` have passed, polling less
     * often as the wait grows; answers every job's latest state. A duplicate of a variant's job
     * (two attempts raced to submit it) is stopped, and the variant follows the job it keeps.
     */
    async watchJobs(input: { jobs: SubmittedJob[]; maxSeconds: number }): Promise<JobState[]> {
      return asActivity(async () => {
        const deadline = Date.now() + input.maxSeconds * 1000;
        const scenarios = [...new Set(input.jobs.map((j) => j.scenarioGuid))];
        let states: JobState[] = [];
        for (let interval = 500; ; interval = Math.min(10_000, Math.round(interval * 1.5))) {
          const listed = await service.solverJobs.jobsOfScenarios(scenarios);
          const byId = new Map(listed.map((j) => [j.id, j]));
          const groups = bySlot(listed);
          const duplicates: string[] = [];
          states = input.jobs.map((job) => {
            const own = byId.get(job.jobId);
            // A job the service no longer lists (deleted) will never end by itself.
            if (!own) return { ...job, status: 'DELETED', terminal: true, statusMsg: 'the job was deleted', minutes: 0 };
            const same = groups.get(slot(own.scenarioGuid, own.name)) ?? [own];
            const kept = keeperOf(same);
            duplicates.push(...same.filter((j) => j !== kept && !isTerminal(j.status)).map((j) => j.id));
            return {
              ...job, jobId: kept.id, status: kept.status, terminal: isTerminal(kept.status),
              statusMsg: kept.statusMsg ?? undefined, infeasibilityInfo: kept.infeasibilityInfo ?? undefined, minutes: minutesOf(kept),
            };
          });
          await stopAll(duplicates);
          const open = states.filter((s) => !s.terminal).length;
          heartbeat({ open });
          if (open === 0 || Date.now() + interval > deadline) return states;
          await Context.current().sleep(interval);
        }
      });
    },

    /** Asks running jobs to stop; a job that has ended or is gone is left as it is. */
    async stopJobs(input: { jobIds: string[] }): Promise<void> {
      return asActivity(() => stopAll(input.jobIds));
    },
  };
}
