/**
 * A study: its variants carried through in batches, a bounded number at a time, then summarised.
 * Batches are child workflows that outlive a continue-as-new of the study (they are abandoned,
 * not terminated, and report back by signal to the study's id, which reaches whichever run is
 * current), so a study of ten thousand variants keeps every history small.
 */
import {
  ApplicationFailure, CancellationScope, allHandlersFinished, condition, getExternalWorkflowHandle,
  isCancellation, makeContinueAsNewFunc, ParentClosePolicy, proxyActivities, setHandler, startChild, upsertMemo, workflowInfo,
} from '@temporalio/workflow';
import type { StudyActivities } from '../activities/index.js';
import type { StudySetup } from '../activities/setup.js';
import type { BudgetLimits } from '../src/product/study/budget-ledger.js';
import { studyCore } from '../src/product/study/core.js';
import { type Variant, variantAt, variantCount } from '../src/product/study/expand.js';
import { asScheduledRun } from '../src/product/study/scheduled-run.js';
import type { Study } from '../src/product/study/schema.js';
import { type SearchRun, newSearchRun, nextRound, probeVariants, recordResults } from '../src/product/study/search/run.js';
import { methodLines } from '../src/product/study/method-progress.js';
import type { MovedOutcome } from '../src/product/study/results/drift.js';
import {
  type BatchReport, batchFinishedSignal, batchProgressSignal, pauseSignal, progressQuery, registerStudySignal, resumeSignal,
  searchQuery, setBudgetUpdate, unregisterStudySignal,
} from './messages.js';
import { CHANGES, changeApplies } from './changes.js';
import { KEPT_FAILURES, STAGES, type Stage, type StudyProgress, studyProgress } from './progress.js';
import { variantBatchWorkflow } from './variant-batch.js';

const { setupStudy, ensureBudgetGate, summariseStudy } = proxyActivities<StudyActivities>({
  startToCloseTimeout: '30 minutes',
  heartbeatTimeout: '20 seconds',
  retry: { initialInterval: '1s', backoffCoefficient: 2, maximumInterval: '1 minute', maximumAttempts: 30 },
});
/** A scheduled run's notice: a webhook that stays down for about an hour is given up on, and the run says so. */
const { postDriftNotice } = proxyActivities<StudyActivities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '10s', backoffCoefficient: 2, maximumInterval: '10 minutes', maximumAttempts: 10 },
});

/** Variants per batch at most: one specs request, one submission and one poll cover a batch. */
export const MAX_BATCH = 50;

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

