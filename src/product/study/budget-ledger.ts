/**
 * The accounting of solver budgets, shared by every study of an account: each study's own limits
 * (jobs, solver minutes) and weekly limits that the whole account's usage counts against. A job
 * reserves its time limit in minutes from the moment it is granted until it ends, so what runs can
 * never overrun a budget; a granted job not yet submitted also counts, because the service only
 * counts it once it is submitted. Pure and deterministic: the budget-gate workflow holds it.
 */

export interface BudgetLimits {
  /** Solver jobs for the study; null = no limit. */
  jobs: number | null;
  /** Solver minutes for the study. */
  minutes: number | null;
  /** Jobs per week for the whole account. */
  jobsPerWeek: number | null;
  /** Solver minutes per week for the whole account. */
  minutesPerWeek: number | null;
}

/** The account's usage this week as the service reports it (currentWeekCount, currentWeekMinutes). */
export interface WeeklyUsage {
  jobs: number;
  minutes: number;
}

export interface Reservation {
  id: string;
  studyId: string;
  /** Start (ms) of the week the jobs were granted in. */
  week: number;
  granted: number;
  submitted: number;
  finished: number;
  /** Minutes reserved per job: its time limit. */
  minutesEach: number;
  /** Solver minutes the finished jobs actually used. */
  minutesUsed: number;
}

export interface StudyAccount {
  limits: BudgetLimits;
}

export interface LedgerState {
  studies: Record<string, StudyAccount>;
  reservations: Reservation[];
}

export type Shortage = 'study-jobs' | 'study-minutes' | 'weekly-jobs' | 'weekly-minutes';

const WEEK_MS = 7 * 24 * 3600 * 1000;

/** Monday 00:00 UTC of the week holding `ms`. */
export function weekStart(ms: number): number {
  const day = new Date(ms);
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() - sinceMonday);
}

export function nextWeekStart(ms: number): number {
  return weekStart(ms) + WEEK_MS;
}

export class BudgetLedger {
  constructor(readonly state: LedgerState = { studies: {}, reservations: [] }) {}

  setLimits(studyId: string, limits: BudgetLimits): void {
    this.state.studies[studyId] = { limits };
  }

  limits(studyId: string): BudgetLimits | undefined {
    return this.state.studies[studyId]?.limits;
  }

  private ofStudy(studyId: string) {
    return this.state.reservations.filter((r) => r.studyId === studyId);
  }

  /** Jobs and minutes a study has taken: finished jobs at their actual minutes, others at their limit. */
  studyUse(studyId: string): { jobs: number; minutes: number } {
    let jobs = 0;
    let minutes = 0;
    for (const r of this.ofStudy(studyId)) {
      jobs += r.granted;
      minutes += r.minutesUsed + (r.granted - r.finished) * r.minutesEach;
    }
    return { jobs, minutes };
  }

  /**
   * The account's weekly use: what the service counts, plus jobs granted but not yet submitted
   * (the service does not know them yet) and the reserved minutes of jobs not yet finished (the
   * service counts minutes when a job ends).
   */
  weeklyUse(usage: WeeklyUsage, now: number): { jobs: number; minutes: number } {
    const week = weekStart(now);
    let jobs = usage.jobs;
    let minutes = usage.minutes;
    for (const r of this.state.reservations) {
      if (r.week !== week) continue;
      jobs += r.granted - r.submitted;
      minutes += (r.granted - r.finished) * r.minutesEach;
    }
    return { jobs, minutes };
  }

  /** How many of `wanted` jobs fit every limit of the study now, and what stops the rest. */
  grantable(studyId: string, wanted: number, minutesEach: number, usage: WeeklyUsage, now: number): { jobs: number; shortage?: Shortage } {
    const limits = this.limits(studyId) ?? { jobs: null, minutes: null, jobsPerWeek: null, minutesPerWeek: null };
    const study = this.studyUse(studyId);
    const weekly = this.weeklyUse(usage, now);
    const caps: [Shortage, number][] = [];
    if (limits.jobs !== null) caps.push(['study-jobs', limits.jobs - study.jobs]);
    if (limits.minutes !== null) caps.push(['study-minutes', Math.floor((limits.minutes - study.minutes) / minutesEach)]);
    if (limits.jobsPerWeek !== null) caps.push(['weekly-jobs', limits.jobsPerWeek - weekly.jobs]);
    if (limits.minutesPerWeek !== null) caps.push(['weekly-minutes', Math.floor((limits.minutesPerWeek - weekly.minutes) / minutesEach)]);
    let jobs = wanted;
    let shortage: Shortage | undefined;
    for (const [reason, room] of caps) {
      if (room < jobs) {
        jobs = Math.max(0, room);
        shortage = reason;
      }
    }
    return jobs < wanted ? { jobs, shortage } : { jobs };
  }

  /** Records a grant. */
  reserve(reservation: Omit<Reservation, 'submitted' | 'finished' | 'minutesUsed'>): void {
    this.state.reservations.push({ ...reservation, submitted: 0, finished: 0, minutesUsed: 0 });
  }

  private find(id: string): Reservation | undefined {
    return this.state.reservations.find((r) => r.id === id);
  }

  /** Jobs of a reservation now submitted (the service counts them from here on). */
  submitted(id: string, jobs: number): void {
    const r = this.find(id);
    if (r) r.submitted = Math.min(r.granted, r.submitted + jobs);
  }

  /**
   * Jobs of a reservation that ended, with the minutes they used; granted jobs that will never be
   * submitted (a variant failed before) are released as finished with 0 minutes.
   */
  finished(id: string, jobs: number, minutes: number): void {
    const r = this.find(id);
    if (!r) return;
    const count = Math.min(jobs, r.granted - r.finished);
    r.finished += count;
    r.minutesUsed += minutes;
    r.submitted = Math.max(r.submitted, r.finished);
  }

  /**
   * Forgets finished reservations of past weeks: they count neither weekly any more nor, for
   * studies that are over, at all. A study's own totals keep them while the study is registered.
   */
  compact(now: number, activeStudies: ReadonlySet<string>): void {
    const week = weekStart(now);
    this.state.reservations = this.state.reservations.filter((r) => activeStudies.has(r.studyId) || (r.week === week && r.finished < r.granted));
    for (const id of Object.keys(this.state.studies)) if (!activeStudies.has(id)) delete this.state.studies[id];
  }
}
