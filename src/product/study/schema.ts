/**
 * The study file, version 1: its shape, strict everywhere so that a typo is an error rather than a
 * silent default, and the rules across fields: targets against the catalog, values against the
 * contract, variants against their method, the solver settings and the budget against each other.
 */
import { z } from 'zod';
import { toFieldProblems } from '../../wire/contract/issues.js';
import { Name } from '../../wire/contract/primitives.js';
import { SolverJobRequest, type SolverSettings } from '../../wire/contract/solver-jobs.js';
import { type FieldInfo, LEVEL_CONTEXT, MAX_MODES, describeTarget, fieldInfo, fieldsOf } from './catalog.js';
import {
  type Sweep, VARIANT_METHODS, type VariantMethod, type VariantsSpec, canonicalAssignment, expandVariants, variantCount, variantLabel,
} from './expand.js';
import { designRuns } from './designs.js';
import { searchCount } from './plan.js';
import { studyMessage } from './messages.js';
import { offerNames } from './nearest.js';
import type { Outcome } from './outcomes.js';
import { planStudy } from './plan.js';
import { METHOD_OPTIONS, OutcomesShape, analysisVariantFields, checkAnalysisMethod, checkOutcomes } from './schema-analysis.js';
import type { SearchSpec } from './search/spec.js';
import type { MorrisSpec } from './designs.js';
import { type Assignment, type Parameter, TARGET_KINDS, type Target } from './target.js';

/** More variants than this is a mistake (a grid one dimension too many), not a study. */
export const MAX_VARIANTS = 100_000;

const Ref = z.string({ error: 'must be a string (a name or a guid)' }).trim().min(1, { error: 'must not be empty' });
const Value = z.union([z.number(), z.string(), z.boolean()], { error: 'must be a number, a string or a boolean' });
const Factor = z.number({ error: 'must be a number (a factor)' }).min(0, { error: 'must be ≥ 0 (a factor)' });

const TargetShape = z.strictObject({
  kind: z.enum(TARGET_KINDS, { error: `must be one of ${TARGET_KINDS.join(', ')}` }),
  name: Ref,
  field: z.string({ error: 'must be a string' }).min(1, { error: 'must not be empty' }).optional(),
  mode: z
    .int({ error: 'must be an integer (modes count from 1)' })
    .min(1, { error: 'must be ≥ 1 (modes count from 1)' })
    .max(MAX_MODES, { error: `must be ≤ ${MAX_MODES}: a conversion technology has at most ${MAX_MODES} modes` })
    .optional(),
  carrier: Ref.optional(),
  hub: Ref.optional(),
});

const Range = z
  .strictObject({ min: z.number({ error: 'must be a number' }), max: z.number({ error: 'must be a number' }) })
  .refine((r) => r.max > r.min, { error: 'must be greater than min', path: ['max'] });

const ParameterShape = z.strictObject({
  name: z.string({ error: 'must be a string' }).regex(/^[A-Za-z][A-Za-z0-9_]*$/, {
    error: 'must start with a letter and hold only letters, digits and underscores',
  }),
  target: TargetShape,
  operation: z.enum(['set', 'scale'], { error: 'must be set or scale' }).default('set'),
  values: z.array(Value, { error: 'must be a list of values' }).min(1, { error: 'must not be empty: a parameter needs at least one value' }).optional(),
  range: Range.optional(),
  /** For people only: how the parameter's values read in results (`CHF/kWh`). */
  unit: z.string({ error: 'must be a string' }).trim().min(1, { error: 'must not be empty' }).max(20, { error: 'must be at most 20 characters' }).optional(),
});
type ParsedParameter = z.output<typeof ParameterShape>;

