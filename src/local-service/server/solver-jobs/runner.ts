/**
 * Drives solver jobs through their lifecycle: VALIDATING → VALID → PENDING → QUEUED → RUNNING →
 * DONE, or off to INVALID, FAILED or STOPPED. Each transition is written to the database before the
 * next step is taken, so a service killed at any moment resumes where it was: jobs found
 * non-terminal at start carry on, and a solve that was RUNNING starts again. The database is also
 * how handlers reach the runner: a stop ends the job's row STOPPED and wakes the runner, which then
 * aborts the solve of any job that has ended.
 */
import type { Objective, SolverJobStatus, TemporalResolution } from '../../../wire/contract/values.js';
import type { ServiceContext } from '../context.js';
import { contentDigest, readContent } from '../model/content.js';
import type { ScenarioContent } from '../../scenario-model/documents.js';
import { KIND_NAMES } from '../model/scope.js';
import { safeName } from '../specs/specs-queue.js';
import { readScenarioWorkbook } from '../../specs-workbook/read-workbook.js';
import { writeScenarioWorkbook } from '../../specs-workbook/write-workbook.js';
import type { JobRow } from '../store/store.js';
import type { PointPlacement } from '../../optimiser/settings.js';
import type { OptimisationOutcome, Optimiser } from '../../optimiser/port.js';

export interface SolverRunnerOptions {
  /** Jobs solved at once. */
  slots?: number;
  /** The HiGHS optimiser by default; `null` runs no optimiser: jobs end FAILED saying so. */
  optimiser?: Optimiser | null;
  /** Jobs whose inputs the optimiser would not all honour fail before solving, naming them. */
  strict?: boolean;
  /** Where fronts' interior points go; evenly in objective 2 unless told, as on the deployed service. */
  pointPlacement?: PointPlacement;
}

/** The SolverJob fields a job keeps in its row's `doc` column. */
export interface JobDoc {
  name: string;
  objective1: Objective;
  objective2: Objective | null;
  points: number;
  timeLimit: number;
  mipGap: number;
  temporalResolution: TemporalResolution;
  scenarioName: string | null;
  statusMsg: string;
  pointsCompleted: number;
  infeasibilityInfo: string | null;
  /** What a solved job's results should be read with (inputs not honoured, capacities at an internal cap); absent when none. */
  warnings?: string[] | null;
}

export const NO_OPTIMISER_MESSAGE = 'No optimiser is configured on this local service; the job was validated but not solved';

/** A job's `doc` column, typed. */
export const jobDoc = (job: JobRow): JobDoc => job.doc as unknown as JobDoc;

type TerminalStatus = Extract<SolverJobStatus, 'DONE' | 'STOPPED' | 'FAILED' | 'INVALID'>;

/** Ends a job: its terminal status, when it ended, and the solver minutes it used (at least one once started). */
export function endJob(ctx: ServiceContext, job: JobRow, status: TerminalStatus, doc: Partial<JobDoc>, outputFileId?: string): void {
  const now = ctx.clock.now();
  const minutes = job.started === null ? 0 : Math.max(1, Math.ceil((now - job.started) / 60_000));
  ctx.store.updateJob(job.id, { status, terminated: now, minutes, doc: { ...job.doc, ...doc }, ...(outputFileId ? { outputFileId } : {}) });
}

/** Ends a job STOPPED unless it has ended already (answers whether it was stopped); the runner then aborts its solve. */
export function stopJob(ctx: ServiceContext, job: JobRow): boolean {
  if (job.terminated !== null) return false;
  endJob(ctx, job, 'STOPPED', { statusMsg: 'Stopped on request' });
  ctx.wakeSolver();
  return true;
}

/** The steps a job takes without waiting for anything; RUNNING here means a solve a restart interrupted. */
const NEXT_STEP: Partial<Record<string, [SolverJobStatus, string]>> = {
  VALID: ['PENDING', 'Pending'],
  PENDING: ['QUEUED', 'Waiting for a free solver slot'],
  RUNNING: ['QUEUED', 'Waiting for a free solver slot to solve again: the service restarted during the solve'],
};

