/**
 * How a change to workflow code reaches studies that are already running: workflow patching
 * (`patched()` / `deprecatePatch()`), not Worker Versioning — docs/reliability.md, "Upgrading workers while
 * studies run", says why.
 *
 * A worker that picks up a running study replays its history against the code it has; any change
 * in the commands the code gives — an activity, timer, child, signal to another workflow, memo or
 * continue-as-new added, removed, reordered or moved — makes that replay fail (nondeterminism), and
 * the study stalls until a worker with the old code returns. So:
 *
 * 1. Every such change gets an entry in CHANGES, its id naming the change (kebab-case, never
 *    reused), and the changed code reads `if (changeApplies(CHANGES.x)) { new } else { old }`.
 *    Runs that started before the change replay the old branch; runs that reach the branch live
 *    take the new one and record the id in their history, so their replays take it too (and the
 *    server lists them: `temporal workflow list --query "TemporalChangeVersion = '<id>'"`).
 * 2. Once no run that started before the release is open — `temporal workflow list --query
 *    "ExecutionStatus = 'Running' AND StartTime < '<release time>'"` lists none; studies and the
 *    budget gate continue as new often, so their runs start afresh on the new code — the guard
 *    becomes `deprecatePatch(id)` and the new code alone, and the histories recorded before the
 *    change leave test/fixtures/histories (they would no longer replay; its directories are named
 *    after the newest change they include).
 * 3. A release later, the deprecatePatch call and the entry go.
 *
 * Changes that give no new command need no entry: a new signal, query or Update handler, a new
 * optional input field, a different value in an activity's arguments. test/workflows/replay.test.ts
 * replays histories of every workflow recorded from earlier versions and catches a change that
 * missed its guard.
 */
import { patched } from '@temporalio/workflow';

export const CHANGES = {
  /**
   * 2026-11: the study keeps its progress in its memo after every finished batch, so the server
   * answers how far a study is while no worker runs (an upgrade, a crash): `temporal workflow
   * describe`, the Web UI; continue-as-new carries it to the next run. Gives an upsert-memo command
   * where runs before it went on to the next batch.
   */
  studyProgressMemo: 'study-progress-memo',
} as const;

export type Change = (typeof CHANGES)[keyof typeof CHANGES];

/** Whether this run takes the change: always for runs that reach it live, never when replaying a run from before it. */
export function changeApplies(change: Change): boolean {
  return patched(change);
}
