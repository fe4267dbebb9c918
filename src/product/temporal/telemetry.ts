/**
 * The worker's opt-in telemetry, switched on by the environment:
 *
 * - Traces: when OTEL_EXPORTER_OTLP_TRACES_ENDPOINT or OTEL_EXPORTER_OTLP_ENDPOINT is set, spans for
 *   every workflow run, the activities it schedules and their executions go to that endpoint over
 *   OTLP/HTTP (protobuf), through @temporalio/interceptors-opentelemetry. The other standard variables
 *   apply as the OpenTelemetry SDK reads them (OTEL_EXPORTER_OTLP_HEADERS, OTEL_SERVICE_NAME — default
 *   `sweep-worker` —, OTEL_RESOURCE_ATTRIBUTES, OTEL_BSP_*, OTEL_PROPAGATORS, OTEL_SDK_DISABLED).
 * - Metrics: when SWEEP_METRICS_PORT is set, the SDK's runtime serves the worker's metrics (schedule-to-
 *   start latencies, failures by activity type, pollers, slots) for Prometheus at
 *   http://SWEEP_METRICS_HOST:SWEEP_METRICS_PORT/metrics (host default 0.0.0.0, so a scraper in
 *   another container reaches it). The SDK has no variable of its own for this.
 *
 * Unset, neither costs anything: no OpenTelemetry module is even loaded, the workflow bundle has no
 * interceptors and the runtime serves nothing.
 */
import { Client } from '@temporalio/client';
import type { ActivityInterceptorsFactory, InjectedSinks } from '@temporalio/worker';
import type { OpenTelemetrySinks } from '@temporalio/interceptors-opentelemetry';
import type pino from 'pino';
import { installTemporalRuntime } from './runtime.js';

const WORKER_SERVICE_NAME = 'sweep-worker';
const CLI_SERVICE_NAME = 'sweep-cli';
const PROTOCOL = 'http/protobuf';

/** What a traced worker adds to itself (its workflow bundle is the traced one, see workflow-bundle.ts). */
export interface WorkerTracing {
  /** Where spans go (without credentials or query, for logs). */
  readonly endpoint: string;
  /** The sink through which workflow code hands its spans to the worker's span processor. */
  readonly sinks: InjectedSinks<OpenTelemetrySinks>;
  /** A span per activity execution, child of the workflow's span that scheduled it. */
  readonly activityInterceptors: ActivityInterceptorsFactory[];
  /** Sends the spans still buffered, then stops exporting. */
  shutdown(): Promise<void>;
}

export interface WorkerTelemetry {
  /** Undefined when no OTLP endpoint is set. */
  readonly tracing?: WorkerTracing;
  /** Where the runtime serves metrics for Prometheus, when asked to. */
  readonly metricsBindAddress?: string;
  /** Flushes what is pending; call after the worker has stopped. */
  shutdown(): Promise<void>;
}

/** A set, non-empty variable (the OpenTelemetry specification treats empty as unset). */
const setting = (env: NodeJS.ProcessEnv, name: string) => (env[name]?.trim() ? env[name]!.trim() : undefined);

