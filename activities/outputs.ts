/**
 * What a study keeps: each variant's output zip downloaded into the results directory (checked:
 * complete, sha256 recorded, readable), a record per variant, and at the end the manifest and the
 * summary workbook built from the records.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { heartbeat } from '@temporalio/activity';
import type { Study } from '../src/study/schema.js';
import { type Variant, variantAt, variantLabel } from '../src/study/expand.js';
import { boundedMap } from '../src/common/bounded-map.js';
import { MANIFEST_FILE, parameterRecord, type VariantRecord, writeAtomically, writeManifest } from '../src/study/results/manifest.js';
import { readOutputZip, type SolutionResult } from '../src/study/results/read-output.js';
import { writeSummaryWorkbook } from '../src/study/results/summary-workbook.js';
import type { ActivityDeps } from './deps.js';
import { asActivity } from './failures.js';
import { retryPassingFaults } from './lost-answers.js';
import type { SubmittedJob } from './jobs.js';
import { CALLS_IN_FLIGHT } from './scenarios.js';

export const SUMMARY_FILE = 'summary.xlsx';

const variantDir = (outputDir: string, key: string) => join(outputDir, 'variants', key);

/** A variant's outcome as the batch knows it; the record adds the files and solutions. */
export interface VariantOutcome {
  index: number;
  key: string;
  status: VariantRecord['status'];
  reason?: string;
  scenarioGuid?: string;
  jobId?: string;
}

export interface GatheredOutput {
  index: number;
  key: string;
  /** Objective values per Pareto point, for progress and logs; the record holds everything. */
  objectives: Record<string, number>[];
}

export function outputActivities({ service }: ActivityDeps) {
  return {
    /**
     * Downloads each finished variant's output zip, checks it, and writes the variant's record;
     * answers the objectives. A variant whose record already holds this job's output, whole on
     * disk, is not downloaded again: an attempt after a crash picks up where the last one stopped.
     */
    async gatherOutputs(input: { outputDir: string; variants: Variant[]; jobs: SubmittedJob[] }): Promise<GatheredOutput[]> {
      return asActivity(async () => {
        const variants = new Map(input.variants.map((v) => [v.index, v]));
        let count = 0;
        return boundedMap(input.jobs, CALLS_IN_FLIGHT, async (job): Promise<GatheredOutput> => {
          const dir = variantDir(input.outputDir, job.key);
          const kept = await gatheredBefore(input.outputDir, dir, job.jobId);
          if (kept) return { index: job.index, key: job.key, objectives: kept.solutions.map((s) => s.objectives) };
          const detail = await service.solverJobs.retrieve(job.jobId);
          if (!detail.outputFile) throw new Error(`job ${job.jobId} is DONE but has no output file yet`);
          const outputFile = detail.outputFile;
          const path = join(dir, 'results.zip');
          const { sha256, bytes } = await retryPassingFaults(() => service.files.download(outputFile, path));
          let solutions: SolutionResult[];
          try {
            solutions = await readOutputZip(await readFile(path));
          } catch (error) {
            // Not results: nothing of it may stay where results are looked for.
            await rm(path, { force: true });
            throw error;
          }
          await writeRecord(input.outputDir, variantOf(variants, job.index), {
            index: job.index, key: job.key, status: 'DONE', scenarioGuid: job.scenarioGuid, jobId: job.jobId,
          }, { files: [{ path: relative(input.outputDir, path), sha256, bytes }], solutions });
          heartbeat(++count);
          return { index: job.index, key: job.key, objectives: solutions.map((s) => s.objectives) };
        });
      });
    },

    /** Records variants that ended without results (failed, infeasible, stopped). */
    async recordOutcomes(input: { outputDir: string; variants: Variant[]; outcomes: VariantOutcome[] }): Promise<void> {
      return asActivity(async () => {
        const variants = new Map(input.variants.map((v) => [v.index, v]));
        for (const outcome of input.outcomes) {
          await writeRecord(input.outputDir, variantOf(variants, outcome.index), outcome, { files: [], solutions: [] });
        }
      });
    },

    /** Builds the manifest and the summary workbook from the variant records; answers the totals. */
    async summariseStudy(input: { study: Study; studyFile: string; outputDir: string; variantCount: number; startedAt: string; finished: boolean }) {
      return asActivity(async () => {
        const records = await readRecords(input.outputDir);
        const variants: VariantRecord[] = [];
        for (let index = 0; index < input.variantCount; index++) {
          const variant = variantAt(input.study, index);
          variants.push(records.get(variant.key) ?? {
            index, key: variant.key, name: variant.name, label: variantLabel(variant.assignment), parameters: variant.assignment,
            status: 'PENDING', files: [], solutions: [],
          });
          if (index % 500 === 0) heartbeat(index);
        }
        const { study } = input;
        const manifest = await writeManifest(input.outputDir, {
          study: {
            name: study.name, description: study.description ?? '', file: input.studyFile, startedAt: input.startedAt,
            finishedAt: input.finished ? new Date().toISOString() : null,
          },
          solver: { ...study.solver },
          parameters: study.parameters.map(parameterRecord),
          variants,
        });
        await writeSummaryWorkbook(join(input.outputDir, SUMMARY_FILE), manifest);
        return { manifest: join(input.outputDir, MANIFEST_FILE), summary: join(input.outputDir, SUMMARY_FILE), totals: manifest.totals };
      });
    },
  };
}

/** The record of a variant gathered from `jobId` before, if its files are still whole on disk. */
async function gatheredBefore(outputDir: string, dir: string, jobId: string): Promise<VariantRecord | undefined> {
  const path = join(dir, 'record.json');
  if (!existsSync(path)) return undefined;
  const record = JSON.parse(await readFile(path, 'utf8')) as VariantRecord;
  if (record.status !== 'DONE' || record.jobId !== jobId || !record.files.length) return undefined;
  for (const file of record.files) {
    const local = join(outputDir, file.path);
    if (!existsSync(local) || createHash('sha256').update(await readFile(local)).digest('hex') !== file.sha256) return undefined;
  }
  return record;
}

function variantOf(variants: Map<number, Variant>, index: number): Variant {
  const variant = variants.get(index);
  if (!variant) throw new Error(`variant ${index} is not among the variants given to the activity`);
  return variant;
}

async function writeRecord(outputDir: string, variant: Variant, outcome: VariantOutcome, extra: Pick<VariantRecord, 'files' | 'solutions'>): Promise<void> {
  const record: VariantRecord = {
    ...outcome, name: variant.name, label: variantLabel(variant.assignment), parameters: variant.assignment, ...extra,
  };
  const dir = variantDir(outputDir, outcome.key);
  await mkdir(dir, { recursive: true });
  await writeAtomically(join(dir, 'record.json'), (partial) => writeFile(partial, JSON.stringify(record, null, 2)));
}

async function readRecords(outputDir: string): Promise<Map<string, VariantRecord>> {
  const records = new Map<string, VariantRecord>();
  const root = join(outputDir, 'variants');
  if (!existsSync(root)) return records;
  for (const key of await readdir(root)) {
    const path = join(root, key, 'record.json');
    if (existsSync(path)) records.set(key, JSON.parse(await readFile(path, 'utf8')) as VariantRecord);
  }
  return records;
}

