/**
 * A study's outcomes: the numbers (or, for `design`, the text) an analyst wants from every
 * variant, each read from the variant's output file — an objective value, an installed capacity,
 * a year's energy through imports or exports, a cost or CO2 component, or the design itself. They
 * become columns of every table and the inputs of every analysis method. Plain data and pure
 * functions: workflow code carries the definitions, activities evaluate them.
 */
import type { Objective } from '../../wire/contract/values.js';
import { offerNames } from './nearest.js';
import { objectiveLabel } from './results/objective-labels.js';

/** The cost categories of the output's Cost rows, as the study file names them. */
export const COST_COMPONENTS = ['investment', 'replacement', 'salvage', 'om', 'imports', 'exports'] as const;
export type CostComponent = (typeof COST_COMPONENTS)[number];
export const CO2_COMPONENTS = ['operation', 'embodied'] as const;
export type Co2Component = (typeof CO2_COMPONENTS)[number];

/** Which Pareto point an outcome is read from: 1 is the objective-1 optimum, `last` the other end. */
export type OutcomePoint = number | 'last';

export interface CapacityOutcome {
  /** A conversion or storage technology, a network link, or an import or export (its peak). */
  technology: string;
  /** Absent: summed over every hub. */
  hub?: string;
  /** Absent: the largest of the stages' totals. */
  stage?: string;
}

export interface EnergyOutcome {
  /** The imports or exports of this carrier… */
  carrier?: string;
  /** …or this one import or export. */
  impex?: string;
  /** Required with `carrier`. */
  direction?: 'import' | 'export';
  hub?: string;
  stage?: string;
}

export interface ComponentOutcome<C extends string> {
  category?: C;
  /** A technology or import/export whose component alone counts. */
  technology?: string;
  stage?: string;
}

interface OutcomeBase {
  /** Letters, digits and underscores: a column of every table. */
  name: string;
  point: OutcomePoint;
  /** A scheduled run reports the outcome as moved when it changed by more than this since the previous run. */
  alert?: OutcomeAlert;
}

export interface OutcomeAlert {
  /** Of the previous run's value: 0.05 is 5 %. */
  relative?: number;
  /** In the outcome's unit. */
  absolute?: number;
}

/** One outcome: exactly one of the kinds. */
export type Outcome = OutcomeBase & (
  | { objective: Objective }
  | { capacity: CapacityOutcome }
  | { energy: EnergyOutcome }
  | { cost: ComponentOutcome<CostComponent> }
  | { co2: ComponentOutcome<Co2Component> }
  | { design: { tolerance: number } }
);

export const OUTCOME_KINDS = ['objective', 'capacity', 'energy', 'cost', 'co2', 'design'] as const;
export type OutcomeKind = (typeof OUTCOME_KINDS)[number];

export function outcomeKind(outcome: Outcome): OutcomeKind {
  return OUTCOME_KINDS.find((kind) => kind in outcome)!;
}

/** Whether the outcome is a number (every kind but `design`, which names the installed technologies). */
export const isNumericOutcome = (outcome: Outcome): boolean => !('design' in outcome);

/** A variant's value of an outcome, with its unit; or why it could not be read. */
export type OutcomeValue = { value: number | string; unit: string } | { problem: string };

/** What an outcome reads of one solution. */
export interface SolutionTables {
  index: number;
  objectives: Record<string, number>;
  rows: readonly {
    section: string; item: string; category: string; hub: string; stage: string; value: number; unit: string; carrier: string;
  }[];
}

/** The output's Category label of each cost component (src/local-service/optimiser/results.ts writes these). */
const COST_LABELS: Record<CostComponent, string> = {
  investment: 'Investment', replacement: 'Replacement', salvage: 'Salvage value', om: 'Operation & maintenance', imports: 'Imports', exports: 'Exports',
};
const CO2_LABELS: Record<Co2Component, string> = { operation: 'Operation', embodied: 'Embodied' };

/** Items are named `<technology> @ <hub>` per hub, `<link> (<hub>–<hub>)` for a network link, or by the name alone. */
const isItemOf = (item: string, technology: string) => item === technology || item.startsWith(`${technology} @ `) || item.startsWith(`${technology} (`);

