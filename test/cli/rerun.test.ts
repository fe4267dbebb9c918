/**
 * `sweep rerun <study> --failed` as an analyst runs it (a process): a study whose second variant's
 * job came back infeasible (the local service's fault injection, then switched off) is run again
 * for that variant alone — one new solver job — while the first variant keeps the result and the
 * job it had; the report lists the failure with the service's diagnosis before, and none after.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readManifest } from '../../src/product/study/results/manifest.js';
import { progressQuery, setBudgetUpdate } from '../../src/product/study/workflow-messages.js';
import { studyWorkflow } from '../../workflows/index.js';
import { type StudyEnv, useStudyEnvWithWorker } from '../support/study-env.js';
import { sweep } from '../support/sweep-cli.js';
import { tankStudyYaml } from '../support/tank-study.js';
import { waitFor } from '../support/wait.js';

let env: StudyEnv;
useStudyEnvWithWorker('Rerun', (started) => (env = started));

describe('sweep rerun --failed', () => {
  it('solves again only the variant that failed, keeps the other\'s result, and reports both done', async () => {
    const { study, file } = env.study(tankStudyYaml({ name: 'rerun-cli', project: 'Rerun', budgetJobs: 1 }));
    const handle = await env.temporal.workflow.start(studyWorkflow, { workflowId: `study/${study.name}`, taskQueue: env.taskQueue, args: [env.input(study, file)] });
    // A budget of one job holds the second variant back until the service reports every job infeasible.
    await waitFor(async () => {
      const p = await handle.query(progressQuery).catch(() => undefined);
      return p && p.byStage.gathered === 1 && p.byStage['waiting-budget'] === 1 ? p : undefined;
    }, { timeoutMs: 120_000, intervalMs: 100, what: 'one variant done and one waiting for budget' });
    await env.service.admin('/faults', { solver: { infeasibleRate: 1 } }, 'PUT');
    await handle.executeUpdate(setBudgetUpdate, { args: [{ jobs: 10 }] });
    expect((await handle.result()).totals).toMatchObject({ variants: 2, done: 1, failed: 1 });
    await env.service.admin('/faults', { solver: { infeasibleRate: 0 } }, 'PUT');

    const before = await readManifest(study.output);
    const [kept, failed] = [before.variants.find((v) => v.status === 'DONE')!, before.variants.find((v) => v.status === 'INFEASIBLE')!];
    expect(failed.reason).toContain('Injected fault: reported infeasible without solving');
    expect(readFileSync(join(study.output, 'report.html'), 'utf8')).toContain('Injected fault: reported infeasible without solving');

    const rerun = await sweep(['rerun', study.name, '--failed', '--watch'], env.cliEnv());
    expect(rerun.code, rerun.stderr).toBe(0);
    expect(rerun.stderr).toContain(`rerun-cli: re-running 1 failed variant: #${failed.index}`);
    const after = await readManifest(study.output);
    expect(after.totals).toMatchObject({ variants: 2, done: 2, failed: 0 });
    const again = after.variants.find((v) => v.index === failed.index)!;
    expect(again.jobId).not.toBe(failed.jobId);
    expect(again.solutions.length).toBeGreaterThan(0);
    // The variant that had its result was not solved again.
    expect(after.variants.find((v) => v.index === kept.index)).toMatchObject({ jobId: kept.jobId, status: 'DONE' });
    const report = readFileSync(join(study.output, 'report.html'), 'utf8');
    expect(report).toContain('<p>No variant failed.</p>');

    const nothing = await sweep(['rerun', study.name, '--failed'], env.cliEnv());
    expect(nothing).toMatchObject({ code: 0, stderr: 'no variant of rerun-cli failed: nothing to re-run\n' });
    const missing = await sweep(['rerun', 'no-such-study', '--failed'], env.cliEnv());
    expect(missing.code).toBe(3);
  }, 300_000);
});
