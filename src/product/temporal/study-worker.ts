/**
 * Builds the worker that runs studies: the workflows (bundled once per source tree) and the activities
 * with the planning-service client the worker logs in with itself.
 */
import { createHash } from 'node:crypto';
import { type NativeConnection, Worker, type WorkerOptions } from '@temporalio/worker';
import type pino from 'pino';
import { activityLogging } from '../../../activities/failures.js';
import { createActivities } from '../../../activities/index.js';
import type { ServiceConfig } from '../../wire/client/config.js';
import { clientOptions } from '../../wire/client/config.js';
import { PlanningClient } from '../../wire/client/index.js';
import { contextualLogger } from '../../common/log-context.js';
import { connectTemporal } from './connection.js';
import type { WorkerTracing } from './telemetry.js';
import { plainTarget, type TemporalTarget } from './temporal-profile.js';
import { workflowBundle } from './workflow-bundle.js';

export const DEFAULT_TASK_QUEUE = 'sweep-studies';

/**
 * The budget gate of the account a configuration logs in to, on a task queue: one per service
 * address, account and queue. The gate runs its activities (the account's usage) on its queue, so
 * it must live on a queue that workers of this account poll; a gate started by another queue's
 * workers (the demo's, say) would wait for a worker that may never come back.
 */
export function gateIdFor(config: Pick<ServiceConfig, 'baseUrl' | 'credentials'>, taskQueue: string): string {
  const account = createHash('sha256').update(`${config.baseUrl}|${config.credentials.email.toLowerCase()}`).digest('hex').slice(0, 16);
  return `budget-gate/${account}/${taskQueue}`;
}

export interface StudyWorkerOptions {
  connection: NativeConnection;
  /** The server the connection reaches; activities that start workflows (the budget gate) connect there too. */
  target: TemporalTarget | string;
  taskQueue?: string;
  service: ServiceConfig;
  log: pino.Logger;
  /** Spans for workflows and activities (src/product/temporal/telemetry.ts); none when absent. */
  tracing?: WorkerTracing;
  /** Overrides for tests (concurrency, cache sizes). */
  worker?: Partial<WorkerOptions>;
}

/** A worker for studies, ready to `run()`; `close()` releases its service client. */
export async function createStudyWorker(options: StudyWorkerOptions): Promise<{ worker: Worker; close(): Promise<void> }> {
  // One client and one set of deps for every activity: their lines take the running activity's
  // study, variants and workflow from the scope activityLogging opens around it.
  const log = contextualLogger(options.log);
  const service = new PlanningClient(clientOptions(options.service, { logger: log, maxRetries: 2 }));
  let temporal: ReturnType<typeof connectTemporal> | undefined;
  const taskQueue = options.taskQueue ?? DEFAULT_TASK_QUEUE;
  const target = typeof options.target === 'string' ? plainTarget(options.target) : options.target;
  const worker = await Worker.create({
    connection: options.connection,
    namespace: target.namespace,
    taskQueue,
    // A test's own bundle, when it brings one, spares building the studies' bundle for nothing.
    // A traced worker runs the bundle with the OpenTelemetry workflow interceptors.
    workflowBundle: options.worker?.workflowBundle ?? (await workflowBundle(undefined, { tracing: options.tracing !== undefined })),
    activities: createActivities({
      service, taskQueue, log,
      temporal: () => (temporal ??= connectTemporal(target)),
    }),
    // Studies hold small state; a bounded cache keeps the worker's memory bounded (sdk-typescript#2227).
    maxCachedWorkflows: 200,
    maxConcurrentActivityTaskExecutions: 20,
    shutdownGraceTime: '10 seconds',
    ...options.worker,
    sinks: { ...options.worker?.sinks, ...options.tracing?.sinks },
    interceptors: {
      ...options.worker?.interceptors,
      activity: [
        ...(options.tracing?.activityInterceptors ?? []),
        activityLogging(options.log),
        ...(options.worker?.interceptors?.activity ?? []),
      ],
    },
  });
  return {
    worker,
    async close() {
      await service.close();
      if (temporal) await (await temporal).connection.close();
    },
  };
}
