/**
 * A study: its variants carried through in batches, a bounded number at a time, then summarised.
 * Batches are child workflows that outlive a continue-as-new of the study (they are abandoned,
 * not terminated, and report back by signal to the study's id, which reaches whichever run is
 * current), so a study of ten thousand variants keeps every history small.
 *
 * The workflow below is the study's story; its steps are in workflows/study-steps.ts, its handlers in
 * workflows/study-handlers.ts, and the arithmetic of batches and state in src/product/study/study-state.ts.
 */
import { ApplicationFailure, CancellationScope, isCancellation, proxyActivities, workflowInfo } from '@temporalio/workflow';
import type { StudyActivities } from '../activities/index.js';
import { asScheduledRun } from '../src/product/study/scheduled-run.js';
import { runLength } from '../src/product/study/study-state.js';
import { STEADY } from './activity-options.js';
import { registerStudySignal, unregisterStudySignal } from '../src/product/study/workflow-messages.js';
import { registerStudyHandlers } from './study-handlers.js';
import { cancelBatches, newStudyRun, notifyDrift, searchRounds, summarise, sweep } from './study-steps.js';
import type { StudyInput, StudyResult } from './study-types.js';

export { MAX_BATCH } from '../src/product/study/study-state.js';
export type { StudyInput, StudyResult, StudyState } from './study-types.js';

const { setupStudy, ensureBudgetGate } = proxyActivities<StudyActivities>(STEADY);

export async function studyWorkflow(given: StudyInput): Promise<StudyResult> {
  const input = given.scheduled ? asScheduledRun(given, workflowInfo().workflowId, workflowInfo().startTime) : given;
  const { study } = input;
  const total = runLength(study, input.rerun);
  if (total === 0 && study.variants.method !== 'search') throw ApplicationFailure.nonRetryable('the study has no variants', 'StudyDefinitionError');

  // Handlers are registered before the first await, so an early query or Update finds them.
  const run = newStudyRun(input, total);
  registerStudyHandlers(run);

  // The first run sets the study up; a run continued as new carries its setup in its state.
  if (!run.state.setup) {
    run.state.setup = await setupStudy({ study });
    await ensureBudgetGate({ gateId: input.gateId });
  }
  await run.gate.signal(registerStudySignal, { studyId: study.name, limits: run.state.budget });

  try {
    if (run.state.search) await searchRounds(run, run.state.search);
    await sweep(run);
    const summary = await summarise(run);
    await run.gate.signal(unregisterStudySignal, { studyId: study.name });
    const notice = await notifyDrift(study, summary);
    return { studyId: study.name, ...summary, ...(notice ? { notice } : {}) };
  } catch (error) {
    if (!isCancellation(error)) throw error;
    run.cancelled = true;
    await CancellationScope.nonCancellable(async () => {
      // Every running batch stops its jobs and records its variants; then the results are written.
      await cancelBatches(run);
      await summarise(run, 'the study was cancelled before the variant started');
      await run.gate.signal(unregisterStudySignal, { studyId: study.name });
    });
    throw error;
  }
}
