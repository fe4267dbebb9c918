/**
 * Determinism and long histories. A study long enough to continue as new (the test server
 * suggests it after 40 events) finishes across several runs, and the histories of all its runs, its
 * batches and the budget gate replay against the current workflow code. Histories recorded from
 * earlier versions (test/fixtures/histories/<name>/) replay too, so a change that would break
 * running studies fails here (workflows/changes.ts says how a change avoids that); and every
 * workflow the worker registers, in every shape a study takes (SHAPES), must have one.
 *
 * `RECORD_HISTORIES=<name> npx vitest run test/workflows/replay.test.ts` runs every shape on this code
 * and writes its histories to test/fixtures/histories/<name>/: at each release, named after the newest
 * entry of CHANGES (workflows/changes.ts) they include (954a06d, the commit, predates them all). A
 * directory leaves when a change newer than its name is deprecated: its histories would no longer replay.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { WorkflowFailedError, type Client } from '@temporalio/client';
import { historyFromJSON, historyToJSON } from '@temporalio/common/lib/proto-utils';
import { temporal } from '@temporalio/proto';
import { ScheduleOverlapPolicy } from '@temporalio/client';
import { Worker } from '@temporalio/worker';
import { describe, expect, it } from 'vitest';
import { scheduledWorkflowIdOf, scheduleIdOf } from '../../src/product/cli/schedules.js';
import { workflowBundle } from '../../src/product/temporal/workflow-bundle.js';
import * as registered from '../../workflows/index.js';
import { studyWorkflow } from '../../workflows/index.js';
import { pauseSignal, progressQuery, resumeSignal, setBudgetUpdate } from '../../src/product/study/workflow-messages.js';
import { type StudyEnv, useStudyEnvWithWorker } from '../support/study-env.js';
import { waitFor } from '../support/wait.js';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'histories');
const RECORD = process.env.RECORD_HISTORIES;
if (RECORD !== undefined && !/^[a-z0-9][a-z0-9-]+$/.test(RECORD)) {
  throw new Error(`RECORD_HISTORIES: "${RECORD}" must name the recording, in lower case, digits and dashes (the newest change's id, e.g. study-progress-memo)`);
}

let env: StudyEnv;
useStudyEnvWithWorker('Replay', (started) => (env = started));

type History = temporal.api.history.v1.IHistory;
const TIMER_STARTED = temporal.api.enums.v1.EventType.EVENT_TYPE_TIMER_STARTED;
interface Recorded { workflowId: string; history: History }

/** Every run of every workflow whose id matches the query, with its history. */
async function histories(client: Client, query: string): Promise<Recorded[]> {
  const out: Recorded[] = [];
  for await (const execution of client.workflow.list({ query })) {
    out.push({ workflowId: execution.workflowId, history: await client.workflow.getHandle(execution.workflowId, execution.runId).fetchHistory() });
  }
  return out;
}

/** A study's runs and its batches' (a scheduled study's runs are `study/<name>/scheduled-<time>`). */
const studyQuery = (name: string) => `WorkflowId = 'study/${name}' OR WorkflowId STARTS_WITH 'study/${name}/'`;

async function replay(items: Recorded[]) {
  const failures: string[] = [];
  for await (const result of Worker.runReplayHistories({ workflowBundle: await workflowBundle() }, items)) {
    if (result.error) failures.push(`${result.workflowId}: ${result.error.message}`);
  }
  return failures;
}

const workflowTypeOf = (history: History) => history.events?.[0]?.workflowExecutionStartedEventAttributes?.workflowType?.name ?? '';
const KINDS: Record<string, string> = { studyWorkflow: 'study', variantBatchWorkflow: 'batch', budgetGateWorkflow: 'gate' };

