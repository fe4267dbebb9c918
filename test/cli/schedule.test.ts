/**
 * Scheduled re-optimisation as an analyst drives it (`sweep schedule …`, run as processes against the
 * test run's Temporal server, real Schedules, a real worker and the local service): runs triggered by
 * the schedule keep their results side by side, take over the results of variants whose specs did
 * not change since their last run, and solve again those that did.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readManifest } from '../../src/study/results/manifest.js';
import { runDirName, runStamp } from '../../src/study/scheduled-run.js';
import type { StudyResult } from '../../workflows/study.js';
import { type StudyEnv, useStudyEnvWithWorker } from '../support/study-env.js';
import { sweep as runSweep } from '../support/sweep-cli.js';
import { tankStudyYaml } from '../support/tank-study.js';
import { waitFor } from '../support/wait.js';

let env: StudyEnv;
useStudyEnvWithWorker('Nightly', (started) => (env = started));

/** The CLI as the worker of this test sees the world: its task queue, its service account. */
const sweep = (...args: string[]) => runSweep(args, env.cliEnv());

const yaml = tankStudyYaml({ name: 'nightly', project: 'Nightly' });

/** Triggers a run and waits for it to end; answers its result and results directory. */
async function triggeredRun(runsBefore: number): Promise<{ result: StudyResult; dir: string }> {
  const trigger = await sweep('schedule', 'trigger', 'nightly');
  expect(trigger.code, trigger.stderr).toBe(0);
  const schedule = env.temporal.schedule.getHandle('sweep/nightly');
  const action = await waitFor(async () => {
    const { info } = await schedule.describe();
    return info.recentActions.length > runsBefore ? info.recentActions[runsBefore].action : undefined;
  }, { timeoutMs: 30_000, intervalMs: 100, what: `run ${runsBefore + 1} to start` });
  if (action.type !== 'startWorkflow') throw new Error('the schedule starts workflows');
  const result: StudyResult = await env.temporal.workflow.getHandle(action.workflow.workflowId).result();
  return { result, dir: join(env.dir, 'out-nightly', 'runs', runDirName(runStamp(action.workflow.workflowId)!)) };
}

