/**
 * `sweep run <study-file> [--watch]` as an analyst types it (a process, against the test run's Temporal
 * server, a real worker on its own task queue and the local service): a study followed to its end and
 * its results named; a second run of the same file, which restarts a finished study or attaches to a
 * running one instead of starting it twice; and study files that cannot be run, which start nothing.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { WorkflowNotFoundError } from '@temporalio/client';
import { afterAll, describe, expect, it } from 'vitest';
import type { StudyResult } from '../../workflows/study.js';
import { type StudyEnv, useStudyEnvWithWorker } from '../support/study-env.js';
import { sweep as runSweep } from '../support/sweep-cli.js';
import { tankStudyYaml } from '../support/tank-study.js';

let env: StudyEnv;
useStudyEnvWithWorker('RunCli', (started) => (env = started));

/** The CLI as the worker of this test sees the world: its task queue (unless `taskQueue` says otherwise), its service account. */
const sweep = (args: string[], taskQueue = env.taskQueue) => runSweep(args, env.cliEnv(taskQueue));

const yaml = (name: string, concurrency = 2) => tankStudyYaml({ name, project: 'RunCli', concurrency });

/** Workflows left running on a task queue no worker polls; ended after the tests. */
const idle: string[] = [];
afterAll(async () => {
  for (const workflowId of idle) await env?.temporal.workflow.getHandle(workflowId).terminate('test over').catch(() => undefined);
});

