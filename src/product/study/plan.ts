/**
 * A study's plan before anything is spent: how many variants and solver jobs its method takes (a
 * search its maximum), the solver minutes they may reserve, and whether that fits the study's own
 * budget — with what would fit when it does not. `sweep plan` prints it, `sweep run` prints its
 * first lines, and the loader refuses a study that cannot fit.
 */
import { designRuns, morrisGroups } from './designs.js';
import { variantCount, type Sweep, type VariantMethod } from './expand.js';
import { maxSearchJobs } from './search/step.js';
import type { SearchSpec } from './search/spec.js';
import type { Parameter } from './target.js';
import { parameterUnit } from './units.js';

/** What the plan reads of a study. */
export interface PlannedStudy extends Sweep {
  parameters: Parameter[];
  solver: { timeLimit: number };
  budget: { jobs: number | null; minutes: number | null; jobsPerWeek: number | null; minutesPerWeek: number | null; waitForRaise?: boolean };
}

export interface StudyPlan {
  method: VariantMethod;
  /** Distinct variants (a search: at most). */
  variants: number;
  /** Runs of a Morris or Sobol design, repeated points included. */
  designRuns?: number;
  /** Searches of a search study: one per combination of the other parameters' values. */
  searches?: number;
  /** Solver jobs at most: one per variant. */
  jobs: number;
  /** Whether `jobs` is exact (false for a search, which may stop early). */
  exact: boolean;
  /** Solver minutes the jobs may take at most (each job reserves its time limit). */
  minutes: number;
  /** The study's own budget, which the plan must fit. */
  fits: boolean;
  /** When it does not fit: what is over, and what would fit instead. */
  problem?: { field: 'budget.jobs' | 'budget.minutes'; message: string };
}

