/** Starting and finding studies: the pieces `sweep run`, the demo and the other commands share. */
import type { Client, WorkflowHandle } from '@temporalio/client';
import type { ServiceConfig } from '../../wire/client/config.js';
import type { Study } from '../study/schema.js';
import { createLogger } from '../../common/logger.js';
import { DEFAULT_TASK_QUEUE, gateIdFor } from '../temporal/study-queues.js';
import { withTracedStarts } from '../temporal/telemetry.js';
import { type StudyInput, STUDY_WORKFLOW, type StudyWorkflow } from '../study/study-workflow.js';

export const studyWorkflowId = (name: string) => `study/${name}`;

/** The task queue studies are started on: the one the workers of this configuration poll. */
export const taskQueueOf = (env: NodeJS.ProcessEnv = process.env) => env.SWEEP_TASK_QUEUE ?? DEFAULT_TASK_QUEUE;

/**
 * Starts a study, or attaches to it when a run of the same study is already going (a second `run`
 * of a running study must not start it twice); a finished study starts again, reusing the
 * scenarios and jobs it made.
 */
export async function startStudy(
  temporal: Client, study: Study, file: string, service: Pick<ServiceConfig, 'baseUrl' | 'credentials'>,
  options: { taskQueue?: string; runTag?: string } = {},
): Promise<WorkflowHandle<StudyWorkflow>> {
  const taskQueue = options.taskQueue ?? taskQueueOf();
  return startStudyInput(temporal, { study, studyFile: file, gateId: gateIdFor(service, taskQueue), runTag: options.runTag }, taskQueue);
}

/** Starts the study workflow with `input` (or attaches to the running one of the study's name). */
export async function startStudyInput(temporal: Client, input: StudyInput, taskQueue = taskQueueOf()): Promise<WorkflowHandle<StudyWorkflow>> {
  // With OTEL_EXPORTER_OTLP_ENDPOINT set, this start heads the study's trace (src/product/temporal/telemetry.ts).
  return withTracedStarts(temporal, createLogger({ level: 'warn' }), (client) => client.workflow.start<StudyWorkflow>(STUDY_WORKFLOW, {
    workflowId: studyWorkflowId(input.study.name),
    taskQueue,
    args: [input],
    workflowIdConflictPolicy: 'USE_EXISTING',
  }));
}
