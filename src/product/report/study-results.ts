/**
 * A study's results as an analyst reads them, written into one directory: the summary workbook,
 * then the CSV, plots and report.html, which links the workbook.
 */
import { join } from 'node:path';
import { analysisFindings } from '../study/results/analysis.js';
import { type CollectInput, collectManifest } from '../study/results/collect.js';
import { type Drift, driftChanges, driftLines } from '../study/results/drift.js';
import { MANIFEST_FILE } from '../study/results/manifest.js';
import { driftSincePreviousRun } from '../study/results/previous-run.js';
import { writeSummaryWorkbook } from '../study/results/summary-workbook.js';
import type { StudyResults } from '../study/results/variant-summary.js';
import { SUMMARY_WORKBOOK, writeStudyReport } from './index.js';

export interface WrittenResults {
  manifest: string;
  summary: string;
  report: string;
  csv: string;
  plots: string[];
}

export async function writeStudyResults(dir: string, manifest: StudyResults, drift?: Drift): Promise<WrittenResults> {
  const summary = join(dir, SUMMARY_WORKBOOK);
  await writeSummaryWorkbook(summary, manifest);
  const report = await writeStudyReport(dir, manifest, drift);
  return { manifest: join(dir, MANIFEST_FILE), summary, ...report };
}

/**
 * The study's summary step: the manifest collected from the variant records, what changed since the
 * previous run of a schedule (when `runsDir` is given), and the results written beside the records.
 * The worker's activity and the summary benchmark both run exactly this.
 */
export async function summariseStudyResults(input: CollectInput & { runsDir?: string; onManifest?: () => void }): Promise<{ results: StudyResults; drift?: Drift; written: WrittenResults }> {
  const results = await collectManifest(input);
  input.onManifest?.();
  const drift = input.runsDir ? await driftSincePreviousRun(input.runsDir, input.outputDir, results, input.study.outcomes) : undefined;
  const written = await writeStudyResults(input.outputDir, results, drift);
  return { results, drift, written };
}

/** What the summary step is given: what collecting needs but its hooks, and whether the study has finished. */
export type SummaryStepInput = Omit<CollectInput, 'finishedAt' | 'onProgress'> & { finished: boolean; runsDir?: string };

/** What the summary step answers the workflow: where the results are, the totals, and what an analyst should read first. */
export interface SummaryStepAnswer {
  manifest: string;
  summary: string;
  report: string;
  totals: StudyResults['totals'];
  findings?: string[];
  drift?: { previousRun: string; lines: string[]; changes: string[]; moved: Drift['moved'] };
}

/** The summary step as the study's workflow asks for it (run by src/product/report/summary-process.ts in a process of its own). */
export async function runSummaryStep(input: SummaryStepInput, hooks: { onProgress?: (variants: number) => void; onManifest?: () => void } = {}): Promise<SummaryStepAnswer> {
  const { finished, ...collect } = input;
  const { results, drift, written } = await summariseStudyResults({
    ...collect, finishedAt: finished ? new Date().toISOString() : null, onProgress: hooks.onProgress, onManifest: hooks.onManifest,
  });
  const findings = analysisFindings(results.analysis);
  return {
    manifest: written.manifest, summary: written.summary, report: written.report, totals: results.totals, ...(findings.length ? { findings } : {}),
    ...(drift ? { drift: { previousRun: drift.previousRun, lines: driftLines(drift), changes: driftChanges(drift), moved: drift.moved } } : {}),
  };
}