// Field schemas by section, so that the rules across fields can read one field without the rest.
const variantFields = {
  method: z.enum(VARIANT_METHODS, { error: `must be one of ${VARIANT_METHODS.join(', ')}` }),
  samples: z.int({ error: 'must be an integer' }).min(1, { error: 'must be ≥ 1' }).max(MAX_VARIANTS, { error: `must be ≤ ${MAX_VARIANTS}` }).optional(),
  seed: z.int({ error: 'must be an integer' }).min(0, { error: 'must be ≥ 0' }).max(2 ** 32 - 1, { error: `must be ≤ ${2 ** 32 - 1}` }).optional(),
  list: z
    .array(z.record(z.string(), Value, { error: 'must map parameter names to values' }), { error: 'must be a list of variants' })
    .min(1, { error: 'must not be empty' })
    .optional(),
  ...analysisVariantFields,
};

// The solver settings are a solver job's: its rules, worded as the contract words them.
const job = SolverJobRequest.shape;
const solverFields = {
  objective1: job.objective1,
  objective2: job.objective2,
  points: job.points,
  temporalResolution: job.temporalResolution,
  timeLimit: job.timeLimit,
  mipGap: job.mipGap,
};

const Jobs = z.int({ error: 'must be an integer number of jobs' }).min(1, { error: 'must be ≥ 1: a budget of no job cannot run the study' });
const Minutes = z.number({ error: 'must be a number of minutes' }).gt(0, { error: 'must be > 0' });
const budgetFields = {
  jobs: Jobs.nullish(), minutes: Minutes.nullish(), jobsPerWeek: Jobs.nullish(), minutesPerWeek: Minutes.nullish(),
  waitForRaise: z.boolean({ error: 'must be true or false' }).optional(),
};

const StudyShape = z.strictObject({
  version: z.literal(1, { error: 'must be 1, the version of this format' }),
  name: z
    .string({ error: 'must be a string' })
    .max(40, { error: 'must be at most 40 characters' })
    .regex(/^[a-z0-9][a-z0-9-]*$/, { error: 'must be lowercase letters, digits and dashes, not starting with a dash' }),
  description: z.string({ error: 'must be a string' }).nullish(),
  base: z.strictObject({ project: Ref, analysis: Ref, scenario: Ref }),
  destination: z.strictObject({ analysis: Name, project: Ref.optional() }),
  parameters: z.array(ParameterShape, { error: 'must be a list of parameters' }).min(1, { error: 'must name at least one parameter' }),
  outcomes: OutcomesShape.optional(),
  variants: z.strictObject(variantFields),
  solver: z.strictObject(solverFields),
  budget: z.strictObject(budgetFields).nullish(),
  concurrency: z.int({ error: 'must be an integer' }).min(1, { error: 'must be ≥ 1' }).max(1000, { error: 'must be ≤ 1000' }),
  output: z.string({ error: 'must be a string (a directory)' }).trim().min(1, { error: 'must not be empty' }),
  notify: z.strictObject({
    /** Where a scheduled run whose outcomes moved posts a short JSON document; written in the study, so in Temporal's history. */
    webhook: z.string({ error: 'must be a string (an http or https URL)' }).refine(isHttpUrl, { error: 'must be an http or https URL' }).optional(),
    /** The worker's environment variable that holds the URL, for a URL that carries a token: it never enters the history. */
    webhookEnv: z.string({ error: 'must be the name of an environment variable' }).regex(/^[A-Za-z_][A-Za-z0-9_]*$/, { error: 'must be the name of an environment variable' }).optional(),
  }).refine((n) => (n.webhook === undefined) !== (n.webhookEnv === undefined), { error: 'must give either webhook (a URL) or webhookEnv (a variable of the worker\'s environment that holds it)' }).optional(),
});

export function isHttpUrl(text: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(text).protocol);
  } catch {
    return false;
  }
}

/** The keys a mapping of the file may hold at `path` (`[]`: the study itself), for naming a misspelt one's fix. */
export function keysAt(path: readonly PropertyKey[]): string[] {
  let schema: z.ZodType = StudyShape;
  const unwrap = () => {
    while (['optional', 'nullable', 'default'].includes(schema.def.type)) schema = (schema.def as unknown as { innerType: z.ZodType }).innerType;
  };
  for (const step of path) {
    unwrap();
    if (schema instanceof z.ZodArray) schema = schema.element as z.ZodType;
    else if (schema instanceof z.ZodObject && typeof step === 'string' && schema.shape[step]) schema = schema.shape[step] as z.ZodType;
    else return [];
  }
  unwrap();
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
}

