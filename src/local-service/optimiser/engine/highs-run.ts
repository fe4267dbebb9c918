/**
 * One run of a HiGHS model with its time limit counting that run alone. HiGHS counts `time_limit`
 * over every run of a model since its clocks were last reset, and the engine keeps its models
 * through many runs (the whole model through a front's points, the operation LP through every
 * pricing of a decomposition): without the reset a run's limit is spent by the runs before it, and
 * an LP solved again stops at once (test/solver/time-limit.test.ts).
 */
import type loadHighs from 'highs';

export type Highs = Awaited<ReturnType<typeof loadHighs>>;
export type HighsModel = ReturnType<Highs['createModel']>;

export function runWithOwnTimeLimit(model: HighsModel, callbacks?: Parameters<HighsModel['run']>[0]): void {
  model.zeroAllClocks();
  model.run(callbacks);
}