/** Writes histories as fixtures of `shape` under the recording's name. */
function record(shape: string, items: Recorded[]): void {
  const dir = join(FIXTURES, RECORD!);
  mkdirSync(dir, { recursive: true });
  for (const f of readdirSync(dir).filter((f) => f.startsWith(`${shape}-`))) rmSync(join(dir, f));
  for (const [i, item] of items.entries()) {
    // The workflow id is part of the fixture: workflows derive ids (children, budget requests) from it.
    writeFileSync(join(dir, `${shape}-${KINDS[workflowTypeOf(item.history)]}-${i}.json`), JSON.stringify({ workflowId: item.workflowId, history: JSON.parse(historyToJSON(item.history)) }));
  }
}

const TANK = '{ kind: storageTechnology, name: Heat tank, field: variableInvestmentCost }';
const GAS = '{ kind: impex, name: Gas supply, field: energyPriceCHFkWh }';
const BOILER = '{ kind: conversionTechnology, name: Gas boiler, field: variableInvestmentCost }';
const studyYaml = (name: string, rest: string) => `
version: 1
name: ${name}
base: { project: Replay, analysis: Base analysis, scenario: Base }
destination: { analysis: ${name} }
solver: { objective1: MIN_LIFE_CYCLE_COST, points: 1, temporalResolution: LOW, timeLimit: 2, mipGap: 1 }
output: out-${name}
${rest.trim()}
`;

async function runStudy(yaml: string) {
  const { study, file } = env.study(yaml);
  const handle = await env.temporal.workflow.start(studyWorkflow, { workflowId: `study/${study.name}`, taskQueue: env.taskQueue, args: [env.input(study, file)] });
  return { study, handle };
}

/**
 * The shapes a study takes: each goes another way through the workflows (methods that sample, a search
 * that decides as it goes, a schedule's runs taking over results, a cancel, pause, resume and a budget
 * Update). Each runs a small study of its kind and answers the query of its workflows' ids.
 */
/** An analysis study (Morris, Sobol, search) that must end without a failed variant. */
const analysisShape = (name: string, studyName: string, body: string) => ({
  name,
  async run() {
    const { study, handle } = await runStudy(studyYaml(studyName, body));
    expect((await handle.result()).totals.failed).toBe(0);
    return studyQuery(study.name);
  },
});

