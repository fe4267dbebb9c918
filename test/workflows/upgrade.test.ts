/**
 * Upgrading the workers while a study runs (workflows/changes.ts): a study starts on workers running
 * version A of the workflows, the code before a change; they are stopped mid-study and workers
 * running version B — the real workflows of this tree, where the study gives a new command behind
 * its patch guard (it keeps its progress in its memo after each finished batch) — take over. The
 * study finishes with every variant once and the results a study without an upgrade gets, the run
 * that was in flight switches to the new code at the point it reaches it live, and the same change
 * made without its guard fails A's histories with a nondeterminism error.
 *
 * Version A is the real workflows bundled with fixtures/changes-before.ts in place of
 * workflows/changes.ts (the change's new branch never taken, no marker: what the code before the
 * change did); the unguarded version, with fixtures/changes-unguarded.ts.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Client, WorkflowHandle } from '@temporalio/client';
import { historyFromJSON, historyToJSON } from '@temporalio/common/lib/proto-utils';
import { temporal } from '@temporalio/proto';
import { bundleWorkflowCode, Worker, type WorkflowBundleOption } from '@temporalio/worker';
import { DeterminismViolationError } from '@temporalio/workflow/lib/errors.js';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readManifest } from '../../src/product/study/results/manifest.js';
import { connectWorkerConnection } from '../../src/product/temporal/connection.js';
import { createStudyWorker } from '../../worker.js';
import { workflowBundle } from '../../src/product/temporal/workflow-bundle.js';
import { CHANGES } from '../../workflows/changes.js';
import { studyWorkflow } from '../../workflows/index.js';
import { progressQuery } from '../../src/product/study/workflow-messages.js';
import { buildScenario } from '../support/scenario-fixture.js';
import { startStudyEnv, type StudyEnv } from '../support/study-env.js';
import { waitFor } from '../support/wait.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const EventType = temporal.api.enums.v1.EventType;
type History = temporal.api.history.v1.IHistory;

/** The real workflows with workflows/changes.ts replaced by `fixture` (imports of it from the workflows only). */
async function bundleWith(fixture: string): Promise<WorkflowBundleOption> {
  const changes = join(ROOT, 'workflows', 'changes');
  const { code } = await bundleWorkflowCode({
    workflowsPath: join(ROOT, 'workflows', 'index.ts'),
    logger: { trace() {}, debug() {}, info() {}, warn() {}, error() {}, log() {} },
    webpackConfigHook: (config) => {
      config.resolve = { ...config.resolve, extensionAlias: { '.js': ['.ts', '.js'] } };
      config.plugins = [...(config.plugins ?? []), {
        apply(compiler) {
          new compiler.webpack.NormalModuleReplacementPlugin(/changes\.js$/, (resource: { request: string; context: string; contextInfo?: { issuer?: string } }) => {
            // The fixture itself imports the real module for the changes' ids.
            if (resource.contextInfo?.issuer === fixture) return;
            if (join(resource.context, resource.request).replace(/\.js$/, '') === changes) resource.request = fixture;
          }).apply(compiler);
        },
      }];
      return config;
    },
  });
  return { code };
}

let env: StudyEnv;
const address = () => inject('temporalAddress');
const stops: (() => Promise<void>)[] = [];

/** A study worker on the environment's queue running `workflowBundle`; answers its stop. */
async function startWorker(workflowBundle: WorkflowBundleOption): Promise<() => Promise<void>> {
  const connection = await connectWorkerConnection(address());
  const { worker, close } = await createStudyWorker({
    connection, target: address(), taskQueue: env.taskQueue, service: env.serviceConfig, log: pino({ level: 'warn' }, pino.destination(2)),
    worker: { workflowBundle },
  });
  const running = worker.run();
  let stopped: Promise<void> | undefined;
  const stop = () => (stopped ??= (async () => {
    if (worker.getState() === 'RUNNING') worker.shutdown();
    await running;
    await close();
    await connection.close();
  })());
  stops.push(stop);
  return stop;
}

/** Every run of the workflow up to its current one (once visibility lists it), oldest first, with its history as it is now. */
async function runsOf(client: Client, workflowId: string): Promise<{ runId: string; history: History }[]> {
  const current = (await client.workflow.getHandle(workflowId).describe()).runId;
  const listed = await waitFor(async () => {
    const executions = [];
    for await (const execution of client.workflow.list({ query: `WorkflowId = '${workflowId}'` })) executions.push(execution);
    return executions.some((e) => e.runId === current) && executions;
  }, { timeoutMs: 10_000, intervalMs: 50, what: `the current run of ${workflowId} to be listed` });
  const runs = await Promise.all(listed.map(async (e) => ({
    runId: e.runId, start: e.startTime.getTime(), history: await client.workflow.getHandle(workflowId, e.runId).fetchHistory(),
  })));
  return runs.sort((a, b) => a.start - b.start);
}

