/**
 * The worker entry point: connects to Temporal (waiting while the server is not up yet), runs the
 * study workflows and activities, and shuts down gracefully on SIGTERM or SIGINT.
 *
 *   TEMPORAL_ADDRESS (default 127.0.0.1:7233), TEMPORAL_NAMESPACE, SWEEP_TASK_QUEUE, and the
 *   planning service's configuration (see src/client/config.ts).
 */
import { createLogger } from './src/common/logger.js';
import { loadServiceConfig } from './src/client/config.js';
import { connectWorkerConnection } from './src/temporal/connection.js';
import { installTemporalRuntime } from './src/temporal/runtime.js';
import { createStudyWorker, DEFAULT_TASK_QUEUE } from './src/temporal/study-worker.js';

export async function runWorker(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const log = createLogger({ level: env.SWEEP_LOG_LEVEL ?? 'info' });
  const address = env.TEMPORAL_ADDRESS ?? '127.0.0.1:7233';
  const service = loadServiceConfig(env);
  // Before the first connection, which would install the SDK's own runtime: workflow `log` calls
  // and the SDK's warnings then come out as this worker's lines, in its format.
  installTemporalRuntime(log);
  const connection = await connectWorkerConnection(address);
  const taskQueue = env.SWEEP_TASK_QUEUE ?? DEFAULT_TASK_QUEUE;
  const { worker, close } = await createStudyWorker({ connection, address, namespace: env.TEMPORAL_NAMESPACE, taskQueue, service, log });
  log.info({ address, taskQueue, service: service.baseUrl }, 'worker running');
  try {
    // The SDK's runtime shuts the worker down on SIGTERM/SIGINT; run() returns when it has.
    await worker.run();
  } finally {
    await close();
    await connection.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runWorker().catch((error) => {
    console.error(`sweep worker: ${(error as Error).message}`);
    process.exit(1);
  });
}
