/**
 * The signal, query and Update handlers of the study workflow and of its batches, registered by one
 * call each before the workflow's first await, so that an early query or Update finds them. The state
 * they move is moved by pure code (src/product/study/study-state.ts); a handler's own Temporal calls are
 * signals passed on: pause and resume to the running batches, a new budget to the budget gate.
 */
import { getExternalWorkflowHandle, setHandler } from '@temporalio/workflow';
import { methodLines } from '../src/product/study/method-progress.js';
import { type StudyProgress, studyProgress } from '../src/product/study/progress.js';
import { batchFinished, batchProgressed, batchWorkflowId, budgetUpdated, checkBudgetUpdate, variantsSoFar } from '../src/product/study/study-state.js';
import {
  batchFinishedSignal, batchProgressSignal, budgetGrantSignal, pauseSignal, progressQuery, registerStudySignal, resumeSignal, searchQuery, setBudgetUpdate,
} from '../src/product/study/workflow-messages.js';
import type { StudyRun } from './study-types.js';

/** The study's handlers: pause and resume (passed on to its batches), its budget, its batches' reports, its progress and searches. */
export function registerStudyHandlers(run: StudyRun): void {
  const { study, state } = run;
  setHandler(pauseSignal, async () => {
    state.paused = true;
    await forwardToBatches(run, pauseSignal);
  });
  setHandler(resumeSignal, async () => {
    state.paused = false;
    run.changed = true;
    await forwardToBatches(run, resumeSignal);
  });
  setHandler(setBudgetUpdate, async (update) => {
    budgetUpdated(state, update);
    // Before setup the gate may not exist yet; the registration after setup carries the new limits.
    if (state.setup) await run.gate.signal(registerStudySignal, { studyId: study.name, limits: state.budget });
    return state.budget;
  }, { validator: checkBudgetUpdate });
  setHandler(batchProgressSignal, (report) => batchProgressed(state, report));
  setHandler(batchFinishedSignal, (report) => {
    if (!batchFinished(state, report)) return;
    run.finishedSinceMemo = true;
    run.changed = true;
  });
  setHandler(searchQuery, () => state.search?.searches ?? null);
  setHandler(progressQuery, (): StudyProgress => ({
    ...studyProgress(study.name, variantsSoFar(state, run.total), state, run.cancelled), method: methodLines(study, state.search),
  }));
}

/** Passes pause or resume on to every running batch (one that has just ended is no matter). */
async function forwardToBatches(run: StudyRun, signal: typeof pauseSignal | typeof resumeSignal): Promise<void> {
  for (const offset of run.state.inFlight) await getExternalWorkflowHandle(batchWorkflowId(run.self, offset)).signal(signal).catch(() => undefined);
}

/** What a batch's handlers tell its steps: whether the study is paused, and the budget the gate has granted, by request. */
export interface BatchControls {
  paused: boolean;
  grants: Map<string, number>;
}

/** A batch's handlers: pause and resume (from its study), and the gate's grants. */
export function registerBatchHandlers(controls: BatchControls): void {
  setHandler(pauseSignal, () => void (controls.paused = true));
  setHandler(resumeSignal, () => void (controls.paused = false));
  setHandler(budgetGrantSignal, ({ requestId, jobs }) => void controls.grants.set(requestId, jobs));
}
