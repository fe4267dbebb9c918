/**
 * Controlling running studies: a budget smaller than the study holds it (never more jobs than the
 * budget) until an Update raises it; cancel stops running solver jobs and records every variant;
 * pause holds the study and resume lets it go on.
 */
import { WorkflowFailedError } from '@temporalio/client';
import { describe, expect, it } from 'vitest';
import { readManifest } from '../../src/product/study/results/manifest.js';
import { pauseSignal, progressQuery, resumeSignal, setBudgetUpdate } from '../../src/product/study/workflow-messages.js';
import { studyWorkflow } from '../../workflows/index.js';
import { type StudyEnv, useStudyEnvWithWorker } from '../support/study-env.js';
import { waitFor } from '../support/wait.js';

let env: StudyEnv;
useStudyEnvWithWorker('Controls', (started) => (env = started));

const yaml = (name: string, { values, resolution = 'LOW', points = 1, timeLimit = 2, budget = '' }: { values: number[]; resolution?: string; points?: number; timeLimit?: number; budget?: string }) => `
version: 1
name: ${name}
base: { project: Controls, analysis: Base analysis, scenario: Base }
destination: { analysis: ${name} }
parameters:
  - { name: tank_cost, target: { kind: storageTechnology, name: Heat tank, field: variableInvestmentCost }, values: [${values.join(', ')}] }
variants: { method: grid }
solver: { objective1: MIN_LIFE_CYCLE_COST, ${points > 1 ? 'objective2: MIN_CO2_EMISSIONS, ' : ''}points: ${points}, temporalResolution: ${resolution}, timeLimit: ${timeLimit}, mipGap: 1 }
${budget}
concurrency: 4
output: out-${name}
`;

/** Jobs the service holds for the scenarios of a study's destination analysis. */
async function jobsOfStudy(analysisName: string) {
  const client = env.service.client();
  const project = (await client.projects.list()).find((p) => p.projectName === 'Controls')!;
  const analysis = (await client.analyses.list(project.projectGuid)).find((a) => a.analysisName === analysisName);
  if (!analysis) return [];
  const scenarios = await client.scenarios.list(analysis.analysisGuid);
  return scenarios.length ? client.solverJobs.getScenarios(scenarios.map((s) => s.scenarioGuid)) : [];
}

describe('budgets', () => {
  it('hold a study at its budget until an Update raises it', async () => {
    const { study, file } = env.study(yaml('budgeted', { values: [10, 20, 30, 40], budget: 'budget: { jobs: 2, waitForRaise: true }' }));
    const handle = await env.temporal.workflow.start(studyWorkflow, { workflowId: `study/${study.name}`, taskQueue: env.taskQueue, args: [env.input(study, file)] });
    const held = await waitFor(async () => {
      const p = await handle.query(progressQuery).catch(() => undefined);
      return p && p.byStage.gathered === 2 && p.byStage['waiting-budget'] === 2 ? p : undefined;
    }, { timeoutMs: 120_000, intervalMs: 100, what: 'the study to spend its budget' });
    expect(held.waiting).toBe('waiting for solver budget');
    expect(await jobsOfStudy('budgeted')).toHaveLength(2);

    expect(await handle.executeUpdate(setBudgetUpdate, { args: [{ jobs: 4 }] })).toMatchObject({ jobs: 4 });
    const result = await handle.result();
    expect(result.totals).toEqual({ variants: 4, done: 4, failed: 0, pending: 0 });
    expect(await jobsOfStudy('budgeted')).toHaveLength(4);
  }, 300_000);

  it('refuse a budget Update that makes no sense, without touching the study', async () => {
    const { study, file } = env.study(yaml('refused', { values: [10, 20], budget: 'budget: { jobs: 1, waitForRaise: true }' }));
    const handle = await env.temporal.workflow.start(studyWorkflow, { workflowId: `study/${study.name}`, taskQueue: env.taskQueue, args: [env.input(study, file)] });
    const refusal = (update: object) => handle.executeUpdate(setBudgetUpdate, { args: [update] }).then(() => undefined, (e: Error) => String((e.cause as Error | undefined)?.message));
    expect(await refusal({ jobs: -3 })).toMatch(/jobs: must be a number ≥ 0/);
    expect(await refusal({ shoes: 3 })).toMatch(/shoes: is not a budget field/);
    expect((await handle.query(progressQuery)).budget.jobs).toBe(1);
    await handle.executeUpdate(setBudgetUpdate, { args: [{ jobs: 2 }] });
    expect((await handle.result()).totals.done).toBe(2);
  }, 300_000);
});

