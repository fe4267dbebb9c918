/**
 * The study file's analysis sections: `outcomes` (what to read from every variant's output) and the
 * options of the analysis methods (morris, sobol, search), with the rules across them — an outcome
 * the search's condition names, a threshold on a number, a tolerance smaller than the range, an
 * estimator's sample sizes. The shapes are strict, as the rest of the file's.
 */
import { z } from 'zod';
import { Objective, TemporalResolution } from '../../wire/contract/values.js';
import type { VariantMethod } from './expand.js';
import { offerNames } from './nearest.js';
import { CO2_COMPONENTS, COST_COMPONENTS, OUTCOME_KINDS, type Outcome } from './outcomes.js';
import { REFINEMENTS, type SearchSpec } from './search/spec.js';
import { SolverJobRequest } from '../../wire/contract/solver-jobs.js';
import { SOBOL_MAX_DIMENSIONS } from './analysis/sobol-sequence.js';

const Identifier = z.string({ error: 'must be a string' }).regex(/^[A-Za-z][A-Za-z0-9_]*$/, {
  error: 'must start with a letter and hold only letters, digits and underscores',
});
const Name = z.string({ error: 'must be a string (a name in the base scenario)' }).trim().min(1, { error: 'must not be empty' });
const place = { hub: Name.optional(), stage: Name.optional() };

const OutcomeShape = z.strictObject({
  name: Identifier,
  point: z.union([z.int().min(1), z.literal('last')], { error: 'must be a Pareto point number (1, 2, …) or last' }).default(1),
  objective: Objective.optional(),
  capacity: z.strictObject({ technology: Name, ...place }).optional(),
  energy: z.strictObject({
    carrier: Name.optional(),
    impex: Name.optional(),
    direction: z.enum(['import', 'export'], { error: 'must be import or export' }).optional(),
    ...place,
  }).optional(),
  cost: z.strictObject({
    category: z.enum(COST_COMPONENTS, { error: `must be one of ${COST_COMPONENTS.join(', ')}` }).optional(),
    technology: Name.optional(),
    stage: Name.optional(),
  }).optional(),
  co2: z.strictObject({
    category: z.enum(CO2_COMPONENTS, { error: `must be one of ${CO2_COMPONENTS.join(', ')}` }).optional(),
    technology: Name.optional(),
    stage: Name.optional(),
  }).optional(),
  design: z.strictObject({ tolerance: z.number({ error: 'must be a number' }).min(0, { error: 'must be ≥ 0' }).default(1) }).optional(),
  /** A scheduled run reports the outcome as moved when it changed by more than this since the previous run. */
  alert: z.strictObject({
    relative: z.number({ error: 'must be a number (0.05 is 5 %)' }).gt(0, { error: 'must be > 0' }).optional(),
    absolute: z.number({ error: 'must be a number, in the outcome\'s unit' }).gt(0, { error: 'must be > 0' }).optional(),
  }).refine((a) => a.relative !== undefined || a.absolute !== undefined, { error: 'must give relative (0.05 is 5 %), absolute (in the outcome\'s unit), or both' }).optional(),
});
export const OutcomesShape = z.array(OutcomeShape, { error: 'must be a list of outcomes' });
type ParsedOutcome = z.output<typeof OutcomeShape>;

const Condition = z.strictObject({
  outcome: Identifier,
  above: z.number({ error: 'must be a number (the threshold)' }).optional(),
  below: z.number({ error: 'must be a number (the threshold)' }).optional(),
  changes: z.literal(true, { error: 'must be true' }).optional(),
});

const job = SolverJobRequest.shape;
const Confirm = z.strictObject({ temporalResolution: TemporalResolution.optional(), mipGap: job.mipGap.optional(), timeLimit: job.timeLimit.optional() })
  .refine((c) => Object.keys(c).length > 0, { error: 'must change at least one of temporalResolution, mipGap, timeLimit' });

