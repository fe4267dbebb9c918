/**
 * What a batch of variants knows of them as the batch workflow (workflows/variant-batch.ts) carries
 * them through: the stage each has reached, how each ended, the outcomes' values gathered, the jobs
 * running (and under which budget reservation) and the jobs done but not gathered yet; and the report
 * the batch sends its study. Pure and deterministic: the workflow makes every Temporal call, and tells
 * the ledger what each answered.
 *
 * The shapes below are what the ledger reads of the activities' answers (activities/scenarios.ts,
 * jobs.ts, outputs.ts): those answers are passed in as they are.
 */
import { type Variant, variantAt } from './expand.js';
import type { OutcomeValue } from './outcomes.js';
import { type BatchReport, STAGES, type Stage, type VariantResult } from './progress.js';
import type { VariantStatus } from './results/manifest.js';
import type { Study } from './schema.js';

/** Failures a batch reports by name to the study (all are in the results). */
export const REPORTED_FAILURES = 5;
/** Generations of a variant's specs file before its failure is taken as the variant's own. */
export const SPECS_ATTEMPTS = 3;

/** How far a variant had gone, in words, for the reason a cancelled variant gives. */
const STAGE_WORDS: Record<Stage, string> = {
  pending: 'nothing yet', scenario: 'its scenario', patched: 'its values', specs: 'its specs file', 'waiting-budget': 'the wait for solver budget',
  submitted: 'its solver job', solved: 'a solved job', gathered: 'its results', failed: 'a failure',
};

interface Indexed {
  index: number;
}

/** A variant that could not go on, and why (activities/scenarios.ts VariantFailure). */
export interface VariantProblem extends Indexed {
  key: string;
  reason: string;
}

/** A variant's solver job (activities/jobs.ts SubmittedJob). */
export interface JobRef extends Indexed {
  key: string;
  scenarioGuid: string;
  jobId: string;
}

/** A job running, with the budget reservation it was granted under. */
export type RunningJob = JobRef & { reservation: string };

/** A job as the service last saw it (activities/jobs.ts JobState). */
export interface JobSeen extends JobRef {
  status: string;
  terminal: boolean;
  statusMsg?: string;
  infeasibilityInfo?: string;
  minutes: number;
}

/** How a variant ended (activities/outputs.ts VariantOutcome). */
export interface VariantEnd extends Indexed {
  key: string;
  status: VariantStatus;
  reason?: string;
  scenarioGuid?: string;
  jobId?: string;
}

/** What the ledger keeps of a variant's gathered output: its outcomes' values (activities/outputs.ts GatheredOutput). */
export interface GatheredValues {
  outcomes?: Record<string, OutcomeValue>;
}

/** A variant whose results an earlier run's are taken over for (activities/fingerprints.ts). */
export interface TakenOver extends Indexed {
  key: string;
  scenarioGuid: string;
  outcomes?: Record<string, OutcomeValue>;
}

/** The variants of a batch started by an earlier version, which carried the whole study and a count instead of its variants. */
export function earlierBatchVariants(study: Study, offset: number, count: number): Variant[] {
  return Array.from({ length: count }, (_, i) => variantAt(study, offset + i));
}

/** How a job's end becomes a variant's outcome, for a job that did not end DONE. */
export function jobOutcome(job: JobSeen): VariantEnd {
  const base = { index: job.index, key: job.key, scenarioGuid: job.scenarioGuid, jobId: job.jobId };
  if (job.status === 'STOPPED') return { ...base, status: 'STOPPED', reason: 'the solver job was stopped' };
  if (job.infeasibilityInfo) return { ...base, status: 'INFEASIBLE', reason: job.infeasibilityInfo };
  return { ...base, status: 'FAILED', reason: `solver job ${job.status}${job.statusMsg ? `: ${job.statusMsg}` : ''}` };
}

/** A variant's end with its value of `outcome`, or why that could not be read: what a study that decides as it goes learns. */
export function variantResult(end: VariantEnd, outcome: string, gathered: GatheredValues | undefined): VariantResult {
  const base = { index: end.index, key: end.key, status: end.status, ...(end.reason ? { reason: end.reason } : {}) };
  const value = gathered?.outcomes?.[outcome];
  if (end.status !== 'DONE') return base;
  if (!value) return { ...base, problem: `outcome ${outcome} was not read` };
  return 'problem' in value ? { ...base, problem: value.problem } : { ...base, value: value.value };
}

/** The reason a variant that a cancel stopped gives: its job stopped while running, or the step it had reached. */
export function stoppedReason(reached: Stage, jobRunning: boolean): string {
  return jobRunning
    ? 'the study was cancelled while its job was running: the job was stopped'
    : `the study was cancelled before the variant was solved (it had reached: ${STAGE_WORDS[reached]})`;
}

