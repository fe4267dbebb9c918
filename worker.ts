/**
 * The worker: `createStudyWorker` builds the worker that runs studies (the workflows, bundled once
 * per source tree, and the activities with the planning-service client the worker logs in with
 * itself); run as a program (or `sweep worker`), it connects to Temporal (waiting while the server
 * is not up yet), runs them, and shuts down gracefully on SIGTERM or SIGINT.
 *
 *   Temporal's connection settings as its own tools read them (TEMPORAL_ADDRESS, default 127.0.0.1:7233;
 *   TEMPORAL_NAMESPACE; TEMPORAL_PROFILE and the temporal.toml profile file; TEMPORAL_API_KEY;
 *   TEMPORAL_TLS_*; see src/product/temporal/temporal-profile.ts), SWEEP_TASK_QUEUE, and the planning
 *   service's configuration (see src/wire/client/config.ts).
 */
import { setFlagsFromString } from 'node:v8';
import { type NativeConnection, Worker, type WorkerOptions } from '@temporalio/worker';
import type pino from 'pino';
import { activityLogging } from './activities/failures.js';
import { createActivities } from './activities/index.js';
import { contextualLogger } from './src/common/log-context.js';
import { createLogger } from './src/common/logger.js';
import { clientOptions, loadServiceConfig, type ServiceConfig } from './src/wire/client/config.js';
import { PlanningClient } from './src/wire/client/index.js';
import { connectTemporal, connectWorkerConnection } from './src/product/temporal/connection.js';
import { DEFAULT_TASK_QUEUE } from './src/product/temporal/study-queues.js';
import { plainTarget, type TemporalTarget, loadTemporalTarget } from './src/product/temporal/temporal-profile.js';
import { startWorkerTelemetry, type WorkerTracing } from './src/product/temporal/telemetry.js';
import { workflowBundle } from './src/product/temporal/workflow-bundle.js';

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

/**
 * How far V8 lets a heap grow past what the last full collection kept, in percent. By default it
 * grows up to fourfold on a machine with memory to spare: a worker 100,000 variants into a study kept
 * 71 MB alive but held a 300 MB heap, and its RSS went past 600 MB. At 50 % it held 113–133 MB
 * (RSS 445–465 MB). V8 reads this flag at every collection, so setting it at start takes effect
 * (unlike --max-old-space-size); V8's flags are the process's, so the workflow thread's heap, made
 * later, has it too (not measured apart: the figures are the main thread's heap and the whole RSS).
 */
const HEAP_GROWING_PERCENT = 50;

export async function runWorker(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  const log = createLogger({ level: env.SWEEP_LOG_LEVEL ?? 'info' });
  const target = loadTemporalTarget(env);
  const service = loadServiceConfig(env);
  // Before the first connection, which would install the SDK's own runtime: workflow `log` calls
  // and the SDK's warnings then come out as this worker's lines, in its format. Also starts the
  // opt-in traces (OTEL_EXPORTER_OTLP_ENDPOINT) and metrics (SWEEP_METRICS_PORT).
  const telemetry = await startWorkerTelemetry(env, log);
  const connection = await connectWorkerConnection(target);
  const taskQueue = env.SWEEP_TASK_QUEUE ?? DEFAULT_TASK_QUEUE;
  const { worker, close } = await createStudyWorker({ connection, target, taskQueue, service, log, tracing: telemetry.tracing });
  // The description names the profile and the kind of auth, never the key or a private key.
  log.info({ address: target.address, namespace: target.namespace, ...target.describe, taskQueue, service: service.baseUrl }, 'worker running');
  try {
    // The SDK's runtime shuts the worker down on SIGTERM/SIGINT; run() returns when it has.
    await worker.run();
  } finally {
    await close();
    await connection.close();
    await telemetry.shutdown();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runWorker().catch((error) => {
    console.error(`sweep worker: ${(error as Error).message}`);
    process.exit(1);
  });
}
