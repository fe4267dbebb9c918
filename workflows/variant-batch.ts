/**
 * A batch of a study's variants, carried through together: their scenarios (copies of the base),
 * their values, their specs files (one request), their solver jobs (asked of the budget gate,
 * submitted in one request, watched in one poll), their outputs. A variant that fails is recorded
 * with its reason and the others go on; a cancelled batch stops its running jobs and records
 * every variant's state before it ends.
 *
 * The workflow below is the batch's story; its steps are in workflows/batch-steps.ts, its handlers in
 * workflows/study-handlers.ts, and what it knows of its variants in src/product/study/batch-ledger.ts.
 */
import { CancellationScope, isCancellation } from '@temporalio/workflow';
import { earlierBatchVariants } from '../src/product/study/batch-ledger.js';
import type { BatchReport } from '../src/product/study/progress.js';
import {
  announce, copyScenarios, gather, generateSpecs, newBatchRun, patchValues, recordFailures, reuseUnchanged, solve, stopEverything, unpaused,
} from './batch-steps.js';
import type { EarlierBatchInput, VariantBatchInput } from './batch-types.js';
import { batchFinishedSignal } from '../src/product/study/workflow-messages.js';
import { registerBatchHandlers } from './study-handlers.js';

export type { VariantBatchInput } from './batch-types.js';

export async function variantBatchWorkflow(given: VariantBatchInput | EarlierBatchInput): Promise<BatchReport> {
  const input: VariantBatchInput = given.variants ? given : { ...given, variants: earlierBatchVariants(given.study, given.offset, given.count) };
  const run = newBatchRun(input);
  const { ledger } = run;
  registerBatchHandlers(run.controls);

  try {
    await unpaused(run);
    const copied = await copyScenarios(run);
    ledger.fail(copied.failures);
    await announce(run, copied.scenarios, 'scenario');

    await unpaused(run);
    const patched = await patchValues(run, copied.scenarios);
    ledger.fail(patched.failures, copied.scenarios);
    const live = ledger.going(copied.scenarios);
    await announce(run, live, 'patched');

    await unpaused(run);
    const generated = await generateSpecs(run, live);
    await announce(run, generated, 'specs');
    const ready = input.reuseRunsDir ? await reuseUnchanged(run, generated, input.reuseRunsDir) : generated;

    await solve(run, ready);
    await gather(run, ledger.takeDone());
    await recordFailures(run);
    return ledger.report();
  } catch (error) {
    if (!isCancellation(error)) throw error;
    await CancellationScope.nonCancellable(() => stopEverything(run));
    throw error;
  } finally {
    await CancellationScope.nonCancellable(() => run.study.signal(batchFinishedSignal, ledger.report()));
  }
}
