/**
 * The relaxation's cuts run in a thread of their own beside the year's first pricing
 * (engine/relaxation-thread.ts). What the thread answers must be what the same phase answers in
 * process, and its bound a lower bound of the year's optimum. The case: the arbitrage battery,
 * whose relaxation over half days is exact, with a fixed cost of 1,000 CHF a year so that the
 * master has an installation decision (a MIP, as every decomposed master is). By hand: without a
 * battery 10 kW all day cost 120 kWh × 0.1 + 120 kWh × 0.3 = 48 CHF a day, 17,520 a year; a
 * 120 kWh battery moves the day's imports to the night, 365 × 24 + 120 × 30 = 12,360 (relaxation.test.ts,
 * correctness.test.ts), plus its fixed 1,000: 13,360. The phase stops once its bound is within
 * 0.2 % of its best relaxed design's cost.
 */
import loadHighs from 'highs';
import { describe, expect, it } from 'vitest';
import { impliedUpperBounds } from '../../src/local-service/optimiser/engine/implied-bounds.js';
import { masterDefinition } from '../../src/local-service/optimiser/engine/master.js';
import { OperationLp } from '../../src/local-service/optimiser/engine/operation-lp.js';
import { RelaxationThread } from '../../src/local-service/optimiser/engine/relaxation-thread.js';
import { RelaxedCuts, type RelaxedCutsRequest } from '../../src/local-service/optimiser/engine/relaxed-cuts.js';
import { buildModel } from '../../src/local-service/optimiser/model/build.js';
import { minimise, objectiveFunctions } from '../../src/local-service/optimiser/model/objectives.js';
import { buildRelaxation } from '../../src/local-service/optimiser/model/relaxation.js';
import { arbitrageCase } from './support/content.js';

const OPTIMUM = 13_360;

async function arbitrageRequest() {
  const highs = await loadHighs();
  const content = arbitrageCase({ fixedInvestmentCost: 1000 }).build();
  const yearModel = buildModel(content, 'FULL');
  const year = yearModel.lp.arrays();
  const relaxed = buildRelaxation(content, 1);
  const relaxation = relaxed.lp.arrays();
  const lp = new OperationLp(highs, year);
  const upper = impliedUpperBounds(year, lp.masterRows, lp.designCols).map((u) => (Number.isFinite(u) ? u : 1e4));
  const { cost, offset } = minimise(year.numCols, objectiveFunctions(yearModel).MIN_LIFE_CYCLE_COST);
  const master = masterDefinition(year, lp, cost, Float64Array.from(year.rowLower), Float64Array.from(year.rowUpper), upper);
  lp.dispose();
  const request: RelaxedCutsRequest = {
    master, rows: [], order: { cost: minimise(relaxation.numCols, objectiveFunctions(relaxed).MIN_LIFE_CYCLE_COST).cost, rows: [] },
    startDesign: new Float64Array(upper.length), seconds: 60,
  };
  return { highs, relaxation, request, offset };
}

describe('the relaxation\'s thread', () => {
  it('answers the cuts and bound the same phase answers in process, a bound within 0.2 % below the hand-computed optimum', async () => {
    const { highs, relaxation, request, offset } = await arbitrageRequest();
    const inProcess = new RelaxedCuts(highs, relaxation);
    const here = inProcess.run(request, () => false);
    inProcess.dispose();
    expect(here).toBeDefined();

    const thread = new RelaxationThread(relaxation, new SharedArrayBuffer(4));
    try {
      thread.begin(request);
      const there = thread.finish();
      expect(there.kind).toBe('cuts');
      if (there.kind !== 'cuts') return;
      expect(there.answer.rows).toHaveLength(here!.rows.length);
      expect(there.answer.lower).toBeCloseTo(here!.lower, 6);
      const bound = there.answer.lower + offset;
      expect(bound).toBeLessThanOrEqual(OPTIMUM * (1 + 1e-9));
      expect(bound).toBeGreaterThanOrEqual(OPTIMUM * (1 - 0.002));
    } finally {
      thread.dispose();
    }
  }, 120_000);

  it('answers "none" when no phase was begun, and a phase begun again answers its own request, not the one given up on', async () => {
    const { highs, relaxation, request } = await arbitrageRequest();
    // In process, the same two phases: the second starts from the first's cuts (kept in the
    // relaxation's pool), so it answers more rows than the first.
    const inProcess = new RelaxedCuts(highs, relaxation);
    const first = inProcess.run(request, () => false)!;
    const second = inProcess.run(request, () => false)!;
    inProcess.dispose();
    expect(second.rows.length).toBeGreaterThan(first.rows.length);

    const thread = new RelaxationThread(relaxation, new SharedArrayBuffer(4));
    try {
      expect(thread.finish().kind).toBe('none');
      thread.begin(request);
      thread.begin(request);
      const outcome = thread.finish();
      expect(outcome.kind).toBe('cuts');
      if (outcome.kind === 'cuts') expect(outcome.answer.rows).toHaveLength(second.rows.length);
    } finally {
      thread.dispose();
    }
  }, 120_000);
});
