/**
 * The study workflow's arithmetic, without Temporal: batches and the window of batches in flight,
 * which variants each batch takes (a sweep's offsets, a re-run's list, a search's probes), and how
 * the state carried through continue-as-new moves as batches report (src/product/study/study-state.ts).
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { variantAt } from '../../src/product/study/expand.js';
import { loadStudyFile, parseStudy } from '../../src/product/study/load.js';
import { type BatchReport, KEPT_FAILURES, STAGES } from '../../src/product/study/progress.js';
import type { Study } from '../../src/product/study/schema.js';
import {
  MAX_BATCH, type StudyRunState, batchFinished, batchPlan, batchProgressed, batchWorkflowId, budgetUpdated, checkBudgetUpdate, newStudyState,
  nextSearchBatch, nextSweepBatch, progressMemo, roomForBatch, runLength, searchGoesOn, sweepGoesOn, variantOfRun, variantsSoFar,
} from '../../src/product/study/study-state.js';

const NOW = new Date('2026-11-19T15:30:00.000Z');

/** A grid study of `count` variants (one parameter) carried `concurrency` at a time. */
function gridStudy(count: number, concurrency: number): Study {
  return parseStudy(`
version: 1
name: arithmetic
base: { project: Demo, analysis: Base, scenario: Demo district }
destination: { analysis: Arithmetic }
parameters:
  - name: hp_cost
    target: { kind: conversionTechnology, name: Heat pump, field: variableInvestmentCost }
    values: [${Array.from({ length: count }, (_, i) => 500 + i).join(', ')}]
variants: { method: grid }
solver: { objective1: MIN_LIFE_CYCLE_COST, points: 1, temporalResolution: LOW, timeLimit: 5, mipGap: 1 }
budget: { jobs: 1000 }
concurrency: ${concurrency}
output: out
`);
}

const searchStudy = () => loadStudyFile(resolve(import.meta.dirname, '../../examples/tipping-point-study.yaml'));

const report = (offset: number, over: Partial<BatchReport> = {}): BatchReport => ({
  offset, counts: { gathered: 0, failed: 0 }, failures: [], failed: 0, jobsRunning: 0, ...over,
});

/** Starts every batch the state allows now, as the study workflow does (the offset moves on once a batch has started). */
function startSweep(study: Study, state: StudyRunState, total: number, rerun?: number[]) {
  const plan = batchPlan(study.concurrency);
  const started: number[][] = [];
  for (let batch; (batch = nextSweepBatch(study, rerun, state, plan, total)); state.nextOffset += plan.batchSize) {
    started.push(batch.map((v) => v.index));
    state.inFlight.push(batch[0].index);
  }
  return started;
}