/** The parts a scenario cannot be solved without, by name, that `content` lacks. */
function missingParts(content: ScenarioContent): string[] {
  return (['hub', 'stage', 'carrier', 'demand'] as const).filter((kind) => content.resources[kind].length === 0).map((kind) => KIND_NAMES[kind]);
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

interface Task {
  kind: 'validate' | 'solve';
  controller: AbortController;
  done: Promise<void>;
}

export class SolverRunner {
  private readonly tasks = new Map<string, Task>();
  private readonly slots: number;
  private scheduled = false;
  private stopped = false;

  constructor(private readonly ctx: ServiceContext, private readonly options: SolverRunnerOptions = {}) {
    this.slots = options.slots ?? 1;
  }

  /** Looks for work (after a submission, a stop, and at start to resume jobs a restart interrupted). */
  wake(): void {
    if (this.scheduled || this.stopped) return;
    this.scheduled = true;
    // One look at the table serves every wake of a burst (a batch, a stop, several tasks ending).
    setImmediate(() => this.pump());
  }

  /** Stops taking work and aborts jobs under way (they resume at the next start). */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const task of this.tasks.values()) task.controller.abort(new Error('the service is shutting down'));
    await Promise.all([...this.tasks.values()].map((task) => task.done));
  }

  private pump(): void {
    this.scheduled = false;
    if (this.stopped) return;
    for (const [id, task] of this.tasks) {
      if (task.kind === 'solve' && this.ctx.store.jobById(id)?.terminated != null) task.controller.abort(new Error('the job was stopped'));
    }
    for (const job of this.ctx.store.activeJobs()) {
      if (!this.tasks.has(job.id)) this.advance(job);
    }
  }

  private advance(job: JobRow): void {
    if (job.status === 'VALIDATING') {
      // One validation at a time: a large batch does not write all its workbooks together, and jobs
      // reach the queue in the order they were submitted.
      if (this.count('validate') === 0) this.start(job, 'validate', () => this.validate(job));
      return;
    }
    for (let step = NEXT_STEP[job.status]; step; step = NEXT_STEP[job.status]) job = this.move(job, ...step);
    if (job.status === 'QUEUED') this.dispatch(job);
  }

  private dispatch(job: JobRow): void {
    const { optimiser } = this.options;
    if (!optimiser) return endJob(this.ctx, job, 'FAILED', { statusMsg: NO_OPTIMISER_MESSAGE });
    if (this.count('solve') >= this.slots) return;
    const running = this.move(job, 'RUNNING', 'Solving', this.ctx.clock.now());
    this.start(running, 'solve', (signal) => this.solve(running, optimiser, signal));
  }

  private count(kind: Task['kind']): number {
    let n = 0;
    for (const task of this.tasks.values()) if (task.kind === kind) n++;
    return n;
  }

  private start(job: JobRow, kind: Task['kind'], work: (signal: AbortSignal) => Promise<void>): void {
    const controller = new AbortController();
    const done = work(controller.signal)
      .catch((error: unknown) => {
        this.ctx.log.error({ err: error, jobId: job.id }, 'solver job step failed');
        this.end(job.id, 'FAILED', { statusMsg: `Internal error: ${messageOf(error)}` });
      })
      .finally(() => {
        this.tasks.delete(job.id);
        this.wake();
      });
    this.tasks.set(job.id, { kind, controller, done });
  }

  /** Writes one transition and answers the job as it now is. */
  private move(job: JobRow, status: SolverJobStatus, statusMsg: string, started?: number): JobRow {
    const doc = { ...job.doc, statusMsg };
    this.ctx.store.updateJob(job.id, { status, doc, ...(started === undefined ? {} : { started }) });
    return { ...job, status, doc, started: started ?? job.started };
  }

  /** Runs `write` on the job as stored now, unless it ended while the runner was waiting (a stop, a delete). */
  private ifActive(id: string, write: (job: JobRow) => void): void {
    const job = this.ctx.store.jobById(id);
    if (job && job.terminated === null) write(job);
  }

  /** Ends the job as stored now, unless it ended while the runner was waiting. */
  private end(id: string, status: TerminalStatus, doc: Partial<JobDoc>, outputFileId?: string): void {
    this.ifActive(id, (job) => endJob(this.ctx, job, status, doc, outputFileId));
  }

  private async validate(job: JobRow): Promise<void> {
    const ctx = this.ctx;
    const read = await this.contentToValidate(job);
    if (typeof read === 'string') return this.end(job.id, 'INVALID', { statusMsg: read });
    const { content, digest } = read;
    const missing = missingParts(content);
    if (missing.length) return this.end(job.id, 'INVALID', { statusMsg: `The scenario is incomplete: it has no ${missing.join(', no ')}` });

    // A job submitted with an input file solves that file; the others the scenario's workbook of
    // this moment: its specs file when that was generated from exactly this content (the specs file
    // is the solver's input, hence "specs-input-file"), a new workbook otherwise.
    let inputFileId = job.inputFileId;
    const specs = job.scenarioGuid ? ctx.store.specs(job.scenarioGuid) : undefined;
    if (inputFileId === null && specs?.state === 'done' && specs.fileId && digest !== undefined && specs.contentDigest === digest) {
      inputFileId = specs.fileId;
    }
    if (inputFileId === null) {
      const scenarioName = jobDoc(job).scenarioName ?? jobDoc(job).name;
      let bytes: Uint8Array;
      try {
        bytes = await writeScenarioWorkbook(content, { scenarioName });
      } catch (error) {
        return this.end(job.id, 'FAILED', { statusMsg: `The input file could not be written: ${messageOf(error)}` });
      }
      inputFileId = (await ctx.files.save(job.accountId, 'solver-input', `${safeName(scenarioName)} - input.xlsx`, bytes)).id;
    }
    this.ifActive(job.id, (current) => {
      // Store.updateJob has no input-file column: the one write it lacks is made here.
      if (current.inputFileId === null) ctx.store.updateJob(current.id, { inputFileId });
      this.move({ ...current, inputFileId }, 'VALID', 'Valid');
    });
  }

  /** The content a job would solve (with its digest when it is a scenario's), or why it cannot be had. */
  private async contentToValidate(job: JobRow): Promise<{ content: ScenarioContent; digest?: string } | string> {
    if (job.inputFileId !== null) {
      try {
        return { content: await readScenarioWorkbook(await this.ctx.files.read(job.inputFileId)) };
      } catch (error) {
        return `The input file is not a scenario workbook that can be read: ${messageOf(error)}`;
      }
    }
    if (!job.scenarioGuid || !this.ctx.store.scenarioByGuid(job.scenarioGuid)) return `The scenario ${job.scenarioGuid} no longer exists`;
    // Read together, with nothing awaited between: the digest is of exactly this content.
    return { content: readContent(this.ctx.store, job.scenarioGuid), digest: contentDigest(this.ctx.store, job.scenarioGuid) };
  }

  private async solve(job: JobRow, optimiser: Optimiser, signal: AbortSignal): Promise<void> {
    const ctx = this.ctx;
    const doc = jobDoc(job);
    let content: ScenarioContent | undefined;
    try {
      // The input file, not the scenario: the job solves what was validated, whatever was edited since.
      if (optimiser.readsContent) content = await readScenarioWorkbook(await ctx.files.read(job.inputFileId!));
    } catch (error) {
      return this.end(job.id, 'FAILED', { statusMsg: `The input file could not be read: ${messageOf(error)}` });
    }
    // Stopped or shutting down while the input was read: the optimiser would only be told to give up.
    if (signal.aborted) return;
    const injected = ctx.faults.solverFault();
    if (injected === 'failed') {
      ctx.faults.record('solverFailed');
      return this.end(job.id, 'FAILED', { statusMsg: 'Injected fault: the solver process ended unexpectedly' });
    }
    if (injected === 'infeasible') {
      ctx.faults.record('solverInfeasible');
      return this.end(job.id, 'FAILED', { statusMsg: 'The model is infeasible', infeasibilityInfo: 'Injected fault: reported infeasible without solving' });
    }
    let outcome: OptimisationOutcome;
    try {
      outcome = await optimiser.solve({
        jobId: job.id, scenarioName: doc.scenarioName ?? doc.name, content,
        objective1: doc.objective1, objective2: doc.objective2, points: doc.points,
        temporalResolution: doc.temporalResolution, timeLimit: doc.timeLimit, mipGap: doc.mipGap, signal, strict: this.options.strict,
        pointPlacement: this.options.pointPlacement,
        onProgress: (pointsCompleted) =>
          this.ifActive(job.id, (current) => ctx.store.updateJob(current.id, { doc: { ...current.doc, pointsCompleted } })),
      });
    } catch (error) {
      outcome = { kind: 'failed', message: `The optimiser failed: ${messageOf(error)}` };
    }
    // Aborted: either the job was stopped (its row says STOPPED already) or the service is shutting
    // down (the row stays RUNNING, and the solve starts again at the next start).
    if (signal.aborted) return;
    if (outcome.kind === 'solved') {
      const { pointsCompleted, warnings } = outcome;
      const file = await ctx.files.save(job.accountId, 'solver-output', `${safeName(doc.scenarioName ?? doc.name)} - results.zip`, outcome.output);
      const warned = warnings?.length ? { warnings } : {};
      this.end(job.id, 'DONE', { statusMsg: `Solved ${pointsCompleted} of ${doc.points} points`, pointsCompleted, ...warned }, file.id);
    } else if (outcome.kind === 'infeasible') {
      this.end(job.id, 'FAILED', { statusMsg: 'The model is infeasible', infeasibilityInfo: outcome.infeasibilityInfo });
    } else {
      this.end(job.id, 'FAILED', { statusMsg: outcome.message });
    }
  }
}
