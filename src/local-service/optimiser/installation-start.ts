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
  /** Seconds spent finding it (and the starts before it). */
  seconds: number;
}

/** An objective whose typical-day optimum is wanted as a start, with the objective that breaks its ties. */
export interface StartObjective {
  objective: Objective;
  tieBreaker?: Objective;
}

/**
 * Weight of the first start in the budget against each later one: the objective-1 optimum starts
 * every solve of a front after it, and the typical-day cost optimum takes about twice the time of the
 * CO2 one on the demo district (MEDIUM: 19–22 s against 13–15 s, measured in one thread).
 */
const FIRST_WEIGHT = 2;

/**
 * The design of each objective's optimum over typical days, by column of `full`: all of it, and its
 * installation decisions alone as a partial MIP solution; undefined for an objective whose guess
 * finds no solution in its share of `budgetSeconds` (all undefined when the full-year model has no
 * binaries). The typical-day model is loaded once and its thread ends before the caller loads the
 * full model, so two solver threads never hold a model at once.
 */
export async function installationStarts(
  content: ScenarioContent, settings: OptimiseSettings, full: ModelContext, wanted: readonly StartObjective[], budgetSeconds: number, signal?: AbortSignal,
): Promise<(InstallationStart | undefined)[]> {
  if (full.lp.binaries === 0 || budgetSeconds < 1) return wanted.map(() => undefined);
  const started = performance.now();
  const guess = buildModel(content, GUESS_RESOLUTION, { maxOperationBinaries: 0 });
  const objectives = objectiveFunctions(guess);
  // Design columns carry the same names at every resolution.
  const design = full.lp.designColumns();
  return withSolverThread(signal, async (thread) => {
    await thread.load(guess.lp.arrays());
    const starts: (InstallationStart | undefined)[] = [];
    for (const [i, end] of wanted.entries()) {
      const left = budgetSeconds - (performance.now() - started) / 1000;
      const weights = wanted.length - i - 1 + (i === 0 ? FIRST_WEIGHT : 1);
      const share = (left * (i === 0 ? FIRST_WEIGHT : 1)) / weights;
      const { cost, offset } = minimise(guess.lp.columns, objectives[end.objective], end.tieBreaker ? objectives[end.tieBreaker] : undefined);
      const outcome = share >= 1 && !signal?.aborted
        ? await thread.solve({ cost, offset, rows: [], timeLimitSeconds: share, mipRelGap: settings.mipGapPercent / 100 })
        : undefined;
      if (!outcome?.colValue) {
        starts.push(undefined);
        continue;
      }
      const guessed = new Map(guess.lp.designColumns().map((j) => [guess.lp.name(j), outcome.colValue![j]]));
      const columns = design.filter((j) => guessed.has(full.lp.name(j)));
      const values = Float64Array.from(columns, (j) => guessed.get(full.lp.name(j))!);
      const decisions = columns.flatMap((j, k) => (full.lp.isInteger(j) ? [k] : []));
      starts.push({
        indices: Int32Array.from(decisions, (k) => columns[k]), values: Float64Array.from(decisions, (k) => Math.round(values[k])),
        design: { indices: Int32Array.from(columns), values }, seconds: (performance.now() - started) / 1000,
      });
    }
    return starts;
  });
}
