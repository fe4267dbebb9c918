/** `sweep worker`: runs the worker that carries studies out. */
import { Command } from 'commander';
import { runWorker } from '../../../../worker.js';

export function workerCommand(): Command {
  return new Command('worker')
    .description('Run a worker for studies (connects to Temporal, logs in to the planning service).')
    .addHelpText('after', `
Configuration (environment):
  TEMPORAL_ADDRESS        Temporal frontend (default 127.0.0.1:7233); TEMPORAL_NAMESPACE, SWEEP_TASK_QUEUE
  SWEEP_SERVICE_URL, SWEEP_SERVICE_EMAIL, SWEEP_SERVICE_PASSWORD, SWEEP_SERVICE_PATHS (spec|deployed)
  or SWEEP_CREDENTIALS_FILE (default ~/.config/sweep/credentials.json)
  OTEL_EXPORTER_OTLP_ENDPOINT  send traces over OTLP/HTTP (protobuf); OTEL_EXPORTER_OTLP_HEADERS, OTEL_SERVICE_NAME
  SWEEP_METRICS_PORT      serve metrics for Prometheus at :PORT/metrics (SWEEP_METRICS_HOST, default 0.0.0.0)

Examples:
  $ TEMPORAL_ADDRESS=127.0.0.1:7233 sweep worker
  $ SWEEP_SERVICE_PATHS=deployed SWEEP_SERVICE_URL=https://eu-north-1-api.sympheny.com sweep worker`)
    .action(() => runWorker());
}
