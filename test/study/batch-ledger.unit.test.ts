/**
 * What a batch knows of its variants, without Temporal (src/product/study/batch-ledger.ts): the stage
 * each reached, how each ended, the jobs running under which reservation, the budget released as they
 * end, the specs generations asked again, the reasons a cancel gives, and the report the study reads.
 */
import { describe, expect, it } from 'vitest';
import {
  BatchLedger, type JobSeen, REPORTED_FAILURES, SPECS_ATTEMPTS, SpecsAttempts, earlierBatchVariants, jobOutcome, stoppedReason, variantResult,
} from '../../src/product/study/batch-ledger.js';
import { type Variant, variantAt } from '../../src/product/study/expand.js';
import { parseStudy } from '../../src/product/study/load.js';

const variant = (index: number, solver?: Variant['solver']): Variant => ({
  index, key: `v-${index}`, name: `s-v-${index}`, assignment: { hp_cost: 500 + index }, ...(solver ? { solver } : {}),
});
const ref = (index: number) => ({ index, key: `v-${index}`, scenarioGuid: `sc-${index}` });
const job = (index: number) => ({ ...ref(index), jobId: `job-${index}` });
const seen = (index: number, status: string, over: Partial<JobSeen> = {}): JobSeen => ({
  ...job(index), status, terminal: ['DONE', 'FAILED', 'STOPPED'].includes(status), minutes: 3, ...over,
});

