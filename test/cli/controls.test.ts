/**
 * The study commands as an analyst types them (`sweep status|list|pause|resume|budget|cancel`, run as
 * processes against the test run's Temporal server): what they print, what they do to the study, and
 * their exit codes for a study that is not there, one that is not running, and an argument that is wrong.
 */
import { WorkflowFailedError } from '@temporalio/client';
import { describe, expect, it } from 'vitest';
import { readManifest } from '../../src/product/study/results/manifest.js';
import { progressQuery } from '../../src/product/study/workflow-messages.js';
import { studyWorkflow } from '../../workflows/index.js';
import { type StudyEnv, useStudyEnvWithWorker } from '../support/study-env.js';
import { sweep as runSweep } from '../support/sweep-cli.js';
import { tankStudyYaml } from '../support/tank-study.js';
import { waitFor } from '../support/wait.js';

let env: StudyEnv;
useStudyEnvWithWorker('Cli', (started) => (env = started));

const sweep = (...args: string[]) => runSweep(args);

const yaml = (name: string, budgetJobs: number) => tankStudyYaml({ name, project: 'Cli', budgetJobs });

async function startHeld(name: string, budgetJobs: number, done: number) {
  const { study, file } = env.study(yaml(name, budgetJobs));
  const handle = await env.temporal.workflow.start(studyWorkflow, { workflowId: `study/${name}`, taskQueue: env.taskQueue, args: [env.input(study, file)] });
  await waitFor(async () => {
    const p = await handle.query(progressQuery).catch(() => undefined);
    return p && p.byStage.gathered === done && p.byStage['waiting-budget'] === 2 - done ? p : undefined;
  }, { timeoutMs: 120_000, intervalMs: 100, what: `study ${name} to wait for budget` });
  return handle;
}

describe('sweep status, list, pause, resume, budget', () => {
  it('show a held study, hold and release it, and raise its budget until it completes', async () => {
    const handle = await startHeld('cli-held', 1, 1);

    const status = await sweep('status', 'cli-held');
    expect(status.code, status.stderr).toBe(0);
    expect(status.stdout).toContain('cli-held: 1/2 variants ended (1 done, 0 failed)');
    expect(status.stdout).toContain('waiting for solver budget');
    expect(status.stdout).toMatch(/budget: 1 jobs, unlimited solver minutes/);

    const list = await sweep('list');
    expect(list.code, list.stderr).toBe(0);
    // The namespace is the worker's, from TEMPORAL_NAMESPACE: another one is asked, and refuses.
    const elsewhere = await runSweep(['list'], { TEMPORAL_NAMESPACE: 'no-such-namespace' });
    expect(elsewhere.code).not.toBe(0);
    expect(elsewhere.stderr).toMatch(/no-such-namespace/);
    expect(list.stdout).toMatch(/^STUDY\s+STATE\s+STARTED \(UTC\)$/m);
    expect(list.stdout).toMatch(/^cli-held\s+running\s+\d{4}-\d\d-\d\dT/m);

    expect((await sweep('pause', 'cli-held')).stdout).toContain('study cli-held: paused');
    await waitFor(async () => ((await handle.query(progressQuery)).paused ? true : undefined), { timeoutMs: 10_000, intervalMs: 50, what: 'the pause' });
    expect((await sweep('status', 'cli-held')).stdout).toContain(', paused');
    expect((await sweep('resume', 'cli-held')).stdout).toContain('study cli-held: resumed');
    await waitFor(async () => ((await handle.query(progressQuery)).paused ? undefined : true), { timeoutMs: 10_000, intervalMs: 50, what: 'the resume' });

    const wrong = await sweep('budget', 'cli-held', '--jobs', 'lots');
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('--jobs must be a whole number ≥ 0 or "unlimited"');
    const none = await sweep('budget', 'cli-held');
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('give at least one of --jobs');
    expect((await handle.query(progressQuery)).budget.jobs).toBe(1);

    const raised = await sweep('budget', 'cli-held', '--jobs', '2', '--minutes', 'unlimited');
    expect(raised.code, raised.stderr).toBe(0);
    expect(raised.stdout).toContain('study cli-held: budget now 2 jobs, unlimited minutes');
    expect((await handle.result()).totals).toEqual({ variants: 2, done: 2, failed: 0, pending: 0 });

    const ended = await sweep('status', 'cli-held');
    expect(ended.stdout).toContain('cli-held: completed — 2/2 variants done, 0 failed, 0 pending');
    expect(ended.stdout).toMatch(/manifest: .*manifest\.json/);
    const late = await sweep('pause', 'cli-held');
    expect(late.code).toBe(2);
    expect(late.stderr).toContain('study "cli-held" is not running (it is completed)');
  }, 300_000);

  it('cancel a study, and say so for a study that does not exist', async () => {
    const handle = await startHeld('cli-cancelled', 1, 1);
    const cancel = await sweep('cancel', 'cli-cancelled');
    expect(cancel.code, cancel.stderr).toBe(0);
    expect(cancel.stdout).toContain('study cli-cancelled: cancelling');
    await expect(handle.result()).rejects.toBeInstanceOf(WorkflowFailedError);
    // The totals of what it recorded: the variant done stays done, the one held back was stopped (not failed).
    const status = await sweep('status', 'cli-cancelled');
    expect(status.stdout).toContain('cli-cancelled: cancelled\n  1/2 variants done, 0 failed, 1 stopped, 0 pending\n  manifest: ');

    const missing = await sweep('status', 'no-such-study');
    expect(missing.code).toBe(3);
    expect(missing.stderr).toContain('no study named "no-such-study" (sweep list shows the studies)');
  }, 300_000);

  it('says why a study failed, in status and watch, and in the results written afterwards', async () => {
    // Started past the command line's checks (as a schedule or another client could): its base is not there.
    const { study, file } = env.study(yaml('cli-failed', 2).replace('scenario: Base }', 'scenario: Gone }'));
    const handle = await env.temporal.workflow.start(studyWorkflow, { workflowId: `study/${study.name}`, taskQueue: env.taskQueue, args: [env.input(study, file)] });
    await expect(handle.result()).rejects.toBeInstanceOf(WorkflowFailedError);
    const reason = 'base.scenario: no scenario is named "Gone" in analysis "Base analysis"';
    const status = await sweep('status', 'cli-failed');
    expect(status.stdout).toContain(`cli-failed: failed — ${reason}`);
    const watched = await sweep('watch', 'cli-failed');
    expect(watched.code).toBe(1);
    expect(watched.stderr).toContain(`cli-failed: failed — ${reason}`);
    const results = await sweep('results', 'cli-failed');
    expect(results.code, results.stderr).toBe(0);
    const manifest = await readManifest(study.output);
    expect(manifest.variants.map((v) => [v.status, v.reason])).toEqual([['PENDING', `not run: the study failed: ${reason}`], ['PENDING', `not run: the study failed: ${reason}`]]);
  }, 300_000);
});
