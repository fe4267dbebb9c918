/**
 * The steps the batch workflow (workflows/variant-batch.ts) tells its story with: the variants'
 * scenarios copied and patched, their specs generated, their results taken over where nothing changed,
 * their jobs asked of the budget gate, submitted and watched, their outputs gathered, their failures
 * recorded; and, on cancel, everything stopped. Workflow code, every Temporal call of a batch; what a
 * batch knows of its variants, and the report it sends, is kept by pure code (src/product/study/batch-ledger.ts).
 */
import { condition, type ExternalWorkflowHandle, getExternalWorkflowHandle, isCancellation, proxyActivities, workflowInfo } from '@temporalio/workflow';
import type { StudyActivities } from '../activities/index.js';
import type { JobState, SubmittedJob } from '../activities/jobs.js';
import type { VariantRef } from '../activities/scenarios.js';
import { BatchLedger, SpecsAttempts } from '../src/product/study/batch-ledger.js';
import type { Stage } from '../src/product/study/progress.js';
import { QUICK, STEADY, TRANSFERS } from './activity-options.js';
import type { VariantBatchInput } from './batch-types.js';
import { batchProgressSignal, budgetFinishedSignal, budgetRequestSignal, budgetSubmittedSignal } from '../src/product/study/workflow-messages.js';
import type { BatchControls } from './study-handlers.js';

const quick = proxyActivities<StudyActivities>(QUICK);
const steady = proxyActivities<StudyActivities>(STEADY);
const transfers = proxyActivities<StudyActivities>(TRANSFERS);

/** The longest single wait inside one activity call; the workflow simply calls again. */
const POLL_SECONDS = 600;
/** The wait of a poll while a grant may arrive, so that it is acted on soon. */
const GRANT_POLL_SECONDS = 15;

/** A batch's run: its input, what it knows of its variants, what its handlers tell it, whom it tells. */
export interface BatchRun {
  input: VariantBatchInput;
  ledger: BatchLedger;
  controls: BatchControls;
  study: ExternalWorkflowHandle;
  gate: ExternalWorkflowHandle;
  /** Budget requests made so far: the next one's number. */
  requests: number;
}

export function newBatchRun(input: VariantBatchInput): BatchRun {
  return {
    input,
    ledger: new BatchLedger(input.variants, input.offset, input.reportOutcome),
    controls: { paused: input.paused ?? false, grants: new Map() },
    study: getExternalWorkflowHandle(input.studyWorkflowId),
    gate: getExternalWorkflowHandle(input.gateId),
    requests: 0,
  };
}

/** Waits while the study is paused. */
export const unpaused = (run: BatchRun) => condition(() => !run.controls.paused);

/** Moves variants to their next stage, and tells the study. */
export function announce(run: BatchRun, refs: { index: number }[], next: Stage): Promise<void> {
  run.ledger.moveTo(refs, next);
  return run.study.signal(batchProgressSignal, run.ledger.report());
}

/** Copies the base scenario once per variant into the destination analysis. */
export function copyScenarios({ input }: BatchRun) {
  return steady.ensureVariantScenarios({
    variants: input.variants.map(({ index, key, name }) => ({ index, key, name })),
    baseScenarioGuid: input.setup.baseScenarioGuid, destinationAnalysisGuid: input.setup.destinationAnalysisGuid,
  });
}

/** Sets each variant's values in its scenario. */
export function patchValues({ input, ledger }: BatchRun, scenarios: VariantRef[]) {
  return steady.applyVariantPatches({
    parameters: input.study.parameters, baseScenarioGuid: input.setup.baseScenarioGuid,
    variants: scenarios.map((ref) => ({ ...ref, assignment: ledger.variant(ref.index).assignment })),
  });
}

/**
 * Generates the specs files of the variants, asking again for those whose generation failed (a
 * passing fault of the service) before failing them; answers the variants whose specs are ready.
 */
export async function generateSpecs(run: BatchRun, variants: VariantRef[]): Promise<VariantRef[]> {
  const ready: VariantRef[] = [];
  const attempts = new SpecsAttempts();
  let waiting: VariantRef[] = [];
  for (let request = variants; request.length || waiting.length; ) {
    if (request.length) {
      await quick.requestSpecs({ scenarioGuids: request.map((s) => s.scenarioGuid) });
      attempts.requested(request);
      waiting = [...waiting, ...request];
    }
    const specs = await steady.awaitSpecs({ variants: waiting, maxSeconds: POLL_SECONDS });
    ready.push(...specs.ready);
    waiting = specs.waiting;
    const { again, final } = attempts.afterFailures(variants, specs.failures);
    request = again;
    run.ledger.fail(final, variants);
  }
  return ready;
}

/** Takes over the results of variants whose specs did not change since their last run; answers the others. */
export async function reuseUnchanged(run: BatchRun, ready: VariantRef[], runsDir: string): Promise<VariantRef[]> {
  if (!ready.length) return ready;
  let answer;
  try {
    answer = await transfers.reuseUnchangedResults({ outputDir: run.input.outputDir, runsDir, variants: run.ledger.variantsOf(ready), refs: ready });
  } catch (error) {
    if (isCancellation(error)) throw error;
    // Fingerprints that cannot be had cost solver time, not the run: every variant is solved.
    return ready;
  }
  run.ledger.reused(answer.reused);
  if (answer.reused.length) await announce(run, answer.reused, 'gathered');
  return answer.changed;
}