describe('a batch ledger', () => {
  it('counts its variants per stage, from pending to gathered', () => {
    const ledger = new BatchLedger([variant(10), variant(11), variant(12)], 10);
    expect(ledger.report()).toEqual({ offset: 10, counts: expect.objectContaining({ pending: 3, gathered: 0 }), failed: 0, jobsRunning: 0, failures: [] });
    ledger.moveTo([ref(10), ref(11)], 'scenario');
    ledger.fail([{ index: 12, key: 'v-12', reason: 'the service refused the copy' }]);
    expect(ledger.report().counts).toMatchObject({ pending: 0, scenario: 2, failed: 1 });
    expect(ledger.report().failures).toEqual([{ key: 'v-12', reason: 'the service refused the copy' }]);
    expect(ledger.going([ref(10), ref(11), ref(12)]).map((r) => r.index)).toEqual([10, 11]);
    expect(ledger.failed()).toEqual([{ index: 12, key: 'v-12', status: 'FAILED', reason: 'the service refused the copy', scenarioGuid: undefined }]);
  });

  it('gives a failed variant its scenario, where it has one', () => {
    const ledger = new BatchLedger([variant(0), variant(1)], 0);
    ledger.fail([{ index: 1, key: 'v-1', reason: 'bad value' }], [ref(0), ref(1)]);
    expect(ledger.failed()).toEqual([{ index: 1, key: 'v-1', status: 'FAILED', reason: 'bad value', scenarioGuid: 'sc-1' }]);
  });

  it('reports a few failures by name and all in the count', () => {
    const variants = Array.from({ length: 8 }, (_, i) => variant(i));
    const ledger = new BatchLedger(variants, 0);
    ledger.fail(variants.map((v) => ({ index: v.index, key: v.key, reason: `r${v.index}` })));
    const report = ledger.report();
    expect(report.failed).toBe(8);
    expect(report.failures).toHaveLength(REPORTED_FAILURES);
    expect(report.counts.failed).toBe(8);
  });

  it('keeps the running jobs by reservation, with their latest job ids, and releases per reservation what ended', () => {
    const ledger = new BatchLedger([variant(0), variant(1), variant(2)], 0);
    ledger.submitted([job(0), job(1)], 'b:1');
    ledger.submitted([job(2)], 'b:2');
    expect(ledger.jobsRunning).toBe(3);
    expect(ledger.report().jobsRunning).toBe(3);
    const states = [seen(0, 'DONE', { minutes: 4 }), seen(1, 'RUNNING', { jobId: 'job-1b' }), seen(2, 'FAILED', { statusMsg: 'out of memory', minutes: 2 })];
    const ended = states.filter((s) => s.terminal);
    expect([...ledger.releases(ended)]).toEqual([['b:1', { jobs: 1, minutes: 4 }], ['b:2', { jobs: 1, minutes: 2 }]]);
    ledger.watched(states);
    expect(ledger.runningJobs()).toEqual([{ ...job(1), jobId: 'job-1b', reservation: 'b:1' }]);
    expect(ledger.report().counts).toMatchObject({ solved: 1, failed: 1 });
    expect(ledger.failed()).toEqual([{ ...job(2), status: 'FAILED', reason: 'solver job FAILED: out of memory' }]);
    // The done job waits to be gathered, once.
    expect(ledger.takeDone().map((j) => j.index)).toEqual([0]);
    expect(ledger.takeDone()).toEqual([]);
    // A job not running under a reservation releases nothing; a job stopped before its end counts no minutes.
    expect([...ledger.releases([seen(7, 'DONE')])]).toEqual([]);
    expect([...ledger.releases([{ ...job(1), jobId: 'job-1b' }])]).toEqual([['b:1', { jobs: 1, minutes: 0 }]]);
  });

  it('records gathered outputs as DONE, and outputs that cannot be had as failures with the cause', () => {
    const ledger = new BatchLedger([variant(0), variant(1)], 0, 'hp');
    ledger.gatheredOutputs([{ index: 0, outcomes: { hp: { value: 30.6, unit: 'kW' } } }], [job(0)]);
    ledger.notGathered([job(1)], 'the output zip is truncated');
    expect(ledger.report()).toMatchObject({
      counts: { gathered: 1, failed: 1 },
      results: [
        { index: 0, key: 'v-0', status: 'DONE', value: 30.6 },
        { index: 1, key: 'v-1', status: 'FAILED', reason: 'outputs could not be gathered: the output zip is truncated' },
      ],
    });
  });

  it('takes over an earlier run\'s results with their outcomes', () => {
    const ledger = new BatchLedger([variant(0), variant(1)], 0, 'hp');
    ledger.reused([{ ...ref(1), outcomes: { hp: { problem: 'no point 2' } } }]);
    expect(ledger.report().results).toEqual([{ index: 1, key: 'v-1', status: 'DONE', problem: 'no point 2' }]);
    expect(ledger.failed()).toEqual([]);
  });

  it('reserves the longest time limit of the variants asked for, their own or the study\'s', () => {
    const ledger = new BatchLedger([variant(0), variant(1, { timeLimit: 30 })], 0);
    expect(ledger.minutesEach([ref(0)], 5)).toBe(5);
    expect(ledger.minutesEach([ref(0), ref(1)], 5)).toBe(30);
    expect(ledger.withSolver(ref(0))).toEqual(ref(0));
    expect(ledger.withSolver(ref(1))).toEqual({ ...ref(1), solver: { timeLimit: 30 } });
  });

  it('on cancel keeps what finished, and stops every other variant with the step it had reached', () => {
    const ledger = new BatchLedger([variant(0), variant(1), variant(2), variant(3)], 0);
    ledger.moveTo([ref(0), ref(1), ref(2)], 'specs');
    ledger.submitted([job(0), job(1)], 'b:1');
    ledger.moveTo([ref(0), ref(1)], 'submitted');
    const open = ledger.runningJobs();
    const still = ledger.lastLook(open, [seen(0, 'DONE'), seen(1, 'RUNNING')]);
    expect(still.map((j) => j.index)).toEqual([1]);
    expect(ledger.takeDone().map((j) => j.index)).toEqual([0]);
    ledger.allStopped();
    expect(ledger.jobsRunning).toBe(0);
    ledger.gatheredOutputs([], [job(0)]);
    ledger.stopRest(still);
    expect(ledger.failed()).toEqual([
      { index: 1, key: 'v-1', status: 'STOPPED', reason: 'the study was cancelled while its job was running: the job was stopped', scenarioGuid: 'sc-1', jobId: 'job-1' },
      { index: 2, key: 'v-2', status: 'STOPPED', reason: 'the study was cancelled before the variant was solved (it had reached: its specs file)', scenarioGuid: undefined, jobId: undefined },
      { index: 3, key: 'v-3', status: 'STOPPED', reason: 'the study was cancelled before the variant was solved (it had reached: nothing yet)', scenarioGuid: undefined, jobId: undefined },
    ]);
    expect(ledger.report().counts).toMatchObject({ gathered: 1, failed: 3 });
  });
});

