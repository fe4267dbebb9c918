/**
 * A study's run as the study workflow carries it: how its concurrency becomes batches and a window of
 * batches in flight, which variants the next batch takes (a sweep's next offset, a search's next probes),
 * and how the state it carries through continue-as-new moves as batches report. Pure and deterministic:
 * the study workflow (workflows/study.ts) makes every Temporal call, this module none.
 */
import type { BudgetLimits } from './budget-ledger.js';
import { type Variant, variantAt, variantCount } from './expand.js';
import { type BatchReport, KEPT_FAILURES, type ProgressState, STAGES, type Stage, type StudyProgress } from './progress.js';
import type { Study } from './schema.js';
import { type SearchRun, newSearchRun, nextRound, recordResults } from './search/run.js';

/** Variants per batch at most: one specs request, one submission and one poll cover a batch. */
export const MAX_BATCH = 50;

/** The fields of a study's budget that an Update may set. */
const BUDGET_FIELDS = ['jobs', 'minutes', 'jobsPerWeek', 'minutesPerWeek'];

/** What the study carries through continue-as-new but its setup (src/product/study/study-workflow.ts): what its progress reads, and a search's own state. */
export interface StudyRunState extends ProgressState {
  /** A search study: its searches, probes and current round. */
  search?: SearchRun;
}

/** How a study's concurrency is carried: batches of at most MAX_BATCH variants, `window` of them at a time (one at least). */
export interface BatchPlan {
  batchSize: number;
  window: number;
}

export function batchPlan(concurrency: number): BatchPlan {
  const batchSize = Math.min(MAX_BATCH, concurrency);
  return { batchSize, window: Math.max(1, Math.floor(concurrency / batchSize)) };
}

/** The variants this run carries: the study's, or a re-run's list of indices (a search's probes come as it goes: none here). */
export function runLength(study: Study, rerun?: number[]): number {
  return rerun ? rerun.length : variantCount(study);
}

/** The variant at a position of this run: the study's own order, or the re-run's list. */
export function variantOfRun(study: Study, rerun: number[] | undefined, position: number): Variant {
  return variantAt(study, rerun ? rerun[position] : position);
}

/** A batch's workflow id: the study's, and the batch's first variant's index. */
export const batchWorkflowId = (studyWorkflowId: string, offset: number) => `${studyWorkflowId}/batch-${offset}`;

/** The state of a study's first run, started at `now`. */
export function newStudyState(study: Study, now: Date): StudyRunState {
  return {
    startedAt: now.toISOString(),
    nextOffset: 0,
    inFlight: [],
    finishedCounts: Object.fromEntries(STAGES.map((s) => [s, 0])) as Record<Stage, number>,
    reports: [],
    failures: [],
    failed: 0,
    budget: { ...study.budget },
    paused: false,
    ...(study.variants.method === 'search' ? { search: newSearchRun(study) } : {}),
  };
}

/** The study's variants so far: a search's are its probes issued, any other study's are all known from the start. */
export function variantsSoFar(state: Pick<StudyRunState, 'search'>, total: number): number {
  return state.search ? state.search.issued : total;
}

/** Whether another batch may start now: the study is not paused and the window has room. */
export function roomForBatch(state: Pick<StudyRunState, 'paused' | 'inFlight'>, plan: BatchPlan): boolean {
  return !state.paused && state.inFlight.length < plan.window;
}

/** Whether the sweep has variants left to start or batches still running. */
export function sweepGoesOn(state: Pick<StudyRunState, 'nextOffset' | 'inFlight'>, total: number): boolean {
  return state.nextOffset < total || state.inFlight.length > 0;
}

/**
 * The variants of the sweep's next batch, from `state.nextOffset`, when one may start now; undefined
 * when none may (paused, the window full, every variant started). The caller moves `nextOffset` on by
 * a batch once the batch has started.
 */
export function nextSweepBatch(study: Study, rerun: number[] | undefined, state: StudyRunState, plan: BatchPlan, total: number): Variant[] | undefined {
  if (!roomForBatch(state, plan) || state.nextOffset >= total) return undefined;
  const offset = state.nextOffset;
  return Array.from({ length: Math.min(plan.batchSize, total - offset) }, (_, i) => variantOfRun(study, rerun, offset + i));
}

/**
 * Moves a search to its next round once every probe of the current one has been started and every batch
 * has finished (their results are in); false when there is none: every search has its answer.
 */
export function searchGoesOn(study: Study, run: SearchRun, state: Pick<StudyRunState, 'inFlight'>): boolean {
  if (run.started < run.round.length || state.inFlight.length) return true;
  run.round = nextRound(study, run);
  run.started = 0;
  return run.round.length > 0;
}

/** The next probes of the search's round to start as a batch, when a batch may start now. The caller moves `run.started` on by them once started. */
export function nextSearchBatch(run: SearchRun, state: StudyRunState, plan: BatchPlan): Variant[] | undefined {
  if (!roomForBatch(state, plan) || run.started >= run.round.length) return undefined;
  return run.round.slice(run.started, run.started + plan.batchSize);
}

/** A running batch's latest report takes the place of its earlier one. */
export function batchProgressed(state: StudyRunState, report: BatchReport): void {
  state.reports = [...state.reports.filter((r) => r.offset !== report.offset), report];
}

/**
 * A batch finished: its counts, failures (the first KEPT_FAILURES) and a search's results join the
 * study's, and it leaves the batches in flight. False for a batch not in flight (its end already counted).
 */
export function batchFinished(state: StudyRunState, report: BatchReport): boolean {
  if (!state.inFlight.includes(report.offset)) return false;
  state.inFlight = state.inFlight.filter((o) => o !== report.offset);
  state.reports = state.reports.filter((r) => r.offset !== report.offset);
  for (const [s, n] of Object.entries(report.counts)) state.finishedCounts[s] = (state.finishedCounts[s] ?? 0) + n;
  state.failed += report.failed;
  state.failures = [...state.failures, ...report.failures].slice(0, KEPT_FAILURES);
  if (state.search && report.results) recordResults(state.search, report.results);
  return true;
}

/** Refuses a budget Update that names a field a budget has not, or gives a value that is not a number ≥ 0 or null (unlimited). */
export function checkBudgetUpdate(update: Partial<BudgetLimits>): void {
  for (const [field, value] of Object.entries(update)) {
    if (!BUDGET_FIELDS.includes(field)) throw new Error(`${field}: is not a budget field`);
    if (value !== null && (typeof value !== 'number' || !Number.isFinite(value) || value < 0)) throw new Error(`${field}: must be a number ≥ 0 or null (unlimited)`);
  }
}

/** The study's budget with an Update's limits in force; answers them. */
export function budgetUpdated(state: Pick<StudyRunState, 'budget'>, update: Partial<BudgetLimits>): BudgetLimits {
  state.budget = { ...state.budget, ...update };
  return state.budget;
}

/** What the study keeps of its progress in its memo, read at `at`, for views that find no worker to query. */
export function progressMemo({ variants, byStage, failed }: StudyProgress, at: Date) {
  return { progress: { variants, gathered: byStage.gathered, failed, at: at.toISOString() } };
}