/** `hp_school: capacity of Heat pump at School (point 1)`, for notes and errors. */
export function describeOutcome(outcome: Outcome): string {
  const at = (o: { hub?: string; stage?: string }) => `${o.hub ? ` at ${o.hub}` : ''}${o.stage ? ` in ${o.stage}` : ''}`;
  const what = (() => {
    if ('objective' in outcome) return `objective ${outcome.objective}`;
    if ('capacity' in outcome) return `capacity of ${outcome.capacity.technology}${at(outcome.capacity)}`;
    if ('energy' in outcome) {
      const e = outcome.energy;
      return `energy ${e.impex ? `through ${e.impex}` : `${e.direction}ed as ${e.carrier}`}${at(e)}`;
    }
    if ('cost' in outcome) return `${outcome.cost.category ?? 'total'} cost${outcome.cost.technology ? ` of ${outcome.cost.technology}` : ''}${at(outcome.cost)}`;
    if ('co2' in outcome) return `${outcome.co2.category ?? 'total'} CO2${outcome.co2.technology ? ` of ${outcome.co2.technology}` : ''}${at(outcome.co2)}`;
    return `the technologies installed (capacity above ${outcome.design.tolerance})`;
  })();
  return `${what}, ${outcome.point === 'last' ? 'last Pareto point' : `Pareto point ${outcome.point}`}`;
}

/** The solution an outcome reads: its point, counted along the front of the variant's solutions. */
function solutionAt(outcome: Outcome, solutions: readonly SolutionTables[]): SolutionTables | string {
  const ordered = [...solutions].sort((a, b) => a.index - b.index);
  const found = outcome.point === 'last' ? ordered.at(-1) : ordered.find((s) => s.index === outcome.point);
  return found ?? `the output has no Pareto point ${outcome.point === 'last' ? '' : outcome.point}`.trimEnd() + ` (it has ${ordered.length})`;
}

/** Sums the rows of one section that pass `keep`; a stage-less capacity takes the largest stage total instead. */
function sumRows(solution: SolutionTables, section: string, keep: (row: SolutionTables['rows'][number]) => boolean, byStageMax = false) {
  const rows = solution.rows.filter((r) => r.section === section && keep(r));
  if (!byStageMax) return { rows, total: rows.reduce((sum, r) => sum + r.value, 0) };
  const perStage = new Map<string, number>();
  for (const r of rows) perStage.set(r.stage, (perStage.get(r.stage) ?? 0) + r.value);
  return { rows, total: Math.max(0, ...perStage.values()) };
}

/**
 * The outcome's value in a variant's solutions. A component the output does not list is zero (the
 * writer lists only non-zero costs and CO2); a capacity or energy it does not report at all is a
 * problem, never a silent zero.
 */
export function evaluateOutcome(outcome: Outcome, solutions: readonly SolutionTables[]): OutcomeValue {
  const solution = solutionAt(outcome, solutions);
  if (typeof solution === 'string') return { problem: solution };
  const where = (o: { hub?: string; stage?: string }) => (r: { hub: string; stage: string }) => (!o.hub || r.hub === o.hub) && (!o.stage || r.stage === o.stage);
  if ('objective' in outcome) {
    const value = solution.objectives[outcome.objective];
    return value === undefined ? { problem: `solution ${solution.index} has no objective row ${outcome.objective}` } : { value, unit: objectiveLabel(outcome.objective).unit };
  }
  if ('capacity' in outcome) {
    const c = outcome.capacity;
    const { rows, total } = sumRows(solution, 'Capacity', (r) => isItemOf(r.item, c.technology) && where(c)(r), !c.stage);
    if (!rows.length) return { problem: `solution ${solution.index} reports no capacity of ${c.technology}${c.hub ? ` at ${c.hub}` : ''}${c.stage ? ` in ${c.stage}` : ''}` };
    return { value: total, unit: rows[0].unit };
  }
  if ('energy' in outcome) {
    const e = outcome.energy;
    if (!solution.rows.some((r) => r.section === 'Energy')) return { problem: `solution ${solution.index} reports no annual energy (no Energy rows in its Cost & CO2 table)` };
    const direction = e.direction && (e.direction === 'import' ? 'Import' : 'Export');
    const { total } = sumRows(solution, 'Energy', (r) => (!e.impex || r.item === e.impex) && (!e.carrier || r.carrier === e.carrier) && (!direction || r.category === direction) && where(e)(r));
    return { value: total, unit: 'kWh/year' };
  }
  if ('cost' in outcome || 'co2' in outcome) {
    const [section, component, label, unit] = 'cost' in outcome
      ? ['Cost', outcome.cost, outcome.cost.category && COST_LABELS[outcome.cost.category], 'CHF']
      : ['CO2', outcome.co2, outcome.co2.category && CO2_LABELS[outcome.co2.category], 'kg CO2'];
    const { total } = sumRows(solution, section, (r) => (!label || r.category === label) && (!component.technology || isItemOf(r.item, component.technology)) && where(component)(r));
    return { value: total, unit };
  }
  const tolerance = outcome.design.tolerance;
  // An item that does not say where it is (an import's peak) gets its hub; a link names its two hubs already.
  const located = (r: SolutionTables['rows'][number]) => (r.hub && !r.item.includes(' @ ') && !r.item.endsWith(')') ? `${r.item} @ ${r.hub}` : r.item);
  const installed = [...new Set(solution.rows.filter((r) => r.section === 'Capacity' && r.value > tolerance).map(located))].sort();
  return { value: installed.length ? installed.join(', ') : '(nothing installed)', unit: '' };
}