/** The OTLP/HTTP traces URL the standard variables give, or undefined when tracing is off. */
export function tracesEndpoint(env: NodeJS.ProcessEnv): string | undefined {
  if (setting(env, 'OTEL_SDK_DISABLED')?.toLowerCase() === 'true') return undefined;
  const specific = setting(env, 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT');
  const general = setting(env, 'OTEL_EXPORTER_OTLP_ENDPOINT');
  if (!specific && !general) return undefined;
  const name = specific ? 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT' : 'OTEL_EXPORTER_OTLP_ENDPOINT';
  let url: URL;
  try {
    url = new URL((specific ?? general)!);
  } catch {
    throw new Error(`${name}: must be an http:// or https:// URL (got "${specific ?? general}")`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`${name}: must be an http:// or https:// URL (got a ${url.protocol} URL)`);
  }
  for (const protocolName of ['OTEL_EXPORTER_OTLP_TRACES_PROTOCOL', 'OTEL_EXPORTER_OTLP_PROTOCOL']) {
    const protocol = setting(env, protocolName);
    if (protocol && protocol !== PROTOCOL) throw new Error(`${protocolName}: sweep exports traces over ${PROTOCOL} only (got "${protocol}")`);
  }
  // As the SDK does: the specific variable is the full URL, the general one is a base for /v1/traces.
  if (specific) return url.href;
  return `${url.href}${url.href.endsWith('/') ? '' : '/'}v1/traces`;
}

/** The address the runtime serves metrics on (`host:port`), or undefined when SWEEP_METRICS_PORT is unset. */
export function metricsBindAddress(env: NodeJS.ProcessEnv): string | undefined {
  const port = setting(env, 'SWEEP_METRICS_PORT');
  if (!port) return undefined;
  if (!/^\d+$/.test(port) || Number(port) < 1 || Number(port) > 65_535) {
    throw new Error(`SWEEP_METRICS_PORT: must be a port number from 1 to 65535 (got "${port}")`);
  }
  const host = setting(env, 'SWEEP_METRICS_HOST') ?? '0.0.0.0';
  return `${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${Number(port)}`;
}

/** The endpoint as logs may show it: no user, password or query (tokens travel there sometimes). */
function shown(endpoint: string): string {
  const url = new URL(endpoint);
  return `${url.origin}${url.pathname}`;
}

interface Tracing {
  tracer: import('@opentelemetry/api').Tracer;
  endpoint: string;
  resource: import('@opentelemetry/resources').Resource;
  spanProcessor: import('@opentelemetry/sdk-trace-base').SpanProcessor;
  shutdown(): Promise<void>;
}

/** Starts exporting spans to `endpoint`; the OpenTelemetry modules load only here. */
async function startTracing(endpoint: string, env: NodeJS.ProcessEnv, log: pino.Logger, serviceName: string): Promise<Tracing> {
  const [otel, { AsyncLocalStorageContextManager }, { Resource, envDetectorSync }, { BasicTracerProvider, BatchSpanProcessor }, { OTLPTraceExporter }] = await Promise.all([
    import('@opentelemetry/api'),
    import('@opentelemetry/context-async-hooks'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/sdk-trace-base'),
    import('@opentelemetry/exporter-trace-otlp-proto'),
  ]);
  // OpenTelemetry reports its own trouble (an endpoint that refuses, a full queue) through `diag`,
  // which prints nothing unless given a logger.
  otel.diag.setLogger({
    error: (message, ...args) => log.warn({ args }, `opentelemetry: ${message}`),
    warn: (message, ...args) => log.warn({ args }, `opentelemetry: ${message}`),
    info: () => undefined, debug: () => undefined, verbose: () => undefined,
  }, otel.DiagLogLevel.WARN);
  const resource = Resource.default()
    .merge(envDetectorSync.detect())
    .merge(new Resource({ 'service.name': setting(env, 'OTEL_SERVICE_NAME') ?? serviceName }));
  // Headers, timeout and compression come from the standard variables, which the exporter reads itself.
  const spanProcessor = new BatchSpanProcessor(new OTLPTraceExporter({ url: endpoint }));
  const provider = new BasicTracerProvider({ resource, spanProcessors: [spanProcessor] });
  // Global: the activity interceptor reads the parent span from headers through the global propagator
  // (W3C trace context, or OTEL_PROPAGATORS), and makes it the parent through the context manager
  // (without one, `context.with` does nothing and every activity span would start a trace of its own).
  provider.register({ contextManager: new AsyncLocalStorageContextManager().enable() });
  log.info({ endpoint: shown(endpoint), serviceName: resource.attributes['service.name'] }, 'exporting traces');
  return {
    tracer: provider.getTracer(serviceName),
    endpoint: shown(endpoint),
    resource,
    spanProcessor,
    async shutdown() {
      // Flushes the batch processor (spans of the last workflow tasks included), then stops the exporter.
      await provider.shutdown().catch((error: Error) => log.warn({ err: error }, 'could not send the last spans'));
    },
  };
}

/** Tracing for a worker: the workflows' span sink and the activity interceptors. */
async function startWorkerTracing(endpoint: string, env: NodeJS.ProcessEnv, log: pino.Logger): Promise<WorkerTracing> {
  const [tracing, temporalOtel] = await Promise.all([
    startTracing(endpoint, env, log, WORKER_SERVICE_NAME),
    import('@temporalio/interceptors-opentelemetry'),
  ]);
  const { tracer } = tracing;
  return {
    endpoint: tracing.endpoint,
    sinks: { exporter: temporalOtel.makeWorkflowExporter(tracing.spanProcessor, tracing.resource) },
    activityInterceptors: [(ctx) => ({
      inbound: new temporalOtel.OpenTelemetryActivityInboundInterceptor(ctx, { tracer }),
      outbound: new temporalOtel.OpenTelemetryActivityOutboundInterceptor(ctx),
    })],
    shutdown: () => tracing.shutdown(),
  };
}

/**
 * Runs `act` with a client whose workflow starts are traced when an OTLP endpoint is set (a
 * `StartWorkflow:<type>` span from this process, parent of the workflow's spans, so `sweep run`
 * heads the study's trace), and sends the spans before answering; with `temporal` itself otherwise.
 */
export async function withTracedStarts<T>(temporal: Client, log: pino.Logger, act: (client: Client) => Promise<T>, env: NodeJS.ProcessEnv = process.env): Promise<T> {
  const endpoint = tracesEndpoint(env);
  if (!endpoint) return act(temporal);
  const [tracing, { OpenTelemetryWorkflowClientInterceptor }] = await Promise.all([
    startTracing(endpoint, env, log, CLI_SERVICE_NAME),
    import('@temporalio/interceptors-opentelemetry'),
  ]);
  // The same connection; a Client's interceptors are fixed when it is made.
  const traced = new Client({
    connection: temporal.connection, namespace: temporal.options.namespace,
    interceptors: { workflow: [new OpenTelemetryWorkflowClientInterceptor({ tracer: tracing.tracer })] },
  });
  try {
    return await act(traced);
  } finally {
    await tracing.shutdown();
  }
}

/**
 * Installs the SDK runtime with `log` (see runtime.ts) and the metrics endpoint when asked, and starts
 * tracing when an OTLP endpoint is set. Call it first, before any connection (which would install a
 * runtime without metrics); errors name the variable that is wrong.
 */
export async function startWorkerTelemetry(env: NodeJS.ProcessEnv, log: pino.Logger): Promise<WorkerTelemetry> {
  const endpoint = tracesEndpoint(env);
  const metrics = metricsBindAddress(env);
  let installed: boolean;
  try {
    installed = installTemporalRuntime(log, { metricsBindAddress: metrics });
  } catch (error) {
    if (!metrics) throw error;
    throw new Error(`SWEEP_METRICS_PORT: could not serve metrics at ${metrics}: ${(error as Error).message}`, { cause: error });
  }
  if (metrics && !installed) log.warn({ address: metrics }, 'SWEEP_METRICS_PORT ignored: the Temporal runtime of this process was installed before');
  else if (metrics) log.info({ address: metrics }, 'serving metrics for Prometheus at /metrics');
  const tracing = endpoint ? await startWorkerTracing(endpoint, env, log) : undefined;
  return {
    tracing,
    metricsBindAddress: metrics,
    async shutdown() {
      await tracing?.shutdown();
    },
  };
}
