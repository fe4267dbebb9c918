/**
 * A start for a full-year MIP: the design of the same scenario solved over typical days. The
 * typical-day model has the same design columns (capacities, installation decisions, peaks; same
 * names), solved in seconds, and its design is usually close to the full year's (on the demo
 * district within 0.02 %). Decomposition (engine/decomposition.ts) prices it first; a whole-MIP
 * solve takes its installation decisions as a partial start, which HiGHS completes into a first
 * incumbent. It is only a start: the bound and the answer are the full-year model's.
 */
import type { Objective } from '../../wire/contract/values.js';
import type { ScenarioContent } from '../scenario-model/documents.js';
import type { ColumnValues } from './engine/protocol.js';
import { withSolverThread } from './engine/solver-thread.js';
import { buildModel } from './model/build.js';
import type { ModelContext } from './model/context.js';
import { minimise, objectiveFunctions } from './model/objectives.js';
import type { OptimiseSettings } from './settings.js';

/** Typical days enough to tell which items pay off, solved in seconds. */
const GUESS_RESOLUTION = 'MEDIUM';

/** The installation decisions alone (`indices`, `values`): a partial start for a whole-MIP solve. */
export interface InstallationStart extends ColumnValues {
  /** The whole design of the typical-day optimum (capacities too), by column of the full model: where a decomposition starts. */
  design: ColumnValues;
  /** Seconds from the call to this start found. */
  seconds: number;
}

/** An objective whose typical-day optimum is wanted as a start, with the objective that breaks its ties, and the seconds it may take. */
export interface StartObjective {
  objective: Objective;
  tieBreaker?: Objective;
  budgetSeconds: number;
}

/**
 * The design of each objective's optimum over typical days, by column of `full`: all of it, and its
 * installation decisions alone as a partial MIP solution; undefined for an objective whose guess
 * finds no solution within its budget (all undefined when the full-year model has no binaries).
 * Each objective is solved in its own thread, all at once, and each answer comes when it is ready:
 * a front's objective-1 end waits only for its own start, and the objective-2 start is solved on
 * the second core while the full year's first solve runs (in one thread after the other, the CO2
 * start of the demo district missed its share on a loaded machine, and the front's CO2 end never
 * left the cost optimum's design). On the demo district the process held 620–710 MB while both
 * typical-day threads ran, against 1.2 GB in the full-year solves after them.
 */
export function installationStarts(
  content: ScenarioContent, settings: OptimiseSettings, full: ModelContext, wanted: readonly StartObjective[], signal?: AbortSignal,
): Promise<InstallationStart | undefined>[] {
  if (full.lp.binaries === 0 || wanted.every((end) => end.budgetSeconds < 1)) return wanted.map(() => Promise.resolve(undefined));
  const started = performance.now();
  let guess: ModelContext;
  try {
    guess = buildModel(content, GUESS_RESOLUTION, { maxOperationBinaries: 0 });
  } catch {
    // A start is only a head start: without one, the full-year solves start from their lower bounds.
    return wanted.map(() => Promise.resolve(undefined));
  }
  const objectives = objectiveFunctions(guess);
  const arrays = guess.lp.arrays();
  const guessedDesign = guess.lp.designColumns();
  // Design columns carry the same names at every resolution.
  const design = full.lp.designColumns();
  return wanted.map((end) => withSolverThread(signal, async (thread): Promise<InstallationStart | undefined> => {
    const left = end.budgetSeconds - (performance.now() - started) / 1000;
    if (left < 1 || signal?.aborted) return undefined;
    await thread.load(arrays);
    const { cost, offset } = minimise(guess.lp.columns, objectives[end.objective], end.tieBreaker ? objectives[end.tieBreaker] : undefined);
    const outcome = await thread.solve({ cost, offset, rows: [], timeLimitSeconds: left, mipRelGap: settings.mipGapPercent / 100 });
    if (!outcome.colValue) return undefined;
    const guessed = new Map(guessedDesign.map((j) => [guess.lp.name(j), outcome.colValue![j]]));
    const columns = design.filter((j) => guessed.has(full.lp.name(j)));
    const values = Float64Array.from(columns, (j) => guessed.get(full.lp.name(j))!);
    const decisions = columns.flatMap((j, k) => (full.lp.isInteger(j) ? [k] : []));
    return {
      indices: Int32Array.from(decisions, (k) => columns[k]), values: Float64Array.from(decisions, (k) => Math.round(values[k])),
      design: { indices: Int32Array.from(columns), values }, seconds: (performance.now() - started) / 1000,
    };
  }).catch(() => undefined));
}