/** Every outcome of a variant, by name. */
export function evaluateOutcomes(outcomes: readonly Outcome[], solutions: readonly SolutionTables[]): Record<string, OutcomeValue> {
  return Object.fromEntries(outcomes.map((o) => [o.name, evaluateOutcome(o, solutions)]));
}

/** The number an outcome has, if it has one. */
export function numericValue(value: OutcomeValue | undefined): number | undefined {
  return value && 'value' in value && typeof value.value === 'number' ? value.value : undefined;
}

/** The names of a base scenario that outcomes refer to. */
export interface ScenarioNames {
  /** Conversion and storage technologies, network links, imports and exports: what has a capacity. */
  technologies: string[];
  impex: string[];
  hubs: string[];
  carriers: string[];
  stages: string[];
}

/** A name an outcome gives that the base scenario does not have. */
export interface OutcomeNameProblem {
  /** Within the study file, e.g. `['outcomes', 2, 'capacity', 'hub']`. */
  path: (string | number)[];
  message: string;
}

/** Every name the outcomes give that the base scenario lacks, each with the nearest names it has. */
export function outcomeNameProblems(outcomes: readonly Outcome[], names: ScenarioNames): OutcomeNameProblem[] {
  const problems: OutcomeNameProblem[] = [];
  const check = (at: (string | number)[], value: string | undefined, known: string[], noun: string, plural: string) => {
    if (value === undefined || known.includes(value)) return;
    problems.push({ path: at, message: `the base scenario has no ${noun} "${value}"; ${offerNames(value, known, `its ${plural}`)}` });
  };
  outcomes.forEach((outcome, i) => {
    const kind = outcomeKind(outcome);
    const at = (field: string) => ['outcomes', i, kind, field];
    const place = (o: { hub?: string; stage?: string }) => {
      check(at('hub'), o.hub, names.hubs, 'hub', 'hubs');
      check(at('stage'), o.stage, names.stages, 'stage', 'stages');
    };
    if ('capacity' in outcome) {
      check(at('technology'), outcome.capacity.technology, names.technologies, 'technology, network link, import or export', 'technologies, links, imports and exports');
      place(outcome.capacity);
    } else if ('energy' in outcome) {
      check(at('impex'), outcome.energy.impex, names.impex, 'import or export', 'imports and exports');
      check(at('carrier'), outcome.energy.carrier, names.carriers, 'energy carrier', 'carriers');
      place(outcome.energy);
    } else if ('cost' in outcome || 'co2' in outcome) {
      const component = 'cost' in outcome ? outcome.cost : outcome.co2;
      check(at('technology'), component.technology, names.technologies, 'technology, network link, import or export', 'technologies, links, imports and exports');
      check(at('stage'), component.stage, names.stages, 'stage', 'stages');
    }
  });
  return problems;
}
