/**
 * One run of a HiGHS model with its time limit counting that run alone. HiGHS counts `time_limit`
 * over every run of a model since its clocks were last reset, and the engine keeps its models
 * through many runs (the whole model through a front's points, the operation LP through every
 * pricing of a decomposition): without the reset a run's limit is spent by the runs before it, and
 * an LP solved again stops at once (test/solver/time-limit.test.ts).
 */
import type loadHighs from 'highs';
import { TRACE, trace } from './trace.js';

export type Highs = Awaited<ReturnType<typeof loadHighs>>;
export type HighsModel = ReturnType<Highs['createModel']>;

export function runWithOwnTimeLimit(model: HighsModel, callbacks?: Parameters<HighsModel['run']>[0]): void {
  model.zeroAllClocks();
  model.run(callbacks);
}

/**
 * Runs a model and answers its status, or undefined when HiGHS ends the run in error (it does
 * when a master's numbers defeat it): the caller gives up on the decomposition and the whole MIP
 * is solved instead.
 */
export function runTraced(highs: Highs, model: HighsModel, what: string): number | undefined {
  const began = performance.now();
  try {
    runWithOwnTimeLimit(model);
    const status = model.getModelStatus();
    if (TRACE) {
      const iterations = model.info.get('simplex_iteration_count' as never);
      trace(`${what}: status ${status}, ${iterations} simplex iterations, ${((performance.now() - began) / 1000).toFixed(2)} s`);
    }
    return status;
  } catch (error) {
    if (TRACE) trace(`${what}: ${(error as Error).message} after ${((performance.now() - began) / 1000).toFixed(2)} s`);
    if (error instanceof highs.errors.HighsError) return undefined;
    throw error;
  }
}
