/**
 * A study's results as an analyst reads them, written into one directory: the summary workbook,
 * then the CSV, plots and report.html, which links the workbook.
 */
import { join } from 'node:path';
import { type CollectInput, collectManifest } from '../study/results/collect.js';
import type { Drift } from '../study/results/drift.js';
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