const SHAPES: { name: string; run(): Promise<string> }[] = [
  {
    name: 'grid',
    async run() {
      const { study, handle } = await runStudy(studyYaml('replayed', `
parameters:
  - { name: tank_cost, target: ${TANK}, values: [10, 20, 30, 40, 50, 60] }
variants: { method: grid }
concurrency: 1`));
      expect((await handle.result()).totals).toEqual({ variants: 6, done: 6, failed: 0, pending: 0 });
      return studyQuery(study.name);
    },
  },
  analysisShape('morris', 'replayed-morris', `
parameters:
  - { name: gas_price, target: ${GAS}, range: { min: 0.05, max: 0.2 } }
  - { name: tank_cost, target: ${TANK}, range: { min: 10, max: 60 } }
outcomes:
  - { name: lcc, objective: MIN_LIFE_CYCLE_COST }
variants: { method: morris, trajectories: 2, levels: 4, seed: 5 }
concurrency: 2`),
  analysisShape('sobol', 'replayed-sobol', `
parameters:
  - { name: gas_price, target: ${GAS}, range: { min: 0.05, max: 0.2 } }
  - { name: boiler_cost, target: ${BOILER}, range: { min: 100, max: 400 } }
outcomes:
  - { name: lcc, objective: MIN_LIFE_CYCLE_COST }
variants: { method: sobol, samples: 4, seed: 3 }
concurrency: 8`),
  analysisShape('search', 'replayed-search', `
parameters:
  - { name: gas_price, target: ${GAS}, range: { min: 0.03, max: 0.3 } }
outcomes:
  - { name: design, design: { tolerance: 1 } }
variants: { method: search, parameter: gas_price, condition: { outcome: design, changes: true }, tolerance: 0.05, probes: 4, confirm: { mipGap: 0.5 } }
concurrency: 2`),
  {
    // Two runs of a schedule: the second takes over the first's results (its specs did not change).
    name: 'scheduled',
    async run() {
      const { study, file } = env.study(studyYaml('replayed-nightly', `
parameters:
  - { name: tank_cost, target: ${TANK}, values: [10, 20] }
variants: { method: grid }
concurrency: 2`));
      const schedule = await env.temporal.schedule.create({
        scheduleId: scheduleIdOf(study.name),
        spec: { cronExpressions: ['0 3 1 1 *'] },
        action: { type: 'startWorkflow', workflowType: studyWorkflow, workflowId: scheduledWorkflowIdOf(study.name), taskQueue: env.taskQueue, args: [{ ...env.input(study, file), scheduled: true }] },
        policies: { overlap: ScheduleOverlapPolicy.SKIP },
      });
      for (let run = 0; run < 2; run++) {
        await schedule.trigger();
        const action = await waitFor(async () => (await schedule.describe()).info.recentActions[run]?.action, { timeoutMs: 30_000, intervalMs: 100, what: `scheduled run ${run + 1}` });
        if (action.type !== 'startWorkflow') throw new Error('the schedule starts workflows');
        const result = await env.temporal.workflow.getHandle<typeof studyWorkflow>(action.workflow.workflowId).result();
        expect(result.totals).toMatchObject({ variants: 2, done: 2, ...(run ? { reused: 2 } : {}) });
      }
      await schedule.delete();
      return studyQuery(study.name);
    },
  },
  {
    name: 'cancelled',
    async run() {
      const { study, handle } = await runStudy(studyYaml('replayed-cancelled', `
parameters:
  - { name: tank_cost, target: ${TANK}, values: [10, 20, 30, 40] }
variants: { method: grid }
concurrency: 2`));
      await waitFor(async () => {
        const p = await handle.query(progressQuery).catch(() => undefined);
        return p && p.byStage.submitted + p.byStage.solved + p.byStage.gathered > 0;
      }, { timeoutMs: 120_000, intervalMs: 50, what: 'jobs to be submitted' });
      await handle.cancel();
      expect(await handle.result().then(() => undefined, (e: unknown) => e)).toBeInstanceOf(WorkflowFailedError);
      return studyQuery(study.name);
    },
  },
  {
    // Held at its budget, paused and resumed, its budget raised by an Update.
    name: 'controlled',
    async run() {
      const { study, handle } = await runStudy(studyYaml('replayed-controlled', `
parameters:
  - { name: tank_cost, target: ${TANK}, values: [10, 20, 30] }
variants: { method: grid }
budget: { jobs: 1, waitForRaise: true }
concurrency: 3`));
      await waitFor(async () => {
        const p = await handle.query(progressQuery).catch(() => undefined);
        return p && p.byStage.gathered === 1 && p.byStage['waiting-budget'] === 2;
      }, { timeoutMs: 120_000, intervalMs: 100, what: 'the study to spend its budget' });
      await handle.signal(pauseSignal);
      await waitFor(async () => (await handle.query(progressQuery)).paused, { what: 'the pause to be seen' });
      await handle.signal(resumeSignal);
      await handle.executeUpdate(setBudgetUpdate, { args: [{ jobs: 3 }] });
      expect((await handle.result()).totals).toEqual({ variants: 3, done: 3, failed: 0, pending: 0 });
      return studyQuery(study.name);
    },
  },
  {
    // Held by a weekly limit: the budget gate waits for the next week (a timer) until the limit is lifted.
    // Started paused, so that the limit is down to nothing before any batch asks for a job.
    name: 'weekly',
    async run() {
      const { study, file } = env.study(studyYaml('replayed-weekly', `
parameters:
  - { name: tank_cost, target: ${TANK}, values: [10, 20] }
variants: { method: grid }
budget: { jobsPerWeek: 1000 }
concurrency: 1`));
      const handle = await env.temporal.workflow.signalWithStart(studyWorkflow, {
        workflowId: `study/${study.name}`, taskQueue: env.taskQueue, args: [env.input(study, file)], signal: pauseSignal,
      });
      await handle.executeUpdate(setBudgetUpdate, { args: [{ jobsPerWeek: 0 }] });
      await handle.signal(resumeSignal);
      // The gate has decided: it waits for the next week, on a timer.
      await waitFor(async () => (await env.temporal.workflow.getHandle(env.gateId).fetchHistory()).events?.some((e) => e.eventType === TIMER_STARTED), {
        timeoutMs: 120_000, intervalMs: 100, what: 'the budget gate to wait for the next week',
      });
      expect((await handle.query(progressQuery)).waiting).toBe('waiting for solver budget');
      await handle.executeUpdate(setBudgetUpdate, { args: [{ jobsPerWeek: null }] });
      expect((await handle.result()).totals).toEqual({ variants: 2, done: 2, failed: 0, pending: 0 });
      return studyQuery(study.name);
    },
  },
];

