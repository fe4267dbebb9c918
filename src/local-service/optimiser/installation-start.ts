/**
 * A start for a full-year MIP: the design of the same scenario solved over typical days. The
 * typical-day model has the same design columns (capacities, installation decisions, peaks; same
 * names), solved in seconds, and its design is usually close to the full year's (on the demo
 * district within 0.02 %). Decomposition (engine/decomposition.ts) prices it first; a whole-MIP
 * solve takes its installation decisions as a partial start, which HiGHS completes into a first
 * incumbent. It is only a start: the bound and the answer are the full-year model's.
 */
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
  /** Seconds spent finding it. */
  seconds: number;
}

/**
 * The design of the objective-1 optimum over typical days, by column of `full`: all of it, and its
 * installation decisions alone as a partial MIP solution; undefined when the full-year model has no
 * binaries or the guess finds no solution within `budgetSeconds`.
 */
export async function installationStart(content: ScenarioContent, settings: OptimiseSettings, full: ModelContext, budgetSeconds: number, signal?: AbortSignal): Promise<InstallationStart | undefined> {
  if (full.lp.binaries === 0 || budgetSeconds < 1) return undefined;
  const started = performance.now();
  const guess = buildModel(content, GUESS_RESOLUTION, { maxOperationBinaries: 0 });
  const objectives = objectiveFunctions(guess);
  const { cost, offset } = minimise(guess.lp.columns, objectives[settings.objective1], settings.objective2 ? objectives[settings.objective2] : undefined);
  return withSolverThread(signal, async (thread) => {
    await thread.load(guess.lp.arrays());
    const outcome = await thread.solve({ cost, offset, rows: [], timeLimitSeconds: budgetSeconds, mipRelGap: settings.mipGapPercent / 100 });
    if (!outcome.colValue) return undefined;
    // Design columns carry the same names at every resolution.
    const guessed = new Map(guess.lp.designColumns().map((j) => [guess.lp.name(j), outcome.colValue![j]]));
    const design = full.lp.designColumns().filter((j) => guessed.has(full.lp.name(j)));
    const values = Float64Array.from(design, (j) => guessed.get(full.lp.name(j))!);
    const decisions = design.flatMap((j, k) => (full.lp.isInteger(j) ? [k] : []));
    return {
      indices: Int32Array.from(decisions, (k) => design[k]), values: Float64Array.from(decisions, (k) => Math.round(values[k])),
      design: { indices: Int32Array.from(design), values }, seconds: (performance.now() - started) / 1000,
    };
  });
}
