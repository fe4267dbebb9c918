/**
 * The decisions of a tipping-point search, as pure functions of what its probes found so far: scan
 * the range coarsely, find every pair of neighbouring values where the condition changes, narrow
 * each such bracket by bisection (or safeguarded regula falsi) until it is narrower than the
 * tolerance or the probes run out, then, if asked, solve the bracket's ends again with finer
 * settings. Workflow code calls these on every step and on every replay, so they are
 * deterministic and read nothing but their arguments.
 */
import type { SolverOverrides } from '../solver-overrides.js';
import type { Assignment } from '../target.js';
import type { SearchCondition, SearchSpec } from './spec.js';

export type ProbeStep = 'scan' | 'bisection' | 'regula-falsi' | 'confirm';

/** One probe: a value of the searched parameter, solved as a variant of the study. */
export interface ProbeRecord {
  value: number;
  step: ProbeStep;
  /** The variant solving it (its position in the study and its key). */
  index: number;
  key: string;
  /** The condition's outcome, once the variant has been solved… */
  outcome?: number | string;
  /** …or why it could not be. */
  failed?: string;
}

/** Where the condition changes: it holds at one end and not at the other. */
export interface Bracket {
  low: number;
  high: number;
  holdsAtLow: boolean;
  lowOutcome: number | string;
  highOutcome: number | string;
  /** With confirmation: whether the finer solves still differ at the two ends (undefined before they are in). */
  confirmed?: boolean;
  /** With confirmation: what the finer solves found at the two ends. */
  confirmation?: { lowOutcome?: number | string; highOutcome?: number | string; note: string };
}

export type SearchVerdict = 'bracketed' | 'holds-everywhere' | 'holds-nowhere' | 'failed';
export type SearchStop = 'tolerance' | 'probe-limit' | 'resolution' | 'no-crossing' | 'failed-probe';

/** What a finished search found, said plainly in `text`. */
export interface SearchAnswer {
  verdict: SearchVerdict;
  stop: SearchStop;
  brackets: Bracket[];
  /** Solver jobs the search took, confirmations included. */
  jobs: number;
  text: string;
}

/** One search of a study: the values it holds fixed, its probes, and its answer once it has one. */
export interface SearchState {
  along: Assignment;
  probes: ProbeRecord[];
  answer?: SearchAnswer;
}

/** The range and display of the searched parameter. */
export interface SearchedParameter {
  name: string;
  min: number;
  max: number;
  unit?: string;
}

/** Settings named in the answer, so that a reader knows what the bracket holds for. */
export interface SolveContext {
  temporalResolution: string;
  mipGap: number;
}

export interface NextProbe {
  value: number;
  step: ProbeStep;
  solver?: SolverOverrides;
}

/** Values keep the 5 decimals the service stores. */
const round5 = (x: number) => Math.round(x * 1e5) / 1e5;

/** The scan's values: `count` evenly spaced over the range, its ends exact. */
export function scanValues(parameter: SearchedParameter, count: number): number[] {
  return Array.from({ length: count }, (_, i) => (i === 0 ? parameter.min : i === count - 1 ? parameter.max : round5(parameter.min + (i / (count - 1)) * (parameter.max - parameter.min))));
}

/** A number as the answer shows it: enough digits to tell bracket ends apart, no float noise. */
export function formatValue(value: number): string {
  return String(Number(value.toPrecision(6)));
}

const withUnit = (text: string, parameter: SearchedParameter) => (parameter.unit ? `${text} ${parameter.unit}` : text);

/** Two outcomes the same, numbers within a part per million (solver noise is not a change). */
function same(a: number | string, b: number | string): boolean {
  if (typeof a === 'number' && typeof b === 'number') return Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(a));
  return a === b;
}

/** Whether the condition holds for an outcome; `reference` is the outcome at the range's start (for `changes`). */
export function conditionHolds(condition: SearchCondition, outcome: number | string, reference: number | string | undefined): boolean {
  if (condition.above !== undefined) return typeof outcome === 'number' && outcome > condition.above;
  if (condition.below !== undefined) return typeof outcome === 'number' && outcome < condition.below;
  return reference !== undefined && !same(outcome, reference);
}

const ended = (p: ProbeRecord) => p.outcome !== undefined || p.failed !== undefined;

/** The screening probes (not confirmations) that answered, by value. */
function answered(state: SearchState): (ProbeRecord & { outcome: number | string })[] {
  return state.probes
    .filter((p): p is ProbeRecord & { outcome: number | string } => p.step !== 'confirm' && p.outcome !== undefined)
    .sort((a, b) => a.value - b.value);
}

/** Every neighbouring pair of probed values where the condition changes, with the probes at its ends. */
function bracketsOf(spec: SearchSpec, parameter: SearchedParameter, state: SearchState): (Bracket & { ends: [ProbeRecord, ProbeRecord] })[] {
  const probes = answered(state);
  const reference = probes.find((p) => p.value === parameter.min)?.outcome;
  const holds = probes.map((p) => conditionHolds(spec.condition, p.outcome, reference));
  const brackets: (Bracket & { ends: [ProbeRecord, ProbeRecord] })[] = [];
  for (let i = 1; i < probes.length; i++) {
    if (holds[i] === holds[i - 1]) continue;
    brackets.push({
      low: probes[i - 1].value, high: probes[i].value, holdsAtLow: holds[i - 1], lowOutcome: probes[i - 1].outcome, highOutcome: probes[i].outcome,
      ends: [probes[i - 1], probes[i]],
    });
  }
  return brackets;
}

