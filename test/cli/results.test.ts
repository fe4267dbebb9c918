/**
 * `sweep results` as an analyst runs it (a process, against the test run's Temporal server): the
 * summary workbook, CSV, plots and report of a study, written while it runs (what has ended so
 * far) and once it has ended, into its own directory or a copy elsewhere with the output files;
 * then `sweep diff` of its two variants, read back from the service.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
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
useStudyEnvWithWorker('Results', (started) => (env = started));

const yaml = tankStudyYaml({ name: 'results-cli', project: 'Results', budgetJobs: 1, pareto: true });

describe('sweep results', () => {
  it('writes what has ended while the study runs, and everything, copied elsewhere, once it has ended', async () => {
    const { study, file } = env.study(yaml);
    const handle = await env.temporal.workflow.start(studyWorkflow, { workflowId: `study/${study.name}`, taskQueue: env.taskQueue, args: [env.input(study, file)] });
    // A budget of one job holds the second variant back: the study runs with one variant done.
    await waitFor(async () => {
      const p = await handle.query(progressQuery).catch(() => undefined);
      return p && p.byStage.gathered === 1 && p.byStage['waiting-budget'] === 1 ? p : undefined;
    }, { timeoutMs: 120_000, intervalMs: 100, what: 'one variant done and one waiting for budget' });

    const partial = await sweep(['results', study.name]);
    expect(partial.code, partial.stderr).toBe(0);
    expect(partial.stdout).toContain('results-cli: 1/2 variants done, 0 failed (still running: 1 pending)');
    expect(partial.stdout).toContain(`report:  ${join(study.output, 'report.html')}`);
    const running = await readManifest(study.output);
    expect(running.study.finishedAt).toBeNull();
    expect(running.variants.map((v) => v.status).sort()).toEqual(['DONE', 'PENDING']);
    expect(readFileSync(join(study.output, 'results.csv'), 'utf8').trim().split('\n')).toHaveLength(1 + 2 + 1);

    await handle.executeUpdate(setBudgetUpdate, { args: [{ jobs: 2 }] });
    const result = await handle.result();
    expect(result.totals).toMatchObject({ variants: 2, done: 2, failed: 0 });

    const out = join(env.dir, 'shared-report');
    const copied = await sweep(['results', study.name, '--out', out]);
    expect(copied.code, copied.stderr).toBe(0);
    expect(copied.stdout).toContain('results-cli: 2/2 variants done, 0 failed\n');
    for (const name of ['report.html', 'summary.xlsx', 'results.csv', 'manifest.json']) expect(existsSync(join(out, name)), name).toBe(true);
    const plots = readdirSync(join(out, 'plots'));
    expect(plots.filter((p) => p.endsWith('.svg')).length).toBeGreaterThan(0);
    expect(plots.filter((p) => p.endsWith('.png')).length).toBe(plots.filter((p) => p.endsWith('.svg')).length);
    // The copy holds the output files its manifest names, byte for byte.
    const manifest = await readManifest(out);
    expect(manifest.study.finishedAt).not.toBeNull();
    for (const variant of manifest.variants) {
      expect(variant.solutions).toHaveLength(2);
      const bytes = readFileSync(join(out, variant.files[0].path));
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(variant.files[0].sha256);
    }
    expect(readFileSync(join(out, 'report.html'), 'utf8')).toContain('results-cli');

    // The two variants' scenarios, read back from the service, differ in the tank's cost and nothing else of what the solver gets.
    const diff = await sweep(['diff', study.name, '0', manifest.variants[1].key], env.cliEnv());
    expect(diff.code, diff.stderr).toBe(0);
    const lines = diff.stdout.trim().split('\n');
    expect(lines[0]).toBe(`#0 ${manifest.variants[0].label} vs #1 ${manifest.variants[1].label}: 1 field differ`);
    expect(lines[2]).toMatch(/^\S.*Heat tank\s+.*\s+10\s+20$/);
    const unknown = await sweep(['diff', study.name, '0', '7'], env.cliEnv());
    expect(unknown.code).toBe(3);
    expect(unknown.stderr).toContain('variant-b: "7" is not a variant of results-cli');

    const missing = await sweep(['results', 'no-such-study']);
    expect(missing.code).toBe(3);
    expect(missing.stderr).toContain('no study named "no-such-study"');
  }, 180_000);
});