export interface StudyState {
  /** Set by the first run once the study's scenarios are resolved. */
  setup?: StudySetup;
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
  /** A search study: its searches, probes and current round. */
  search?: SearchRun;
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

const emptyCounts = () => Object.fromEntries(STAGES.map((s) => [s, 0])) as Record<Stage, number>;

function validBudget(update: Partial<BudgetLimits>): void {
  for (const [field, value] of Object.entries(update)) {
    if (!['jobs', 'minutes', 'jobsPerWeek', 'minutesPerWeek'].includes(field)) throw new Error(`${field}: is not a budget field`);
    if (value !== null && (typeof value !== 'number' || !Number.isFinite(value) || value < 0)) throw new Error(`${field}: must be a number ≥ 0 or null (unlimited)`);
  }
}

export async function studyWorkflow(given: StudyInput): Promise<StudyResult> {
  const input = given.scheduled ? asScheduledRun(given, workflowInfo().workflowId, workflowInfo().startTime) : given;
  const { study } = input;
  const searching = study.variants.method === 'search';
  const total = input.rerun ? input.rerun.length : variantCount(study);
  /** The variant at a position of this run: the study's own order, or the re-run's list. */
  const variantOfRun = (position: number) => variantAt(study, input.rerun ? input.rerun[position] : position);
  if (total === 0 && !searching) throw ApplicationFailure.nonRetryable('the study has no variants', 'StudyDefinitionError');
  const batchSize = Math.min(MAX_BATCH, study.concurrency);
  const window = Math.max(1, Math.floor(study.concurrency / batchSize));
  const self = workflowInfo().workflowId;
  const gate = getExternalWorkflowHandle(input.gateId);

  // Handlers are registered before the first await, so an early query or Update finds them.
  const state: StudyState = input.state ?? {
    startedAt: new Date().toISOString(),
    nextOffset: 0,
    inFlight: [],
    finishedCounts: emptyCounts(),
    reports: [],
    failures: [],
    failed: 0,
    budget: { ...study.budget },
    paused: false,
    ...(searching ? { search: newSearchRun(study) } : {}),
  };
  // A search's variants are its probes so far.
  const variantsNow = () => (state.search ? state.search.issued : total);
  let changed = false;
  let cancelled = false;
  let finishedSinceMemo = false;
  const batchId = (offset: number) => `${self}/batch-${offset}`;
  const forward = async (signal: typeof pauseSignal | typeof resumeSignal) => {
    for (const offset of state.inFlight) await getExternalWorkflowHandle(batchId(offset)).signal(signal).catch(() => undefined);
  };

  setHandler(pauseSignal, async () => {
    state.paused = true;
    await forward(pauseSignal);
  });
  setHandler(resumeSignal, async () => {
    state.paused = false;
    changed = true;
    await forward(resumeSignal);
  });
  setHandler(setBudgetUpdate, async (update) => {
    state.budget = { ...state.budget, ...update };
    // Before setup the gate may not exist yet; the registration after setup carries the new limits.
    if (state.setup) await gate.signal(registerStudySignal, { studyId: study.name, limits: state.budget });
    return state.budget;
  }, { validator: validBudget });
  setHandler(batchProgressSignal, (report) => {
    state.reports = [...state.reports.filter((r) => r.offset !== report.offset), report];
  });
  setHandler(batchFinishedSignal, (report) => {
    if (!state.inFlight.includes(report.offset)) return;
    state.inFlight = state.inFlight.filter((o) => o !== report.offset);
    state.reports = state.reports.filter((r) => r.offset !== report.offset);
    for (const [s, n] of Object.entries(report.counts)) state.finishedCounts[s] = (state.finishedCounts[s] ?? 0) + n;
    state.failed += report.failed;
    state.failures = [...state.failures, ...report.failures].slice(0, KEPT_FAILURES);
    if (state.search && report.results) recordResults(state.search, report.results);
    finishedSinceMemo = true;
    changed = true;
  });
  setHandler(searchQuery, () => state.search?.searches ?? null);
  setHandler(progressQuery, (): StudyProgress => ({ ...studyProgress(study.name, variantsNow(), state, cancelled), method: methodLines(study, state.search) }));

  if (!state.setup) {
    state.setup = await setupStudy({ study });
    await ensureBudgetGate({ gateId: input.gateId });
  }
  await gate.signal(registerStudySignal, { studyId: study.name, limits: state.budget });
  const setup = state.setup;

  const core = studyCore(study);
  /** Starts a batch of variants, named by its first variant's index. */
  const startBatch = async (variants: Variant[], reportOutcome?: string) => {
    const offset = variants[0].index;
    await startChild(variantBatchWorkflow, {
      workflowId: batchId(offset),
      args: [{
        study: core, studyWorkflowId: self, gateId: input.gateId, setup, outputDir: study.output, offset, variants,
        runTag: input.runTag, paused: state.paused, reuseRunsDir: input.reuseRunsDir, ...(reportOutcome ? { reportOutcome } : {}),
      }],
      // Batches outlive a continue-as-new of the study; they report back by signal.
      parentClosePolicy: ParentClosePolicy.ABANDON,
    });
    state.inFlight.push(offset);
  };
  /**
   * The progress the server keeps in the study's memo, so that it can be read with no worker running
   * (a query needs one). A command of its own: runs from before it replay without it (workflows/changes.ts).
   */
  const recordProgress = () => {
    if (!finishedSinceMemo || !changeApplies(CHANGES.studyProgressMemo)) return;
    finishedSinceMemo = false;
    const { variants, byStage, failed } = studyProgress(study.name, variantsNow(), state, cancelled);
    upsertMemo({ progress: { variants, gathered: byStage.gathered, failed, at: new Date().toISOString() } });
  };
  /** Waits for a batch to move on; a long history continues as new here, between steps. */
  const settle = async () => {
    changed = false;
    await condition(() => changed);
    recordProgress();
    if (workflowInfo().continueAsNewSuggested) {
      await condition(allHandlersFinished);
      // The memo does not pass to the next run by itself.
      const memo = changeApplies(CHANGES.studyProgressMemo) ? { memo: workflowInfo().memo } : {};
      await makeContinueAsNewFunc<typeof studyWorkflow>(memo)({ ...input, state });
    }
  };
  /** A search: rounds of probes, each decided from the ones before, until every search has its answer. */
  const search = async (run: SearchRun) => {
    const outcome = study.variants.search!.condition.outcome;
    for (;;) {
      if (run.started >= run.round.length && !state.inFlight.length) {
        run.round = nextRound(study, run);
        run.started = 0;
        if (!run.round.length) return;
      }
      while (!state.paused && state.inFlight.length < window && run.started < run.round.length) {
        const part = run.round.slice(run.started, run.started + batchSize);
        await startBatch(part, outcome);
        run.started += part.length;
      }
      await settle();
    }
  };
  const summarise = (notRun?: string) => summariseStudy({
    study, studyFile: input.studyFile, outputDir: study.output, variantCount: input.rerun ? variantCount(study) : variantsNow(), startedAt: state.startedAt, finished: true,
    ...(state.search ? { probes: probeVariants(study, state.search), searches: state.search.searches } : {}), ...(notRun ? { notRun } : {}),
    ...(input.reuseRunsDir ? { runsDir: input.reuseRunsDir } : {}),
  });
  /** Tells the study's webhook of outcomes that moved; a webhook that never answers does not fail the run, the result says so. */
  const notify = async (summary: Awaited<ReturnType<typeof summarise>>): Promise<string | undefined> => {
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
  };
  try {
    if (state.search) await search(state.search);
    while (state.nextOffset < total || state.inFlight.length) {
      while (!state.paused && state.inFlight.length < window && state.nextOffset < total) {
        const offset = state.nextOffset;
        await startBatch(Array.from({ length: Math.min(batchSize, total - offset) }, (_, i) => variantOfRun(offset + i)));
        state.nextOffset += batchSize;
      }
      await settle();
    }
    const summary = await summarise();
    await gate.signal(unregisterStudySignal, { studyId: study.name });
    const notice = await notify(summary);
    return { studyId: study.name, ...summary, ...(notice ? { notice } : {}) };
  } catch (error) {
    if (!isCancellation(error)) throw error;
    cancelled = true;
    await CancellationScope.nonCancellable(async () => {
      // Every running batch stops its jobs and records its variants; then the results are written.
      for (const offset of state.inFlight) await getExternalWorkflowHandle(batchId(offset)).cancel().catch(() => undefined);
      await condition(() => state.inFlight.length === 0, '10 minutes');
      await summarise('the study was cancelled before the variant started');
      await gate.signal(unregisterStudySignal, { studyId: study.name });
    });
    throw error;
  }
}
