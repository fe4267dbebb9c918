/**
 * A batch of a study's variants, carried through together: their scenarios (copies of the base),
 * their values, their specs files (one request), their solver jobs (asked of the budget gate,
 * submitted in one request, watched in one poll), their outputs. A variant that fails is recorded
 * with its reason and the others go on; a cancelled batch stops its running jobs and records
 * every variant's state before it ends.
 */
import {
  CancellationScope, condition, getExternalWorkflowHandle, isCancellation, proxyActivities, setHandler, workflowInfo,
} from '@temporalio/workflow';
import type { StudyActivities } from '../activities/index.js';
import type { JobState, SubmittedJob } from '../activities/jobs.js';
import type { GatheredOutput, VariantOutcome } from '../activities/outputs.js';
import type { VariantFailure, VariantRef } from '../activities/scenarios.js';
import type { StudySetup } from '../activities/setup.js';
import type { StudyCore } from '../src/product/study/core.js';
import { type Variant, variantAt } from '../src/product/study/expand.js';
import type { Study } from '../src/product/study/schema.js';
import {
  type BatchReport, batchFinishedSignal, batchProgressSignal, budgetFinishedSignal, budgetGrantSignal, budgetRequestSignal,
  budgetSubmittedSignal, pauseSignal, resumeSignal, type VariantResult,
} from './messages.js';
import { STAGES, type Stage } from './progress.js';

const retry = { initialInterval: '1s', backoffCoefficient: 2, maximumInterval: '1 minute', maximumAttempts: 30 };
// A worker killed mid-activity is noticed when the heartbeat timeout fires: every activity
// heartbeats every few seconds while it runs (activities/failures.ts), whatever call it is in.
const heartbeatTimeout = '20 seconds';
const quick = proxyActivities<StudyActivities>({ startToCloseTimeout: '2 minutes', heartbeatTimeout, retry });
const steady = proxyActivities<StudyActivities>({ startToCloseTimeout: '30 minutes', heartbeatTimeout, retry });
// Fewer attempts: an output that cannot be had after ten is recorded as the variant's failure.
const transfers = proxyActivities<StudyActivities>({ startToCloseTimeout: '60 minutes', heartbeatTimeout, retry: { ...retry, maximumAttempts: 10 } });

/** How far a variant had gone, in words, for the reason a cancelled variant gives. */
const STAGE_WORDS: Record<Stage, string> = {
  pending: 'nothing yet', scenario: 'its scenario', patched: 'its values', specs: 'its specs file', 'waiting-budget': 'the wait for solver budget',
  submitted: 'its solver job', solved: 'a solved job', gathered: 'its results', failed: 'a failure',
};

/** The longest single wait inside one activity call; the workflow simply calls again. */
const POLL_SECONDS = 600;
/** Failures a batch reports by name to the study (all are in the results). */
const REPORTED_FAILURES = 5;
/** Generations of a variant's specs file before its failure is taken as the variant's own. */
const SPECS_ATTEMPTS = 3;

export interface VariantBatchInput {
  study: StudyCore;
  /** The batch's variants, values included: the study itself carries no values here. */
  variants: Variant[];
  studyWorkflowId: string;
  gateId: string;
  setup: StudySetup;
  outputDir: string;
  offset: number;
  runTag?: string;
  paused?: boolean;
  /** A scheduled run: variants whose specs match their last run's take that run's results. */
  reuseRunsDir?: string;
  /** A study that decides as it goes: report every variant's end with its value of this outcome. */
  reportOutcome?: string;
}

/** How a job's end becomes a variant's outcome. */
function outcomeOf(state: JobState): VariantOutcome {
  const base = { index: state.index, key: state.key, scenarioGuid: state.scenarioGuid, jobId: state.jobId };
  if (state.status === 'STOPPED') return { ...base, status: 'STOPPED', reason: 'the solver job was stopped' };
  if (state.infeasibilityInfo) return { ...base, status: 'INFEASIBLE', reason: state.infeasibilityInfo };
  return { ...base, status: 'FAILED', reason: `solver job ${state.status}${state.statusMsg ? `: ${state.statusMsg}` : ''}` };
}

/** Batches started by an earlier version carry the whole study and a count instead of their variants. */
interface EarlierBatchInput extends Omit<VariantBatchInput, 'study' | 'variants'> {
  study: Study;
  count: number;
  variants?: undefined;
}

