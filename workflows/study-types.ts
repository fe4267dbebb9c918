/**
 * The study workflow's input, the state it carries through continue-as-new and its result: the
 * payloads of recorded histories, so their shapes only ever gain optional fields. workflows/study.ts
 * re-exports them for the CLI. And a run as its steps and handlers share it (StudyRun), in memory only.
 */
import type { ExternalWorkflowHandle } from '@temporalio/workflow';
import type { StudySetup } from '../activities/setup.js';
import type { MovedOutcome } from '../src/product/study/results/drift.js';
import type { Study } from '../src/product/study/schema.js';
import type { BatchPlan, StudyRunState } from '../src/product/study/study-state.js';

export interface StudyInput {
  study: Study;
  /** The study file, for the manifest. */
  studyFile: string;
  /** The account's budget gate (derived from the service address and account, not a secret). */
  gateId: string;
  /** Distinguishes the jobs of repeated runs of the same study (nightly runs). */
  runTag?: string;
  /**
   * Started by a schedule: the run becomes a study of its own (src/product/study/scheduled-run.ts), solving
   * only the variants whose specs changed since the last run.
   */
  scheduled?: boolean;
  /** Where earlier runs' results are, for a run that takes over unchanged variants' results. */
  reuseRunsDir?: string;
  /**
   * A re-run of some of the study's variants (`sweep rerun --failed`): their indices. Only they run,
   * as new jobs (a new `runTag`); every other variant keeps its record, and the results cover all.
   */
  rerun?: number[];
  /** Carried through continue-as-new. */
  state?: StudyState;
}

/** The run's state (src/product/study/study-state.ts), and the study's setup once its first run has it. */
export interface StudyState extends StudyRunState {
  /** Set by the first run once the study's scenarios are resolved. */
  setup?: StudySetup;
}

export interface StudyResult {
  studyId: string;
  totals: { variants: number; done: number; failed: number; pending: number; reused?: number };
  manifest: string;
  summary: string;
  /** The HTML report (studies of earlier versions ended without one). */
  report?: string;
  /** What an analysis method found, in sentences: each search's answer, each outcome's ranking. */
  findings?: string[];
  /** A scheduled run: what changed since the previous run, in sentences, and the outcomes that moved beyond their alerts. */
  drift?: { previousRun: string; lines: string[]; changes: string[]; moved: MovedOutcome[] };
  /** Whether the study's webhook heard of moved outcomes. */
  notice?: string;
}

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