describe('sweep schedule', () => {
  it('re-solves only the variants whose specs changed, keeping every run beside the others', async () => {
    const file = join(env.dir, 'nightly.yaml');
    writeFileSync(file, yaml);

    const badCron = await sweep('schedule', 'create', file, '--cron', '0 2 * *');
    expect(badCron.code).toBe(2);
    expect(badCron.stderr).toContain('--cron: "0 2 * *" must have 5 fields');
    const both = await sweep('schedule', 'create', file, '--cron', '0 2 * * *', '--at', '02:00');
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('give either --cron or --at');
    const badAt = await sweep('schedule', 'create', file, '--at', '25:00');
    expect(badAt.stderr).toContain('--at: "25:00" must be a time of day as HH:MM');

    // Once a year, so that only triggers start runs during the test.
    const created = await sweep('schedule', 'create', file, '--cron', '0 3 1 1 *');
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toContain('schedule nightly: 2 variants of study nightly, cron "0 3 1 1 *" (UTC)');
    expect(created.stdout).toMatch(/next runs: \d{4}-01-01T03:00:00Z/);
    const again = await sweep('schedule', 'create', file, '--cron', '0 3 1 1 *');
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('a schedule named "nightly" exists already');

    const list = await sweep('schedule', 'list');
    expect(list.stdout).toMatch(/^SCHEDULE\s+STATE\s+TIMES\s+NEXT RUN \(UTC\)$/m);
    expect(list.stdout).toMatch(/^nightly\s+active\s+cron "0 3 1 1 \*" \(UTC\)\s+\d{4}-01-01T03:00:00Z$/m);

    // Run 1: nothing earlier to compare with, so every variant is solved.
    const first = await triggeredRun(0);
    expect(first.result.totals).toMatchObject({ variants: 2, done: 2, failed: 0, reused: 0 });
    const firstManifest = await readManifest(first.dir);
    for (const variant of firstManifest.variants) {
      expect(variant.fingerprint).toMatch(/^sha256:[0-9a-f]{64}$/);
      expect(variant.reusedFrom).toBeUndefined();
    }
    expect(existsSync(join(first.dir, 'report.html'))).toBe(true);
    expect(existsSync(join(first.dir, 'summary.xlsx'))).toBe(true);

    // Run 2: as though the first variant's inputs had differed in run 1, the second's had not.
    const [changed, unchanged] = firstManifest.variants;
    const recordPath = join(first.dir, 'variants', changed.key, 'record.json');
    const record = JSON.parse(await readFile(recordPath, 'utf8'));
    writeFileSync(recordPath, JSON.stringify({ ...record, fingerprint: `sha256:${'0'.repeat(64)}` }));
    const second = await triggeredRun(1);
    expect(second.dir).not.toBe(first.dir);
    expect(second.result.totals).toMatchObject({ variants: 2, done: 2, reused: 1 });
    const secondManifest = await readManifest(second.dir);
    const byKey = new Map(secondManifest.variants.map((v) => [v.key, v]));
    expect(byKey.get(changed.key)!.reusedFrom).toBeUndefined();
    expect(byKey.get(changed.key)!.jobId).not.toBe(changed.jobId);
    expect(byKey.get(unchanged.key)!.reusedFrom).toBe(first.dir.split('/').pop());
    expect(byKey.get(unchanged.key)!.files[0].sha256).toBe(unchanged.files[0].sha256);
    expect(existsSync(join(second.dir, byKey.get(unchanged.key)!.files[0].path))).toBe(true);
    // Each run copied the base afresh, into an analysis of its own.
    const client = env.service.client();
    const project = (await client.projects.list()).find((p) => p.projectName === 'Nightly')!;
    const analyses = (await client.analyses.list(project.projectGuid)).map((a) => a.analysisName).filter((n) => n.startsWith('nightly '));
    expect(analyses).toHaveLength(2);

    // Run 3: the base scenario changed where no parameter sets it: every variant is solved again.
    const base = (await client.analyses.list(project.projectGuid)).find((a) => a.analysisName === 'Base analysis')!;
    const baseScenario = (await client.scenarios.list(base.analysisGuid)).find((s) => s.scenarioName === 'Base')!;
    const [hub] = await client.hubs.list(baseScenario.scenarioGuid);
    await client.hubs.update(hub.hubGuid, `${hub.hubName} renamed`);
    const third = await triggeredRun(2);
    expect(third.result.totals).toMatchObject({ variants: 2, done: 2, reused: 0 });
    const thirdManifest = await readManifest(third.dir);
    for (const variant of thirdManifest.variants) expect(variant.fingerprint).not.toBe(byKey.get(variant.key)!.fingerprint);
    // Every run's results stay where they were.
    for (const dir of [first.dir, second.dir, third.dir]) expect(existsSync(join(dir, 'manifest.json'))).toBe(true);

    const described = await sweep('schedule', 'describe', 'nightly');
    expect(described.code, described.stderr).toBe(0);
    expect(described.stdout).toContain('runs:      3 taken');
    expect(described.stdout).toContain('completed: 2/2 done, 1 unchanged (results taken over), 0 failed');
    expect(described.stdout).toContain(`results: ${second.dir}`);

    expect((await sweep('schedule', 'pause', 'nightly', '--note', 'base under review')).stdout).toContain('schedule nightly: paused');
    expect((await sweep('schedule', 'describe', 'nightly')).stdout).toContain('state:     paused (base under review)');
    expect((await sweep('schedule', 'list')).stdout).toMatch(/^nightly\s+paused\s+cron "0 3 1 1 \*" \(UTC\)\s+-$/m);
    expect((await sweep('schedule', 'resume', 'nightly')).stdout).toMatch(/schedule nightly: active, next run \d{4}-01-01T03:00:00Z/);

    expect((await sweep('schedule', 'delete', 'nightly')).stdout).toContain('schedule nightly: deleted');
    const gone = await sweep('schedule', 'describe', 'nightly');
    expect(gone.code).toBe(3);
    expect(gone.stderr).toContain('no schedule named "nightly"');
    expect(existsSync(join(third.dir, 'report.html'))).toBe(true);
  }, 240_000);
});