describe('batches and their window', () => {
  it('makes batches of at most MAX_BATCH variants and as many in flight as the concurrency holds, one at least', () => {
    expect(MAX_BATCH).toBe(50);
    expect(batchPlan(1)).toEqual({ batchSize: 1, window: 1 });
    expect(batchPlan(6)).toEqual({ batchSize: 6, window: 1 });
    expect(batchPlan(50)).toEqual({ batchSize: 50, window: 1 });
    expect(batchPlan(75)).toEqual({ batchSize: 50, window: 1 });
    expect(batchPlan(120)).toEqual({ batchSize: 50, window: 2 });
    expect(batchPlan(1000)).toEqual({ batchSize: 50, window: 20 });
  });

  it('names a batch by the study and its first variant', () => {
    expect(batchWorkflowId('study/demo', 0)).toBe('study/demo/batch-0');
    expect(batchWorkflowId('study/demo', 150)).toBe('study/demo/batch-150');
  });

  it('starts batches at offsets one batch apart until the window is full, the last one short', () => {
    const study = gridStudy(130, 100); // batches of 50, two in flight
    const state = newStudyState(study, NOW);
    const total = runLength(study);
    expect(total).toBe(130);
    expect(startSweep(study, state, total).map((b) => [b[0], b.length])).toEqual([[0, 50], [50, 50]]);
    expect(state.nextOffset).toBe(100);
    expect(sweepGoesOn(state, total)).toBe(true);
    // The window is full until a batch finishes.
    expect(startSweep(study, state, total)).toEqual([]);
    expect(batchFinished(state, report(0))).toBe(true);
    const last = startSweep(study, state, total);
    expect(last.map((b) => [b[0], b.length])).toEqual([[100, 30]]);
    expect(last[0]).toEqual(Array.from({ length: 30 }, (_, i) => 100 + i));
    expect(state.nextOffset).toBe(150);
    expect(startSweep(study, state, total)).toEqual([]);
    batchFinished(state, report(50));
    expect(sweepGoesOn(state, total)).toBe(true);
    batchFinished(state, report(100));
    expect(sweepGoesOn(state, total)).toBe(false);
  });

  it('starts nothing while paused', () => {
    const study = gridStudy(10, 5);
    const state = { ...newStudyState(study, NOW), paused: true };
    expect(roomForBatch(state, batchPlan(5))).toBe(false);
    expect(startSweep(study, state, 10)).toEqual([]);
    state.paused = false;
    expect(startSweep(study, state, 10)).toEqual([[0, 1, 2, 3, 4]]);
  });

  it('carries a re-run\'s variants in its list\'s order, by position', () => {
    const study = gridStudy(20, 2);
    const rerun = [3, 7, 19];
    expect(runLength(study, rerun)).toBe(3);
    expect(variantOfRun(study, rerun, 1)).toEqual(variantAt(study, 7));
    expect(variantOfRun(study, undefined, 1)).toEqual(variantAt(study, 1));
    const state = newStudyState(study, NOW);
    expect(startSweep(study, state, 3, rerun)).toEqual([[3, 7]]);
    batchFinished(state, report(3));
    expect(startSweep(study, state, 3, rerun)).toEqual([[19]]);
  });
});

describe('a search\'s rounds', () => {
  it('starts a round\'s probes as batches, and the next round only once every batch of it has finished', async () => {
    const study = await searchStudy(); // concurrency 2: batches of 2, one in flight
    const state = newStudyState(study, NOW);
    const plan = batchPlan(study.concurrency);
    const run = state.search!;
    expect(runLength(study)).toBe(0);
    expect(variantsSoFar(state, 0)).toBe(0);
    expect(searchGoesOn(study, run, state)).toBe(true);
    // The scan: the range's two ends, probes 0 and 1.
    expect(run.round.map((v) => v.index)).toEqual([0, 1]);
    expect(variantsSoFar(state, 0)).toBe(2);
    const part = nextSearchBatch(run, state, plan)!;
    expect(part.map((v) => v.index)).toEqual([0, 1]);
    run.started += part.length;
    state.inFlight.push(0);
    expect(nextSearchBatch(run, state, plan)).toBeUndefined();
    // Still in flight: the round stays.
    expect(searchGoesOn(study, run, state)).toBe(true);
    expect(run.round.map((v) => v.index)).toEqual([0, 1]);
    batchFinished(state, report(0, {
      results: [{ index: 0, key: part[0].key, status: 'DONE', value: 0 }, { index: 1, key: part[1].key, status: 'DONE', value: 30 }],
    }));
    expect(searchGoesOn(study, run, state)).toBe(true);
    expect(run.started).toBe(0);
    expect(run.round.map((v) => v.index)).toEqual([2]);
  });

  it('starts no probe while paused or with the window full', async () => {
    const study = await searchStudy();
    const state = newStudyState(study, NOW);
    searchGoesOn(study, state.search!, state);
    expect(nextSearchBatch(state.search!, { ...state, paused: true }, batchPlan(2))).toBeUndefined();
    expect(nextSearchBatch(state.search!, { ...state, inFlight: [9] }, batchPlan(2))).toBeUndefined();
    expect(nextSearchBatch(state.search!, state, batchPlan(1))!.map((v) => v.index)).toEqual([0]);
  });
});