describe('cancel', () => {
  it('stops running solver jobs and records every variant', async () => {
    const { study, file } = env.study(yaml('cancelled', { values: [10, 20], resolution: 'FULL', points: 5, timeLimit: 30 }));
    const handle = await env.temporal.workflow.start(studyWorkflow, { workflowId: `study/${study.name}`, taskQueue: env.taskQueue, args: [env.input(study, file)] });
    await waitFor(async () => (await jobsOfStudy('cancelled')).some((j) => j.status === 'RUNNING'), { timeoutMs: 120_000, intervalMs: 100, what: 'a job to run' });
    await handle.cancel();
    const error = await handle.result().then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(WorkflowFailedError);
    const jobs = await jobsOfStudy('cancelled');
    expect(jobs).toHaveLength(2);
    expect(jobs.every((j) => j.status === 'STOPPED')).toBe(true);
    const manifest = await readManifest(study.output);
    expect(manifest.variants.map((v) => v.status)).toEqual(['STOPPED', 'STOPPED']);
    expect(manifest.variants[0].reason).toMatch(/cancelled|stopped/);
  }, 300_000);
});

describe('cancel, once a job has solved', () => {
  it('keeps what a job solved before the cancel, gathered like any result, and stops the rest', async () => {
    // The service solves one job at a time: the first ends DONE while the second still runs.
    const { study, file } = env.study(yaml('half-cancelled', { values: [10, 20], resolution: 'MEDIUM', points: 3, timeLimit: 5 }));
    const handle = await env.temporal.workflow.start(studyWorkflow, { workflowId: `study/${study.name}`, taskQueue: env.taskQueue, args: [env.input(study, file)] });
    await waitFor(async () => {
      const jobs = await jobsOfStudy('half-cancelled');
      return jobs.some((j) => j.status === 'DONE') && jobs.some((j) => !['DONE', 'STOPPED', 'FAILED'].includes(j.status));
    }, { timeoutMs: 240_000, intervalMs: 100, what: 'one job done while the other runs' });
    await handle.cancel();
    await expect(handle.result()).rejects.toBeInstanceOf(WorkflowFailedError);
    const manifest = await readManifest(study.output);
    const [solved, stopped] = [...manifest.variants].sort((a) => (a.status === 'DONE' ? -1 : 1));
    expect(solved).toMatchObject({ status: 'DONE' });
    expect(solved.files).toHaveLength(1);
    expect(solved.solutions).toHaveLength(3);
    expect(stopped).toMatchObject({ status: 'STOPPED', reason: 'the study was cancelled while its job was running: the job was stopped' });
    expect(manifest.totals).toEqual({ variants: 2, done: 1, failed: 0, stopped: 1, pending: 0 });
  }, 300_000);
});

describe('pause', () => {
  it('holds a study before its next step and resume lets it finish', async () => {
    const { study, file } = env.study(yaml('paused', { values: [10, 20] }));
    const handle = await env.temporal.workflow.start(studyWorkflow, { workflowId: `study/${study.name}`, taskQueue: env.taskQueue, args: [env.input(study, file)] });
    await handle.signal(pauseSignal);
    const paused = await waitFor(async () => {
      const p = await handle.query(progressQuery).catch(() => undefined);
      return p?.paused ? p : undefined;
    }, { what: 'the pause to be seen' });
    expect(paused.waiting).toBe('paused');
    await handle.signal(resumeSignal);
    expect((await handle.result()).totals.done).toBe(2);
  }, 300_000);
});