export async function variantBatchWorkflow(given: VariantBatchInput | EarlierBatchInput): Promise<BatchReport> {
  const input: VariantBatchInput = given.variants ? given : {
    ...given, variants: Array.from({ length: given.count }, (_, i) => variantAt(given.study, given.offset + i)),
  };
  const { study, setup, offset } = input;
  const variants = new Map(input.variants.map((v) => [v.index, v]));
  const stage = new Map<number, Stage>(input.variants.map((v) => [v.index, 'pending']));
  const variantsOf = (refs: { index: number }[]) => refs.map((ref) => variants.get(ref.index)!);
  const outcomes = new Map<number, VariantOutcome>();
  const gathered = new Map<number, GatheredOutput>();
  const grants = new Map<string, number>();
  // By variant index: a variant's job id may change, when a duplicate submission is resolved.
  const running = new Map<number, SubmittedJob & { reservation: string }>();
  let paused = input.paused ?? false;
  let requests = 0;
  /** Jobs that ended DONE and are not gathered yet: a cancel gathers them too. */
  const done: SubmittedJob[] = [];

  setHandler(pauseSignal, () => void (paused = true));
  setHandler(resumeSignal, () => void (paused = false));
  setHandler(budgetGrantSignal, ({ requestId, jobs }) => void grants.set(requestId, jobs));

  const studyHandle = getExternalWorkflowHandle(input.studyWorkflowId);
  const gate = getExternalWorkflowHandle(input.gateId);
  const report = (): BatchReport => {
    const counts = Object.fromEntries(STAGES.map((s) => [s, 0])) as Record<string, number>;
    for (const s of stage.values()) counts[s]++;
    const failed = [...outcomes.values()].filter((o) => o.status !== 'DONE');
    const summary: BatchReport = { offset, counts, failed: failed.length, jobsRunning: running.size, failures: failed.slice(0, REPORTED_FAILURES).map((o) => ({ key: o.key, reason: o.reason ?? o.status })) };
    return input.reportOutcome ? { ...summary, results: [...outcomes.values()].map((o) => resultOf(o, input.reportOutcome!)) } : summary;
  };
  const resultOf = (o: VariantOutcome, outcome: string): VariantResult => {
    const base = { index: o.index, key: o.key, status: o.status, ...(o.reason ? { reason: o.reason } : {}) };
    const value = gathered.get(o.index)?.outcomes?.[outcome];
    if (o.status !== 'DONE') return base;
    if (!value) return { ...base, problem: `outcome ${outcome} was not read` };
    return 'problem' in value ? { ...base, problem: value.problem } : { ...base, value: value.value };
  };
  const moveTo = (refs: { index: number }[], next: Stage) => {
    for (const ref of refs) stage.set(ref.index, next);
  };
  const announce = (refs: { index: number }[], next: Stage) => {
    moveTo(refs, next);
    return studyHandle.signal(batchProgressSignal, report());
  };
  const fail = (failures: VariantFailure[], scenarios: VariantRef[] = []) => {
    for (const f of failures) {
      outcomes.set(f.index, { index: f.index, key: f.key, status: 'FAILED', reason: f.reason, scenarioGuid: scenarios.find((s) => s.index === f.index)?.scenarioGuid });
      stage.set(f.index, 'failed');
    }
  };
  const unpaused = () => condition(() => !paused);
  const withSolver = (ref: VariantRef): VariantRef => {
    const solver = variants.get(ref.index)!.solver;
    return solver ? { ...ref, solver } : ref;
  };

  /** Asks the gate for up to `jobs` jobs; its answer arrives as a signal. */
  async function askBudget(refs: VariantRef[]): Promise<string> {
    const requestId = `${workflowInfo().workflowId}:${++requests}`;
    // A variant solved with settings of its own (a search's confirmation) reserves its own time limit.
    const minutesEach = Math.max(...refs.map((ref) => variants.get(ref.index)!.solver?.timeLimit ?? study.solver.timeLimit));
    await gate.signal(budgetRequestSignal, { requestId, studyId: study.name, replyTo: workflowInfo().workflowId, jobs: refs.length, minutesEach });
    return requestId;
  }

  try {
    await unpaused();
    const copied = await steady.ensureVariantScenarios({
      variants: input.variants.map(({ index, key, name }) => ({ index, key, name })),
      baseScenarioGuid: setup.baseScenarioGuid, destinationAnalysisGuid: setup.destinationAnalysisGuid,
    });
    fail(copied.failures);
    await announce(copied.scenarios, 'scenario');

    await unpaused();
    const patched = await steady.applyVariantPatches({
      parameters: study.parameters, baseScenarioGuid: setup.baseScenarioGuid,
      variants: copied.scenarios.map((ref) => ({ ...ref, assignment: variants.get(ref.index)!.assignment })),
    });
    fail(patched.failures, copied.scenarios);
    let live = copied.scenarios.filter((s) => !outcomes.has(s.index));
    await announce(live, 'patched');

    await unpaused();
    const generated = await generateSpecs(live);
    await announce(generated, 'specs');
    const ready = input.reuseRunsDir ? await reuseUnchanged(generated, input.reuseRunsDir) : generated;

    // Submit what the gate grants and watch what runs, together: finished jobs are gathered even
    // while the rest of the batch waits for budget.
    const queue = [...ready];
    let asked: string | undefined;
    while (queue.length || running.size) {
      if (queue.length && !asked) {
        await unpaused();
        await announce(queue, 'waiting-budget');
        asked = await askBudget(queue);
      }
      if (asked && grants.has(asked)) {
        const part = queue.splice(0, grants.get(asked)!);
        if (part.length) {
          const jobs = await quick.submitJobs({ study, variants: part.map((ref) => withSolver(ref)), runTag: input.runTag });
          await gate.signal(budgetSubmittedSignal, { requestId: asked, jobs: jobs.length });
          for (const job of jobs) running.set(job.index, { ...job, reservation: asked });
          await announce(part, 'submitted');
        }
        asked = undefined;
        continue;
      }
      if (!running.size) {
        // Nothing runs and the rest waits for budget: keep what is done before waiting.
        await gather(done.splice(0));
        await condition(() => asked !== undefined && grants.has(asked));
        continue;
      }
      // Short polls while a grant may arrive, so it is acted on soon; long ones otherwise.
      const states = await steady.watchJobs({ jobs: [...running.values()], maxSeconds: asked ? 15 : POLL_SECONDS });
      const ended = states.filter((state) => state.terminal);
      await releaseBudget(ended);
      for (const state of states) {
        const entry = running.get(state.index);
        if (entry) entry.jobId = state.jobId;
      }
      for (const state of ended) {
        running.delete(state.index);
        if (state.status === 'DONE') done.push(state);
        else outcomes.set(state.index, outcomeOf(state));
      }
      moveTo(ended.filter((state) => state.status === 'DONE'), 'solved');
      moveTo(ended.filter((state) => state.status !== 'DONE'), 'failed');
      if (ended.length) await studyHandle.signal(batchProgressSignal, report());
    }

    await gather(done.splice(0));
    await recordFailures();
    return report();
  } catch (error) {
    if (!isCancellation(error)) throw error;
    await CancellationScope.nonCancellable(() => stopEverything());
    throw error;
  } finally {
    await CancellationScope.nonCancellable(() => studyHandle.signal(batchFinishedSignal, report()));
  }

  /**
   * Generates the specs files of the variants, asking again for those whose generation failed (a
   * passing fault of the service) before failing them; answers the variants whose specs are ready.
   */
  async function generateSpecs(variants: VariantRef[]): Promise<VariantRef[]> {
    const ready: VariantRef[] = [];
    const attempts = new Map<number, number>();
    let waiting: VariantRef[] = [];
    for (let request = variants; request.length || waiting.length; ) {
      if (request.length) {
        await quick.requestSpecs({ scenarioGuids: request.map((s) => s.scenarioGuid) });
        for (const ref of request) attempts.set(ref.index, (attempts.get(ref.index) ?? 0) + 1);
        waiting = [...waiting, ...request];
      }
      const specs = await steady.awaitSpecs({ variants: waiting, maxSeconds: POLL_SECONDS });
      ready.push(...specs.ready);
      waiting = specs.waiting;
      const failed = new Set(specs.failures.map((f) => f.index));
      request = variants.filter((v) => failed.has(v.index) && attempts.get(v.index)! < SPECS_ATTEMPTS);
      fail(specs.failures.filter((f) => attempts.get(f.index)! >= SPECS_ATTEMPTS), variants);
    }
    return ready;
  }

  /** Takes over the results of variants whose specs did not change since their last run; answers the others. */
  async function reuseUnchanged(ready: VariantRef[], runsDir: string): Promise<VariantRef[]> {
    if (!ready.length) return ready;
    let answer;
    try {
      answer = await transfers.reuseUnchangedResults({ outputDir: input.outputDir, runsDir, variants: variantsOf(ready), refs: ready });
    } catch (error) {
      if (isCancellation(error)) throw error;
      // Fingerprints that cannot be had cost solver time, not the run: every variant is solved.
      return ready;
    }
    for (const ref of answer.reused) {
      outcomes.set(ref.index, { index: ref.index, key: ref.key, status: 'DONE', scenarioGuid: ref.scenarioGuid });
      gathered.set(ref.index, { index: ref.index, key: ref.key, objectives: [], outcomes: ref.outcomes });
    }
    if (answer.reused.length) await announce(answer.reused, 'gathered');
    return answer.changed;
  }

  /** Downloads and records the outputs of finished jobs; outputs that cannot be had fail their variants. */
  async function gather(jobs: SubmittedJob[]): Promise<void> {
    if (!jobs.length) return;
    try {
      const outputs = await transfers.gatherOutputs({ outputDir: input.outputDir, variants: variantsOf(jobs), jobs, outcomes: study.outcomes });
      for (const output of outputs) gathered.set(output.index, output);
      for (const job of jobs) outcomes.set(job.index, { index: job.index, key: job.key, status: 'DONE', scenarioGuid: job.scenarioGuid, jobId: job.jobId });
      moveTo(jobs, 'gathered');
    } catch (error) {
      if (isCancellation(error)) throw error;
      // Outputs that could not be fetched or read after every retry: the variants failed.
      // The activity's own failure says why; "Activity task failed" around it does not.
      const cause = (error as Error & { cause?: Error }).cause?.message ?? (error as Error).message;
      fail(jobs.map((j) => ({ index: j.index, key: j.key, reason: `outputs could not be gathered: ${cause}` })), jobs);
    }
    await studyHandle.signal(batchProgressSignal, report());
  }

  /** Tells the gate which jobs ended and the minutes they used, per reservation. */
  async function releaseBudget(ended: (JobState | SubmittedJob)[]): Promise<void> {
    const byReservation = new Map<string, { jobs: number; minutes: number }>();
    for (const job of ended) {
      const reservation = running.get(job.index)?.reservation;
      if (!reservation) continue;
      const sum = byReservation.get(reservation) ?? { jobs: 0, minutes: 0 };
      sum.jobs++;
      sum.minutes += 'minutes' in job ? job.minutes : 0;
      byReservation.set(reservation, sum);
    }
    for (const [requestId, { jobs, minutes }] of byReservation) await gate.signal(budgetFinishedSignal, { requestId, jobs, minutes });
  }

  /**
   * On cancel: keep what has finished (jobs that ended DONE, gathered like any other), stop the jobs
   * still running and release their budget, and record every other variant as stopped, with the
   * step it had reached.
   */
  async function stopEverything(): Promise<void> {
    let open = [...running.values()];
    if (open.length) {
      // A job may have ended since the last look: what it solved is kept, not thrown away.
      const states = await quick.watchJobs({ jobs: open, maxSeconds: 0 });
      const finished = states.filter((state) => state.terminal);
      await releaseBudget(finished);
      done.push(...finished.filter((state) => state.status === 'DONE'));
      for (const state of finished.filter((state) => state.status !== 'DONE')) outcomes.set(state.index, outcomeOf(state));
      const ended = new Set(finished.map((state) => state.index));
      open = open.filter((job) => !ended.has(job.index));
      if (open.length) {
        await quick.stopJobs({ jobIds: open.map((j) => j.jobId) });
        await releaseBudget(open);
      }
    }
    running.clear();
    await gather(done.splice(0));
    for (const [index, reached] of stage) {
      if (outcomes.has(index)) continue;
      const job = open.find((j) => j.index === index);
      const reason = job ? 'the study was cancelled while its job was running: the job was stopped' : `the study was cancelled before the variant was solved (it had reached: ${STAGE_WORDS[reached]})`;
      outcomes.set(index, { index, key: variants.get(index)!.key, status: 'STOPPED', reason, scenarioGuid: job?.scenarioGuid, jobId: job?.jobId });
      stage.set(index, 'failed');
    }
    await recordFailures();
  }

  /** Records the variants that ended without results. */
  async function recordFailures(): Promise<void> {
    const failed = [...outcomes.values()].filter((o) => o.status !== 'DONE');
    await quick.recordOutcomes({ outputDir: input.outputDir, variants: variantsOf(failed), outcomes: failed });
  }
}
