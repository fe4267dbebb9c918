/**
 * What a study's method found, from its variants' records: Morris elementary effects or Sobol
 * indices per outcome (with bootstrap intervals and plain notes where they are too wide to rank
 * by), or a search's brackets. Written into the manifest, then read by the workbook and the report.
 */
import { morrisIndices } from '../analysis/morris.js';
import { sobolIndices } from '../analysis/sobol.js';
import { morrisDesignOf, saltelliDesignOf } from '../designs.js';
import { design } from '../expand.js';
import { type Outcome, type OutcomeValue, describeOutcome, evaluateOutcome, isNumericOutcome, numericValue } from '../outcomes.js';
import type { Study } from '../schema.js';
import { searchedParameter } from '../search/searches.js';
import { describeCondition } from '../search/spec.js';
import type { SearchState } from '../search/step.js';
import { parameterUnit } from '../units.js';
import { objectiveLabel } from './objective-labels.js';
import type { AnalysisRecord, OutcomeRecord, VariantRecord } from './manifest.js';

/** Bootstrap resamples for every interval: enough for stable 95 % percentiles, cheap next to any solve. */
const RESAMPLES = 1000;

/** The outcomes a study's analysis reads: its own, or for a sensitivity study without any, objective 1 at its optimum. */
export function analysedOutcomes(study: Pick<Study, 'outcomes' | 'solver'>): Outcome[] {
  if (study.outcomes.length) return study.outcomes;
  return [{ name: study.solver.objective1, point: 1, objective: study.solver.objective1 }];
}

/**
 * A variant's value of an outcome: as read when its output was gathered, or, for what the record
 * keeps (objectives and capacities), read from the record; undefined for a variant without results.
 */
export function recordOutcome(record: VariantRecord | undefined, outcome: Outcome): OutcomeValue | undefined {
  if (!record || record.status !== 'DONE') return undefined;
  const stored = record.outcomes?.[outcome.name];
  if (stored) return stored;
  if ('objective' in outcome || 'capacity' in outcome || 'design' in outcome) {
    return evaluateOutcome(outcome, record.solutions.map((s) => ({
      index: s.index, objectives: s.objectives, rows: s.capacities.map((c) => ({ ...c, section: 'Capacity', category: '', carrier: '' })),
    })));
  }
  return { problem: 'not read when the variant\'s output was gathered' };
}

/**
 * What the manifest's head reads of the variants' outcomes, taken from each record as the records
 * pass by (they need not stay in memory): each outcome's unit, from the first value that gives one,
 * and for a sensitivity analysis every variant's value.
 */
export class OutcomeReadings {
  private readonly outcomes: Outcome[];
  /** The outcomes whose every value the study's method reads. */
  private readonly analysed: Set<string>;
  private readonly units = new Map<string, string>();
  private readonly values = new Map<string, Map<number, number | undefined>>();

  constructor(study: Pick<Study, 'outcomes' | 'solver' | 'variants'>) {
    this.outcomes = analysedOutcomes(study);
    const sensitivity = study.variants.method === 'morris' || study.variants.method === 'sobol';
    this.analysed = new Set(sensitivity ? this.outcomes.filter(isNumericOutcome).map((o) => o.name) : []);
    for (const name of this.analysed) this.values.set(name, new Map());
  }

  add(record: VariantRecord): void {
    for (const outcome of this.outcomes) {
      const unitKnown = this.units.has(outcome.name);
      if (unitKnown && !this.analysed.has(outcome.name)) continue;
      const value = recordOutcome(record, outcome);
      if (!unitKnown && value && 'unit' in value) this.units.set(outcome.name, value.unit);
      this.values.get(outcome.name)?.set(record.index, numericValue(value));
    }
  }

  /** The unit the first value gave; failing that, an objective's own. */
  unit(outcome: Outcome): string {
    return this.units.get(outcome.name) ?? ('objective' in outcome ? objectiveLabel(outcome.objective).unit : '');
  }

  /** The numeric value of an analysed outcome for the variant of that index, if it has one. */
  value(index: number, outcome: Outcome): number | undefined {
    return this.values.get(outcome.name)?.get(index);
  }
}

/** The outcomes as the manifest lists them, each with the unit its first value gave. */
export function outcomeRecords(outcomes: readonly Outcome[], readings: OutcomeReadings): OutcomeRecord[] {
  return outcomes.map((outcome) => ({ name: outcome.name, description: describeOutcome(outcome), unit: readings.unit(outcome), numeric: isNumericOutcome(outcome) }));
}