/** The variant options of the analysis methods, beside those of the sampling methods. */
export const analysisVariantFields = {
  trajectories: z.int({ error: 'must be an integer' }).min(2, { error: 'must be ≥ 2: elementary effects need at least two trajectories to have a spread' }).optional(),
  levels: z.int({ error: 'must be an integer' })
    .min(4, { error: 'must be ≥ 4: fewer levels cannot place a step Δ = p / (2(p − 1)) inside the range' })
    .refine((p) => p % 2 === 0, { error: 'must be even: with an odd number of levels Morris steps do not sample the levels equally' })
    .optional(),
  groups: z.array(z.strictObject({ name: Identifier, parameters: z.array(Identifier).min(1, { error: 'must name at least one parameter' }) }), { error: 'must be a list of groups' })
    .min(1, { error: 'must not be empty (leave it out for one group per parameter)' })
    .optional(),
  parameter: Identifier.optional(),
  condition: Condition.optional(),
  tolerance: z.number({ error: 'must be a number (in the parameter\'s unit)' }).gt(0, { error: 'must be > 0' }).optional(),
  probes: z.int({ error: 'must be an integer' }).min(2, { error: 'must be ≥ 2: a search probes at least both ends of the range' }).max(100, { error: 'must be ≤ 100' }).optional(),
  scan: z.int({ error: 'must be an integer' }).min(2, { error: 'must be ≥ 2: the scan includes both ends of the range' }).max(50, { error: 'must be ≤ 50' }).optional(),
  refine: z.enum(REFINEMENTS, { error: `must be one of ${REFINEMENTS.join(', ')}` }).optional(),
  confirm: Confirm.optional(),
};

/** Which variant options each method uses: `true` required, `false` optional. */
export const METHOD_OPTIONS: Record<VariantMethod, Partial<Record<string, boolean>>> = {
  grid: {},
  zip: {},
  list: { list: true },
  'latin-hypercube': { samples: true, seed: true },
  morris: { trajectories: true, levels: false, groups: false, seed: true },
  sobol: { samples: true, seed: true },
  search: { parameter: true, condition: true, tolerance: true, probes: false, scan: false, refine: false, confirm: false },
};

type Path = (string | number)[];
interface Problem {
  path: Path;
  message: string;
}

const recordOf = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** The outcomes: one kind each, names unique and apart from the parameters', points within the front, energy located. */
export function checkOutcomes(outcomes: (ParsedOutcome | undefined)[], parameterNames: string[], points: number | undefined, problems: Problem[]): void {
  const seen = new Map<string, number>();
  outcomes.forEach((o, i) => {
    if (!o) return;
    const at: Path = ['outcomes', i];
    const kinds = OUTCOME_KINDS.filter((k) => o[k] !== undefined);
    if (kinds.length !== 1) {
      problems.push({ path: at, message: kinds.length ? `gives ${kinds.join(' and ')}: an outcome is one of ${OUTCOME_KINDS.join(', ')}` : `must give what to read: one of ${OUTCOME_KINDS.join(', ')}` });
    }
    const earlier = seen.get(o.name);
    if (earlier !== undefined) problems.push({ path: [...at, 'name'], message: `repeats outcomes[${earlier}].name: outcome names must be unique` });
    else seen.set(o.name, i);
    if (parameterNames.includes(o.name)) problems.push({ path: [...at, 'name'], message: `is the name of a parameter: a column cannot hold both` });
    if (typeof o.point === 'number' && points !== undefined && o.point > points) problems.push({ path: [...at, 'point'], message: `must be ≤ solver.points (${points}): the front has ${points} point${points === 1 ? '' : 's'}` });
    const energy = o.energy;
    if (energy) {
      if (!energy.carrier === !energy.impex) problems.push({ path: [...at, 'energy'], message: 'must name a carrier (with a direction) or one import or export (impex), not both' });
      if (energy.carrier && !energy.direction) problems.push({ path: [...at, 'energy', 'direction'], message: 'is required with carrier: import or export' });
    }
  });
}

/** The Morris groups: known parameters, each in one group at most, names unique. */
function checkGroups(groups: { name: string; parameters: string[] }[], parameterNames: string[], problems: Problem[]): void {
  const owner = new Map<string, string>();
  const names = new Set<string>();
  groups.forEach((group, g) => {
    if (names.has(group.name) || (parameterNames.includes(group.name) && !group.parameters.includes(group.name))) {
      problems.push({ path: ['variants', 'groups', g, 'name'], message: 'must differ from every other group\'s and parameter\'s name' });
    }
    names.add(group.name);
    group.parameters.forEach((p, j) => {
      const at: Path = ['variants', 'groups', g, 'parameters', j];
      if (!parameterNames.includes(p)) problems.push({ path: at, message: `is not a parameter of this study; ${offerNames(p, parameterNames, 'its parameters')}` });
      else if (owner.has(p)) problems.push({ path: at, message: `is already in group ${owner.get(p)}: a parameter moves with one group` });
      else owner.set(p, group.name);
    });
  });
}

