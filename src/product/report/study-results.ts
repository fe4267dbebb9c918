/**
 * A study's results as an analyst reads them, written into one directory: the summary workbook,
 * then the CSV, plots and report.html, which links the workbook.
 */
import { join } from 'node:path';
import type { Drift } from '../study/results/drift.js';
import { MANIFEST_FILE } from '../study/results/manifest.js';
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
