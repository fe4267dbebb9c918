/**
 * A start for a full-year MIP: the design of the same scenario solved over typical days. The
 * typical-day model has the same design columns (capacities, installation decisions, peaks; same
 * names), solved in seconds, and its design is usually close to the full year's (on the demo
 * district, priced over the year, the LOW cost optimum's design is within 0.01 % of the best
 * cost-optimal design its MEDIUM solve finds). Decomposition (engine/decomposition.ts) prices it first; a whole-MIP
 * solve takes its installation decisions as a partial start, which HiGHS completes into a first
 * incumbent. It is only a start: the bound and the answer are the full-year model's.
 */
import type { Objective, TemporalResolution } from '../../wire/contract/values.js';
import type { ScenarioContent } from '../scenario-model/documents.js';
import type { ColumnValues } from './engine/protocol.js';
import { withSolverThread } from './engine/solver-thread.js';
import type { ModelArrays } from './lp.js';
import { buildModel } from './model/build.js';
import type { ModelContext } from './model/context.js';
import { type ObjectiveFunction, minimise, objectiveFunctions } from './model/objectives.js';
import type { OptimiseSettings } from './settings.js';

/** The installation decisions alone (`indices`, `values`): a partial start for a whole-MIP solve. */
export interface InstallationStart extends ColumnValues {
  /** The whole design of the typical-day optimum (capacities too), by column of the full model: where a decomposition starts. */
  design: ColumnValues;
  /** Seconds from the call to this start found. */
  seconds: number;
  /** How many typical days it was solved over (its objective's resolution). */
  typicalDays: number;
}

/** An objective whose typical-day optimum is wanted as a start, with the objective that breaks its ties, and the seconds it may take. */
export interface StartObjective {
  objective: Objective;
  tieBreaker?: Objective;
  budgetSeconds: number;
  /** The typical days it is solved over: enough to tell which items pay off, solved in seconds. */
  resolution: Exclude<TemporalResolution, 'FULL'>;
}

/**
 * The design of each objective's optimum over typical days, by column of `full`: all of it, and its
 * installation decisions alone as a partial MIP solution; undefined for an objective whose guess
 * finds no solution within its budget (all undefined when the full-year model has no binaries).
 * Each objective is solved in its own thread, all at once, and each answer comes when it is ready:
 * a front's objective-1 end waits only for its own start, and the objective-2 start is solved on
 * the second core while the full year's first solve runs (in one thread after the other, the CO2
 * start of the demo district missed its share on a loaded machine, and the front's CO2 end never
 * left the cost optimum's design; one after the other, each with its budget from its own beginning,
 * the CO2 end waited 8 s for its start, and the inner points priced nothing).
 */
export function installationStarts(
  content: ScenarioContent, settings: OptimiseSettings, full: ModelContext, wanted: readonly StartObjective[], signal?: AbortSignal,
): Promise<InstallationStart | undefined>[] {
  if (full.lp.binaries === 0 || wanted.every((end) => end.budgetSeconds < 1)) return wanted.map(() => Promise.resolve(undefined));
  const started = performance.now();
  const guesses = new Map<StartObjective['resolution'], Guess | undefined>();
  const guessAt = (resolution: StartObjective['resolution']) => {
    if (!guesses.has(resolution)) guesses.set(resolution, guessModel(content, resolution));
    return guesses.get(resolution);
  };
  // Design columns carry the same names at every resolution.
  const design = full.lp.designColumns();
  return wanted.map((end) => withSolverThread(signal, async (thread): Promise<InstallationStart | undefined> => {
    const guessed = guessAt(end.resolution);
    // A start is only a head start: without one, the full-year solves start from their lower bounds.
    if (!guessed) return undefined;
    const { model, objectives, arrays, designColumns } = guessed;
    const left = end.budgetSeconds - (performance.now() - started) / 1000;
    if (left < 1 || signal?.aborted) return undefined;
    await thread.load(arrays);
    const { cost, offset } = minimise(model.lp.columns, objectives[end.objective], end.tieBreaker ? objectives[end.tieBreaker] : undefined);
    const outcome = await thread.solve({ cost, offset, rows: [], timeLimitSeconds: left, mipRelGap: settings.mipGapPercent / 100 });
    if (!outcome.colValue) return undefined;
    const byName = new Map(designColumns.map((j) => [model.lp.name(j), outcome.colValue![j]]));
    const columns = design.filter((j) => byName.has(full.lp.name(j)));
    const values = Float64Array.from(columns, (j) => byName.get(full.lp.name(j))!);
    const decisions = columns.flatMap((j, k) => (full.lp.isInteger(j) ? [k] : []));
    return {
      indices: Int32Array.from(decisions, (k) => columns[k]), values: Float64Array.from(decisions, (k) => Math.round(values[k])),
      design: { indices: Int32Array.from(columns), values }, seconds: (performance.now() - started) / 1000,
      typicalDays: model.time.typical?.count ?? 0,
    };
  }).catch(() => undefined));
}

/** The scenario over typical days, as a start's solve needs it. */
interface Guess {
  model: ModelContext;
  objectives: Record<Objective, ObjectiveFunction>;
  arrays: ModelArrays;
  designColumns: number[];
}

/** The scenario over `resolution`'s typical days; undefined when it cannot be built. */
function guessModel(content: ScenarioContent, resolution: StartObjective['resolution']): Guess | undefined {
  try {
    const model = buildModel(content, resolution, { maxOperationBinaries: 0 });
    return { model, objectives: objectiveFunctions(model), arrays: model.lp.arrays(), designColumns: model.lp.designColumns() };
  } catch {
    return undefined;
  }
}