const finite = (x: number) => (Number.isFinite(x) ? x : null);
const interval = ([lo, hi]: [number, number]): [number | null, number | null] => [finite(lo), finite(hi)];
/** Three significant digits with thousands separators: an index or effect read at a glance. */
const fmt = (x: number) => Number(x.toPrecision(3)).toLocaleString('en-US', { maximumFractionDigits: 10 });

/** Each design row's output: the value of the row's variant. */
function rowOutputs(study: Study, readings: OutcomeReadings, outcome: Outcome): (number | undefined)[] {
  const { rowVariant } = design(study);
  return rowVariant.map((variant) => readings.value(variant, outcome));
}

function morrisAnalysis(study: Study, readings: OutcomeReadings): AnalysisRecord {
  const names = study.parameters.map((p) => p.name);
  const { design: drawn, groups } = morrisDesignOf(study.variants, names);
  const spec = study.variants.morris!;
  return {
    method: 'morris', trajectories: spec.trajectories, levels: spec.levels, runs: drawn.points.length, distinct: design(study).variantRows.length,
    outcomes: analysedOutcomes(study).filter(isNumericOutcome).map((outcome) => {
      const result = morrisIndices(drawn, rowOutputs(study, readings, outcome), { resamples: RESAMPLES, seed: study.variants.seed ?? 0 });
      const unit = readings.unit(outcome);
      const records = result.groups.map((g, i) => {
        const parameter = groups[i].parameters.length === 1 ? study.parameters.find((p) => p.name === groups[i].parameters[0]) : undefined;
        const span = parameter?.range ? parameter.range.max - parameter.range.min : undefined;
        return {
          name: groups[i].name, parameters: groups[i].parameters, muStar: finite(g.muStar), mu: finite(g.mu), sigma: finite(g.sigma), muStarInterval: interval(g.muStarInterval),
          ...(span && Number.isFinite(g.muStar) ? { muStarPerUnit: g.muStar / span } : {}), effects: g.effects,
        };
      });
      return { outcome: outcome.name, unit, groups: records, trajectoriesUsed: result.trajectoriesUsed, dropped: result.dropped, notes: morrisNotes(outcome.name, unit, records, result.dropped, spec.trajectories) };
    }),
  };
}

/** `gas_price (μ* 159,000 CHF), hp_cost (…) move lcc, in that order; gas_co2 did not move it at all (μ* = 0).` */
function morrisRanking(outcome: string, unit: string, groups: GroupFigures[]): string {
  const ranked = [...groups].sort((a, b) => (b.muStar ?? 0) - (a.muStar ?? 0));
  const movers = ranked.filter((g) => (g.muStar ?? 0) > 0);
  const still = ranked.filter((g) => g.muStar === 0);
  if (!movers.length) return `No parameter moved ${outcome}: every elementary effect is zero.`;
  const figure = (x: number) => `${fmt(x)}${unit ? ` ${unit}` : ''}`;
  return `${movers.map((g) => `${g.name} (μ* ${figure(g.muStar!)})`).join(', ')} move${movers.length === 1 ? 's' : ''} ${outcome}, in that order${still.length ? `; ${still.map((g) => g.name).join(', ')} did not move it at all (μ* = 0)` : ''}.`;
}

interface GroupFigures {
  name: string;
  muStar: number | null;
  sigma: number | null;
  muStarInterval: [number | null, number | null];
}

function morrisNotes(outcome: string, unit: string, groups: GroupFigures[], dropped: number, trajectories: number): string[] {
  const notes: string[] = [];
  const withUnit = (x: number) => `${fmt(x)}${unit ? ` ${unit}` : ''}`;
  if (dropped) notes.push(`${dropped} of ${trajectories} trajectories were left out: a variant on each of them has no value of ${outcome}.`);
  if (dropped === trajectories) {
    notes.push(`No elementary effect of ${outcome} could be computed: no trajectory has a value at every point.`);
    return notes;
  }
  notes.push(morrisRanking(outcome, unit, groups));
  for (const g of groups.filter((x) => (x.muStar ?? 0) > 0)) {
    const [lo, hi] = g.muStarInterval;
    if (lo !== null && hi !== null && hi - lo > g.muStar!) notes.push(`The interval of μ* for ${g.name} (${fmt(lo)} to ${withUnit(hi)}) is wider than μ* itself: add trajectories before ranking by it.`);
    if (g.sigma !== null && g.sigma > g.muStar!) notes.push(`σ of ${g.name} exceeds its μ*: its effect on ${outcome} depends on where the other parameters are (interactions, or a non-linear effect).`);
  }
  return notes;
}