/** A validated study, with its defaults applied. */
export interface Study extends Sweep {
  version: 1;
  name: string;
  description: string | null;
  base: { project: string; analysis: string; scenario: string };
  /** `project` defaults to the base project. */
  destination: { project: string; analysis: string };
  parameters: Parameter[];
  /** What to read from every variant's output (none: the objectives alone). */
  outcomes: Outcome[];
  solver: SolverSettings;
  /**
   * Null is unlimited. A study whose worst case exceeds `jobs` or `minutes` is refused unless
   * `waitForRaise`: then it starts, and waits at its budget until the budget is raised.
   */
  budget: { jobs: number | null; minutes: number | null; jobsPerWeek: number | null; minutesPerWeek: number | null; waitForRaise: boolean };
  concurrency: number;
  /** As written; the loader resolves it against the study file's directory. */
  output: string;
  /** Who hears of a scheduled run whose outcomes moved. */
  notify?: StudyNotify;
}

export interface StudyNotify {
  webhook?: string;
  webhookEnv?: string;
}

type Path = (string | number)[];
interface Problem {
  path: Path;
  message: string;
}

const dataOf = <S extends z.ZodType>(schema: S, value: unknown): z.output<S> | undefined => {
  const result = schema.safeParse(value);
  return result.success ? result.data : undefined;
};
const recordOf = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

function valueProblems(schema: z.ZodType, value: unknown, path: Path): Problem[] {
  const result = schema.safeParse(value);
  if (result.success) return [];
  const { issues } = result.error;
  return toFieldProblems(issues, value).map((p, i) => ({ path: [...path, ...p.loc], message: studyMessage(issues[i], p.message, value) }));
}

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;
const isNumeric = (info: FieldInfo) => info.type === 'number' || info.type === 'integer';

const WHERE: Record<FieldInfo['level'], string> = {
  top: 'the resource itself',
  mode: 'a mode (mode: 1, 2, …)',
  modeCarrier: 'one carrier of a mode (mode and carrier)',
  hub: 'one hub of the resource (hub)',
};

function unknownField(kind: Target['kind'], field: string): string {
  const fields = fieldsOf(kind).map((f) => f.field);
  if (fields.length === 0) return `is not allowed: a ${kind} has no field a study may change`;
  return `is not a field of ${kind}; ${offerNames(field, fields, 'its fields')}`;
}

/** The target against the catalog; answers the field (undefined for profiles) when the target is sound. */
function checkTarget(p: ParsedParameter, at: Path, problems: Problem[]): FieldInfo | undefined {
  const { target } = p;
  const context = ['mode', 'carrier', 'hub'] as const;
  if (target.kind === 'profile') {
    if (target.field !== undefined) problems.push({ path: [...at, 'target', 'field'], message: 'is not allowed: a profile has no fields, it is scaled as a whole' });
    for (const key of context) {
      if (target[key] !== undefined) problems.push({ path: [...at, 'target', key], message: 'is not used by a profile' });
    }
    if (p.operation !== 'scale') problems.push({ path: [...at, 'operation'], message: 'must be scale: a profile can only be scaled' });
    return undefined;
  }
  if (target.field === undefined) {
    problems.push({ path: [...at, 'target', 'field'], message: `is required: the field of the ${target.kind} to change` });
    return undefined;
  }
  const info = fieldInfo(target.kind, target.field);
  if (!info) {
    problems.push({ path: [...at, 'target', 'field'], message: unknownField(target.kind, target.field) });
    return undefined;
  }
  for (const key of context) {
    const needed = LEVEL_CONTEXT[info.level].includes(key);
    if (needed !== (target[key] !== undefined)) {
      problems.push({ path: [...at, 'target', key], message: `${needed ? 'is required' : 'is not used'}: ${info.field} is a field of ${WHERE[info.level]}` });
    }
  }
  if (p.operation === 'scale' && !isNumeric(info)) {
    problems.push({ path: [...at, 'operation'], message: `must be set: scale multiplies a number, and ${info.field} is ${info.type === 'enum' ? 'an enum' : `a ${info.type}`}` });
  }
  return info;
}