/**
 * The next value inside a bracket. Regula falsi interpolates the threshold's crossing on the
 * outcome's line between the ends; it stalls on step-shaped outcomes (a technology's capacity jumps
 * from zero), so a bisection follows every interpolation that produced one of the bracket's ends,
 * which at least halves the bracket every two probes.
 */
function insideValue(spec: SearchSpec, bracket: Bracket & { ends: [ProbeRecord, ProbeRecord] }): { value: number; step: ProbeStep } {
  const { low, high } = bracket;
  const threshold = spec.condition.above ?? spec.condition.below;
  const latest = bracket.ends[0].index > bracket.ends[1].index ? bracket.ends[0] : bracket.ends[1];
  const numeric = typeof bracket.lowOutcome === 'number' && typeof bracket.highOutcome === 'number';
  if (spec.refine === 'regula-falsi' && threshold !== undefined && numeric && latest.step !== 'regula-falsi') {
    const gLow = (bracket.lowOutcome as number) - threshold;
    const gHigh = (bracket.highOutcome as number) - threshold;
    if (gLow !== gHigh) {
      const value = round5(low + ((high - low) * gLow) / (gLow - gHigh));
      if (value > low && value < high) return { value, step: 'regula-falsi' };
    }
  }
  return { value: round5((low + high) / 2), step: 'bisection' };
}

/**
 * What the search does next: probes to solve (all of them can run at once), nothing while probes
 * are still out, or its answer.
 */
export function nextStep(spec: SearchSpec, parameter: SearchedParameter, state: SearchState, solved: SolveContext): NextProbe[] | SearchAnswer {
  if (state.probes.some((p) => !ended(p))) return [];
  const screening = state.probes.filter((p) => p.step !== 'confirm');
  const unscanned = scanValues(parameter, spec.scan).filter((v) => !screening.some((p) => p.value === v));
  if (unscanned.length) return unscanned.map((value) => ({ value, step: 'scan' }));

  const jobs = state.probes.length;
  const failed = screening.filter((p) => p.failed !== undefined).sort((a, b) => a.value - b.value)[0];
  if (failed) {
    return {
      verdict: 'failed', stop: 'failed-probe', brackets: [], jobs,
      text: `The probe at ${parameter.name} = ${withUnit(formatValue(failed.value), parameter)} could not be solved (${failed.failed}); the search stopped there.`,
    };
  }
  const brackets = bracketsOf(spec, parameter, state);
  if (!brackets.length) return noCrossing(spec, parameter, state, jobs);

  // At the 5 decimals the service stores, a bracket whose midpoint is one of its ends cannot narrow.
  const splittable = brackets.filter((b) => b.high - b.low > spec.tolerance).map((b) => ({ bracket: b, next: insideValue(spec, b) }))
    .filter(({ bracket, next }) => next.value > bracket.low && next.value < bracket.high);
  const room = spec.probes - screening.length;
  if (splittable.length && room > 0) {
    return splittable.sort((a, b) => (b.bracket.high - b.bracket.low) - (a.bracket.high - a.bracket.low)).slice(0, room).map(({ next }) => next);
  }

  if (spec.confirm) {
    const confirmations = state.probes.filter((p) => p.step === 'confirm');
    const wanted = [...new Set(brackets.flatMap((b) => [b.low, b.high]))].filter((v) => !confirmations.some((p) => p.value === v));
    if (wanted.length) return wanted.map((value) => ({ value, step: 'confirm', solver: spec.confirm! }));
  }
  return bracketedAnswer(spec, parameter, state, brackets, jobs, solved);
}

function noCrossing(spec: SearchSpec, parameter: SearchedParameter, state: SearchState, jobs: number): SearchAnswer {
  const probes = answered(state);
  const reference = probes.find((p) => p.value === parameter.min)?.outcome;
  const holds = conditionHolds(spec.condition, probes[0].outcome, reference);
  const range = `from ${formatValue(parameter.min)} to ${withUnit(formatValue(parameter.max), parameter)}`;
  const condition = spec.condition.changes ? `${spec.condition.outcome} stays as it is at ${formatValue(parameter.min)}` : `${describeThreshold(spec.condition)} ${holds ? 'holds' : 'does not hold'}`;
  const gap = probes.length > 2
    ? ` A change and a change back between two neighbouring values (${withUnit(formatValue((parameter.max - parameter.min) / (probes.length - 1)), parameter)} apart) would not show.`
    : ' A change and a change back inside the range would not show: scan more values (variants.scan) to look for one.';
  return {
    verdict: holds ? 'holds-everywhere' : 'holds-nowhere', stop: 'no-crossing', brackets: [], jobs,
    text: `No tipping point: ${condition} at every value probed (${probes.length}) ${range}.${gap}`,
  };
}