function sobolAnalysis(study: Study, readings: OutcomeReadings): AnalysisRecord {
  const names = study.parameters.map((p) => p.name);
  const drawn = saltelliDesignOf(study.variants, names);
  return {
    method: 'sobol', samples: study.variants.samples!, runs: drawn.points.length, distinct: design(study).variantRows.length,
    outcomes: analysedOutcomes(study).filter(isNumericOutcome).map((outcome) => {
      const result = sobolIndices(drawn, rowOutputs(study, readings, outcome), { resamples: RESAMPLES, seed: study.variants.seed ?? 0 });
      const factors = result.factors.map((f, i) => ({
        name: names[i], first: finite(f.first), firstInterval: interval(f.firstInterval), total: finite(f.total), totalInterval: interval(f.totalInterval),
      }));
      const notes: string[] = [];
      if (result.dropped) notes.push(`${result.dropped} of ${drawn.samples} base samples were left out: a variant of each has no value of ${outcome.name}.`);
      if (result.constant) notes.push(`${outcome.name} is the same in every variant used: no parameter moves it, and every index is zero.`);
      for (const f of factors) {
        for (const [label, index, [lo, hi]] of [['S1', f.first, f.firstInterval], ['ST', f.total, f.totalInterval]] as const) {
          if (index !== null && lo !== null && hi !== null && hi - lo > Math.abs(index) && !result.constant) {
            notes.push(`The interval of ${label} for ${f.name} (${fmt(lo)} to ${fmt(hi)}) is wider than the index itself: add samples before reading it.`);
          }
        }
      }
      return {
        outcome: outcome.name, unit: readings.unit(outcome), factors, variance: result.variance, rowsUsed: result.rowsUsed, dropped: result.dropped,
        constant: Boolean(result.constant), notes,
      };
    }),
  };
}

function searchAnalysis(study: Study, readings: OutcomeReadings, searches: readonly SearchState[]): AnalysisRecord {
  const spec = study.variants.search!;
  const parameter = searchedParameter(study.parameters, spec);
  const searched = study.parameters.find((p) => p.name === spec.parameter)!;
  const threshold = spec.condition.above ?? spec.condition.below;
  return {
    method: 'search', parameter: parameter.name, unit: parameterUnit(searched) ?? '', range: { min: parameter.min, max: parameter.max },
    outcome: spec.condition.outcome, outcomeUnit: readings.unit(study.outcomes.find((o) => o.name === spec.condition.outcome)!), condition: describeCondition(spec.condition), tolerance: spec.tolerance, probes: spec.probes,
    ...(threshold !== undefined ? { threshold } : {}),
    searches: searches.map((s) => ({ along: s.along, probes: s.probes, ...(s.answer ? { answer: s.answer } : {}) })),
  };
}

/** The method's findings, for the methods that have any. */
export function analyseStudy(study: Study, readings: OutcomeReadings, searches?: readonly SearchState[]): AnalysisRecord | undefined {
  if (study.variants.method === 'morris') return morrisAnalysis(study, readings);
  if (study.variants.method === 'sobol') return sobolAnalysis(study, readings);
  if (study.variants.method === 'search' && searches) return searchAnalysis(study, readings, searches);
  return undefined;
}

/** What the method found, in a few sentences for the end of a run and `sweep status`: each search's answer, each outcome's ranking. */
export function analysisFindings(analysis: AnalysisRecord | undefined): string[] {
  if (!analysis) return [];
  if (analysis.method === 'search') return analysis.searches.map((s) => s.answer?.text ?? `A search had not finished after ${s.probes.length} probes.`);
  if (analysis.method === 'morris') {
    return analysis.outcomes.map((o) => (o.trajectoriesUsed ? morrisRanking(o.outcome, o.unit, o.groups) : `${o.outcome}: no trajectory has a value at every point.`));
  }
  return analysis.outcomes.map((o) => {
    const ranked = [...o.factors].filter((f) => f.total !== null).sort((a, b) => b.total! - a.total!);
    if (o.constant || !ranked.length) return `${o.outcome}: no parameter moves it.`;
    return `${o.outcome}: ${ranked.map((f) => `${f.name} (ST ${fmt(f.total!)}, S1 ${f.first === null ? '–' : fmt(f.first)})`).join(', ')}, by total index.`;
  });
}
