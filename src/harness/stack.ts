/**
 * A whole local stack for measuring runs (chaos, benchmark): its own Temporal dev server, the
 * local service and a study worker as separate processes (so each can be killed, and the worker's
 * memory measured), an account with a fresh password, the demo district as base scenario, and a
 * study started and waited for. Everything lives under one directory; logs go to `<dir>/logs`.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Client, WorkflowHandle } from '@temporalio/client';
import proto from '@temporalio/proto';
import { startStudy } from '../cli/studies.js';
import { ensureDemoBase } from '../cli/demo/base-scenario.js';
import { PlanningClient } from '../client/index.js';
import type { FaultSettingsInput } from '../service/faults/settings.js';
import { parseStudy } from '../study/load.js';
import type { Study } from '../study/schema.js';
import { connectTemporal } from '../temporal/connection.js';
import { type DevServer, startDevServer } from '../temporal/dev-server.js';
import type { studyWorkflow } from '../../workflows/study.js';
import { type Managed, startServiceProcess, startWorkerProcess } from './processes.js';

export interface StackOptions {
  dir: string;
  /** Faults the service starts with (none by default); the base scenario is always built without. */
  faults?: FaultSettingsInput;
  /** Solver jobs at once; with `instantSolveMs`, the benchmark optimiser instead of HiGHS. */
  solverThreads?: number;
  instantSolveMs?: number;
}

export interface LocalStack {
  readonly dir: string;
  readonly account: { email: string; password: string };
  readonly client: PlanningClient;
  temporalClient: Client;
  temporal: DevServer;
  service: Managed & { url: string };
  worker: Managed;
  setFaults(settings: FaultSettingsInput): Promise<void>;
  /** GET (or POST) an admin route of the service, with the admin token only this stack knows. */
  admin<T>(path: string, method?: 'GET' | 'POST'): Promise<T>;
  killWorker(): Promise<void>;
  restartTemporal(): Promise<void>;
  restartService(): Promise<void>;
  /** Writes the study file, parses it and starts the study; answers both. */
  startStudy(name: string, yaml: string): Promise<{ study: Study; handle: WorkflowHandle<typeof studyWorkflow> }>;
  close(): Promise<void>;
}

const TASK_QUEUE = 'stack';

export async function startLocalStack(options: StackOptions): Promise<LocalStack> {
  const { dir } = options;
  mkdirSync(join(dir, 'logs'), { recursive: true });
  const account = { email: 'runner@sweep.local', password: randomBytes(18).toString('base64url') };
  // The service's admin routes (faults, counters) exist for this run alone, behind a token of its own.
  const adminToken = randomBytes(24).toString('base64url');
  const adminHeaders = { authorization: `Bearer ${adminToken}` };
  const temporalDir = join(dir, 'temporal');
  const temporal = await startDevServer({ dataDir: temporalDir, headless: true });
  const temporalPort = Number(temporal.address.split(':').pop());
  const serviceOptions = {
    dataDir: join(dir, 'service'), users: `${account.email}:${account.password}`, faults: options.faults ?? {},
    solverThreads: options.solverThreads, instantSolveMs: options.instantSolveMs, logFile: join(dir, 'logs', 'service.log'), adminToken,
  };
  const service = await startServiceProcess({ ...serviceOptions, port: 0 });
  const servicePort = Number(new URL(service.url).port);
  const startWorker = () => startWorkerProcess({
    temporalAddress: stack.temporal.address, taskQueue: TASK_QUEUE, serviceUrl: stack.service.url, email: account.email,
    password: account.password, logFile: join(dir, 'logs', 'worker.log'),
  });
  const put = async (path: string, body: unknown) => {
    const answer = await fetch(`${stack.service.url}${path}`, {
      method: 'PUT', headers: { ...adminHeaders, 'content-type': 'application/json' }, body: JSON.stringify(body),
    });
    if (!answer.ok) throw new Error(`PUT ${path}: ${answer.status} ${await answer.text()}`);
  };

  const stack: LocalStack = {
    dir, account, temporal, service,
    worker: undefined as never,
    client: new PlanningClient({ baseUrl: service.url, credentials: account, maxRetries: 6 }),
    temporalClient: await connectTemporal({ address: temporal.address }),
    setFaults: (settings) => put('/admin/faults', settings),
    async admin<T>(path: string, method: 'GET' | 'POST' = 'GET') {
      const answer = await fetch(`${stack.service.url}/admin${path}`, { method, headers: adminHeaders });
      if (!answer.ok) throw new Error(`${method} /admin${path}: ${answer.status} ${await answer.text()}`);
      return (await answer.json()) as T;
    },
    async killWorker() {
      await stack.worker.kill('SIGKILL');
      stack.worker = startWorker();
    },
    async restartTemporal() {
      process.kill(stack.temporal.pid, 'SIGKILL');
      await stack.temporal.exited;
      stack.temporal = await startDevServer({ dataDir: temporalDir, headless: true, port: temporalPort });
    },
    async restartService() {
      await stack.service.kill('SIGKILL');
      stack.service = await startServiceProcess({ ...serviceOptions, port: servicePort });
    },
    async startStudy(name, yaml) {
      const file = join(dir, `${name}.yaml`);
      writeFileSync(file, yaml);
      const study = parseStudy(yaml, { path: file });
      const handle = await startStudy(stack.temporalClient, study, file, { baseUrl: stack.service.url, credentials: account }, { taskQueue: TASK_QUEUE });
      return { study, handle };
    },
    async close() {
      await stack.client.close();
      await stack.temporalClient.connection.close().catch(() => undefined);
      await stack.worker?.kill('SIGTERM');
      await stack.service.kill('SIGTERM');
      await stack.temporal.stop();
    },
  };
  try {
    // The base scenario is built without faults: a run is about the study, not its preparation.
    await stack.setFaults({ rate: 0, latency: { distribution: 'none' } });
    await ensureDemoBase(stack.client);
    if (options.faults) await stack.setFaults(options.faults);
    stack.worker = startWorker();
    await workerPolling(stack.temporalClient, TASK_QUEUE);
  } catch (error) {
    await stack.close();
    throw error;
  }
  return stack;
}

/**
 * Resolves once a worker polls the task queue for workflow tasks: a worker process bundles its
 * workflows first (seconds), and a run measures studies, not that.
 */
async function workerPolling(client: Client, taskQueue: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { pollers } = await client.workflowService.describeTaskQueue({
      namespace: client.options.namespace, taskQueue: { name: taskQueue }, taskQueueType: proto.temporal.api.enums.v1.TaskQueueType.TASK_QUEUE_TYPE_WORKFLOW,
    });
    if (pollers?.length) return;
    if (Date.now() > deadline) throw new Error(`no worker polled task queue ${taskQueue} within ${timeoutMs / 1000} s`);
    await sleep(200);
  }
}

/**
 * The study's ending ("completed", "failed: …" or "timed out"), waiting through the moments the
 * Temporal server is down (the wait for a result then fails, and is simply made again).
 */
export async function settle(handle: WorkflowHandle<typeof studyWorkflow>, deadline: number): Promise<string> {
  for (;;) {
    const remaining = deadline - Date.now();
    if (remaining <= 0) return 'timed out';
    try {
      const ended = await Promise.race([handle.result().then(() => true), sleep(remaining).then(() => false)]);
      return ended ? 'completed' : 'timed out';
    } catch (error) {
      const description = await handle.describe().catch(() => undefined);
      if (description && description.status.name !== 'RUNNING') return `failed: ${(error as Error).message}`;
      await sleep(1_000);
    }
  }
}