/** Whether the method wants the parameter's `values` or its `range` (neither for a list, which gives the values itself). */
function wantedSweep(p: ParsedParameter, method: VariantMethod | undefined, searched: unknown): 'values' | 'range' | undefined {
  if (method === 'search') return p.name === searched ? 'range' : 'values';
  if (method === 'latin-hypercube' || method === 'morris' || method === 'sobol') return 'range';
  return method === 'list' ? undefined : method && 'values';
}

/** The parameter's values or range against its method and its field. */
function checkSweep(p: ParsedParameter, info: FieldInfo | undefined, method: VariantMethod | undefined, searched: unknown, at: Path, problems: Problem[]): void {
  const wants = wantedSweep(p, method, searched);
  for (const key of ['values', 'range'] as const) {
    if (p[key] !== undefined && method && wants !== key) {
      const why = method === 'list' ? ': variants.list gives the values' : method === 'search' ? (key === 'range' ? `: only the searched parameter (${String(searched)}) has a range; give the others values, one search each` : `: ${p.name} is the searched parameter, give it a range`) : '';
      problems.push({ path: [...at, key], message: `is not used by method ${method}${why}` });
    }
  }
  if (wants && p[wants] === undefined) {
    const why = method === 'search' && wants === 'range' ? `: the search moves ${p.name} over it` : '';
    problems.push({ path: [...at, wants], message: `is required by method ${method}${why}` });
  }
  const schema = p.operation === 'scale' ? Factor : info?.schema;
  if (!schema) return;
  p.values?.forEach((value, j) => problems.push(...valueProblems(schema, value, [...at, 'values', j])));
  if (!p.range) return;
  if (info && p.operation === 'set' && info.type !== 'number') {
    const why = info.type === 'integer' ? `an integer field, and ${method} samples fractions: sweep it with values` : `a ${info.type} field, and ${method} samples numbers`;
    problems.push({ path: [...at, 'range'], message: `cannot be sampled: ${info.field} is ${why}` });
    return;
  }
  problems.push(...valueProblems(schema, p.range.min, [...at, 'range', 'min']), ...valueProblems(schema, p.range.max, [...at, 'range', 'max']));
}

function checkNamesUnique(parameters: (ParsedParameter | undefined)[], problems: Problem[]): void {
  const first = new Map<string, number>();
  parameters.forEach((p, i) => {
    if (!p) return;
    const earlier = first.get(p.name);
    if (earlier === undefined) first.set(p.name, i);
    else problems.push({ path: ['parameters', i, 'name'], message: `repeats parameters[${earlier}].name: parameter names must be unique` });
  });
}

/** Two parameters on one field would each undo the other in every variant. */
function checkTargetsUnique(parameters: (ParsedParameter | undefined)[], problems: Problem[]): void {
  const first = new Map<string, number>();
  parameters.forEach((p, i) => {
    if (!p) return;
    const { kind, name, field, mode, carrier, hub } = p.target;
    const key = JSON.stringify([kind, name, field, mode, carrier, hub]);
    const earlier = first.get(key);
    if (earlier === undefined) first.set(key, i);
    else problems.push({ path: ['parameters', i, 'target'], message: `repeats parameters[${earlier}].target (${describeTarget(p.target)}): one field can be changed by one parameter only` });
  });
}

function checkList(list: Assignment[], parameters: ParsedParameter[], infos: (FieldInfo | undefined)[], problems: Problem[]): void {
  const names = new Set(parameters.map((p) => p.name));
  list.forEach((item, k) => {
    for (const name of Object.keys(item)) {
      if (!names.has(name)) problems.push({ path: ['variants', 'list', k, name], message: 'is not a parameter of this study' });
    }
    parameters.forEach((p, i) => {
      if (!(p.name in item)) problems.push({ path: ['variants', 'list', k], message: `does not give parameter ${p.name}: every variant gives every parameter` });
      else problems.push(...valueProblems(p.operation === 'scale' ? Factor : infos[i]!.schema, item[p.name], ['variants', 'list', k, p.name]));
    });
  });
}

