/**
 * Scheduled re-optimisation as an analyst drives it (`sweep schedule …`, run as processes against the
 * test run's Temporal server, real Schedules, a real worker and the local service): runs triggered by
 * the schedule keep their results side by side, take over the results of variants whose specs did
 * not change since their last run, and solve again those that did; each run's report opens with what
 * changed since the run before, and a run whose outcome moved beyond its alert tells the study's
 * webhook (a server the test runs).
 */
import { existsSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readManifest } from '../../src/product/study/results/manifest.js';
import { runDirName, runStamp } from '../../src/product/study/scheduled-run.js';
import type { StudyResult } from '../../workflows/study.js';
import { type StudyEnv, useStudyEnvWithWorker } from '../support/study-env.js';
import { sweep as runSweep } from '../support/sweep-cli.js';
import { tankStudyYaml } from '../support/tank-study.js';
import { waitFor } from '../support/wait.js';

let env: StudyEnv;
useStudyEnvWithWorker('Nightly', (started) => (env = started));

/** The CLI as the worker of this test sees the world: its task queue, its service account. */
const sweep = (...args: string[]) => runSweep(args, env.cliEnv());

/** What the study's webhook received: each POST's JSON body. */
const notices: unknown[] = [];
const webhook = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk) => (body += chunk));
  request.on('end', () => {
    notices.push(JSON.parse(body));
    response.writeHead(204).end();
  });
});
await new Promise<void>((listening) => webhook.listen(0, '127.0.0.1', listening));
const hook = `http://127.0.0.1:${(webhook.address() as AddressInfo).port}/hooks/nightly`;
afterAll(() => new Promise<void>((closed) => webhook.close(() => closed())));

const yaml = `${tankStudyYaml({ name: 'nightly', project: 'Nightly' })}outcomes:
  - { name: lcc, objective: MIN_LIFE_CYCLE_COST, alert: { relative: 0.01 } }
notify: { webhook: ${hook} }
`;

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
    // Its report opens with what changed since run 1: one variant solved again, one taken over, no outcome moved, no notice.
    expect(second.result.drift?.lines[0]).toBe(`Since ${first.dir.split('/').pop()}: no input changed; 1 variant solved again, 1 taken over.`);
    expect(second.result.drift?.moved).toEqual([]);
    expect(second.result.notice).toBeUndefined();
    expect(await readFile(join(second.dir, 'report.html'), 'utf8')).toContain(`<h2>Since the previous run (${first.dir.split('/').pop()})</h2>`);
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
    // As though run 2 had found the first variant's life-cycle cost at 80 % of what it is: run 3 finds it moved by +25 %.
    const secondManifestPath = join(second.dir, 'manifest.json');
    const forged = JSON.parse(await readFile(secondManifestPath, 'utf8'));
    const lcc = forged.variants[0].outcomes.lcc as { value: number; unit: string };
    forged.variants[0].outcomes.lcc = { ...lcc, value: lcc.value * 0.8 };
    writeFileSync(secondManifestPath, JSON.stringify(forged));
    const third = await triggeredRun(2);
    expect(third.result.totals).toMatchObject({ variants: 2, done: 2, reused: 0 });
    // What changed, and where: the renamed hub, in the scenario's Hubs sheet; the outcome that moved, by how much.
    const drift = third.result.drift!;
    expect(drift.lines[0]).toMatch(new RegExp(`^Since ${second.dir.split('/').pop()}: 0 study settings and \\d+ fields? of the scenario changed; 2 variants solved again, 0 taken over\\.$`));
    expect(drift.lines).toContainEqual(expect.stringMatching(new RegExp(`^Changed: .*: ${hub.hubName} → ${hub.hubName} renamed$`)));
    expect(drift.moved).toEqual([{ key: forged.variants[0].key, label: forged.variants[0].label, outcome: 'lcc', unit: lcc.unit, previous: lcc.value * 0.8, now: lcc.value, change: expect.closeTo(0.25, 9) }]);
    const thirdReport = await readFile(join(third.dir, 'report.html'), 'utf8');
    expect(thirdReport).toContain(`${hub.hubName} → ${hub.hubName} renamed`);
    expect(thirdReport).toContain('+25.0 %');
    // The webhook heard of it once, with the moved outcome and no secret.
    expect(third.result.notice).toBe('the webhook took the notice (HTTP 204)');
    expect(notices).toEqual([expect.objectContaining({ study: third.result.studyId, previousRun: second.dir.split('/').pop(), moved: drift.moved, report: join(third.dir, 'report.html') })]);
    expect(JSON.stringify(notices)).not.toContain(env.cliEnv().SWEEP_SERVICE_PASSWORD!);
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
