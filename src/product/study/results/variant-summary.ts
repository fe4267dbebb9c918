/**
 * What a study's results keep of each variant in memory once `manifest.json` is written: what the
 * summary workbook, the CSV, the plots and report.html read. Its name, fingerprint and, past
 * DETAILED_VARIANTS solved variants, its files and each solution's workbook and installed capacities
 * stay in the manifest and the variant's record: a real study's capacities, dozens a solution, would
 * be most of the memory at 100,000 variants, for tooltips the report leaves out at that size anyway.
 */
import type { Manifest, VariantRecord } from './manifest.js';
import type { SolutionResult } from './read-output.js';

/** Solved variants up to which the summaries keep what the report's interactive plots show of each (src/product/report/interactive.ts). */
export const DETAILED_VARIANTS = 20_000;

type Details = 'file' | 'capacities';
export type SolutionSummary = Omit<SolutionResult, Details> & Partial<Pick<SolutionResult, Details>>;
export type VariantSummary = Omit<VariantRecord, 'name' | 'fingerprint' | 'files' | 'solutions'> & Partial<Pick<VariantRecord, 'files'>> & { solutions: SolutionSummary[] };

/** A study's results as the workbook, the CSV and the report read them: the manifest with each variant summarised. */
export type StudyResults = Omit<Manifest, 'variants'> & { variants: VariantSummary[] };

/** The summaries of variants added one at a time, dropping every variant's details once more than DETAILED_VARIANTS have solutions. */
export class VariantSummaries {
  readonly variants: VariantSummary[] = [];
  private solved = 0;

  add(record: VariantRecord): void {
    if (record.solutions.length && ++this.solved === DETAILED_VARIANTS + 1) {
      for (const [i, variant] of this.variants.entries()) this.variants[i] = withoutDetails(variant);
    }
    const { name: _name, fingerprint: _fingerprint, ...summary } = record;
    this.variants.push(this.solved > DETAILED_VARIANTS ? withoutDetails(summary) : summary);
  }
}

// Built by rest and assignment, not by spreading into a literal: V8 makes the spread copy a third larger, 30 MB at 100,000 variants.
function withoutDetails({ files: _files, solutions, ...variant }: VariantSummary): VariantSummary {
  const summary = variant as VariantSummary;
  summary.solutions = solutions.map(({ file: _file, capacities: _capacities, ...solution }) => solution);
  return summary;
}
