/**
 * How a study ended, said the same way by `sweep status`, `sweep watch` and `sweep run --watch`: its
 * totals as its manifest counts them, what its method found, and for a study that failed, why — the
 * innermost cause, not "Workflow execution failed" around "Activity task failed".
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { WorkflowFailedError, type WorkflowHandle } from '@temporalio/client';
import { MANIFEST_FILE, type Manifest, readManifest } from '../study/results/manifest.js';
import type { StudyResult, StudyWorkflow } from '../study/study-workflow.js';
import { studyInputOf } from './study-input.js';
import { CommandError } from './study-handle.js';

/** The innermost message of a failure and its causes: the reason a study failed. */
export function failureReason(error: unknown): string {
  let reason = error instanceof Error ? error.message : String(error);
  for (let cause = (error as { cause?: unknown } | undefined)?.cause; cause; cause = (cause as { cause?: unknown }).cause) {
    if (cause instanceof Error && cause.message) reason = cause.message;
  }
  return reason;
}

/** `3/4 variants done, 0 failed, 1 stopped, 0 pending` */
export function totalsText(totals: Manifest['totals'] | StudyResult['totals']): string {
  const stopped = 'stopped' in totals && totals.stopped ? `, ${totals.stopped} stopped` : '';
  return `${totals.done}/${totals.variants} variants done, ${totals.failed} failed${stopped}, ${totals.pending} pending`;
}

/** The lines of a study that has ended: how, its totals and its results; or why it failed. */
export async function endingLines(name: string, handle: WorkflowHandle<StudyWorkflow>, status: string): Promise<string[]> {
  if (status === 'COMPLETED') {
    const result = await handle.result();
    return [
      `${name}: completed — ${totalsText(result.totals)}`, ...(result.findings ?? []).map((line) => `  ${line}`),
      ...(result.report ? [`  report:   ${result.report}`] : []), `  summary:  ${result.summary}`, `  manifest: ${result.manifest}`,
    ];
  }
  const how = status.toLowerCase().replace(/_/g, ' ');
  const reason = status === 'FAILED' ? await handle.result().then(() => undefined, (error: unknown) => failureReason(error)) : undefined;
  const lines = [`${name}: ${how === 'canceled' ? 'cancelled' : how}${reason ? ` — ${reason}` : ''}`];
  // What the study had recorded when it ended, if it got as far as writing it.
  const { study } = await studyInputOf(handle);
  if (existsSync(join(study.output, MANIFEST_FILE))) {
    const manifest = await readManifest(study.output);
    lines.push(`  ${totalsText(manifest.totals)}`, `  manifest: ${join(study.output, MANIFEST_FILE)}`);
  } else {
    lines.push(`  no results were written (sweep results ${name} writes what the variants recorded)`);
  }
  return lines;
}

/** Follows a study's end: its result, or a CommandError (exit 1) whose message says how it ended and why. */
export async function ended<T>(name: string, handle: WorkflowHandle<StudyWorkflow>, follow: Promise<T>): Promise<T> {
  try {
    return await follow;
  } catch (error) {
    if (!(error instanceof WorkflowFailedError)) throw error;
    const status = (await handle.describe()).status.name;
    throw new CommandError((await endingLines(name, handle, status)).join('\n'), 1);
  }
}
