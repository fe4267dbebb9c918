/**
 * The messages of the study workflows, defined once so workflows, the CLI and the tests share
 * them: signals, queries and updates with stable names.
 */
import { defineQuery, defineSignal, defineUpdate } from '@temporalio/workflow';
import type { BudgetLimits } from './budget-ledger.js';
import type { BudgetRequest } from './budget-gate.js';
import type { BatchReport, StudyProgress } from './progress.js';
import type { SearchState } from './search/step.js';

// ----- budget gate ---------------------------------------------------------------------------------

/** A batch's request for solver jobs (defined beside the gate's name: src/product/study/budget-gate.ts). */
export type { BudgetRequest } from './budget-gate.js';

export const registerStudySignal = defineSignal<[{ studyId: string; limits: BudgetLimits }]>('registerStudy');
export const unregisterStudySignal = defineSignal<[{ studyId: string }]>('unregisterStudy');
export const budgetRequestSignal = defineSignal<[BudgetRequest]>('budgetRequest');
/** Jobs of a request that reached the service, or ended (with the solver minutes they used). */
export const budgetSubmittedSignal = defineSignal<[{ requestId: string; jobs: number }]>('budgetSubmitted');
export const budgetFinishedSignal = defineSignal<[{ requestId: string; jobs: number; minutes: number }]>('budgetFinished');
/** Sent by the gate to the requesting batch. */
export const budgetGrantSignal = defineSignal<[{ requestId: string; jobs: number }]>('budgetGrant');
export const gateStateQuery = defineQuery<{ studies: string[]; pending: number; reservations: number }>('gateState');

// ----- study ---------------------------------------------------------------------------------------

export const progressQuery = defineQuery<StudyProgress>('progress');
/** A search study's searches with their probes and answers (null for other studies). */
export const searchQuery = defineQuery<SearchState[] | null>('search');
export const pauseSignal = defineSignal('pause');
export const resumeSignal = defineSignal('resume');
/** Raises (or lowers) the study's budget; answered with the limits now in force. */
export const setBudgetUpdate = defineUpdate<BudgetLimits, [Partial<BudgetLimits>]>('setBudget');
/** A batch's counts of its variants per stage, sent as it moves on. */
export const batchProgressSignal = defineSignal<[BatchReport]>('batchProgress');
/** Sent by a batch when it has finished (its variants all have a recorded outcome). */
export const batchFinishedSignal = defineSignal<[BatchReport]>('batchFinished');

export type { BatchReport, VariantResult } from './progress.js';