function checkRepeatedValues(parameters: ParsedParameter[], problems: Problem[]): void {
  parameters.forEach((p, i) => {
    const first = new Map<string, number>();
    p.values!.forEach((value, j) => {
      const earlier = first.get(JSON.stringify(value));
      if (earlier === undefined) first.set(JSON.stringify(value), j);
      else problems.push({ path: ['parameters', i, 'values', j], message: `repeats values[${earlier}] (${String(value)}): two variants would be identical` });
    });
  });
}

// Morris and Sobol designs repeat points by construction (each is solved once); a search never repeats a probe.
const DUPLICATE_AT: Partial<Record<VariantMethod, (index: number) => Path>> = {
  grid: () => ['variants'],
  zip: (index) => ['parameters', 0, 'values', index],
  list: (index) => ['variants', 'list', index],
  'latin-hypercube': () => ['variants', 'samples'],
};

/** Identical variants, and different ones that share a key (they would share a scenario). */
function checkVariantsDistinct(sweep: Sweep, problems: Problem[]): void {
  const byValues = new Map<string, number>();
  const byKey = new Map<string, number>();
  const at = DUPLICATE_AT[sweep.variants.method];
  if (!at) return;
  for (const variant of expandVariants(sweep)) {
    const path = at(variant.index);
    const label = variantLabel(variant.assignment);
    const canonical = canonicalAssignment(variant.assignment);
    const same = byValues.get(canonical);
    if (same !== undefined) {
      problems.push({ path, message: `variant ${variant.index} repeats variant ${same} (${label})${sweep.variants.method === 'latin-hypercube' ? ' after rounding to 5 decimals: widen the ranges or take fewer samples' : ''}` });
      continue;
    }
    byValues.set(canonical, variant.index);
    const clash = byKey.get(variant.key);
    if (clash !== undefined) problems.push({ path, message: `variant ${variant.index} (${label}) has the key ${variant.key} of variant ${clash}: change one of its values slightly` });
    else byKey.set(variant.key, variant.index);
  }
}

/** The method's own options: each used by the methods that name it, and required where they say so. */
function checkMethodOptions(raw: Record<string, unknown>, method: VariantMethod, problems: Problem[]): void {
  const variants = recordOf(raw.variants);
  const options = METHOD_OPTIONS[method];
  for (const key of Object.keys(variantFields)) {
    if (key === 'method') continue;
    const required = options[key];
    if (variants[key] !== undefined && required === undefined) problems.push({ path: ['variants', key], message: `is not used by method ${method}` });
    if (variants[key] === undefined && required) problems.push({ path: ['variants', key], message: `is required by method ${method}` });
  }
}

type ParsedVariants = { [K in keyof typeof variantFields]?: z.output<(typeof variantFields)[K]> };

/** The method's options as a study carries them, with their defaults. */
function variantsSpecOf(v: ParsedVariants & { method: VariantMethod }): VariantsSpec {
  const morris: MorrisSpec | null = v.method === 'morris' ? { trajectories: v.trajectories!, levels: v.levels ?? 4, groups: v.groups ?? null } : null;
  const search: SearchSpec | null = v.method === 'search'
    ? {
      parameter: v.parameter!, condition: v.condition!, tolerance: v.tolerance!, probes: v.probes ?? 10, scan: v.scan ?? 2,
      refine: v.refine ?? 'bisection', confirm: v.confirm ?? null,
    }
    : null;
  return { method: v.method, samples: v.samples ?? null, seed: v.seed ?? null, list: v.list ?? null, morris, search };
}

