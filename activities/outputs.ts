/**
 * What a study keeps: each variant's output zip downloaded into the results directory (checked:
 * complete, sha256 recorded, readable), a record per variant, and at the end the manifest and the
 * summary workbook and report built from the records.
 */
import { readFile, rm } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { Context, heartbeat } from '@temporalio/activity';
import { type Variant, variantLabel } from '../src/product/study/expand.js';
import { boundedMap } from '../src/common/bounded-map.js';
import type { VariantRecord } from '../src/product/study/results/manifest.js';
import { keptSolution, readOutputZip, type ReadSolution } from '../src/product/study/results/read-output.js';
import { evaluateOutcomes, type Outcome, type OutcomeValue } from '../src/product/study/outcomes.js';
import { filesIntact, readFingerprint, readVariantRecord, variantDir, writeVariantRecord } from '../src/product/study/results/records.js';
import type { SummaryStepAnswer, SummaryStepInput } from '../src/product/report/study-results.js';
import { summariseInChildProcess } from '../src/product/report/summary-process.js';
import type { ActivityDeps } from './deps.js';
import { asActivity } from './failures.js';
import { retryPassingFaults } from './lost-answers.js';
import type { SubmittedJob } from './jobs.js';
import { CALLS_IN_FLIGHT } from './scenarios.js';

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
  /** The study's outcomes, as recorded. */
  outcomes?: Record<string, OutcomeValue>;
}

export function outputActivities({ service }: ActivityDeps) {
  return {
    /**
     * Downloads each finished variant's output zip, checks it, and writes the variant's record;
     * answers the objectives. A variant whose record already holds this job's output, whole on
     * disk, is not downloaded again: an attempt after a crash picks up where the last one stopped.
     */
    async gatherOutputs(input: { outputDir: string; variants: Variant[]; jobs: SubmittedJob[]; outcomes?: Outcome[] }): Promise<GatheredOutput[]> {
      return asActivity(async () => {
        const variants = new Map(input.variants.map((v) => [v.index, v]));
        let count = 0;
        return boundedMap(input.jobs, CALLS_IN_FLIGHT, async (job): Promise<GatheredOutput> => {
          const dir = variantDir(input.outputDir, job.key);
          const kept = await gatheredBefore(input.outputDir, job.key, job.jobId);
          if (kept) return { index: job.index, key: job.key, objectives: kept.solutions.map((s) => s.objectives), outcomes: kept.outcomes };
          const detail = await service.solverJobs.retrieve(job.jobId);
          if (!detail.outputFile) throw new Error(`job ${job.jobId} is DONE but has no output file yet`);
          const outputFile = detail.outputFile;
          const path = join(dir, 'results.zip');
          const { sha256, bytes } = await retryPassingFaults(() => service.files.download(outputFile, path));
          let solutions: ReadSolution[];
          try {
            solutions = await readOutputZip(await readFile(path));
          } catch (error) {
            // Not results: nothing of it may stay where results are looked for.
            await rm(path, { force: true });
            throw error;
          }
          // Outcomes are read now, from the rows the manifest does not keep.
          const outcomes = evaluateOutcomes(input.outcomes ?? [], solutions);
          await writeRecord(input.outputDir, variantOf(variants, job.index), {
            index: job.index, key: job.key, status: 'DONE', scenarioGuid: job.scenarioGuid, jobId: job.jobId,
          }, { files: [{ path: relative(input.outputDir, path), sha256, bytes }], solutions: solutions.map(keptSolution), ...(input.outcomes?.length ? { outcomes } : {}) });
          heartbeat(++count);
          return { index: job.index, key: job.key, objectives: solutions.map((s) => s.objectives), ...(input.outcomes?.length ? { outcomes } : {}) };
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

    /**
     * Builds the manifest, the summary workbook and the report from the variant records, in a process
     * of its own (the worker's memory stays what the variants need); answers the totals.
     */
    async summariseStudy(input: SummaryStepInput): Promise<SummaryStepAnswer> {
      return asActivity(async () => {
        const context = Context.current();
        const { answer, peakRssMb } = await summariseInChildProcess(input, {
          onProgress: (n) => heartbeat(n), onManifest: () => heartbeat('manifest'), signal: context.cancellationSignal,
        });
        context.log.info('summary step done', { variants: answer.totals.variants, processPeakRssMb: peakRssMb });
        return answer;
      });
    },
  };
}

/** The record of a variant gathered from `jobId` before, if its files are still whole on disk. */
async function gatheredBefore(outputDir: string, key: string, jobId: string): Promise<VariantRecord | undefined> {
  const record = await readVariantRecord(outputDir, key);
  if (!record || record.status !== 'DONE' || record.jobId !== jobId || !record.files.length) return undefined;
  return (await filesIntact(outputDir, record)) ? record : undefined;
}

function variantOf(variants: Map<number, Variant>, index: number): Variant {
  const variant = variants.get(index);
  if (!variant) throw new Error(`variant ${index} is not among the variants given to the activity`);
  return variant;
}

/** The variant's record, with the fingerprint of its specs file when this run took one. */
async function writeRecord(outputDir: string, variant: Variant, outcome: VariantOutcome, extra: Pick<VariantRecord, 'files' | 'solutions' | 'outcomes'>): Promise<void> {
  await writeVariantRecord(outputDir, {
    ...outcome, name: variant.name, label: variantLabel(variant.assignment, variant.solver), parameters: variant.assignment, ...extra,
    ...(variant.solver ? { solver: variant.solver } : {}),
    fingerprint: await readFingerprint(outputDir, outcome.key),
  });
}