/** Whether a history recorded the patch marker of `change`. */
function recordsChange(history: History, change: string): boolean {
  return (history.events ?? []).some((event) => event.eventType === EventType.EVENT_TYPE_MARKER_RECORDED
    && Object.values(event.markerRecordedEventAttributes?.details ?? {}).some((p) => p.payloads?.some((pl) => Buffer.from(pl.data ?? []).toString().includes(change))));
}

const count = (history: History, type: temporal.api.enums.v1.EventType) => (history.events ?? []).filter((e) => e.eventType === type).length;

async function replay(bundle: WorkflowBundleOption, workflowId: string, histories: History[]): Promise<Error[]> {
  const errors: Error[] = [];
  for (const history of histories) {
    // A deep copy: replay must not see the history objects the test reads afterwards.
    await Worker.runReplayHistory({ workflowBundle: bundle }, historyFromJSON(JSON.parse(historyToJSON(history))), workflowId)
      .catch((error: Error) => errors.push(error));
  }
  return errors;
}

const studyYaml = (name: string) => `
version: 1
name: ${name}
base: { project: Upgrade, analysis: Base analysis, scenario: Base }
destination: { analysis: ${name} }
parameters:
  - { name: tank_cost, target: { kind: storageTechnology, name: Heat tank, field: variableInvestmentCost }, values: [10, 25, 40, 55, 70, 85] }
variants: { method: grid }
solver: { objective1: MIN_LIFE_CYCLE_COST, points: 1, temporalResolution: LOW, timeLimit: 2, mipGap: 1 }
concurrency: 1
output: out-${name}
`;

/** The service's scenarios of a study's destination analysis, and their solver jobs. */
async function serviceRecordsOf(analysisName: string) {
  const client = env.service.client();
  const project = (await client.projects.list()).find((p) => p.projectName === 'Upgrade')!;
  const analysis = (await client.analyses.list(project.projectGuid)).find((a) => a.analysisName === analysisName)!;
  const scenarios = await client.scenarios.list(analysis.analysisGuid);
  return { scenarios, jobs: await client.solverJobs.getScenarios(scenarios.map((s) => s.scenarioGuid)) };
}

/** Each variant's parameters, status and cost optimum, as the results directory has them. */
async function resultsOf(output: string) {
  const manifest = await readManifest(output);
  return manifest.variants.map((v) => ({ key: v.key, parameters: v.parameters, status: v.status, cost: v.solutions[0]?.objectives.MIN_LIFE_CYCLE_COST }));
}

let versionA: WorkflowBundleOption;
let unguarded: WorkflowBundleOption;
let versionB: WorkflowBundleOption;

beforeAll(async () => {
  env = await startStudyEnv();
  await buildScenario(env.service.client(), { projectName: 'Upgrade', scenarioName: 'Base' });
  const started = Date.now();
  [versionA, unguarded, versionB] = await Promise.all([
    bundleWith(join(import.meta.dirname, 'fixtures', 'changes-before.ts')),
    bundleWith(join(import.meta.dirname, 'fixtures', 'changes-unguarded.ts')),
    workflowBundle(),
  ]);
  process.stderr.write(`upgrade: bundles A, unguarded and B in ${Date.now() - started} ms\n`);
}, 180_000);
afterAll(async () => {
  for (const stop of stops) await stop().catch(() => undefined);
  await env?.close();
});

