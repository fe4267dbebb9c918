import { describe, expect, it } from 'vitest';
import { BudgetLedger, nextWeekStart, weekStart } from '../../src/product/study/budget-ledger.js';

const NOW = Date.UTC(2026, 10, 19, 15, 30); // Thursday 19 Nov 2026
const none = { jobs: 0, minutes: 0 };
const unlimited = { jobs: null, minutes: null, jobsPerWeek: null, minutesPerWeek: null };

describe('budget ledger', () => {
  it('knows the week: Monday 00:00 UTC', () => {
    expect(new Date(weekStart(NOW)).toISOString()).toBe('2026-11-16T00:00:00.000Z');
    expect(new Date(nextWeekStart(NOW)).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(weekStart(Date.UTC(2026, 10, 16))).toBe(Date.UTC(2026, 10, 16));
  });

  it('grants up to the study job limit and says what stops the rest', () => {
    const ledger = new BudgetLedger();
    ledger.setLimits('s', { ...unlimited, jobs: 5 });
    expect(ledger.grantable('s', 3, 10, none, NOW)).toEqual({ jobs: 3 });
    ledger.reserve({ id: 'r1', studyId: 's', week: weekStart(NOW), granted: 3, minutesEach: 10 });
    expect(ledger.grantable('s', 3, 10, none, NOW)).toEqual({ jobs: 2, shortage: 'study-jobs' });
  });

  it('reserves minutes at the time limit until a job ends, then counts what it used', () => {
    const ledger = new BudgetLedger();
    ledger.setLimits('s', { ...unlimited, minutes: 50 });
    ledger.reserve({ id: 'r1', studyId: 's', week: weekStart(NOW), granted: 4, minutesEach: 10 });
    expect(ledger.grantable('s', 2, 10, none, NOW)).toEqual({ jobs: 1, shortage: 'study-minutes' });
    ledger.submitted('r1', 4);
    ledger.finished('r1', 4, 6);
    expect(ledger.studyUse('s')).toEqual({ jobs: 4, minutes: 6 });
    expect(ledger.grantable('s', 10, 10, none, NOW)).toEqual({ jobs: 4, shortage: 'study-minutes' });
  });

  it('counts the whole account against weekly limits: service usage plus jobs not yet submitted', () => {
    const ledger = new BudgetLedger();
    ledger.setLimits('a', { ...unlimited, jobsPerWeek: 10 });
    ledger.setLimits('b', { ...unlimited, jobsPerWeek: 10 });
    ledger.reserve({ id: 'ra', studyId: 'a', week: weekStart(NOW), granted: 4, minutesEach: 5 });
    // Other clients of the account already ran 3 jobs this week.
    expect(ledger.grantable('b', 5, 5, { jobs: 3, minutes: 0 }, NOW)).toEqual({ jobs: 3, shortage: 'weekly-jobs' });
    // Once submitted, the service counts study a's jobs: no double counting.
    ledger.submitted('ra', 4);
    expect(ledger.grantable('b', 5, 5, { jobs: 7, minutes: 0 }, NOW)).toEqual({ jobs: 3, shortage: 'weekly-jobs' });
  });

  it('frees the weekly limits in a new week', () => {
    const ledger = new BudgetLedger();
    ledger.setLimits('s', { ...unlimited, jobsPerWeek: 2, minutesPerWeek: 100 });
    ledger.reserve({ id: 'r', studyId: 's', week: weekStart(NOW), granted: 2, minutesEach: 10 });
    expect(ledger.grantable('s', 1, 10, none, NOW).jobs).toBe(0);
    expect(ledger.grantable('s', 1, 10, none, nextWeekStart(NOW)).jobs).toBe(1);
  });

  it('releases granted jobs that will never run', () => {
    const ledger = new BudgetLedger();
    ledger.setLimits('s', { ...unlimited, jobs: 3 });
    ledger.reserve({ id: 'r', studyId: 's', week: weekStart(NOW), granted: 3, minutesEach: 10 });
    ledger.finished('r', 1, 0);
    // The study's job count keeps every granted job: it never gets a job back.
    expect(ledger.grantable('s', 1, 10, none, NOW).jobs).toBe(0);
    expect(ledger.weeklyUse(none, NOW)).toEqual({ jobs: 2, minutes: 20 });
  });
});
