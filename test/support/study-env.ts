/**
 * Test environment for studies: the shared Temporal dev server (started once for the run), a real
 * local planning service with its HiGHS optimiser, and a study worker in this process on its own
 * task queue.
 */
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@temporalio/client';
import type { NativeConnection, Worker } from '@temporalio/worker';
import pino from 'pino';
import { afterAll, beforeAll, inject } from 'vitest';
import type { ServiceConfig } from '../../src/wire/client/config.js';
import { parseStudy } from '../../src/product/study/load.js';
import type { Study } from '../../src/product/study/schema.js';
import { connectTemporal, connectWorkerConnection } from '../../src/product/temporal/connection.js';
import { createStudyWorker } from '../../worker.js';
import { gateIdFor } from '../../src/product/temporal/study-queues.js';
import type { StudyInput } from '../../workflows/study.js';
import { ensureDemoBase } from '../../src/tooling/demo/base-scenario.js';
import { buildScenario } from './scenario-fixture.js';
import { ALICE, startTestService, tempDir, type TestService } from './service.js';

export interface StudyEnv {
  service: TestService;
  serviceConfig: ServiceConfig;
  temporal: Client;
  taskQueue: string;
  gateId: string;
  dir: string;
  /** Starts a worker on the task queue (logging warnings to stderr unless given a logger); answers it (call stop() to end it). */
  startWorker(options?: { log?: pino.Logger }): Promise<{ worker: Worker; stop(): Promise<void> }>;
  /** A study from YAML text, its output under the environment's directory. */
  study(yaml: string): { study: Study; file: string };
  input(study: Study, file: string): StudyInput;
  /** The environment a `sweep` process needs to act as this environment's worker does: its task queue and account. */
  cliEnv(taskQueue?: string): NodeJS.ProcessEnv;
  close(): Promise<void>;
}

export async function startStudyEnv(options: Parameters<typeof startTestService>[0] = {}): Promise<StudyEnv> {
  const address = inject('temporalAddress');
  const service = await startTestService(options);
  const serviceConfig: ServiceConfig = { baseUrl: service.url, credentials: ALICE, paths: 'spec', source: 'test' };
  const temporal = await connectTemporal(address);
  const taskQueue = `studies-${randomUUID()}`;
  const dir = tempDir('sweep-study-');
  const workers: { stop(): Promise<void> }[] = [];
  const connections: NativeConnection[] = [];
  return {
    service, serviceConfig, temporal, taskQueue, dir, gateId: gateIdFor(serviceConfig, taskQueue),
    async startWorker(options = {}) {
      const connection = await connectWorkerConnection(address);
      connections.push(connection);
      const { worker, close } = await createStudyWorker({
        connection, target: address, taskQueue, service: serviceConfig, log: options.log ?? pino({ level: 'warn' }, pino.destination(2)),
      });
      const running = worker.run();
      const handle = {
        worker,
        async stop() {
          if (worker.getState() === 'RUNNING') worker.shutdown();
          await running;
          await close();
        },
      };
      workers.push(handle);
      return handle;
    },
    study(yaml) {
      const file = join(dir, `study-${randomUUID()}.yaml`);
      writeFileSync(file, yaml);
      return { study: parseStudy(yaml, { path: file }), file };
    },
    cliEnv(queue = taskQueue) {
      return { SWEEP_TASK_QUEUE: queue, SWEEP_SERVICE_URL: service.url, SWEEP_SERVICE_EMAIL: ALICE.email, SWEEP_SERVICE_PASSWORD: ALICE.password };
    },
    input(study, file) {
      return { study, studyFile: file, gateId: gateIdFor(serviceConfig, taskQueue) };
    },
    async close() {
      for (const w of workers) await w.stop().catch(() => undefined);
      for (const c of connections) await c.close().catch(() => undefined);
      await temporal.connection.close();
      await service.close();
    },
  };
}

/**
 * For a test file: before its tests, an environment with the fixture scenario built as base scenario
 * `Base` of project `projectName` and a worker running (`started` receives it); after them, all closed.
 */
export function useStudyEnvWithWorker(projectName: string, started: (env: StudyEnv) => void): void {
  let env: StudyEnv | undefined;
  beforeAll(async () => {
    env = await startStudyEnv();
    await buildScenario(env.service.client(), { projectName, scenarioName: 'Base' });
    await env.startWorker();
    started(env);
  });
  // close() stops the workers it started.
  afterAll(() => env?.close());
}

/**
 * For a test file: before its tests, an environment with the demo district (project Demo, analysis
 * Base, scenario Demo district) as base scenario and a worker running; after them, all closed.
 */
export function useDemoEnvWithWorker(started: (env: StudyEnv) => void, options: Parameters<typeof startTestService>[0] = {}): void {
  let env: StudyEnv | undefined;
  beforeAll(async () => {
    env = await startStudyEnv(options);
    await ensureDemoBase(env.service.client());
    await env.startWorker();
    started(env);
  }, 120_000);
  afterAll(() => env?.close());
}
