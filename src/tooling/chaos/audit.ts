/**
 * What a chaos run is judged by, read from the service's own data (not from what the study says
 * of itself): each variant's scenarios and solver jobs by their deterministic names, its output
 * file downloaded afresh and compared by sha256 with the one in the results directory, and the
 * account's usage against the study's budget. The manifest is read only to learn which variants
 * the study recorded as ended, and how.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { SolverJob } from '../../wire/contract/solver-jobs.js';
import type { PlanningClient } from '../../wire/client/index.js';
import { expandVariants } from '../../product/study/expand.js';
import { MANIFEST_FILE, readManifest, type VariantRecord } from '../../product/study/results/manifest.js';
import type { Study } from '../../product/study/schema.js';

export interface ChaosAudit {
  variants: number;
  /** Recorded as DONE, FAILED, INFEASIBLE or STOPPED in the manifest. */
  variantsTerminal: number;
  variantsDone: number;
  /** Ended without results: injected solver faults and the like, each with its reason. */
  variantsFailed: number;
  /** Not terminal, or recorded DONE without its scenario, job or output on the service. */
  lostVariants: number;
  /** Scenarios beyond one per variant name in the destination analysis. */
  duplicateScenarios: number;
  /** Variants with more than one solver job that is not STOPPED. */
  duplicateSolverJobs: number;
  /** Extra jobs a race submitted and the study stopped (they still count against the budget). */
  stoppedDuplicateJobs: number;
  outputFilesVerified: number;
  outputFilesMismatched: number;
  budget: { jobs: number | null; minutes: number | null; jobsUsed: number; minutesUsed: number };
  /** Jobs plus minutes used beyond the study's budget. */
  budgetOverrun: number;
  problems: string[];
}

const TERMINAL = new Set(['DONE', 'FAILED', 'INFEASIBLE', 'STOPPED']);

async function sha256Of(path: string): Promise<string> {
  return createHash('sha256').update(await readFile(path)).digest('hex');
}

export async function auditStudy(client: PlanningClient, study: Study, scratchDir: string): Promise<ChaosAudit> {
  const problems: string[] = [];
  const manifest = existsSync(join(study.output, MANIFEST_FILE)) ? await readManifest(study.output) : undefined;
  // A search decides its variants as it goes: the manifest lists the probes it made.
  const variants = study.variants.method === 'search' ? (manifest?.variants ?? []) : expandVariants(study);
  const records = new Map<string, VariantRecord>((manifest?.variants ?? []).map((v) => [v.key, v]));

  const project = (await client.projects.list()).find((p) => p.projectName === study.destination.project);
  const analysis = project && (await client.analyses.list(project.projectGuid)).find((a) => a.analysisName === study.destination.analysis);
  const scenarios = analysis ? await client.scenarios.list(analysis.analysisGuid) : [];
  const scenariosByName = new Map<string, string[]>();
  for (const s of scenarios) scenariosByName.set(s.scenarioName, [...(scenariosByName.get(s.scenarioName) ?? []), s.scenarioGuid]);
  const jobs = await client.solverJobs.jobsOfScenarios(scenarios.map((s) => s.scenarioGuid));
  const jobsByName = new Map<string, SolverJob[]>();
  for (const job of jobs) jobsByName.set(job.name ?? '', [...(jobsByName.get(job.name ?? '') ?? []), job]);

  let lost = 0;
  let duplicateScenarios = 0;
  let duplicateSolverJobs = 0;
  let stoppedDuplicateJobs = 0;
  let verified = 0;
  let mismatched = 0;
  for (const variant of variants) {
    const record = records.get(variant.key);
    const own = scenariosByName.get(variant.name) ?? [];
    const variantJobs = jobsByName.get(`${study.name}/${variant.key}`) ?? [];
    const live = variantJobs.filter((j) => j.status !== 'STOPPED');
    duplicateScenarios += Math.max(0, own.length - 1);
    if (live.length > 1) {
      duplicateSolverJobs++;
      problems.push(`${variant.key}: ${live.length} solver jobs that are not stopped (${live.map((j) => j.id).join(', ')})`);
    }
    if (variantJobs.length > 1) stoppedDuplicateJobs += variantJobs.length - Math.max(1, live.length);
    if (!record || !TERMINAL.has(record.status)) {
      lost++;
      problems.push(`${variant.key}: not recorded as ended (${record?.status ?? 'missing from the manifest'})`);
      continue;
    }
    if (record.status !== 'DONE') continue;
    const job = live.find((j) => j.id === record.jobId);
    if (own.length === 0 || !job || job.status !== 'DONE') {
      lost++;
      problems.push(`${variant.key}: recorded DONE but the service has ${own.length ? `job ${record.jobId} ${job?.status ?? 'missing'}` : 'no scenario'}`);
      continue;
    }
    const detail = await client.solverJobs.retrieve(job.id);
    for (const file of record.files) {
      const local = join(study.output, file.path);
      const fresh = join(scratchDir, `${variant.key}.zip`);
      const ok = existsSync(local) && detail.outputFile
        && (await sha256Of(local)) === file.sha256
        && (await client.files.download(detail.outputFile, fresh)).sha256 === file.sha256;
      await rm(fresh, { force: true });
      if (ok) verified++;
      else {
        mismatched++;
        problems.push(`${variant.key}: ${file.path} does not match the service's output file`);
      }
    }
  }

  const usage = (await client.solverJobs.usage()).subscription;
  const { budget } = study;
  const overrun = Math.max(0, usage.totalCount - (budget.jobs ?? Infinity)) + Math.max(0, usage.totalMinutes - (budget.minutes ?? Infinity));
  const terminal = variants.filter((v) => TERMINAL.has(records.get(v.key)?.status ?? '')).length;
  const done = variants.filter((v) => records.get(v.key)?.status === 'DONE').length;
  return {
    variants: variants.length, variantsTerminal: terminal, variantsDone: done, variantsFailed: terminal - done,
    lostVariants: lost, duplicateScenarios, duplicateSolverJobs, stoppedDuplicateJobs,
    outputFilesVerified: verified, outputFilesMismatched: mismatched,
    budget: { jobs: budget.jobs, minutes: budget.minutes, jobsUsed: usage.totalCount, minutesUsed: usage.totalMinutes },
    budgetOverrun: overrun, problems,
  };
}