/** The variants the sound parameters make: fitting together, then few enough and all distinct, and within the budget. */
function checkVariants(raw: Record<string, unknown>, parameters: ParsedParameter[], infos: (FieldInfo | undefined)[], method: VariantMethod, problems: Problem[]): void {
  const variants = recordOf(raw.variants);
  const parsed = Object.fromEntries(Object.entries(variantFields).map(([key, schema]) => [key, dataOf(schema as z.ZodType, variants[key])])) as ParsedVariants;
  // Options the method needs, each as it must be (its shape already said what is wrong with it).
  if (Object.keys(METHOD_OPTIONS[method]).some((key) => variants[key] !== undefined ? parsed[key as keyof ParsedVariants] === undefined : METHOD_OPTIONS[method][key])) return;
  const list = parsed.list ?? null;
  const before = problems.length;
  if (method === 'zip') {
    const length = parameters[0].values!.length;
    parameters.forEach((p, i) => {
      if (p.values!.length !== length) {
        problems.push({ path: ['parameters', i, 'values'], message: `has ${plural(p.values!.length, 'value')} but parameters[0].values has ${length}: zip pairs values by position` });
      }
    });
  }
  if (method === 'list' && list) checkList(list, parameters, infos, problems);
  if (method === 'grid') checkRepeatedValues(parameters, problems);
  if (method === 'search') checkRepeatedValues(parameters.filter((p) => p.values), problems);
  if (problems.length > before) return;

  const sweep: Sweep = { name: '', parameters, variants: variantsSpecOf({ ...parsed, method }) };
  if (method === 'morris' || method === 'sobol') {
    const runs = designRuns(sweep.variants, parameters.map((p) => p.name));
    if (runs > MAX_VARIANTS) {
      const size = method === 'morris' ? 'r (trajectories) × (groups + 1)' : 'N (samples) × (parameters + 2)';
      problems.push({ path: ['variants'], message: `makes ${runs} runs (${size}); at most ${MAX_VARIANTS} are allowed: take fewer ${method === 'morris' ? 'trajectories' : 'samples'}` });
      return;
    }
  }
  const count = method === 'search' ? searchCount(sweep) : variantCount(sweep);
  if (count > MAX_VARIANTS) problems.push({ path: ['variants'], message: `makes ${count} ${method === 'search' ? 'searches' : 'variants'}; at most ${MAX_VARIANTS} are allowed` });
  else checkVariantsDistinct(sweep, problems);
  if (problems.length > before) return;
  checkBudgetFits(raw, sweep, problems);
}

/** A study whose worst case its own budget cannot hold is refused, saying what would fit, unless it is to wait for a raise. */
function checkBudgetFits(raw: Record<string, unknown>, sweep: Sweep, problems: Problem[]): void {
  const budget = recordOf(raw.budget);
  const timeLimit = dataOf(solverFields.timeLimit, recordOf(raw.solver).timeLimit);
  if (timeLimit === undefined) return;
  const plan = planStudy({
    ...sweep, parameters: [...sweep.parameters], solver: { timeLimit },
    budget: {
      jobs: dataOf(budgetFields.jobs, budget.jobs) ?? null, minutes: dataOf(budgetFields.minutes, budget.minutes) ?? null,
      jobsPerWeek: null, minutesPerWeek: null, waitForRaise: dataOf(budgetFields.waitForRaise, budget.waitForRaise) ?? false,
    },
  });
  if (plan.problem) problems.push({ path: plan.problem.field.split('.'), message: plan.problem.message });
}

function checkSolver(raw: Record<string, unknown>, problems: Problem[]): void {
  const solver = recordOf(raw.solver);
  const points = dataOf(solverFields.points, solver.points);
  const objective1 = dataOf(solverFields.objective1, solver.objective1);
  const objective2 = dataOf(solverFields.objective2, solver.objective2);
  if (points !== undefined && points > 1 && solver.objective2 == null) {
    problems.push({ path: ['solver', 'objective2'], message: 'is required when points > 1: the points span the trade-off between objective1 and objective2' });
  }
  if (objective2 != null && objective2 === objective1) problems.push({ path: ['solver', 'objective2'], message: 'must differ from objective1' });
}