describe('the state a study carries', () => {
  it('starts with nothing counted, the study\'s budget, and a search only for a search study', async () => {
    const study = gridStudy(4, 2);
    const state = newStudyState(study, NOW);
    expect(state).toEqual({
      startedAt: '2026-11-19T15:30:00.000Z', nextOffset: 0, inFlight: [], finishedCounts: Object.fromEntries(STAGES.map((s) => [s, 0])),
      reports: [], failures: [], failed: 0, budget: { ...study.budget }, paused: false,
    });
    expect(state.budget).not.toBe(study.budget);
    expect(newStudyState(await searchStudy(), NOW).search).toMatchObject({ issued: 0, round: [], started: 0 });
  });

  it('keeps the latest report of each running batch', () => {
    const state = newStudyState(gridStudy(4, 2), NOW);
    batchProgressed(state, report(0, { jobsRunning: 1 }));
    batchProgressed(state, report(2, { jobsRunning: 2 }));
    batchProgressed(state, report(0, { jobsRunning: 3 }));
    expect(state.reports.map((r) => [r.offset, r.jobsRunning])).toEqual([[2, 2], [0, 3]]);
  });

  it('counts a finished batch once, keeping the first failures by name', () => {
    const state = newStudyState(gridStudy(200, 100), NOW);
    state.inFlight.push(0, 50);
    const inFlight = state.inFlight;
    batchProgressed(state, report(0, { jobsRunning: 1 }));
    const failures = Array.from({ length: 40 }, (_, i) => ({ key: `v-${i}`, reason: 'infeasible' }));
    const finished = report(0, { counts: { gathered: 10, failed: 40 }, failed: 40, failures });
    expect(batchFinished(state, finished)).toBe(true);
    expect(state.inFlight).toEqual([50]);
    // A new array: a loop over the batches in flight (a cancel's) goes on over the old one.
    expect(inFlight).toEqual([0, 50]);
    expect(state.reports).toEqual([]);
    expect(state.finishedCounts).toMatchObject({ gathered: 10, failed: 40, pending: 0 });
    expect(state.failed).toBe(40);
    // Repeated: nothing counted twice.
    expect(batchFinished(state, finished)).toBe(false);
    expect(state.failed).toBe(40);
    expect(batchFinished(state, report(50, { counts: { gathered: 0, failed: 40 }, failed: 40, failures }))).toBe(true);
    expect(state.failed).toBe(80);
    expect(state.failures).toHaveLength(KEPT_FAILURES);
    expect(state.finishedCounts.failed).toBe(80);
  });

  it('checks a budget Update field by field, and puts it in force', () => {
    expect(() => checkBudgetUpdate({ jobs: 10, minutesPerWeek: null })).not.toThrow();
    expect(() => checkBudgetUpdate({ hours: 3 } as never)).toThrow('hours: is not a budget field');
    expect(() => checkBudgetUpdate({ jobs: -1 })).toThrow('jobs: must be a number ≥ 0 or null (unlimited)');
    expect(() => checkBudgetUpdate({ minutes: Number.POSITIVE_INFINITY })).toThrow('minutes: must be a number');
    expect(() => checkBudgetUpdate({ minutes: '5' as never })).toThrow('minutes: must be a number');
    const state = { budget: { jobs: 5, minutes: null, jobsPerWeek: null, minutesPerWeek: 100 } };
    expect(budgetUpdated(state, { jobs: 8, minutesPerWeek: null })).toEqual({ jobs: 8, minutes: null, jobsPerWeek: null, minutesPerWeek: null });
    expect(state.budget.jobs).toBe(8);
  });

  it('keeps in the memo the variants, those gathered and those failed, and when', () => {
    const byStage = Object.fromEntries(STAGES.map((s) => [s, 0])) as Record<(typeof STAGES)[number], number>;
    const progress = {
      studyId: 's', variants: 12, byStage: { ...byStage, gathered: 7, failed: 2 }, failures: [], failed: 2, jobsRunning: 1, paused: false, cancelled: false,
      budget: { jobs: null, minutes: null, jobsPerWeek: null, minutesPerWeek: null }, done: false,
    };
    expect(progressMemo(progress, NOW)).toEqual({ progress: { variants: 12, gathered: 7, failed: 2, at: '2026-11-19T15:30:00.000Z' } });
  });
});
