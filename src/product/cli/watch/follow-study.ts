/**
 * Follows a study until it ends: asks for its progress every second and shows it, then answers
 * the workflow's result (or throws its failure).
 */
import type { WorkflowHandle } from '@temporalio/client';
import { progressQuery } from '../../study/workflow-messages.js';
import type { StudyWorkflow } from '../../study/study-workflow.js';
import { ProgressView } from './progress-view.js';

export async function followStudy(handle: WorkflowHandle<StudyWorkflow>, view = new ProgressView()) {
  const result = handle.result();
  let ended = false;
  void result.finally(() => (ended = true)).catch(() => undefined);
  while (!ended) {
    try {
      view.show(await handle.query(progressQuery));
    } catch {
      // Between a continue-as-new and the next run's first task, or before a worker picks it up.
    }
    await Promise.race([result.catch(() => undefined), new Promise((r) => setTimeout(r, 1000))]);
  }
  const final = await result;
  try {
    view.show(await handle.query(progressQuery));
  } catch {
    // A finished study may no longer answer queries once its worker is gone.
  }
  return final;
}