/**
 * A variant's specs generation, attempt by attempt: a failure is taken for a passing fault of the
 * service and asked again, until a variant has had SPECS_ATTEMPTS; then it is the variant's own.
 */
export class SpecsAttempts {
  private readonly attempts = new Map<number, number>();

  /** The variants whose specs were just requested. */
  requested(refs: readonly Indexed[]): void {
    for (const ref of refs) this.attempts.set(ref.index, (this.attempts.get(ref.index) ?? 0) + 1);
  }

  /** Of `variants`, those whose generation failed and that have attempts left; and the failures that are final. */
  afterFailures<V extends Indexed, F extends Indexed>(variants: readonly V[], failures: readonly F[]): { again: V[]; final: F[] } {
    const failed = new Set(failures.map((f) => f.index));
    return {
      again: variants.filter((v) => failed.has(v.index) && this.attempts.get(v.index)! < SPECS_ATTEMPTS),
      final: failures.filter((f) => this.attempts.get(f.index)! >= SPECS_ATTEMPTS),
    };
  }
}

export class BatchLedger {
  private readonly variants: Map<number, Variant>;
  /** The stage each variant has reached. */
  private readonly stages: Map<number, Stage>;
  /** How the variants that ended did. */
  private readonly outcomes = new Map<number, VariantEnd>();
  /** The outcomes' values of the variants gathered (or taken over from an earlier run). */
  private readonly gathered = new Map<number, GatheredValues>();
  /** By variant index: a variant's job id may change, when a duplicate submission is resolved. */
  private readonly running = new Map<number, RunningJob>();
  /** Jobs that ended DONE and are not gathered yet: a cancel gathers them too. */
  private readonly done: JobRef[] = [];

  /** `offset` names the batch; `reportOutcome`, for a study that decides as it goes, the outcome every report carries the values of. */
  constructor(variants: readonly Variant[], private readonly offset: number, private readonly reportOutcome?: string) {
    this.variants = new Map(variants.map((v) => [v.index, v]));
    this.stages = new Map(variants.map((v) => [v.index, 'pending']));
  }

  variant(index: number): Variant {
    return this.variants.get(index)!;
  }

  variantsOf(refs: readonly Indexed[]): Variant[] {
    return refs.map((ref) => this.variant(ref.index));
  }

  moveTo(refs: readonly Indexed[], next: Stage): void {
    for (const ref of refs) this.stages.set(ref.index, next);
  }

  /** Variants that could not go on; `scenarios` give their scenarios' guids, where they have one. */
  fail(failures: readonly VariantProblem[], scenarios: readonly (Indexed & { scenarioGuid: string })[] = []): void {
    for (const f of failures) {
      this.outcomes.set(f.index, { index: f.index, key: f.key, status: 'FAILED', reason: f.reason, scenarioGuid: scenarios.find((s) => s.index === f.index)?.scenarioGuid });
      this.stages.set(f.index, 'failed');
    }
  }

  /** Those of `refs` that have not ended. */
  going<R extends Indexed>(refs: readonly R[]): R[] {
    return refs.filter((ref) => !this.outcomes.has(ref.index));
  }

  /** A variant's ref with the solver settings of its own (a search's confirmation), if it has any. */
  withSolver<R extends Indexed>(ref: R): R {
    const solver = this.variant(ref.index).solver;
    return solver ? { ...ref, solver } : ref;
  }

  /** The minutes each job of `refs` reserves: the longest time limit among them (a variant's own, or the study's). */
  minutesEach(refs: readonly Indexed[], studyTimeLimit: number): number {
    return Math.max(...refs.map((ref) => this.variant(ref.index).solver?.timeLimit ?? studyTimeLimit));
  }

  /** The jobs running, as they were submitted (with their latest job ids). */
  runningJobs(): RunningJob[] {
    return [...this.running.values()];
  }

  get jobsRunning(): number {
    return this.running.size;
  }

  /** Jobs submitted under the grant of `reservation`. */
  submitted(jobs: readonly JobRef[], reservation: string): void {
    for (const job of jobs) this.running.set(job.index, { ...job, reservation });
  }

  /** The jobs of `ended` per reservation they ran under, with the solver minutes they used: what the gate is told. Read before `watched`. */
  releases(ended: readonly (JobRef | JobSeen)[]): Map<string, { jobs: number; minutes: number }> {
    const byReservation = new Map<string, { jobs: number; minutes: number }>();
    for (const job of ended) {
      const reservation = this.running.get(job.index)?.reservation;
      if (!reservation) continue;
      const sum = byReservation.get(reservation) ?? { jobs: 0, minutes: 0 };
      sum.jobs++;
      sum.minutes += 'minutes' in job ? job.minutes : 0;
      byReservation.set(reservation, sum);
    }
    return byReservation;
  }

