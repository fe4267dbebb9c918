/**
 * The worker's opt-in telemetry, end to end: `sweep run` starts a study (its start traced) before
 * any worker runs; then `sweep worker` as its own process, with OTEL_EXPORTER_OTLP_ENDPOINT pointing
 * at a local OTLP/HTTP receiver and SWEEP_METRICS_PORT set, runs it on the test run's Temporal server
 * against the real local service, whose faults make the first activity attempts fail. While it runs, /metrics shows the failures by activity type; after
 * it, the schedule-to-start latencies and the rest the README names. When the worker is stopped, it
 * sends its spans (the batch delay is set far beyond the test, so only the flush at shutdown can
 * deliver them): a span for every workflow run and every activity type, each activity's span a
 * child of the workflow span that scheduled it, in the same trace. The histories of the traced run
 * replay against the traced bundle and the untraced one alike.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import type { temporal } from '@temporalio/proto';
import { Worker } from '@temporalio/worker';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { quietTemporalRuntime } from '../../src/product/temporal/runtime.js';
import { metricsBindAddress, startWorkerTelemetry, tracesEndpoint } from '../../src/product/temporal/telemetry.js';
import { workflowBundle } from '../../src/product/temporal/workflow-bundle.js';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from '../support/otlp-receiver.js';
import { buildScenario } from '../support/scenario-fixture.js';
import { ALICE } from '../support/service.js';
import { startStudyEnv, type StudyEnv } from '../support/study-env.js';
import { sweep } from '../support/sweep-cli.js';
import { waitFor } from '../support/wait.js';

const HEADER_TOKEN = 'otlp-test-token-5f2c';

let env: StudyEnv;
let receiver: OtlpReceiver;
let worker: ChildProcess | undefined;
let output = '';

/** A port nothing listens on now (the runtime binds it a moment later). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  // The replays below would install the SDK's default runtime, which logs every worker state change.
  quietTemporalRuntime();
  env = await startStudyEnv();
  await buildScenario(env.service.client(), { projectName: 'Telemetry', scenarioName: 'Base' });
  receiver = await startOtlpReceiver();
});
afterAll(async () => {
  worker?.kill('SIGKILL');
  await receiver?.close();
  await env?.close();
});

/** Parses the Prometheus text format: every sample's metric name, with its labels. */
function samples(text: string): { name: string; labels: Record<string, string>; value: number }[] {
  return text.split('\n').filter((line) => line && !line.startsWith('#')).map((line) => {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)/.exec(line);
    if (!match) throw new Error(`not a Prometheus sample: ${line}`);
    const labels = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    return { name: match[1], labels, value: Number(match[3]) };
  });
}

async function histories(query: string) {
  const out: { workflowId: string; history: temporal.api.history.v1.IHistory }[] = [];
  for await (const execution of env.temporal.workflow.list({ query })) {
    out.push({ workflowId: execution.workflowId, history: await env.temporal.workflow.getHandle(execution.workflowId, execution.runId).fetchHistory() });
  }
  return out;
}

async function replayFailures(bundle: { codePath: string }, items: { workflowId: string; history: temporal.api.history.v1.IHistory }[]) {
  const failures: string[] = [];
  // The traced bundle's workflows hand spans to this sink; a replay sends none (the SDK skips sinks on replay).
  const sinks = { exporter: { export: { fn: () => undefined } } };
  for await (const result of Worker.runReplayHistories({ workflowBundle: bundle, sinks }, items)) {
    if (result.error) failures.push(`${result.workflowId}: ${result.error.message}`);
  }
  return failures;
}