describe('sweep run', () => {
  it('follows a study to its end with --watch and names its results; a second run restarts the finished study', async () => {
    const { file } = env.study(yaml('run-cli'));
    // `output` is relative: it lies beside the study file, which env.study writes into env.dir.
    const out = join(env.dir, 'out-run-cli');

    const watched = await sweep(['run', file, '--watch']);
    expect(watched.code, watched.stderr).toBe(0);
    expect(watched.stderr).toContain('study run-cli: 2 variants, workflow study/run-cli');
    // Not a terminal: progress comes as plain lines (no cursor movement), the last one the study's end.
    expect(watched.stderr).not.toContain('\x1b[');
    const progress = watched.stderr.split('\n').filter((line) => line.startsWith('run-cli: '));
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.at(-1)).toMatch(/^run-cli: 2\/2 variants ended \(2 done, 0 failed\), 0 jobs running, done/);

    // stdout carries the result, for scripts.
    const result: StudyResult = JSON.parse(watched.stdout.trim().split('\n').at(-1)!);
    expect(result).toMatchObject({
      studyId: 'run-cli',
      totals: { variants: 2, done: 2, failed: 0, pending: 0 },
      manifest: join(out, 'manifest.json'),
      summary: join(out, 'summary.xlsx'),
      report: join(out, 'report.html'),
    });

    // stderr ends by pointing the analyst at the results, the report among them.
    expect(watched.stderr).toContain(`results: ${out}\n`);
    expect(watched.stderr).toMatch(new RegExp(`^\\s+manifest:\\s+${escape(join(out, 'manifest.json'))}$`, 'm'));
    expect(watched.stderr).toMatch(new RegExp(`^\\s+summary:\\s+${escape(join(out, 'summary.xlsx'))}$`, 'm'));
    expect(watched.stderr).toMatch(new RegExp(`^\\s+report:\\s+${escape(join(out, 'report.html'))}$`, 'm'));
    for (const name of ['manifest.json', 'summary.xlsx', 'report.html', 'results.csv']) {
      expect(statSync(join(out, name)).size, name).toBeGreaterThan(0);
    }
    expect(statSync(join(out, 'plots')).isDirectory()).toBe(true);

    const handle = env.temporal.workflow.getHandle('study/run-cli');
    const finished = await handle.describe();
    expect(finished.status.name).toBe('COMPLETED');

    // The same file again, without --watch: the finished study starts again and the command returns
    // once it has started, without following it.
    const again = await sweep(['run', file]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain('study run-cli: 2 variants, workflow study/run-cli');
    expect(again.stderr).not.toMatch(/^run-cli: /m);
    expect(again.stderr).not.toContain('results:');
    expect(again.stdout).toBe('');
    const restarted = await handle.describe();
    expect(restarted.runId).not.toBe(finished.runId);
    expect(restarted.startTime.getTime()).toBeGreaterThanOrEqual(finished.closeTime!.getTime());
    // The restart is a whole study run of its own, ending with the same results in the same place.
    const second: StudyResult = await handle.result();
    expect(second).toMatchObject({ studyId: 'run-cli', totals: { variants: 2, done: 2, failed: 0 }, manifest: join(out, 'manifest.json') });
  }, 300_000);

  it('attaches to a running study instead of starting it a second time', async () => {
    const { file } = env.study(yaml('run-cli-attach'));
    // A task queue no worker polls: the study stays running for as long as the test needs, without a race.
    const queue = `idle-${randomUUID()}`;
    idle.push('study/run-cli-attach');

    const first = await sweep(['run', file], queue);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toContain('study run-cli-attach: 2 variants, workflow study/run-cli-attach');
    const handle = env.temporal.workflow.getHandle('study/run-cli-attach');
    const running = await handle.describe();
    // Returned although the study cannot have made any progress: `run` without --watch does not wait.
    expect(running.status.name).toBe('RUNNING');
    expect(running.taskQueue).toBe(queue);

    const second = await sweep(['run', file]);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).toContain('workflow study/run-cli-attach');
    const after = await handle.describe();
    // The same run: neither a second study nor one moved onto the second command's task queue.
    expect(after.runId).toBe(running.runId);
    expect(after.taskQueue).toBe(queue);
  }, 120_000);

  it('refuses a study file with an error, naming the field and the rule, and starts nothing', async () => {
    const file = join(env.dir, `bad-${randomUUID()}.yaml`);
    writeFileSync(file, yaml('run-cli-bad', 0));

    const outcome = await sweep(['run', file, '--watch']);
    expect(outcome.code).toBe(2);
    // file:line: field: rule — the line of `concurrency:` in the YAML above.
    expect(outcome.stderr).toContain(`${file}:10: concurrency: must be ≥ 1`);
    expect(outcome.stdout).toBe('');

    await expect(env.temporal.workflow.getHandle('study/run-cli-bad').describe()).rejects.toBeInstanceOf(WorkflowNotFoundError);
    const list = await sweep(['list']);
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).not.toMatch(/^run-cli-bad\s/m);
    expect(existsSync(join(env.dir, 'out-run-cli-bad'))).toBe(false);
  }, 120_000);

  it('refuses a study whose base scenario or target the service does not have, with the line and the service\'s words, and creates nothing', async () => {
    const wrongBase = join(env.dir, 'wrong-base.yaml');
    writeFileSync(wrongBase, yaml('run-cli-wrong-base').replace('scenario: Base }', 'scenario: Bsae }'));
    const base = await sweep(['run', wrongBase, '--watch']);
    expect(base.code, base.stderr).toBe(2);
    expect(base.stderr).toMatch(new RegExp(`^${escape(wrongBase)}:\\d+: base\\.scenario: no scenario is named "Bsae" in analysis "Base analysis"`));
    const wrongTarget = join(env.dir, 'wrong-target.yaml');
    writeFileSync(wrongTarget, yaml('run-cli-wrong-target').replace('name: Heat tank', 'name: Heat tnak'));
    const target = await sweep(['run', wrongTarget]);
    expect(target.code, target.stderr).toBe(2);
    expect(target.stderr).toMatch(new RegExp(`^${escape(wrongTarget)}:\\d+: parameters\\[0\\]\\.target: parameter "tank_cost": no storage technology named "Heat tnak"`));
    for (const name of ['run-cli-wrong-base', 'run-cli-wrong-target']) {
      await expect(env.temporal.workflow.getHandle(`study/${name}`).describe()).rejects.toBeInstanceOf(WorkflowNotFoundError);
    }
    const client = env.service.client();
    const project = (await client.projects.list()).find((p) => p.projectName === 'RunCli')!;
    expect((await client.analyses.list(project.projectGuid)).map((a) => a.analysisName)).not.toContain('run-cli-wrong-target');
  }, 120_000);

  it('refuses another file under the name of a running study, saying how to run it', async () => {
    const { file } = env.study(yaml('run-cli-taken'));
    const queue = `idle-${randomUUID()}`;
    idle.push('study/run-cli-taken');
    expect((await sweep(['run', file], queue)).code).toBe(0);
    const other = join(env.dir, 'run-cli-taken-other.yaml');
    writeFileSync(other, yaml('run-cli-taken').replace('values: [10, 20]', 'values: [10, 20, 30]'));
    const refused = await sweep(['run', other], queue);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`sweep: a different study named "run-cli-taken" is running, started from ${file} (this file differs in parameters): wait for it to end (sweep watch run-cli-taken), cancel it (sweep cancel run-cli-taken), or give this study another name.`);
    expect(refused.stderr).not.toContain('variants, workflow');
  }, 120_000);

  it('says so, with a usage exit code, for a study file that does not exist', async () => {
    const file = join(env.dir, 'no-such-study.yaml');
    const outcome = await sweep(['run', file]);
    expect(outcome.code).toBe(2);
    expect(outcome.stderr).toContain(file);
    expect(outcome.stderr).toMatch(/no such file|does not exist|not found/i);
    expect(outcome.stdout).toBe('');
  }, 120_000);
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
