/**
 * A search study as it runs: its searches, the probes issued so far and the round of probes being
 * solved. Between rounds, `nextRound` asks each unfinished search for its next probes (or takes its
 * answer) and makes them variants; `recordResults` puts what the solved variants found into their
 * searches. Pure and deterministic, for the study workflow, which carries this state through
 * continue-as-new.
 */
import { type Variant, variantOf } from '../expand.js';
import type { Study } from '../schema.js';
import { newSearches, probeAssignment, searchedParameter } from './searches.js';
import { type SearchState, nextStep, searchProgress } from './step.js';

export interface SearchRun {
  searches: SearchState[];
  /** Probes issued so far: the next probe's variant index. */
  issued: number;
  /** The round being solved, and how many of its variants have been started. */
  round: Variant[];
  started: number;
}

/** What a solved (or failed) variant reports to its search. */
export interface ProbeResult {
  index: number;
  status: string;
  reason?: string;
  value?: number | string;
  problem?: string;
}

export function newSearchRun(study: Study): SearchRun {
  return { searches: newSearches(study.parameters, study.variants.search!), issued: 0, round: [], started: 0 };
}

/** The next round's variants (none when every search has its answer); searches that are done get their answers. */
export function nextRound(study: Study, run: SearchRun): Variant[] {
  const spec = study.variants.search!;
  const parameter = searchedParameter(study.parameters, spec);
  const round: Variant[] = [];
  for (const search of run.searches) {
    if (search.answer) continue;
    const step = nextStep(spec, parameter, search, study.solver);
    if (!Array.isArray(step)) {
      search.answer = step;
      continue;
    }
    for (const probe of step) {
      const variant = variantOf(study, run.issued++, probeAssignment(search, spec.parameter, probe.value), probe.solver);
      search.probes.push({ value: probe.value, step: probe.step, index: variant.index, key: variant.key });
      round.push(variant);
    }
  }
  return round;
}

/** Puts the variants' ends into their probes: the outcome's value, or why there is none. */
export function recordResults(run: SearchRun, results: readonly ProbeResult[]): void {
  for (const result of results) {
    const probe = run.searches.flatMap((s) => s.probes).find((p) => p.index === result.index);
    if (!probe || probe.outcome !== undefined || probe.failed !== undefined) continue;
    if (result.status === 'DONE' && result.value !== undefined) probe.outcome = result.value;
    else probe.failed = result.problem ?? (result.reason ? `${result.status}: ${result.reason}` : result.status);
  }
}

/** Every probe's variant, in the order issued: the study's variants. */
export function probeVariants(study: Study, run: Pick<SearchRun, 'searches'>): Variant[] {
  const spec = study.variants.search!;
  return run.searches
    .flatMap((search) => search.probes.map((p) => variantOf(study, p.index, probeAssignment(search, spec.parameter, p.value), p.step === 'confirm' ? spec.confirm ?? undefined : undefined)))
    .sort((a, b) => a.index - b.index);
}

/** One line per search (the first few) for progress views. */
export function searchLines(study: Study, run: SearchRun, max = 5): string[] {
  const spec = study.variants.search!;
  const parameter = searchedParameter(study.parameters, spec);
  const lines = run.searches.slice(0, max).map((search) => {
    const along = Object.entries(search.along).map(([k, v]) => `${k}=${String(v)}`).join(', ');
    return `${along ? `${along}: ` : ''}${searchProgress(spec, parameter, search)}`;
  });
  if (run.searches.length > max) lines.push(`… and ${run.searches.length - max} more searches (${run.searches.filter((s) => s.answer).length} of ${run.searches.length} answered)`);
  return lines;
}
