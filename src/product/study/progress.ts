/**
 * What a study reports while it runs — variants per stage, failures, jobs, budget, state — and the
 * one computation of it from the study's state, which every view (status, watch) reads. Pure: the
 * study workflow answers its progress query with it, and the CLI reads the same shapes.
 */
import type { BudgetLimits } from './budget-ledger.js';

/** The stages a variant goes through, in order; a variant is counted at the last one it reached. */
export const STAGES = ['pending', 'scenario', 'patched', 'specs', 'waiting-budget', 'submitted', 'solved', 'gathered', 'failed'] as const;
export type Stage = (typeof STAGES)[number];

export interface StudyProgress {
  studyId: string;
  variants: number;
  byStage: Record<Stage, number>;
  /** The first failures, with their reasons (all are in the results). */
  failures: { key: string; reason: string }[];
  failed: number;
  jobsRunning: number;
  paused: boolean;
  cancelled: boolean;
  budget: BudgetLimits;
  /** Why the study is waiting, when it is. */
  waiting?: string;
  done: boolean;
  /** What the study's method has found so far, in lines (a search's brackets); absent for a plain sweep. */
  method?: string[];
  /** When the study started (ISO), for the time left every view estimates alike; absent from studies of earlier versions. */
  startedAt?: string;
}

export interface BatchReport {
  offset: number;
  counts: Record<string, number>;
  /** Failures of this batch, at most a few, with their reasons. */
  failures: { key: string; reason: string }[];
  failed: number;
  jobsRunning: number;
  /** For a study that decides as it goes (a search): every ended variant with its value of the outcome asked for. */
  results?: VariantResult[];
}

/** How a variant ended, and its value of one outcome (or why that could not be read). */
export interface VariantResult {
  index: number;
  key: string;
  status: string;
  reason?: string;
  value?: number | string;
  problem?: string;
}

/** Failures the study keeps by name for its progress report (all are in the results). */
export const KEPT_FAILURES = 50;

/** What the progress reads of a study's state (carried through continue-as-new). */
export interface ProgressState {
  startedAt: string;
  nextOffset: number;
  inFlight: number[];
  /** Counts per stage of finished batches, and the running batches' latest reports. */
  finishedCounts: Record<string, number>;
  reports: BatchReport[];
  failures: { key: string; reason: string }[];
  failed: number;
  budget: BudgetLimits;
  paused: boolean;
  search?: { searches: { answer?: unknown }[] };
}

/** The study's progress: finished batches' counts plus the running batches' latest reports. */
export function studyProgress(studyId: string, total: number, state: ProgressState, cancelled: boolean): StudyProgress {
  const byStage = Object.fromEntries(STAGES.map((s) => [s, 0])) as Record<Stage, number>;
  for (const [s, n] of Object.entries(state.finishedCounts)) byStage[s as Stage] += n;
  let jobsRunning = 0;
  let failed = state.failed;
  const failures = [...state.failures];
  for (const report of state.reports) {
    for (const [s, n] of Object.entries(report.counts)) byStage[s as Stage] += n;
    jobsRunning += report.jobsRunning;
    failed += report.failed;
    failures.push(...report.failures);
  }
  const accounted = Object.values(byStage).reduce((a, b) => a + b, 0);
  byStage.pending += total - accounted;
  return {
    studyId, variants: total, byStage, failures: failures.slice(0, KEPT_FAILURES), failed, jobsRunning, paused: state.paused, cancelled, startedAt: state.startedAt,
    budget: state.budget, done: (state.search ? state.search.searches.every((s) => s.answer) : state.nextOffset >= total) && state.inFlight.length === 0,
    // Held by its budget when variants wait for it and no job runs: a variant between asking and its grant is not held.
    waiting: byStage['waiting-budget'] > 0 && jobsRunning === 0 ? 'waiting for solver budget' : state.paused ? 'paused' : undefined,
  };
}