describe('a job\'s end and a variant\'s result', () => {
  it('says why a job that did not end DONE ended', () => {
    expect(jobOutcome(seen(0, 'STOPPED'))).toEqual({ ...job(0), status: 'STOPPED', reason: 'the solver job was stopped' });
    expect(jobOutcome(seen(0, 'FAILED', { infeasibilityInfo: 'demand exceeds supply' }))).toEqual({ ...job(0), status: 'INFEASIBLE', reason: 'demand exceeds supply' });
    expect(jobOutcome(seen(0, 'FAILED'))).toEqual({ ...job(0), status: 'FAILED', reason: 'solver job FAILED' });
  });

  it('reads an ended variant\'s value of the outcome asked for, or says why not', () => {
    const done = { index: 0, key: 'v-0', status: 'DONE' as const };
    expect(variantResult(done, 'hp', { outcomes: { hp: { value: 'Heat pump @ School', unit: '' } } })).toEqual({ ...done, value: 'Heat pump @ School' });
    expect(variantResult(done, 'hp', { outcomes: {} })).toEqual({ ...done, problem: 'outcome hp was not read' });
    expect(variantResult(done, 'hp', undefined)).toEqual({ ...done, problem: 'outcome hp was not read' });
    expect(variantResult({ index: 1, key: 'v-1', status: 'FAILED', reason: 'x' }, 'hp', undefined)).toEqual({ index: 1, key: 'v-1', status: 'FAILED', reason: 'x' });
  });

  it('names the step a stopped variant had reached', () => {
    expect(stoppedReason('waiting-budget', false)).toBe('the study was cancelled before the variant was solved (it had reached: the wait for solver budget)');
    expect(stoppedReason('submitted', true)).toBe('the study was cancelled while its job was running: the job was stopped');
  });
});

describe('specs generations', () => {
  it('asks again for a failed generation until a variant has had its attempts, then the failure is final', () => {
    const attempts = new SpecsAttempts();
    const variants = [ref(0), ref(1)];
    const failure = (index: number) => ({ index, key: `v-${index}`, reason: 'generation failed' });
    attempts.requested(variants);
    for (let attempt = 1; attempt < SPECS_ATTEMPTS; attempt++) {
      const { again, final } = attempts.afterFailures(variants, [failure(1)]);
      expect(again).toEqual([ref(1)]);
      expect(final).toEqual([]);
      attempts.requested(again);
    }
    expect(attempts.afterFailures(variants, [failure(1)])).toEqual({ again: [], final: [failure(1)] });
    expect(attempts.afterFailures(variants, [])).toEqual({ again: [], final: [] });
  });
});

describe('a batch started by an earlier version', () => {
  it('takes its variants from the whole study, by offset and count', () => {
    const study = parseStudy(`
version: 1
name: earlier
base: { project: Demo, analysis: Base, scenario: Demo district }
destination: { analysis: Earlier }
parameters:
  - name: hp_cost
    target: { kind: conversionTechnology, name: Heat pump, field: variableInvestmentCost }
    values: [500, 600, 700, 800, 900]
variants: { method: grid }
solver: { objective1: MIN_LIFE_CYCLE_COST, points: 1, temporalResolution: LOW, timeLimit: 5, mipGap: 1 }
concurrency: 2
output: out
`);
    expect(earlierBatchVariants(study, 2, 3)).toEqual([2, 3, 4].map((i) => variantAt(study, i)));
  });
});
