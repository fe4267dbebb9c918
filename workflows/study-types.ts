/**
 * A study's run as its steps and handlers share it (StudyRun), in memory only; the workflow's input,
 * state and result are its clients' as much as its own (src/product/study/study-workflow.ts).
 */
import type { ExternalWorkflowHandle } from '@temporalio/workflow';
import type { Study } from '../src/product/study/schema.js';
import type { StudyInput, StudyState } from '../src/product/study/study-workflow.js';

export type { StudyInput, StudyResult, StudyState } from '../src/product/study/study-workflow.js';
import type { BatchPlan } from '../src/product/study/study-state.js';

/** A study's run: what it was given, its state, and what its handlers (workflows/study-handlers.ts) tell its loop. */
export interface StudyRun {
  /** The run's input: a scheduled run's is its own (src/product/study/scheduled-run.ts). */
  input: StudyInput;
  study: Study;
  state: StudyState;
  /** The run's variants (a search's come as it goes). */
  total: number;
  plan: BatchPlan;
  /** The study's workflow id, which its batches' ids start with. */
  self: string;
  /** The account's budget gate. */
  gate: ExternalWorkflowHandle;
  /** A batch finished, or the study resumed: the loop looks again. */
  changed: boolean;
  /** A batch finished since the memo was last written. */
  finishedSinceMemo: boolean;
  cancelled: boolean;
}
