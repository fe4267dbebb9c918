/**
 * A start for a full-year MIP: the installation decisions of the same scenario solved over typical
 * days. Over 8,760 hours one LP relaxation takes about a minute in WebAssembly HiGHS and the
 * relaxation of fixed costs is weak, so HiGHS's own heuristics find a poor first incumbent late
 * (on the demo district: 2.49 M CHF after 80 s, against 2.41 M found from this start and proved
 * within 0.3 %). The typical-day model has the same items, so its installed/not-installed answer is
 * a good guess, found in seconds; HiGHS completes it into a full-year solution before its root LP
 * and prunes with it from the start. It is only a start: HiGHS still proves (or reports) the gap of
 * the full-year model.
 */
import type { ScenarioContent } from '../service/model/documents.js';
import { withSolverThread } from './engine/solver-thread.js';
import { buildModel } from './model/build.js';
import type { ModelContext } from './model/context.js';
import { minimise, objectiveFunctions } from './model/objectives.js';
import type { OptimiseSettings } from './optimise.js';

/** Typical days enough to tell which items pay off, solved in seconds. */
const GUESS_RESOLUTION = 'MEDIUM';

export interface InstallationStart {
  indices: Int32Array;
  values: Float64Array;
  /** Seconds spent finding it. */
  seconds: number;
}

/**
 * The installation decisions of the objective-1 optimum over typical days, as a partial solution
 * of `full`; undefined when the full-year model has no installation binaries or the guess finds
 * no solution within `budgetSeconds`.
 */
export async function installationStart(content: ScenarioContent, settings: OptimiseSettings, full: ModelContext, budgetSeconds: number, signal?: AbortSignal): Promise<InstallationStart | undefined> {
  if (full.installationDecisions.size === 0 || budgetSeconds < 1) return undefined;
  const started = performance.now();
  const guess = buildModel(content, GUESS_RESOLUTION, { maxOperationBinaries: 0 });
  const objectives = objectiveFunctions(guess);
  const { cost, offset } = minimise(guess.lp.columns, objectives[settings.objective1], settings.objective2 ? objectives[settings.objective2] : undefined);
  return withSolverThread(signal, async (thread) => {
    await thread.load(guess.lp.arrays());
    const outcome = await thread.solve({ cost, offset, rows: [], timeLimitSeconds: budgetSeconds, mipRelGap: settings.mipGapPercent / 100, subMipHeuristics: false });
    if (!outcome.colValue) return undefined;
    const indices: number[] = [];
    const values: number[] = [];
    for (const [key, column] of full.installationDecisions) {
      const guessed = guess.installationDecisions.get(key);
      if (guessed === undefined) continue;
      indices.push(column);
      values.push(Math.round(outcome.colValue[guessed]));
    }
    return indices.length ? { indices: Int32Array.from(indices), values: Float64Array.from(values), seconds: (performance.now() - started) / 1000 } : undefined;
  });
}
