/**
 * A worker killed with SIGKILL in the middle of a study, and a new one started: the study
 * finishes, with exactly one scenario and one solver job per variant.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { readManifest } from '../../src/product/study/results/manifest.js';
import { progressQuery } from '../../src/product/study/workflow-messages.js';
import { studyWorkflow } from '../../workflows/index.js';
import { buildScenario } from '../support/scenario-fixture.js';
import { ALICE } from '../support/service.js';
import { startStudyEnv, type StudyEnv } from '../support/study-env.js';
import { waitFor } from '../support/wait.js';

let env: StudyEnv;
const workers: ChildProcess[] = [];

/** `sweep worker` as its own process, as an operator would run it. */
function startWorkerProcess(): ChildProcess {
  const child = spawn(process.execPath, ['bin/sweep.js', 'worker'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env, TEMPORAL_ADDRESS: inject('temporalAddress'), SWEEP_TASK_QUEUE: env.taskQueue, SWEEP_LOG_LEVEL: 'warn',
      SWEEP_SERVICE_URL: env.service.url, SWEEP_SERVICE_EMAIL: ALICE.email, SWEEP_SERVICE_PASSWORD: ALICE.password,
    },
  });
  workers.push(child);
  return child;
}

beforeAll(async () => {
  env = await startStudyEnv();
  await buildScenario(env.service.client(), { projectName: 'Crash', scenarioName: 'Base' });
});
afterAll(async () => {
  for (const w of workers) w.kill('SIGKILL');
  await env?.close();
});

describe('a worker killed mid-study', () => {
  it('is replaced and the study finishes without duplicate scenarios or jobs', async () => {
    const { study, file } = env.study(`
version: 1
name: crash
base: { project: Crash, analysis: Base analysis, scenario: Base }
destination: { analysis: Crash study }
parameters:
  - { name: tank_cost, target: { kind: storageTechnology, name: Heat tank, field: variableInvestmentCost }, values: [20, 40, 60, 80] }
variants: { method: grid }
solver: { objective1: MIN_LIFE_CYCLE_COST, points: 1, temporalResolution: MEDIUM, timeLimit: 3, mipGap: 1 }
concurrency: 4
output: out-crash
`);
    const first = startWorkerProcess();
    const handle = await env.temporal.workflow.start(studyWorkflow, { workflowId: `study/${study.name}`, taskQueue: env.taskQueue, args: [env.input(study, file)] });
    // Kill the worker once jobs have been submitted but before the study has finished.
    await waitFor(async () => {
      const progress = await handle.query(progressQuery).catch(() => undefined);
      return progress && progress.byStage.submitted + progress.byStage.solved > 0;
    }, { timeoutMs: 120_000, intervalMs: 50, what: 'jobs to be submitted' });
    first.kill('SIGKILL');
    await once(first, 'exit');

    startWorkerProcess();
    const result = await handle.result();
    expect(result.totals).toEqual({ variants: 4, done: 4, failed: 0, pending: 0 });

    const client = env.service.client();
    const project = (await client.projects.list()).find((p) => p.projectName === 'Crash')!;
    const analysis = (await client.analyses.list(project.projectGuid)).find((a) => a.analysisName === 'Crash study')!;
    const scenarios = await client.scenarios.list(analysis.analysisGuid);
    expect(scenarios).toHaveLength(4);
    expect(new Set(scenarios.map((s) => s.scenarioName)).size).toBe(4);
    for (const scenario of scenarios) {
      expect(await client.solverJobs.getScenarios([scenario.scenarioGuid]), scenario.scenarioName).toHaveLength(1);
    }
    const manifest = await readManifest(study.output);
    expect(manifest.variants.every((v) => v.status === 'DONE' && v.files.length === 1)).toBe(true);
  }, 300_000);
});