describe('worker telemetry', () => {
  it('reads the standard variables, and refuses bad ones naming the variable', () => {
    expect(tracesEndpoint({})).toBeUndefined();
    expect(tracesEndpoint({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe('http://collector:4318/v1/traces');
    expect(tracesEndpoint({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://x.example/otlp/traces' }))
      .toBe('https://x.example/otlp/traces');
    expect(tracesEndpoint({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'true' })).toBeUndefined();
    expect(() => tracesEndpoint({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toThrow(/^OTEL_EXPORTER_OTLP_ENDPOINT: must be an http:\/\/ or https:\/\/ URL/);
    expect(() => tracesEndpoint({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4317', OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' }))
      .toThrow('OTEL_EXPORTER_OTLP_PROTOCOL: sweep exports traces over http/protobuf only (got "grpc")');
    expect(metricsBindAddress({})).toBeUndefined();
    expect(metricsBindAddress({ SWEEP_METRICS_PORT: '9464' })).toBe('0.0.0.0:9464');
    expect(metricsBindAddress({ SWEEP_METRICS_PORT: '9464', SWEEP_METRICS_HOST: '::1' })).toBe('[::1]:9464');
    expect(() => metricsBindAddress({ SWEEP_METRICS_PORT: '70000' })).toThrow('SWEEP_METRICS_PORT: must be a port number from 1 to 65535 (got "70000")');
  });

  it('costs nothing when not asked for: no tracing, no metrics address, no OpenTelemetry SDK loaded', async () => {
    const telemetry = await startWorkerTelemetry({}, pino({ level: 'silent' }));
    expect(telemetry.tracing).toBeUndefined();
    expect(telemetry.metricsBindAddress).toBeUndefined();
    const loaded = Object.keys(createRequire(import.meta.url).cache);
    expect(loaded.filter((path) => /@opentelemetry[\\/](sdk-trace-base|exporter-trace-otlp-proto)|interceptors-opentelemetry/.test(path))).toEqual([]);
    await telemetry.shutdown();
  });

  it('stops a worker whose telemetry settings are wrong, saying which', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as { port: number };
    try {
      const busy = await sweep(['worker'], { ...env.cliEnv(), SWEEP_METRICS_PORT: String(port), SWEEP_METRICS_HOST: '127.0.0.1' });
      expect(busy.code).toBe(1);
      expect(busy.stderr).toContain(`SWEEP_METRICS_PORT: could not serve metrics at 127.0.0.1:${port}: `);
      expect(busy.stderr).toMatch(/Address already in use/);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
    const grpc = await sweep(['worker'], { ...env.cliEnv(), OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4317', OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' });
    expect(grpc.code).toBe(1);
    expect(grpc.stderr).toContain('OTEL_EXPORTER_OTLP_PROTOCOL: sweep exports traces over http/protobuf only (got "grpc")');
  }, 60_000);

  it('exports spans of workflows and activities and serves the metrics that show a stuck study', async () => {
    const otelEnv = { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_EXPORTER_OTLP_HEADERS: `x-test-token=${HEADER_TOKEN}` };
    const { study, file } = env.study(`
version: 1
name: traced
base: { project: Telemetry, analysis: Base analysis, scenario: Base }
destination: { analysis: Traced }
parameters:
  - { name: tank_cost, target: { kind: storageTechnology, name: Heat tank, field: variableInvestmentCost }, values: [20, 40] }
variants: { method: grid }
solver: { objective1: MIN_LIFE_CYCLE_COST, points: 1, temporalResolution: LOW, timeLimit: 2, mipGap: 1 }
concurrency: 2
output: out-traced
`);
    // Started before any worker runs: its first workflow task waits for the worker's whole start-up.
    const run = await sweep(['run', file], { ...env.cliEnv(), ...otelEnv });
    expect(run.code, run.stderr).toBe(0);
    const handle = env.temporal.workflow.getHandle(`study/${study.name}`);

    // Every planning-service call fails until an activity attempt has failed for it.
    const kinds = { http500: 1, http502: 0, http503: 0, http429: 0, reset: 0, malformed: 0, revokeTokens: 0, truncateDownload: 0, corruptDownload: 0 };
    await env.service.admin('/faults', { rate: 1, kinds, afterEffect: 0 }, 'PUT');

    const metricsPort = await freePort();
    const metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    worker = spawn(process.execPath, ['bin/sweep.js', 'worker'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env, TEMPORAL_ADDRESS: inject('temporalAddress'), SWEEP_TASK_QUEUE: env.taskQueue, SWEEP_LOG_LEVEL: 'info', SWEEP_LOG_FORMAT: 'json',
        SWEEP_SERVICE_URL: env.service.url, SWEEP_SERVICE_EMAIL: ALICE.email, SWEEP_SERVICE_PASSWORD: ALICE.password,
        ...otelEnv,
        // Spans leave only at shutdown: proves the flush.
        OTEL_BSP_SCHEDULE_DELAY: '3600000',
        SWEEP_METRICS_PORT: String(metricsPort), SWEEP_METRICS_HOST: '127.0.0.1',
      },
    });
    worker.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    worker.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const scrape = async () => samples(await (await fetch(metricsUrl)).text());
    await waitFor(() => scrape().catch(() => undefined), { timeoutMs: 120_000, intervalMs: 200, what: `metrics at ${metricsUrl}` });

    const failed = await waitFor(async () => {
      const found = (await scrape()).filter((s) => s.name === 'temporal_activity_execution_failed' && s.value > 0);
      return found.length > 0 && found;
    // Bounded by the worker's start-up too, which builds the traced bundle on a new checkout.
    }, { timeoutMs: 120_000, intervalMs: 200, what: 'a failed activity in the metrics' });
    await env.service.admin('/faults', { rate: 0 }, 'PUT');
    expect(failed[0].labels).toMatchObject({ activity_type: expect.any(String), workflow_type: expect.any(String), task_queue: env.taskQueue, namespace: 'default' });

    const result = await handle.result();
    expect(result.totals).toEqual({ variants: 2, done: 2, failed: 0, pending: 0 });

    const metrics = await scrape();
    const names = new Set(metrics.map((s) => s.name));
    for (const name of [
      'temporal_workflow_task_schedule_to_start_latency_bucket',
      'temporal_activity_schedule_to_start_latency_bucket',
      'temporal_activity_execution_failed',
      'temporal_activity_execution_latency_bucket',
      'temporal_workflow_completed',
      'temporal_num_pollers',
      'temporal_worker_task_slots_available',
    ]) expect(names, name).toContain(name);
    const ofQueue = (name: string) => metrics.filter((s) => s.name === name && s.labels.task_queue === env.taskQueue);
    expect(ofQueue('temporal_activity_schedule_to_start_latency_count').reduce((sum, s) => sum + s.value, 0)).toBeGreaterThan(0);
    // The study's first workflow task waited for the worker to start (well over 100 ms): the histogram shows it.
    const taskWaits = ofQueue('temporal_workflow_task_schedule_to_start_latency_count')[0].value;
    const within100ms = ofQueue('temporal_workflow_task_schedule_to_start_latency_bucket').find((s) => s.labels.le === '100')!.value;
    expect(within100ms).toBeLessThan(taskWaits);

    // Nothing sent by the worker yet: the batch waits for its (hour-long) delay or the shutdown.
    expect(receiver.spans.filter((s) => s.resource['service.name'] === 'sweep-worker')).toEqual([]);
    worker.kill('SIGTERM');
    const [code] = (await once(worker, 'exit')) as [number | null];
    expect(code, output).toBe(0);
    const spans = receiver.spans;
    expect(spans.length).toBeGreaterThan(0);

    // The standard variables decide where and with what headers; the logs never show the header.
    expect(receiver.requests.every((headers) => headers['x-test-token'] === HEADER_TOKEN)).toBe(true);
    expect(output).toContain('exporting traces');
    expect(output).not.toContain(HEADER_TOKEN);
    expect(new Set(spans.map((s) => s.resource['service.name']))).toEqual(new Set(['sweep-cli', 'sweep-worker']));

    const byId = new Map(spans.map((s) => [s.spanId, s]));
    const named = (prefix: string) => spans.filter((s) => s.name.startsWith(prefix));
    const workflowRuns = named('RunWorkflow:');
    // A span is sent when it ends: the budget gate's run goes on after the study, so only its activities show.
    expect(new Set(workflowRuns.map((s) => s.name))).toEqual(new Set(['RunWorkflow:studyWorkflow', 'RunWorkflow:variantBatchWorkflow']));

    // Every activity type the study's workflows scheduled has execution spans, each the child of
    // the StartActivity span of its workflow, and in its workflow's trace.
    const studyHistories = [...await histories(`WorkflowId STARTS_WITH '${handle.workflowId}'`), ...await histories(`WorkflowId = '${env.gateId}'`)];
    const scheduled = new Set(studyHistories.flatMap(({ history }) => (history.events ?? [])
      .map((e) => e.activityTaskScheduledEventAttributes?.activityType?.name).filter((n): n is string => !!n)));
    expect(scheduled.size).toBeGreaterThan(3);
    const executed = named('RunActivity:');
    expect(new Set(executed.map((s) => s.name.slice('RunActivity:'.length)))).toEqual(scheduled);
    const rootOf = (span: ReceivedSpan): ReceivedSpan => {
      let current = span;
      while (current.parentSpanId && byId.has(current.parentSpanId) && !current.name.startsWith('RunWorkflow:')) current = byId.get(current.parentSpanId)!;
      return current;
    };
    for (const activity of executed) {
      const type = activity.name.slice('RunActivity:'.length);
      const start = byId.get(activity.parentSpanId);
      expect(start?.name, `parent of ${activity.name}`).toBe(`StartActivity:${type}`);
      expect(start!.traceId).toBe(activity.traceId);
      // Workflow spans carry their workflow's info; activity spans the workflow id they ran for.
      expect(start!.attributes.workflowId).toBe(activity.attributes.temporalWorkflowId);
      if (activity.attributes.temporalWorkflowId === env.gateId) continue;
      const run = rootOf(start!);
      expect(run.name).toMatch(/^RunWorkflow:/);
      expect(run.traceId).toBe(activity.traceId);
      expect(run.attributes.workflowId).toBe(activity.attributes.temporalWorkflowId);
    }
    // `sweep run` heads the study's trace, and batches are children of the study: one trace from
    // the start to the last batch.
    const [start] = named('StartWorkflow:');
    expect(start).toMatchObject({ name: 'StartWorkflow:studyWorkflow', parentSpanId: '', resource: { 'service.name': 'sweep-cli' } });
    const firstRun = workflowRuns.find((s) => s.name === 'RunWorkflow:studyWorkflow' && s.parentSpanId === start.spanId);
    expect(firstRun?.traceId).toBe(start.traceId);
    const studyTrace = start.traceId;
    for (const studyRun of workflowRuns.filter((s) => s.name === 'RunWorkflow:studyWorkflow')) expect(studyRun.traceId).toBe(studyTrace);
    for (const batch of workflowRuns.filter((s) => s.name === 'RunWorkflow:variantBatchWorkflow')) expect(batch.traceId).toBe(studyTrace);
    // The attempts the faults failed are spans with an error status.
    expect(executed.filter((s) => s.statusCode === 2).length).toBeGreaterThan(0);

    // The traced run's histories replay against both bundles: tracing on or off is no change to the workflows.
    const untraced = await workflowBundle();
    const traced = await workflowBundle(undefined, { tracing: true });
    expect(traced.codePath).not.toBe(untraced.codePath);
    expect(readFileSync(traced.codePath, 'utf8')).toContain('OpenTelemetryInboundInterceptor');
    expect(readFileSync(untraced.codePath, 'utf8')).not.toContain('OpenTelemetryInboundInterceptor');
    expect(await replayFailures(untraced, studyHistories)).toEqual([]);
    expect(await replayFailures(traced, studyHistories)).toEqual([]);
  }, 300_000);
});
