/**
 * The summary step alone, at a study's full size: a real benchmark study of a few variants gives
 * the shape of a variant's record (its files, its solutions with their installed capacities), which
 * is copied, with each variant's own key, parameters and objectives, into the results directory of a
 * study of `variants` variants. The study's last activity (manifest, summary workbook, CSV, plots,
 * report) then runs over it in a process of its own, as in the worker, whose wall time and peak resident memory are
 * the figures: a 100,000-variant study's summary in a minute, not after the 100 minutes of its run.
 */
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { demoSweepYaml } from '../harness/demo-sweep.js';
import { variantAt, variantLabel } from '../../product/study/expand.js';
import { parseStudy } from '../../product/study/load.js';
import type { VariantRecord } from '../../product/study/results/manifest.js';
import type { Study } from '../../product/study/schema.js';
import { summariseInChildProcess } from '../../product/report/summary-process.js';
import { RECORD_FILE, variantDir } from '../../product/study/results/records.js';
import { runBench } from './run-bench.js';

export const STUDY_JSON = 'study.json';

export interface SummaryBenchReport {
  variants: number;
  seconds: number;
  peakRssMb: number;
  totals: { variants: number; done: number; failed: number; pending: number };
  manifestMb: number;
  dir: string;
}

/** Fills `dir` with a study of `variants` variants, each with a record shaped as a real run's. */
export async function syntheticResults(dir: string, variants: number, say: (line: string) => void): Promise<string> {
  say('bench:summary: a real study of 4 variants for the shape of a record…');
  const real = await runBench({ variants: 4, latencyMs: 0, solveMs: 0, baseline: false, timeoutMinutes: 10, dir: join(dir, 'template'), say: () => undefined });
  if (real.study !== 'completed') throw new Error(`the template study ended ${real.study}`);
  const [first] = await readdir(join(dir, 'template', 'results', 'variants'));
  const template = JSON.parse(await readFile(join(variantDir(join(dir, 'template', 'results'), first), RECORD_FILE), 'utf8')) as VariantRecord;
  const output = join(dir, 'results');
  const yaml = demoSweepYaml({ name: 'bench', variants, output, concurrency: 500 });
  const study = parseStudy(yaml);
  // The activity receives the study parsed, as JSON in its input; so does the summary's process.
  const studyFile = join(dir, STUDY_JSON);
  await writeFile(studyFile, JSON.stringify(study));
  say(`bench:summary: writing ${variants.toLocaleString('en-US')} records…`);
  for (let index = 0; index < variants; index++) {
    const variant = variantAt(study, index);
    // Objectives move with the parameters so that plots and fronts have something to show.
    const scale = 1 + index / variants;
    const record: VariantRecord = {
      ...template, index, key: variant.key, name: variant.name, label: variantLabel(variant.assignment, variant.solver), parameters: variant.assignment,
      files: template.files.map((file) => ({ ...file, path: file.path.replace(template.key, variant.key) })),
      solutions: template.solutions.map((solution) => ({
        ...solution, objectives: Object.fromEntries(Object.entries(solution.objectives).map(([name, value]) => [name, value * scale])),
      })),
    };
    await mkdir(variantDir(output, variant.key), { recursive: true });
    // Plain writes: the atomic write's fsync per record would make this setup the slow part.
    await writeFile(join(variantDir(output, variant.key), RECORD_FILE), JSON.stringify(record, null, 2));
    if (index % 10_000 === 0 && index) say(`bench:summary: ${index.toLocaleString('en-US')} records`);
  }
  return studyFile;
}

/** Runs the summary step over `dir` (made by syntheticResults) as the worker's activity does: in a process of its own. */
export async function summariseAlone(dir: string, studyFile: string, variants: number): Promise<Omit<SummaryBenchReport, 'dir'>> {
  const study = JSON.parse(await readFile(studyFile, 'utf8')) as Study;
  const started = performance.now();
  const { answer, peakRssMb } = await summariseInChildProcess({
    study, studyFile, outputDir: join(dir, 'results'), variantCount: variants, startedAt: new Date().toISOString(), finished: true,
  });
  return {
    variants, seconds: Math.round((performance.now() - started) / 100) / 10, peakRssMb, totals: answer.totals,
    manifestMb: Math.round(((await stat(answer.manifest)).size / 2 ** 20) * 10) / 10,
  };
}
