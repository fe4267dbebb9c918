/**
 * A whole local stack for measuring runs (chaos, benchmark, the production tests): its own Temporal
 * dev server (or a Temporal server given to it), the local service and study workers as separate
 * processes (so each can be killed, and a worker's memory measured), an account with a fresh password,
 * the demo district as base scenario, and a study started and waited for. Everything lives under one
 * directory; logs go to `<dir>/logs`.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Client, WorkflowHandle } from '@temporalio/client';
import proto from '@temporalio/proto';
import { startStudy } from '../../product/cli/studies.js';
import { ensureDemoBase } from '../demo/base-scenario.js';
import { PlanningClient } from '../../wire/client/index.js';
import type { FaultSettingsInput } from '../../local-service/server/faults/settings.js';
import { parseStudy } from '../../product/study/load.js';
import type { Study } from '../../product/study/schema.js';
import { connectTemporal } from '../../product/temporal/connection.js';
import { startDevServer } from '../../product/temporal/dev-server.js';
import type { ProductionServer, ProfileRef } from '../../product/temporal/production-server.js';
import { plainTarget, type TemporalTarget } from '../../product/temporal/temporal-profile.js';
import type { StudyWorkflow } from '../../product/study/study-workflow.js';
import { type Managed, startServiceProcess, startWorkerProcess, type WorkerTemporal } from './processes.js';

/** The Temporal server a stack runs on: how this process and the worker processes reach it, and how to crash and restart it. */
export interface StackTemporal {
  readonly address: string;
  /** How clients in this process connect. */
  readonly target: TemporalTarget;
  /** How a `sweep worker` process connects. */
  readonly workers: WorkerTemporal;
  /** Kills the server (SIGKILL) and starts it again on the same state and port; resolves once it answers. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export interface StackOptions {
  dir: string;
  /** Faults the service starts with (none by default); the base scenario is always built without. */
  faults?: FaultSettingsInput;
  /** Solver jobs at once; with `instantSolveMs`, the benchmark optimiser instead of HiGHS. */
  solverThreads?: number;
  instantSolveMs?: number;
  /** The Temporal server; default a dev server of the stack's own. A given server is not stopped by `close()`. */
  temporal?: StackTemporal;
  /** Worker processes (default 1). */
  workers?: number;
}

export interface LocalStack {
  readonly dir: string;
  readonly account: { email: string; password: string };
  readonly client: PlanningClient;
  temporalClient: Client;
  temporal: StackTemporal;
  service: Managed & { url: string };
  /** The first worker process. */
  readonly worker: Managed;
  workers: Managed[];
  setFaults(settings: FaultSettingsInput): Promise<void>;
  /** GET (or POST) an admin route of the service, with the admin token only this stack knows. */
  admin<T>(path: string, method?: 'GET' | 'POST'): Promise<T>;
  /** Kills worker `index` (default 0) with SIGKILL and starts a new one in its place. */
  killWorker(index?: number): Promise<void>;
  restartTemporal(): Promise<void>;
  restartService(): Promise<void>;
  /** Writes the study file, parses it and starts the study; answers both. */
  startStudy(name: string, yaml: string): Promise<{ study: Study; handle: WorkflowHandle<StudyWorkflow> }>;
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
  const temporal = options.temporal ?? (await ownDevServer(join(dir, 'temporal')));
  const serviceOptions = {
    dataDir: join(dir, 'service'), users: `${account.email}:${account.password}`, faults: options.faults ?? {},
    solverThreads: options.solverThreads, instantSolveMs: options.instantSolveMs, logFile: join(dir, 'logs', 'service.log'), adminToken,
  };
  const service = await startServiceProcess({ ...serviceOptions, port: 0 });
  const servicePort = Number(new URL(service.url).port);
  const startWorker = () => startWorkerProcess({
    temporal: temporal.workers, taskQueue: TASK_QUEUE, serviceUrl: stack.service.url, email: account.email,
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
    workers: [],
    get worker() {
      return stack.workers[0];
    },
    client: new PlanningClient({ baseUrl: service.url, credentials: account, maxRetries: 6 }),
    temporalClient: await connectTemporal(temporal.target),
    setFaults: (settings) => put('/admin/faults', settings),
    async admin<T>(path: string, method: 'GET' | 'POST' = 'GET') {
      const answer = await fetch(`${stack.service.url}/admin${path}`, { method, headers: adminHeaders });
      if (!answer.ok) throw new Error(`${method} /admin${path}: ${answer.status} ${await answer.text()}`);
      return (await answer.json()) as T;
    },
    async killWorker(index = 0) {
      await stack.workers[index].kill('SIGKILL');
      stack.workers[index] = startWorker();
    },
    restartTemporal: () => temporal.restart(),
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
      await Promise.all(stack.workers.map((worker) => worker.kill('SIGTERM')));
      await stack.service.kill('SIGTERM');
      if (!options.temporal) await temporal.stop();
    },
  };
  try {
    // The base scenario is built without faults: a run is about the study, not its preparation.
    await stack.setFaults({ rate: 0, latency: { distribution: 'none' } });
    await ensureDemoBase(stack.client);
    if (options.faults) await stack.setFaults(options.faults);
    for (let i = 0; i < (options.workers ?? 1); i++) stack.workers.push(startWorker());
    await workerPolling(stack.temporalClient, TASK_QUEUE, stack.workers.length);
  } catch (error) {
    await stack.close();
    throw error;
  }
  return stack;
}

/** A dev server of the stack's own, in `dataDir`; a restart is a crash (SIGKILL) and a start on the same database and port. */
async function ownDevServer(dataDir: string): Promise<StackTemporal> {
  let server = await startDevServer({ dataDir, headless: true });
  const port = Number(server.address.split(':').pop());
  return {
    address: server.address,
    target: plainTarget(server.address),
    workers: { address: server.address },
    async restart() {
      process.kill(server.pid, 'SIGKILL');
      await server.exited;
      server = await startDevServer({ dataDir, headless: true, port });
    },
    stop: () => server.stop(),
  };
}

/**
 * A production Temporal server (../temporal/production-server.ts) as a stack's Temporal: worker processes
 * connect through `profile`, this process through the server's own profile with `apiKey` (when it has an authorizer).
 */
export function onProductionServer(server: ProductionServer, profile: ProfileRef, apiKey?: string): StackTemporal {
  return {
    address: server.address,
    target: server.target({ apiKey }),
    workers: { profile },
    restart: () => server.restart(),
    stop: () => server.stop(),
  };
}

/**
 * Resolves once `count` workers poll the task queue for workflow tasks: a worker process bundles its
 * workflows first (seconds), and a run measures studies, not that.
 */
async function workerPolling(client: Client, taskQueue: string, count: number, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { pollers } = await client.workflowService.describeTaskQueue({
      namespace: client.options.namespace, taskQueue: { name: taskQueue }, taskQueueType: proto.temporal.api.enums.v1.TaskQueueType.TASK_QUEUE_TYPE_WORKFLOW,
    });
    // Pollers are told apart by identity (pid@host); one that has just been killed stays listed a while.
    if ((pollers?.length ?? 0) >= count) return;
    if (Date.now() > deadline) throw new Error(`${pollers?.length ?? 0} of ${count} workers polled task queue ${taskQueue} within ${timeoutMs / 1000} s`);
    await sleep(200);
  }
}

/**
 * The study's ending ("completed", "failed: …" or "timed out"), waiting through the moments the
 * Temporal server is down (the wait for a result then fails, and is simply made again).
 */
export async function settle(handle: WorkflowHandle<StudyWorkflow>, deadline: number): Promise<string> {
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
