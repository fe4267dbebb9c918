/**
 * The summary step in a process of its own (src/product/report/summary-process.ts), as the worker's
 * activity runs it: it answers what the step run in this process answers, over the same records,
 * with its progress and its peak memory; its failures arrive with their message and class name; and
 * a cancelled step ends its process.
 */
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { demoSweepYaml } from '../../src/tooling/harness/demo-sweep.js';
import { variantAt, variantLabel } from '../../src/product/study/expand.js';
import { parseStudy } from '../../src/product/study/load.js';
import { MANIFEST_FILE } from '../../src/product/study/results/manifest.js';
import { writeVariantRecord } from '../../src/product/study/results/records.js';
import { runSummaryStep, type SummaryStepInput } from '../../src/product/report/study-results.js';
import { REPORT_FILE } from '../../src/product/report/index.js';
import { summariseInChildProcess } from '../../src/product/report/summary-process.js';
import { studyManifest } from './study-fixture.js';
import { tempDir } from '../support/service.js';

const VARIANTS = 9;
const dirs: string[] = [];

/** A study of VARIANTS variants whose records hold the fixture's fronts (one variant failed). */
async function recordedStudy(): Promise<SummaryStepInput> {
  const output = tempDir('sweep-summary-process-');
  dirs.push(output);
  const study = parseStudy(demoSweepYaml({ name: 'apart', variants: VARIANTS, output, concurrency: 1 }));
  const fixture = studyManifest({ variants: VARIANTS, failed: [4] });
  for (let index = 0; index < VARIANTS; index++) {
    const variant = variantAt(study, index);
    await writeVariantRecord(output, {
      ...fixture.variants[index], key: variant.key, name: variant.name, label: variantLabel(variant.assignment, variant.solver), parameters: variant.assignment,
    });
  }
  return { study, studyFile: 'apart.yaml', outputDir: output, variantCount: VARIANTS, startedAt: '2026-11-27T08:00:00.000Z', finished: false };
}

afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('the summary step in a process of its own', () => {
  it('answers what the step in this process answers, with progress and its peak memory', async () => {
    const input = await recordedStudy();
    const here = await runSummaryStep(input);
    const manifestHere = await readFile(join(input.outputDir, MANIFEST_FILE), 'utf8');
    await rm(join(input.outputDir, MANIFEST_FILE));

    const progress: string[] = [];
    const apart = await summariseInChildProcess(input, { onManifest: () => progress.push('manifest'), onProgress: (n) => progress.push(`variants ${n}`) });
    expect(apart.answer).toEqual(here);
    expect(apart.answer.totals).toEqual({ variants: VARIANTS, done: VARIANTS - 1, failed: 1, pending: 0 });
    // Not finished: no finishing time, so the two manifests are the same byte for byte.
    expect(await readFile(join(input.outputDir, MANIFEST_FILE), 'utf8')).toBe(manifestHere);
    expect(progress).toContain('manifest');
    // A Node process with the report's modules loaded takes well over 50 MB; less would not be a measurement.
    expect(apart.peakRssMb).toBeGreaterThan(50);
  }, 120_000);

  it('fails with the child\'s error, named', async () => {
    const input = await recordedStudy();
    // A file where the results directory's manifest should be written: the step cannot write it.
    const blocked = join(input.outputDir, 'not-a-directory');
    await writeFile(blocked, 'in the way');
    const failure = await summariseInChildProcess({ ...input, manifestDir: blocked }).then(() => undefined, (error: Error) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(failure!.message).toContain('not-a-directory');
    expect(failure!.name).toBe('Error');
  }, 120_000);

  it('ends its process when cancelled, and says so', async () => {
    const input = await recordedStudy();
    const controller = new AbortController();
    const running = summariseInChildProcess(input, { signal: controller.signal });
    controller.abort();
    const failure = await running.then(() => undefined, (error: Error) => error);
    expect(failure?.name).toBe('AbortError');
    expect(await readFile(join(input.outputDir, MANIFEST_FILE), 'utf8').catch(() => 'none')).toBe('none');
  }, 120_000);

  it('stops by itself when the process that started it is gone', async () => {
    const input = await recordedStudy();
    const child = fork(new URL('../../src/product/report/summary-child.ts', import.meta.url), [], { execArgv: ['--import', 'tsx'], stdio: 'ignore', serialization: 'advanced' });
    const exited = once(child, 'exit');
    child.send(input);
    // Mid-step, the channel closes, as when a worker is killed outright: the step goes no further.
    await new Promise<void>((resolve) => child.on('message', (message: { kind: string }) => message.kind === 'manifest' && resolve()));
    child.disconnect();
    const [code] = await exited;
    expect(code).toBe(1);
    expect(existsSync(join(input.outputDir, REPORT_FILE))).toBe(false);
  }, 60_000);
});
