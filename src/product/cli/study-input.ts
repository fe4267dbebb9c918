/**
 * What a study was started with, read back from Temporal: the input of its current run's first
 * event (one event fetched, not the history). Commands that need the study itself — its variants,
 * its output directory — find it here, whoever started it and from whichever file.
 */
import { defaultPayloadConverter, type WorkflowHandle } from '@temporalio/client';
import type { StudyInput, StudyWorkflow } from '../study/study-workflow.js';
import { asScheduledRun } from '../study/scheduled-run.js';

export async function studyInputOf(handle: WorkflowHandle<StudyWorkflow>): Promise<StudyInput> {
  const temporal = handle.client;
  const response = await temporal.workflowService.getWorkflowExecutionHistory({
    namespace: temporal.options.namespace, execution: { workflowId: handle.workflowId }, maximumPageSize: 1,
  });
  const started = response.history?.events?.[0]?.workflowExecutionStartedEventAttributes;
  const payload = started?.input?.payloads?.[0];
  if (!payload) throw new Error(`the first event of ${handle.workflowId} carries no study`);
  const input = defaultPayloadConverter.fromPayload<StudyInput>(payload);
  // A scheduled run starts with the schedule's study; the run itself is the study it derives.
  return input.scheduled ? asScheduledRun(input, handle.workflowId) : input;
}
