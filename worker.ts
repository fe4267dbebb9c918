/**
 * The worker entry point: connects to Temporal (waiting while the server is not up yet), runs the
 * study workflows and activities, and shuts down gracefully on SIGTERM or SIGINT.
 *
 *   Temporal's connection settings as its own tools read them (TEMPORAL_ADDRESS, default 127.0.0.1:7233;
 *   TEMPORAL_NAMESPACE; TEMPORAL_PROFILE and the temporal.toml profile file; TEMPORAL_API_KEY;
 *   TEMPORAL_TLS_*; see src/product/temporal/temporal-profile.ts), SWEEP_TASK_QUEUE, and the planning
 *   service's configuration (see src/wire/client/config.ts).
 */
import { createLogger } from './src/common/logger.js';
import { loadServiceConfig } from './src/wire/client/config.js';
import { connectWorkerConnection } from './src/product/temporal/connection.js';
import { loadTemporalTarget } from './src/product/temporal/temporal-profile.js';
import { startWorkerTelemetry } from './src/product/temporal/telemetry.js';
import { createStudyWorker, DEFAULT_TASK_QUEUE } from './src/product/temporal/study-worker.js';

export async function runWorker(env: NodeJS.ProcessEnv = process.env): Promise<void> {
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
