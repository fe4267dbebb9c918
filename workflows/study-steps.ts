/**
 * The steps the study workflow (workflows/study.ts) tells its story with: a search's rounds and the
 * sweep, each starting batches as the window allows and waiting for them (continuing as new between
 * steps when the history grows long); the summary, the webhook's notice, and the batches' cancel.
 * Workflow code, every Temporal call of the study but its setup; what to start next and how the state
 * moves is decided by pure code (src/product/study/study-state.ts).
 */
import {
  allHandlersFinished, condition, getExternalWorkflowHandle, isCancellation, makeContinueAsNewFunc,
  ParentClosePolicy, proxyActivities, startChild, upsertMemo, workflowInfo,
} from '@temporalio/workflow';
import type { StudyActivities } from '../activities/index.js';
import { studyCore } from '../src/product/study/core.js';
import { type Variant, variantCount } from '../src/product/study/expand.js';
import { studyProgress } from '../src/product/study/progress.js';
import type { Study } from '../src/product/study/schema.js';
import { type SearchRun, probeVariants } from '../src/product/study/search/run.js';
import {
  batchPlan, batchWorkflowId, newStudyState, nextSearchBatch, nextSweepBatch, progressMemo, searchGoesOn, sweepGoesOn, variantsSoFar,
} from '../src/product/study/study-state.js';
import { NOTICE, STEADY } from './activity-options.js';
import { CHANGES, changeApplies } from './changes.js';
import type { StudyInput, StudyResult, StudyRun } from './study-types.js';
import { variantBatchWorkflow } from './variant-batch.js';

const { summariseStudy } = proxyActivities<StudyActivities>(STEADY);
const { postDriftNotice } = proxyActivities<StudyActivities>(NOTICE);

/** The run of `input`: its state carried from the run before, or a first run's. */
export function newStudyRun(input: StudyInput, total: number): StudyRun {
  const { study } = input;
  return {
    input, study, total, plan: batchPlan(study.concurrency), self: workflowInfo().workflowId, gate: getExternalWorkflowHandle(input.gateId),
    state: input.state ?? newStudyState(study, new Date()), changed: false, finishedSinceMemo: false, cancelled: false,
  };
}

/** A search: rounds of probes, each decided from the ones before, until every search has its answer. */
export async function searchRounds(run: StudyRun, search: SearchRun): Promise<void> {
  const outcome = run.study.variants.search!.condition.outcome;
  while (searchGoesOn(run.study, search, run.state)) {
    let part: Variant[] | undefined;
    while ((part = nextSearchBatch(search, run.state, run.plan))) {
      await startBatch(run, part, outcome);
      search.started += part.length;
    }
    await settle(run);
  }
}

/** The sweep: the run's variants in order, a batch at a time as the window allows, until every batch has finished. */
export async function sweep(run: StudyRun): Promise<void> {
  const { study, input, state, plan, total } = run;
  while (sweepGoesOn(state, total)) {
    let batch: Variant[] | undefined;
    while ((batch = nextSweepBatch(study, input.rerun, state, plan, total))) {
      await startBatch(run, batch);
      state.nextOffset += plan.batchSize;
    }
    await settle(run);
  }
}

/** Starts a batch of variants, named by its first variant's index. */
async function startBatch(run: StudyRun, variants: Variant[], reportOutcome?: string): Promise<void> {
  const { input, study, state } = run;
  const offset = variants[0].index;
  await startChild(variantBatchWorkflow, {
    workflowId: batchWorkflowId(run.self, offset),
    args: [{
      study: studyCore(study), studyWorkflowId: run.self, gateId: input.gateId, setup: state.setup!, outputDir: study.output, offset, variants,
      runTag: input.runTag, paused: state.paused, reuseRunsDir: input.reuseRunsDir, ...(reportOutcome ? { reportOutcome } : {}),
    }],
    // Batches outlive a continue-as-new of the study; they report back by signal.
    parentClosePolicy: ParentClosePolicy.ABANDON,
  });
  state.inFlight.push(offset);
}

/** Waits for a batch to move on; a long history continues as new here, between steps. */
async function settle(run: StudyRun): Promise<void> {
  run.changed = false;
  await condition(() => run.changed);
  recordProgress(run);
  if (workflowInfo().continueAsNewSuggested) {
    await condition(allHandlersFinished);
    // The memo does not pass to the next run by itself.
    const memo = changeApplies(CHANGES.studyProgressMemo) ? { memo: workflowInfo().memo } : {};
    await makeContinueAsNewFunc<(input: StudyInput) => Promise<StudyResult>>(memo)({ ...run.input, state: run.state });
  }
}

/**
 * The progress the server keeps in the study's memo, so that it can be read with no worker running
 * (a query needs one). A command of its own: runs from before it replay without it (workflows/changes.ts).
 */
function recordProgress(run: StudyRun): void {
  if (!run.finishedSinceMemo || !changeApplies(CHANGES.studyProgressMemo)) return;
  run.finishedSinceMemo = false;
  upsertMemo(progressMemo(studyProgress(run.study.name, variantsSoFar(run.state, run.total), run.state, run.cancelled), new Date()));
}

/** Writes the study's results; `notRun` is the reason variants that never ran give. */
export function summarise(run: StudyRun, notRun?: string) {
  const { input, study, state } = run;
  return summariseStudy({
    study, studyFile: input.studyFile, outputDir: study.output, variantCount: input.rerun ? variantCount(study) : variantsSoFar(state, run.total), startedAt: state.startedAt, finished: true,
    ...(state.search ? { probes: probeVariants(study, state.search), searches: state.search.searches } : {}), ...(notRun ? { notRun } : {}),
    ...(input.reuseRunsDir ? { runsDir: input.reuseRunsDir } : {}),
  });
}

/** Tells the study's webhook of outcomes that moved; a webhook that never answers does not fail the run, the result says so. */
export async function notifyDrift(study: Study, summary: Awaited<ReturnType<typeof summarise>>): Promise<string | undefined> {
  if (!study.notify || !summary.drift?.moved.length) return undefined;
  const notice = {
    study: study.name, previousRun: summary.drift.previousRun, finishedAt: new Date().toISOString(),
    changes: summary.drift.changes, moved: summary.drift.moved, report: summary.report,
  };
  try {
    const { status } = await postDriftNotice({ notify: study.notify, notice });
    return `the webhook took the notice (HTTP ${status})`;
  } catch (error) {
    if (isCancellation(error)) throw error;
    return `the webhook did not take the notice: ${(error as Error).cause instanceof Error ? ((error as Error).cause as Error).message : (error as Error).message}`;
  }
}

/** Cancels every running batch (each stops its jobs and records its variants) and waits, ten minutes at most, until all have finished. */
export async function cancelBatches(run: StudyRun): Promise<void> {
  for (const offset of run.state.inFlight) await getExternalWorkflowHandle(batchWorkflowId(run.self, offset)).cancel().catch(() => undefined);
  await condition(() => run.state.inFlight.length === 0, '10 minutes');
}
