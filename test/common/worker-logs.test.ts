/**
 * The study worker's log, end to end: a worker made by createStudyWorker (with the runtime installed
 * on its logger, as `sweep worker` does) runs a workflow on the test run's Temporal server that logs
 * through the SDK's workflow logger and runs a real study activity against a real local service.
 * Every line about the batch carries its study and workflow; the activity's lines and the planning
 * client's carry its variants too.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Client } from '@temporalio/client';
import { bundleWorkflowCode, type NativeConnection } from '@temporalio/worker';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createLogger } from '../../src/common/logger.js';
import { connectTemporal, connectWorkerConnection } from '../../src/product/temporal/connection.js';
import { installTemporalRuntime } from '../../src/product/temporal/runtime.js';
import { createStudyWorker } from '../../worker.js';
import { waitFor } from '../support/wait.js';
import { ALICE, startTestService, type TestService } from '../support/service.js';

type Entry = Record<string, unknown> & { level: number; msg: string };

const lines: string[] = [];
const log = createLogger({ level: 'debug', destination: { write: (line: string) => void lines.push(line) }, format: 'json' });
const entries = () => lines.map((line) => JSON.parse(line) as Entry);

let service: TestService;
let connection: NativeConnection;
let temporal: Client;
let installed: boolean;

beforeAll(async () => {
  // First, before any connection of this process: as runWorker does.
  installed = installTemporalRuntime(log);
  service = await startTestService();
  connection = await connectWorkerConnection(inject('temporalAddress'));
  temporal = await connectTemporal(inject('temporalAddress'));
});
afterAll(async () => {
  await temporal?.connection.close();
  await connection?.close();
  await service?.close();
});

describe('the study worker log', () => {
  it('names the study, workflow and variants of every line about a batch', async () => {
    expect(installed).toBe(true);
    const taskQueue = `logs-${randomUUID()}`;
    const workflowBundle = await bundleWorkflowCode({ workflowsPath: join(import.meta.dirname, 'fixtures', 'log-workflow.ts'), logger: { trace() {}, debug() {}, info() {}, warn() {}, error() {}, log() {} } });
    const { worker, close } = await createStudyWorker({
      connection, target: inject('temporalAddress'), taskQueue, log,
      service: { baseUrl: service.url, credentials: ALICE, paths: 'spec', source: 'test' },
      worker: { workflowBundle },
    });
    const workflowId = `study/logs-e2e/batch-0`;
    const keys = ['v-000000000001', 'v-000000000002'];
    const outcome = await worker.runUntil(temporal.workflow.execute('logTestBatch', {
      workflowId, taskQueue,
      args: [{ keys, baseScenarioGuid: randomUUID(), destinationAnalysisGuid: randomUUID() }],
    }));
    await close();
    expect(outcome).toBe('failed');

    // Workflow lines reach the logger through the runtime's buffer, a moment after the workflow ends.
    await waitFor(() => entries().some((e) => e.msg === 'batch could not copy its scenarios'), { timeoutMs: 5_000, what: "the workflow's last line" });
    const all = entries();
    const byMsg = (msg: string) => all.filter((e) => e.msg === msg);
    const study = { studyId: 'logs-e2e', workflowId, workflowType: 'logTestBatch' };

    expect(byMsg('batch begins')).toEqual([expect.objectContaining({ ...study, level: 30, temporal: 'workflow', variants: 2 })]);
    expect(byMsg('batch detail')).toEqual([expect.objectContaining({ ...study, level: 20 })]);
    expect(byMsg('batch could not copy its scenarios')).toEqual([expect.objectContaining({ ...study, level: 40 })]);

    const activity = { ...study, activityType: 'ensureVariantScenarios', attempt: 1, variantKeys: keys };
    const calls = byMsg('planning-service call');
    expect(calls.map((c) => c.operation)).toEqual(expect.arrayContaining(['auth.token', 'scenarios.copy']));
    for (const call of calls) expect(call).toMatchObject(activity);
    expect(byMsg('activity started')).toEqual([expect.objectContaining({ ...activity, level: 20 })]);
    expect(byMsg('activity failed; no more retries')).toEqual([expect.objectContaining({
      ...activity, level: 50, retryable: false, errorType: 'NotFoundError', error: expect.stringContaining('404'),
    })]);
    // The SDK's own line about the failure would only repeat it, without the variants.
    expect(all.filter((e) => e.msg === 'Activity failed')).toEqual([]);
    for (const line of lines) expect(line).not.toContain(ALICE.password);
  }, 120_000);
});