describe('workers upgraded while a study runs', () => {
  it('finish the study on the new code, every variant once, with the results of a study without an upgrade', async () => {
    const { study, file } = env.study(studyYaml('upgraded'));
    const stopA = await startWorker(versionA);
    const handle: WorkflowHandle<typeof studyWorkflow> = await env.temporal.workflow.start(studyWorkflow, {
      workflowId: `study/${study.name}`, taskQueue: env.taskQueue, args: [env.input(study, file)],
    });

    // Mid-study: two of six variants gathered (one batch at a time, so batches have finished and reported).
    const before = await waitFor(async () => {
      const progress = await handle.query(progressQuery).catch(() => undefined);
      return progress && progress.byStage.gathered >= 2 ? progress : undefined;
    }, { timeoutMs: 180_000, intervalMs: 50, what: 'two variants to be gathered on version A' });
    let started = Date.now();
    await stopA();
    const stopMs = Date.now() - started;
    expect(before.done).toBe(false);

    // No worker runs: the study waits, on version A's histories.
    const described = await handle.describe();
    expect(described.status.name).toBe('RUNNING');
    expect(described.memo?.progress).toBeUndefined();
    const runsA = await runsOf(env.temporal, handle.workflowId);
    const inFlight = runsA.at(-1)!;
    expect(inFlight.runId).toBe(described.runId);
    expect(runsA.some((run) => recordsChange(run.history, CHANGES.studyProgressMemo))).toBe(false);

    started = Date.now();
    await startWorker(versionB);
    const result = await handle.result();
    const finishMs = Date.now() - started;
    expect(result.totals).toEqual({ variants: 6, done: 6, failed: 0, pending: 0 });

    // Every variant once at the service: one scenario and one solver job each.
    const { scenarios, jobs } = await serviceRecordsOf('upgraded');
    expect(scenarios).toHaveLength(6);
    expect(new Set(scenarios.map((s) => s.scenarioName)).size).toBe(6);
    expect(jobs).toHaveLength(6);

    // Version B's code ran: the run in flight took the change once it went on live, and the memo has the end.
    const runsB = await runsOf(env.temporal, handle.workflowId);
    const upgraded = runsB.find((run) => run.runId === inFlight.runId)!;
    expect(recordsChange(upgraded.history, CHANGES.studyProgressMemo)).toBe(true);
    expect(count(upgraded.history, EventType.EVENT_TYPE_WORKFLOW_PROPERTIES_MODIFIED)).toBeGreaterThan(0);
    expect(count(inFlight.history, EventType.EVENT_TYPE_WORKFLOW_PROPERTIES_MODIFIED)).toBe(0);
    expect((await handle.describe()).memo?.progress).toMatchObject({ variants: 6, gathered: 6, failed: 0 });
    // The server indexes the runs that took a change: how an operator sees which runs are on the new code.
    await waitFor(async () => {
      const took: string[] = [];
      for await (const e of env.temporal.workflow.list({ query: `TemporalChangeVersion = '${CHANGES.studyProgressMemo}' AND WorkflowId = '${handle.workflowId}'` })) took.push(e.runId);
      return took.includes(inFlight.runId);
    }, { timeoutMs: 10_000, intervalMs: 100, what: 'the upgraded run to be listed by TemporalChangeVersion' });
    // No workflow task of the study failed on the way (a nondeterminism error fails one and retries it). The
    // server's own UnhandledCommand is no failure of the code: a batch's signal came in as the run went to
    // continue as new, and the worker handles the signal first.
    const failedTasks = runsB.flatMap((run) => (run.history.events ?? [])
      .filter((e) => e.eventType === EventType.EVENT_TYPE_WORKFLOW_TASK_FAILED
        && e.workflowTaskFailedEventAttributes?.cause !== temporal.api.enums.v1.WorkflowTaskFailedCause.WORKFLOW_TASK_FAILED_CAUSE_UNHANDLED_COMMAND)
      .map((e) => `${run.runId}: cause ${e.workflowTaskFailedEventAttributes?.cause} ${e.workflowTaskFailedEventAttributes?.failure?.message}`));
    expect(failedTasks).toEqual([]);

    // Replays: A's histories on B (the guard keeps them) and every history now on B pass; A's on the
    // change made without its guard fail with a nondeterminism error.
    expect(await replay(versionB, handle.workflowId, runsA.map((r) => r.history))).toEqual([]);
    expect(await replay(versionB, handle.workflowId, runsB.map((r) => r.history))).toEqual([]);
    const broken = await replay(unguarded, handle.workflowId, runsA.map((r) => r.history));
    expect(broken.length).toBeGreaterThan(0);
    for (const error of broken) expect(error).toBeInstanceOf(DeterminismViolationError);

    // The same study without an upgrade, on version B alone: the same variants, statuses and optima.
    const baseline = env.study(studyYaml('not-upgraded'));
    const plain = await env.temporal.workflow.execute(studyWorkflow, {
      workflowId: `study/${baseline.study.name}`, taskQueue: env.taskQueue, args: [env.input(baseline.study, baseline.file)],
    });
    expect(plain.totals).toEqual(result.totals);
    const upgradedResults = await resultsOf(study.output);
    expect(upgradedResults.every((v) => v.status === 'DONE' && v.cost! > 0)).toBe(true);
    expect(upgradedResults).toEqual(await resultsOf(baseline.study.output));

    process.stderr.write(`upgrade: version A stopped at ${before.byStage.gathered}/6 gathered in ${stopMs} ms (${runsA.length} runs), `
      + `version B finished the study in ${finishMs} ms (${runsB.length} runs); unguarded replay: ${broken.length}/${runsA.length} runs refused: ${broken[0].message.slice(0, 160)}\n`);
  }, 400_000);
});
