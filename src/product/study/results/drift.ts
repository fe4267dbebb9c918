/**
 * What changed since a scheduled study's previous run: which inputs changed and where (the study's
 * own settings, and the cells of the specs workbook that differ for the study's first variant, so a
 * change to the base scenario shows where it is), which variants were solved again and which took
 * over the previous results, and which outcomes moved by more than the study file's `alert` on them.
 */
import type { Outcome } from '../outcomes.js';
import type { SpecsDifference } from '../specs-diff.js';
import { type InputDifference, compareManifests, relativeChange } from './compare.js';
import type { StudyResults } from './variant-summary.js';

export interface MovedOutcome {
  key: string;
  label: string;
  outcome: string;
  unit: string;
  previous: number;
  now: number;
  /** Relative to the previous value; undefined from zero. */
  change?: number;
}

export interface Drift {
  /** The previous run's directory name. */
  previousRun: string;
  /** The study's own settings that differ. */
  inputs: InputDifference[];
  /** Cells of the first variant's specs workbook that differ, when both runs kept it. */
  specs?: SpecsDifference[];
  resolved: string[];
  reused: string[];
  moved: MovedOutcome[];
}

export function runDrift(previousRun: string, previous: StudyResults, now: StudyResults, outcomes: Outcome[], specs?: SpecsDifference[]): Drift {
  const comparison = compareManifests(previous, now);
  const alerts = new Map(outcomes.flatMap((o) => (o.alert ? [[o.name, o.alert] as const] : [])));
  const moved: MovedOutcome[] = [];
  for (const m of comparison.matched) {
    for (const o of m.outcomes) {
      const alert = alerts.get(o.outcome);
      if (!alert || typeof o.a !== 'number' || typeof o.b !== 'number') continue;
      const change = relativeChange(o.a, o.b);
      const beyond = (alert.absolute !== undefined && Math.abs(o.b - o.a) > alert.absolute)
        || (alert.relative !== undefined && (change === undefined ? o.b !== o.a : Math.abs(change) > alert.relative));
      if (beyond) moved.push({ key: m.b.key, label: m.b.label, outcome: o.outcome, unit: o.unit, previous: o.a, now: o.b, ...(change === undefined ? {} : { change }) });
    }
  }
  const solved = now.variants.filter((v) => v.status !== 'PENDING');
  return {
    previousRun,
    inputs: comparison.inputs,
    ...(specs ? { specs } : {}),
    resolved: solved.filter((v) => !v.reusedFrom).map((v) => v.key),
    reused: solved.filter((v) => v.reusedFrom).map((v) => v.key),
    moved,
  };
}

/** A relative change as a reader reads it: `+25.0 %`. */
export const changeText = (change: number) => `${change >= 0 ? '+' : ''}${(100 * change).toFixed(1)} %`;

/** The inputs that changed, a sentence each (the scenario's fields, the first ten): what a run's notice lists. */
export function driftChanges(drift: Drift): string[] {
  return [
    ...drift.inputs.map((d) => `Changed: ${d.input}: ${d.a} → ${d.b}`),
    ...(drift.specs ?? []).slice(0, 10).map((d) => `Changed: ${d.sheet} "${d.name}" ${d.column}: ${d.a} → ${d.b}`),
  ];
}

/** The drift in sentences: what a run's result says. */
export function driftLines(drift: Drift): string[] {
  const changedCells = drift.specs?.length ?? 0;
  const lines = [
    `Since ${drift.previousRun}: ${drift.inputs.length + changedCells ? `${drift.inputs.length} study setting${drift.inputs.length === 1 ? '' : 's'} and ${changedCells} field${changedCells === 1 ? '' : 's'} of the scenario changed` : 'no input changed'}; ${drift.resolved.length} variant${drift.resolved.length === 1 ? '' : 's'} solved again, ${drift.reused.length} taken over.`,
    ...driftChanges(drift),
  ];
  if (!drift.moved.length) lines.push('No outcome moved beyond its alert.');
  for (const m of drift.moved) {
    lines.push(`Moved: ${m.outcome} of ${m.label} (${m.key}) from ${m.previous} to ${m.now}${m.unit ? ` ${m.unit}` : ''}${m.change === undefined ? '' : ` (${changeText(m.change)})`}`);
  }
  return lines;
}