/** The search's options against the parameters and outcomes. */
function checkSearch(search: Partial<SearchSpec>, parameters: { name: string; range?: { min: number; max: number } }[], outcomes: Outcome[], problems: Problem[]): void {
  const searched = parameters.find((p) => p.name === search.parameter);
  if (search.parameter !== undefined && !searched) {
    problems.push({ path: ['variants', 'parameter'], message: `is not a parameter of this study; ${offerNames(search.parameter, parameters.map((p) => p.name), 'its parameters')}` });
  }
  if (searched?.range && search.tolerance !== undefined && search.tolerance >= searched.range.max - searched.range.min) {
    problems.push({ path: ['variants', 'tolerance'], message: `must be smaller than the range of ${searched.name} (${searched.range.max - searched.range.min}): a bracket that wide is the range itself` });
  }
  if (search.probes !== undefined && search.probes < (search.scan ?? 2)) {
    problems.push({ path: ['variants', 'probes'], message: `must be ≥ scan (${search.scan ?? 2}): the scan's values are probes too` });
  }
  const condition = search.condition;
  if (!condition) return;
  const tests = (['above', 'below', 'changes'] as const).filter((k) => condition[k] !== undefined);
  if (tests.length !== 1) problems.push({ path: ['variants', 'condition'], message: 'must give one of above, below (a threshold) or changes: true' });
  const outcome = outcomes.find((o) => o.name === condition.outcome);
  if (!outcome) {
    const names = outcomes.map((o) => o.name);
    problems.push({ path: ['variants', 'condition', 'outcome'], message: names.length ? `is not an outcome of this study; ${offerNames(condition.outcome, names, 'its outcomes')}` : 'is not an outcome of this study: it has no outcomes section' });
  } else if ('design' in outcome && (condition.above !== undefined || condition.below !== undefined)) {
    problems.push({ path: ['variants', 'condition', tests[0]], message: `is a threshold, and ${outcome.name} is not a number (a design names technologies): use changes: true` });
  }
}

/** The analysis methods' rules across the file: groups, the search, and the sizes of the designs. */
export function checkAnalysisMethod(
  raw: Record<string, unknown>, method: VariantMethod, parameters: { name: string; range?: { min: number; max: number } }[], outcomes: Outcome[], problems: Problem[],
): void {
  const variants = recordOf(raw.variants);
  const data = <K extends keyof typeof analysisVariantFields>(key: K) => {
    const parsed = analysisVariantFields[key].safeParse(variants[key]);
    return parsed.success ? (parsed.data as z.output<(typeof analysisVariantFields)[K]>) : undefined;
  };
  if (method === 'morris') {
    const groups = data('groups');
    if (groups) checkGroups(groups, parameters.map((p) => p.name), problems);
  }
  if (method === 'sobol') {
    if (parameters.length > SOBOL_MAX_DIMENSIONS / 2) {
      problems.push({ path: ['parameters'], message: `has ${parameters.length} parameters; Sobol sampling takes at most ${SOBOL_MAX_DIMENSIONS / 2} (two coordinates of the sequence each): screen them with morris first` });
    }
    const samples = variants.samples;
    if (typeof samples === 'number' && (samples < 4 || !Number.isInteger(Math.log2(samples)))) {
      let lower = 4;
      while (lower * 2 <= samples) lower *= 2;
      problems.push({ path: ['variants', 'samples'], message: `must be a power of two ≥ 4 for Sobol' sampling (the sequence's balance holds for 2^m points): try ${samples < 4 ? 4 : `${lower} or ${lower * 2}`}` });
    }
  }
  if (method === 'search') {
    checkSearch({ parameter: data('parameter'), condition: data('condition'), tolerance: data('tolerance'), probes: data('probes'), scan: data('scan') }, parameters, outcomes, problems);
  }
}