function checkBudget(raw: Record<string, unknown>, problems: Problem[]): void {
  const budget = recordOf(raw.budget);
  const timeLimit = dataOf(solverFields.timeLimit, recordOf(raw.solver).timeLimit);
  if (timeLimit === undefined) return;
  for (const key of ['minutes', 'minutesPerWeek'] as const) {
    const minutes = dataOf(budgetFields[key], budget[key]);
    if (minutes != null && minutes < timeLimit) {
      problems.push({ path: ['budget', key], message: `cannot hold a single job: ${minutes} minutes < solver.timeLimit (${timeLimit} minutes), which each job reserves` });
    }
  }
}

/**
 * The rules across fields. Each reads the fields it needs through their own schemas and skips
 * what is malformed (already reported by the shape), so one typo does not hide other problems.
 */
function crossFieldProblems(input: unknown): Problem[] {
  const raw = recordOf(input);
  const problems: Problem[] = [];
  const method = dataOf(variantFields.method, recordOf(raw.variants).method);
  const searched = recordOf(raw.variants).parameter;
  const parameters = (Array.isArray(raw.parameters) ? raw.parameters : []).map((p) => dataOf(ParameterShape, p));
  const infos = parameters.map((p, i) => {
    if (!p) return undefined;
    const before = problems.length;
    const info = checkTarget(p, ['parameters', i], problems);
    if (problems.length === before) checkSweep(p, info, method, searched, ['parameters', i], problems);
    return info;
  });
  checkNamesUnique(parameters, problems);
  checkTargetsUnique(parameters, problems);
  const outcomes = (Array.isArray(raw.outcomes) ? raw.outcomes : []).map((o) => dataOf(OutcomesShape.element, o));
  checkOutcomes(outcomes, parameters.flatMap((p) => (p ? [p.name] : [])), dataOf(solverFields.points, recordOf(raw.solver).points), problems);
  const sound = (list: (ParsedParameter | undefined)[]): list is ParsedParameter[] => list.length > 0 && list.every(Boolean);
  if (method) {
    checkMethodOptions(raw, method, problems);
    checkAnalysisMethod(raw, method, parameters.flatMap((p) => (p ? [p] : [])), outcomes.flatMap((o) => (o ? [normaliseOutcome(o)] : [])), problems);
    // Variants are made only of parameters and method options without a problem.
    if (problems.length === 0 && sound(parameters)) checkVariants(raw, parameters, infos, method, problems);
  }
  checkSolver(raw, problems);
  checkBudget(raw, problems);
  return problems;
}

/** An outcome as the study carries it: its kind's key alone, beside its name and point. */
function normaliseOutcome(o: z.output<typeof OutcomesShape.element>): Outcome {
  const { name, point, alert, ...kinds } = o;
  const [kind, spec] = Object.entries(kinds).find(([, v]) => v !== undefined) ?? ['objective', undefined];
  return { name, point, ...(alert ? { alert } : {}), [kind]: spec } as unknown as Outcome;
}

function normalise(s: z.output<typeof StudyShape>): Study {
  return {
    version: 1,
    name: s.name,
    description: s.description ?? null,
    base: s.base,
    destination: { project: s.destination.project ?? s.base.project, analysis: s.destination.analysis },
    parameters: s.parameters,
    outcomes: (s.outcomes ?? []).map(normaliseOutcome),
    variants: variantsSpecOf(s.variants),
    solver: { ...s.solver, objective2: s.solver.objective2 ?? null },
    budget: {
      jobs: s.budget?.jobs ?? null,
      minutes: s.budget?.minutes ?? null,
      jobsPerWeek: s.budget?.jobsPerWeek ?? null,
      minutesPerWeek: s.budget?.minutesPerWeek ?? null,
      waitForRaise: s.budget?.waitForRaise ?? false,
    },
    concurrency: s.concurrency,
    output: s.output,
    ...(s.notify ? { notify: s.notify } : {}),
  };
}

/** The study file (v1): parses a plain object into a normalised `Study`, or fails with every problem found. */
export const StudySchema = StudyShape.superRefine(
  (input: unknown, ctx) => {
    for (const { path, message } of crossFieldProblems(input)) ctx.addIssue({ code: 'custom', path, message, input: undefined });
  },
  // The rules across fields guard themselves, so they run even when the shape has failed.
  { when: () => true },
).transform(normalise);