const plural = (n: number, noun: string) => `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;

/** The searches of a search study: one per combination of the values of the parameters other than the searched one. */
export function searchCount(study: Sweep): number {
  const search = study.variants.search!;
  return study.parameters.filter((p) => p.name !== search.parameter).reduce((n, p) => n * (p.values?.length ?? 1), 1);
}

/** The most jobs (or solver minutes' worth of jobs) the budget allows. */
function jobCapacity(study: PlannedStudy, minutesEach: number): number {
  const { jobs, minutes } = study.budget;
  return Math.min(jobs ?? Infinity, minutes == null ? Infinity : Math.floor(minutes / minutesEach));
}

/** What the method could do within `cap` jobs. */
function whatFits(study: PlannedStudy, cap: number): string {
  const { method } = study.variants;
  const names = study.parameters.map((p) => p.name);
  if (method === 'morris') {
    const groups = morrisGroups(study.variants.morris!, names).length;
    const r = Math.floor(cap / (groups + 1));
    return r >= 2 ? `r = ${r} trajectories fit in ${plural(r * (groups + 1), 'job')}` : `not even 2 trajectories fit: they take ${2 * (groups + 1)} jobs (${groups} groups + 1 each)`;
  }
  if (method === 'sobol') {
    const k = names.length;
    let n = 4;
    while (n * 2 * (k + 2) <= cap) n *= 2;
    return n * (k + 2) <= cap ? `N = ${n} base samples fit in ${plural(n * (k + 2), 'job')}` : `not even N = 4 base samples fit: they take ${4 * (k + 2)} jobs`;
  }
  if (method === 'search') {
    const searches = searchCount(study);
    const perSearch = Math.floor(cap / searches / (study.variants.search!.confirm ? 2 : 1));
    return perSearch >= study.variants.search!.scan ? `probes: ${perSearch} per search fit` : `not even the scan fits: ${searches} searches × ${study.variants.search!.scan} values`;
  }
  if (method === 'latin-hypercube') return `samples: ${cap} ${cap === 1 ? 'fits' : 'fit'}`;
  return `${plural(cap, 'variant')} ${cap === 1 ? 'fits' : 'fit'}`;
}

export function planStudy(study: PlannedStudy): StudyPlan {
  const { method } = study.variants;
  const names = study.parameters.map((p) => p.name);
  const search: SearchSpec | null | undefined = study.variants.search;
  const searches = method === 'search' ? searchCount(study) : undefined;
  const confirmMinutes = search?.confirm?.timeLimit ?? study.solver.timeLimit;
  const jobs = method === 'search' ? searches! * maxSearchJobs(search!) : variantCount(study);
  const minutes = method === 'search'
    ? searches! * (search!.probes * study.solver.timeLimit + (search!.confirm ? search!.probes * confirmMinutes : 0))
    : jobs * study.solver.timeLimit;
  const plan: StudyPlan = {
    method, variants: jobs, jobs, exact: method !== 'search', minutes, fits: true,
    ...(method === 'morris' || method === 'sobol' ? { designRuns: designRuns(study.variants, names) } : {}),
    ...(searches !== undefined ? { searches } : {}),
  };
  const { budget } = study;
  const over = budget.jobs != null && jobs > budget.jobs ? 'budget.jobs' : budget.minutes != null && minutes > budget.minutes ? 'budget.minutes' : undefined;
  if (!over || budget.waitForRaise) return plan;
  const worst = method === 'search' ? 'at most' : '';
  const need = over === 'budget.jobs' ? `${worst} ${plural(jobs, 'solver job')}`.trim() : `${worst} ${plural(minutes, 'solver minute')}`.trim();
  const holds = over === 'budget.jobs' ? plural(budget.jobs!, 'job') : plural(budget.minutes!, 'minute');
  const fitsInstead = whatFits(study, jobCapacity(study, Math.max(study.solver.timeLimit, confirmMinutes)));
  return {
    ...plan, fits: false,
    problem: {
      field: over,
      message: `cannot hold the study: it needs ${need} and the budget holds ${holds}; ${fitsInstead}. Raise the budget, or set budget.waitForRaise: true to start anyway and raise it with sweep budget`,
    },
  };
}

/** The account's use of the solver this week, as the service reports it. */
export interface WeekUsage {
  jobs: number;
  minutes: number;
}

const limit = (value: number | null, unit: string) => (value == null ? `unlimited ${unit}` : plural(value, unit.replace(/s$/, '')));

/** The plan as lines an analyst reads: the method's design, the jobs and minutes at most, the budget, this week's use. */
export function planLines(study: PlannedStudy & { name: string }, plan: StudyPlan, week?: WeekUsage): string[] {
  const names = study.parameters.map((p) => p.name);
  const method = { grid: 'grid', zip: 'zip', list: 'list', 'latin-hypercube': 'Latin hypercube', morris: 'Morris elementary effects', sobol: 'Sobol indices', search: 'tipping-point search' }[plan.method];
  const lines = [`plan for ${study.name}: ${method}, ${plural(names.length, 'parameter')}`];
  const row = (label: string, text: string) => lines.push(`  ${label.padEnd(10)} ${text}`);
  if (plan.method === 'morris') {
    const morris = study.variants.morris!;
    const groups = morrisGroups(morris, names).length;
    const shared = plan.designRuns! - plan.variants;
    row('design', `${morris.trajectories} trajectories × (${groups} ${groups === names.length ? 'parameters' : 'groups'} + 1) = ${plan.designRuns} runs on ${morris.levels} levels: ${plural(plan.variants, 'distinct variant')}${shared ? ` (${shared} shared points solved once)` : ''}`);
  } else if (plan.method === 'sobol') {
    row('design', `N = ${study.variants.samples} base samples × (${names.length} parameters + 2) = ${plan.designRuns} runs: ${plural(plan.variants, 'distinct variant')}`);
  } else if (plan.method === 'search') {
    const search = study.variants.search!;
    const searched = study.parameters.find((p) => p.name === search.parameter)!;
    const others = names.filter((n) => n !== search.parameter);
    const unit = parameterUnit(searched);
    const inUnit = (x: number) => `${x}${unit ? ` ${unit}` : ''}`;
    row('searches', `${plan.searches}${others.length ? ` (one per combination of ${others.join(', ')})` : ''}, each moving ${search.parameter} over ${searched.range!.min} to ${inUnit(searched.range!.max)}`);
    row('stops', `when a bracket is narrower than ${inUnit(search.tolerance)}, or after ${search.probes} probes${search.confirm ? '; then each bracket end is solved again to confirm it' : ''}`);
  } else {
    row('variants', plural(plan.variants, 'variant'));
  }
  const each = study.solver.timeLimit;
  row('jobs', `${plan.exact ? '' : 'at most '}${plural(plan.jobs, 'solver job')}, one per variant; each may take ${each} min: ${plan.exact ? '' : 'at most '}${plural(plan.minutes, 'solver minute')}`);
  const { budget } = study;
  const fit = plan.fits
    ? budget.jobs == null && budget.minutes == null ? 'no limit set' : `fits${budget.jobs != null ? ` (${plural(budget.jobs - plan.jobs, 'job')} to spare)` : ''}`
    : budget.waitForRaise ? 'does not fit: the study will wait at its budget until it is raised (budget.waitForRaise)' : `does not fit: ${plan.problem?.message}`;
  row('budget', `${limit(budget.jobs, 'jobs')}, ${limit(budget.minutes, 'minutes')}: ${fit}`);
  if (week) {
    const left = [
      budget.jobsPerWeek != null && `${plural(Math.max(0, budget.jobsPerWeek - week.jobs), 'job')} of the weekly ${budget.jobsPerWeek} left`,
      budget.minutesPerWeek != null && `${plural(Math.max(0, budget.minutesPerWeek - week.minutes), 'minute')} of the weekly ${budget.minutesPerWeek} left`,
    ].filter(Boolean);
    row('this week', `the account has used ${plural(week.jobs, 'solver job')} and ${plural(week.minutes, 'solver minute')}${left.length ? `; ${left.join(', ')}` : ''}`);
    if (budget.jobsPerWeek != null && plan.jobs > budget.jobsPerWeek - week.jobs) row('', `more than this week allows: the rest waits for next week (Monday 00:00 UTC)`);
  }
  return lines;
}