const describeThreshold = (c: SearchCondition) => (c.above !== undefined ? `${c.outcome} > ${c.above}` : `${c.outcome} < ${c.below}`);

function bracketedAnswer(
  spec: SearchSpec, parameter: SearchedParameter, state: SearchState, found: (Bracket & { ends: [ProbeRecord, ProbeRecord] })[], jobs: number, solved: SolveContext,
): SearchAnswer {
  const narrow = found.every((b) => b.high - b.low <= spec.tolerance);
  const stop: SearchStop = narrow ? 'tolerance' : jobs - state.probes.filter((p) => p.step === 'confirm').length >= spec.probes ? 'probe-limit' : 'resolution';
  const brackets: Bracket[] = found.map(({ ends: _ends, ...bracket }) => (spec.confirm ? confirm(spec, state, bracket) : bracket));
  const what = spec.condition.changes ? `${spec.condition.outcome} changes` : `${describeThreshold(spec.condition)} ${found[0].holdsAtLow ? 'stops holding' : 'starts to hold'}`;
  const where = brackets.length === 1
    ? `between ${formatValue(brackets[0].low)} and ${withUnit(formatValue(brackets[0].high), parameter)}`
    : `in ${withUnit(brackets.map((b) => `${formatValue(b.low)}–${formatValue(b.high)}`).join(', '), parameter)}`;
  const widest = Math.max(...brackets.map((b) => b.high - b.low));
  const why = stop === 'tolerance'
    ? `narrower than the tolerance ${formatValue(spec.tolerance)}`
    : stop === 'probe-limit'
      ? `the probe limit (${spec.probes}) was reached with a bracket ${formatValue(widest)} wide, wider than the tolerance ${formatValue(spec.tolerance)}`
      : 'as narrow as the 5 decimals the service stores allow';
  const several = brackets.length > 1 ? ` The condition changes ${brackets.length} times in the range; each crossing is bracketed.` : '';
  const confirmation = brackets.map((b) => b.confirmation?.note).filter(Boolean).join(' ');
  return {
    verdict: 'bracketed', stop, brackets, jobs,
    text: `${parameter.name}: ${what} ${where} (${why}) after ${jobs} solver jobs, at ${solved.temporalResolution} resolution and a ${solved.mipGap} % MIP gap.${several}${confirmation ? ` ${confirmation}` : ''}`,
  };
}

/** The bracket with what its ends' finer solves found. */
function confirm(spec: SearchSpec, state: SearchState, bracket: Bracket): Bracket {
  const at = (value: number) => state.probes.find((p) => p.step === 'confirm' && p.value === value);
  const [low, high] = [at(bracket.low), at(bracket.high)];
  const settings = Object.entries(spec.confirm ?? {}).map(([k, v]) => `${k} ${v}`).join(', ');
  if (low?.outcome === undefined || high?.outcome === undefined) {
    const reason = low?.failed ?? high?.failed ?? 'not solved';
    return { ...bracket, confirmation: { lowOutcome: low?.outcome, highOutcome: high?.outcome, note: `Not confirmed with ${settings}: a bracket end could not be solved (${reason}).` } };
  }
  const reference = state.probes.find((p) => p.step === 'confirm' && p.value === bracket.low)?.outcome;
  const changes = spec.condition.changes === true;
  // With `changes`, the finer solves are compared with each other: the low end is the reference.
  const holdsLow = changes ? false : conditionHolds(spec.condition, low.outcome, undefined);
  const holdsHigh = changes ? !same(high.outcome, reference!) : conditionHolds(spec.condition, high.outcome, undefined);
  const confirmed = holdsLow !== holdsHigh;
  const note = confirmed
    ? `Confirmed with ${settings}: the condition still changes between ${formatValue(bracket.low)} and ${formatValue(bracket.high)}.`
    : `Not confirmed with ${settings}: there the condition ${holdsLow ? 'holds' : 'does not hold'} at both ends, so the crossing moves with the solver settings.`;
  return { ...bracket, confirmed, confirmation: { lowOutcome: low.outcome, highOutcome: high.outcome, note } };
}

/** `bracket 0.118–0.131 CHF/kWh after 4 probes`, or the scan under way, for progress lines. */
export function searchProgress(spec: SearchSpec, parameter: SearchedParameter, state: SearchState): string {
  if (state.answer) return state.answer.text;
  const done = state.probes.filter(ended).length;
  const brackets = bracketsOf(spec, parameter, state);
  if (!brackets.length) return `${done} of ${state.probes.length} probes in; no crossing found yet`;
  return `bracket ${withUnit(brackets.map((b) => `${formatValue(b.low)}–${formatValue(b.high)}`).join(', '), parameter)} after ${done} probes`;
}

/**
 * The most solver jobs one search can take: its probes and, with confirmation, each bracket end
 * once more; brackets lie between probed values, so there are at most as many ends as probes.
 */
export function maxSearchJobs(spec: SearchSpec): number {
  return spec.probes * (spec.confirm ? 2 : 1);
}