/** Every recorded fixture: its version's directory, file name, workflow id and history. */
function recordedFixtures() {
  if (!existsSync(FIXTURES)) return [];
  return readdirSync(FIXTURES, { withFileTypes: true }).filter((d) => d.isDirectory()).flatMap((dir) =>
    readdirSync(join(FIXTURES, dir.name)).filter((f) => f.endsWith('.json')).map((file) => {
      const fixture = JSON.parse(readFileSync(join(FIXTURES, dir.name, file), 'utf8')) as { workflowId: string; history: unknown };
      return { version: dir.name, file, workflowId: fixture.workflowId, history: historyFromJSON(fixture.history) };
    }));
}

describe('long studies and replay', () => {
  it('continue as new across runs, and every history replays against the current code', async () => {
    const query = await SHAPES[0].run();
    const runs = await histories(env.temporal, query);
    const studyRuns = runs.filter((r) => workflowTypeOf(r.history) === 'studyWorkflow');
    expect(studyRuns.length).toBeGreaterThan(1);
    expect(runs.filter((r) => workflowTypeOf(r.history) === 'variantBatchWorkflow')).toHaveLength(6);
    const gate = await histories(env.temporal, `WorkflowId = '${env.gateId}'`);
    expect(gate.length).toBeGreaterThan(0);
    expect(await replay([...runs, ...gate])).toEqual([]);
    if (RECORD) record('grid', runs);
  }, 300_000);

  for (const shape of SHAPES.slice(1)) {
    it.runIf(RECORD)(`records a study of shape ${shape.name}, its histories replaying against the current code`, async () => {
      const runs = await histories(env.temporal, await shape.run());
      expect(await replay(runs)).toEqual([]);
      record(shape.name, runs);
    }, 600_000);
  }

  it.runIf(RECORD)('records the budget gate every shape asked for budget', async () => {
    const gate = await histories(env.temporal, `WorkflowId = '${env.gateId}'`);
    expect(await replay(gate)).toEqual([]);
    record('gate', gate);
  }, 120_000);

  it('has recorded histories of every workflow the worker registers, and of studies in every shape', () => {
    const fixtures = recordedFixtures();
    const types = new Set(fixtures.map((f) => workflowTypeOf(f.history)));
    const workflows = Object.entries(registered).filter(([, value]) => typeof value === 'function').map(([name]) => name);
    expect(workflows.length).toBeGreaterThan(0);
    expect(workflows.filter((name) => !types.has(name)), 'workflows without a recorded history').toEqual([]);
    const shapes = new Set(fixtures.filter((f) => workflowTypeOf(f.history) === 'studyWorkflow').map((f) => f.file.replace(/-study-\d+\.json$/, '')));
    expect(SHAPES.map((s) => s.name).filter((name) => !shapes.has(name)), 'study shapes without a recorded history').toEqual([]);
  });

  it('replays the histories recorded from earlier versions of the workflows', async () => {
    const fixtures = recordedFixtures();
    expect(fixtures.length).toBeGreaterThan(0);
    expect(await replay(fixtures.map((f) => ({ workflowId: f.workflowId, history: f.history })))).toEqual([]);
  }, 300_000);
});