  /** The jobs' latest states: ended jobs leave the running ones, DONE to be gathered, any other end as the variant's outcome. */
  watched(states: readonly JobSeen[]): void {
    const ended = states.filter((state) => state.terminal);
    for (const state of states) {
      const entry = this.running.get(state.index);
      if (entry) entry.jobId = state.jobId;
    }
    for (const state of ended) {
      this.running.delete(state.index);
      if (state.status === 'DONE') this.done.push(state);
      else this.outcomes.set(state.index, jobOutcome(state));
    }
    this.moveTo(ended.filter((state) => state.status === 'DONE'), 'solved');
    this.moveTo(ended.filter((state) => state.status !== 'DONE'), 'failed');
  }

  /** The jobs done and not gathered yet, which are then the caller's to gather. */
  takeDone(): JobRef[] {
    return this.done.splice(0);
  }

  /** Outputs gathered for `jobs`: their variants are DONE. */
  gatheredOutputs(outputs: readonly (Indexed & GatheredValues)[], jobs: readonly JobRef[]): void {
    for (const output of outputs) this.gathered.set(output.index, output);
    for (const job of jobs) this.outcomes.set(job.index, { index: job.index, key: job.key, status: 'DONE', scenarioGuid: job.scenarioGuid, jobId: job.jobId });
    this.moveTo(jobs, 'gathered');
  }

  /** Outputs that could not be had after every retry, for `cause`: the variants failed. */
  notGathered(jobs: readonly JobRef[], cause: string): void {
    this.fail(jobs.map((j) => ({ index: j.index, key: j.key, reason: `outputs could not be gathered: ${cause}` })), jobs);
  }

  /** Variants whose results an earlier run's are taken over for (their specs did not change): DONE, with their outcomes' values. */
  reused(refs: readonly TakenOver[]): void {
    for (const ref of refs) {
      this.outcomes.set(ref.index, { index: ref.index, key: ref.key, status: 'DONE', scenarioGuid: ref.scenarioGuid });
      this.gathered.set(ref.index, { outcomes: ref.outcomes });
    }
  }

  /**
   * On cancel, the running jobs' last look: those that ended leave the running ones (DONE to be
   * gathered, any other end as the outcome); answers the jobs still running, which are to be stopped.
   */
  lastLook(open: readonly RunningJob[], states: readonly JobSeen[]): RunningJob[] {
    const finished = states.filter((state) => state.terminal);
    this.done.push(...finished.filter((state) => state.status === 'DONE'));
    for (const state of finished.filter((state) => state.status !== 'DONE')) this.outcomes.set(state.index, jobOutcome(state));
    const ended = new Set(finished.map((state) => state.index));
    return open.filter((job) => !ended.has(job.index));
  }

  /** On cancel, once the jobs still running are stopped and their budget released: none runs any more. */
  allStopped(): void {
    this.running.clear();
  }

  /** On cancel, once what finished is kept: every variant without an outcome is STOPPED, with the step it had reached (`stopped`: the jobs stopped). */
  stopRest(stopped: readonly JobRef[]): void {
    for (const [index, reached] of this.stages) {
      if (this.outcomes.has(index)) continue;
      const job = stopped.find((j) => j.index === index);
      this.outcomes.set(index, { index, key: this.variant(index).key, status: 'STOPPED', reason: stoppedReason(reached, !!job), scenarioGuid: job?.scenarioGuid, jobId: job?.jobId });
      this.stages.set(index, 'failed');
    }
  }

  /** The variants that ended without results. */
  failed(): VariantEnd[] {
    return [...this.outcomes.values()].filter((o) => o.status !== 'DONE');
  }

  /** The batch's report to its study: its variants per stage, its failures, its jobs running (and, if asked, every ended variant's value). */
  report(): BatchReport {
    const counts = Object.fromEntries(STAGES.map((s) => [s, 0])) as Record<string, number>;
    for (const s of this.stages.values()) counts[s]++;
    const failed = this.failed();
    const summary: BatchReport = {
      offset: this.offset, counts, failed: failed.length, jobsRunning: this.jobsRunning,
      failures: failed.slice(0, REPORTED_FAILURES).map((o) => ({ key: o.key, reason: o.reason ?? o.status })),
    };
    const outcome = this.reportOutcome;
    return outcome ? { ...summary, results: [...this.outcomes.values()].map((o) => variantResult(o, outcome, this.gathered.get(o.index))) } : summary;
  }
}