/**
 * Submits what the gate grants and watches what runs, together: finished jobs are gathered even
 * while the rest of the batch waits for budget. Ends when every variant of `ready` has had its job
 * and every job has ended; the last finished jobs are left to gather.
 */
export async function solve(run: BatchRun, ready: VariantRef[]): Promise<void> {
  const { ledger, controls } = run;
  const queue = [...ready];
  let asked: string | undefined;
  while (queue.length || ledger.jobsRunning) {
    if (queue.length && !asked) {
      await unpaused(run);
      await announce(run, queue, 'waiting-budget');
      asked = await askBudget(run, queue);
    }
    if (asked && controls.grants.has(asked)) {
      const part = queue.splice(0, controls.grants.get(asked)!);
      if (part.length) await submit(run, part, asked);
      asked = undefined;
      continue;
    }
    if (!ledger.jobsRunning) {
      // Nothing runs and the rest waits for budget: keep what is done before waiting.
      await gather(run, ledger.takeDone());
      await condition(() => asked !== undefined && controls.grants.has(asked));
      continue;
    }
    // Short polls while a grant may arrive, so it is acted on soon; long ones otherwise.
    await watch(run, asked ? GRANT_POLL_SECONDS : POLL_SECONDS);
  }
}

/** Asks the gate for a job for each of `refs`; its answer arrives as a signal, naming the request answered here. */
async function askBudget(run: BatchRun, refs: VariantRef[]): Promise<string> {
  const { study } = run.input;
  const requestId = `${workflowInfo().workflowId}:${++run.requests}`;
  // A variant solved with settings of its own (a search's confirmation) reserves its own time limit.
  const minutesEach = run.ledger.minutesEach(refs, study.solver.timeLimit);
  await run.gate.signal(budgetRequestSignal, { requestId, studyId: study.name, replyTo: workflowInfo().workflowId, jobs: refs.length, minutesEach });
  return requestId;
}

/** Submits the jobs of `part`, granted under `reservation`, and tells the gate they reached the service. */
async function submit(run: BatchRun, part: VariantRef[], reservation: string): Promise<void> {
  const jobs = await quick.submitJobs({ study: run.input.study, variants: part.map((ref) => run.ledger.withSolver(ref)), runTag: run.input.runTag });
  await run.gate.signal(budgetSubmittedSignal, { requestId: reservation, jobs: jobs.length });
  run.ledger.submitted(jobs, reservation);
  await announce(run, part, 'submitted');
}

/** Looks at the running jobs, for up to `maxSeconds` until one ends; the budget of those that ended goes back to the gate. */
async function watch(run: BatchRun, maxSeconds: number): Promise<void> {
  const states = await steady.watchJobs({ jobs: run.ledger.runningJobs(), maxSeconds });
  const ended = states.filter((state) => state.terminal);
  await releaseBudget(run, ended);
  run.ledger.watched(states);
  if (ended.length) await run.study.signal(batchProgressSignal, run.ledger.report());
}

/** Downloads and records the outputs of finished jobs; outputs that cannot be had fail their variants. */
export async function gather(run: BatchRun, jobs: SubmittedJob[]): Promise<void> {
  if (!jobs.length) return;
  const { input, ledger } = run;
  try {
    const outputs = await transfers.gatherOutputs({ outputDir: input.outputDir, variants: ledger.variantsOf(jobs), jobs, outcomes: input.study.outcomes });
    ledger.gatheredOutputs(outputs, jobs);
  } catch (error) {
    if (isCancellation(error)) throw error;
    // Outputs that could not be fetched or read after every retry: the variants failed.
    // The activity's own failure says why; "Activity task failed" around it does not.
    ledger.notGathered(jobs, (error as Error & { cause?: Error }).cause?.message ?? (error as Error).message);
  }
  await run.study.signal(batchProgressSignal, ledger.report());
}

/** Tells the gate which jobs ended and the minutes they used, per reservation. */
async function releaseBudget(run: BatchRun, ended: (JobState | SubmittedJob)[]): Promise<void> {
  for (const [requestId, { jobs, minutes }] of run.ledger.releases(ended)) await run.gate.signal(budgetFinishedSignal, { requestId, jobs, minutes });
}

/**
 * On cancel: keep what has finished (jobs that ended DONE, gathered like any other), stop the jobs
 * still running and release their budget, and record every other variant as stopped, with the
 * step it had reached.
 */
export async function stopEverything(run: BatchRun): Promise<void> {
  const { ledger } = run;
  let open = ledger.runningJobs();
  if (open.length) {
    // A job may have ended since the last look: what it solved is kept, not thrown away.
    const states = await quick.watchJobs({ jobs: open, maxSeconds: 0 });
    await releaseBudget(run, states.filter((state) => state.terminal));
    open = ledger.lastLook(open, states);
    if (open.length) {
      await quick.stopJobs({ jobIds: open.map((j) => j.jobId) });
      await releaseBudget(run, open);
    }
  }
  ledger.allStopped();
  await gather(run, ledger.takeDone());
  ledger.stopRest(open);
  await recordFailures(run);
}

/** Records the variants that ended without results. */
export async function recordFailures({ input, ledger }: BatchRun): Promise<void> {
  const failed = ledger.failed();
  await quick.recordOutcomes({ outputDir: input.outputDir, variants: ledger.variantsOf(failed), outcomes: failed });
}
