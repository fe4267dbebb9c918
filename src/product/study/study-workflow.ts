/**
 * The study workflow as its clients see it: its name, its input, the state it carries through
 * continue-as-new and its result. These are the payloads of recorded histories, so their shapes only
 * ever gain optional fields. The CLI, the schedules and the tooling start and read studies with
 * these; the workflow (workflows/study.ts) is typed by them.
 */
import type { MovedOutcome } from './results/drift.js';
import type { Study } from './schema.js';
import type { StudyRunState } from './study-state.js';

/** The workflow type the worker registers the study under, and schedules and lists name. */
export const STUDY_WORKFLOW = 'studyWorkflow';

/** The study workflow's signature, for typed handles and starts by name. */
export type StudyWorkflow = (input: StudyInput) => Promise<StudyResult>;

/** Where the study's scenarios come from and go: resolved once, by the study's first run. */
export interface StudySetup {
  projectGuid: string;
  baseScenarioGuid: string;
  baseScenarioName: string;
  destinationAnalysisGuid: string;
}

export interface StudyInput {
  study: Study;
  /** The study file, for the manifest. */
  studyFile: string;
  /** The account's budget gate (derived from the service address and account, not a secret). */
  gateId: string;
  /** Distinguishes the jobs of repeated runs of the same study (nightly runs). */
  runTag?: string;
  /**
   * Started by a schedule: the run becomes a study of its own (./scheduled-run.ts), solving
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

/** The run's state (./study-state.ts), and the study's setup once its first run has it. */
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
