/**
 * A study's manifest from its results directory: every variant of the study, with its record if it
 * has ended, PENDING otherwise, its outcomes, and what the study's method found. The study's last
 * activity writes it; `sweep results` writes it again, e.g. for a study still running.
 */
import type { Study } from '../schema.js';
import { type Variant, variantAt, variantLabel } from '../expand.js';
import type { SearchState } from '../search/step.js';
import { analyseStudy, OutcomeReadings, outcomeRecords } from './analysis.js';
import { parameterRecord, streamManifest, type VariantRecord } from './manifest.js';
import { readVariantRecord } from './records.js';
import { type StudyResults, VariantSummaries } from './variant-summary.js';

export interface CollectInput {
  study: Study;
  studyFile: string;
  /** Where the variants' records are. */
  outputDir: string;
  /** Where manifest.json goes: the output directory unless told. */
  manifestDir?: string;
  variantCount: number;
  /** Why a variant that has no record did not run, when the study has ended (cancelled, or failed). */
  notRun?: string;
  /** A search's variants (its probes so far) and its searches; other methods derive their variants from the study. */
  probes?: Variant[];
  searches?: SearchState[];
  startedAt: string;
  /** When the study finished; null while it runs. */
  finishedAt: string | null;
  /** Called now and then with the variants looked at, so a long collection can heartbeat. */
  onProgress?: (variants: number) => void;
}

/**
 * Writes the manifest from the records, read one at a time in index order, and answers it with
 * each variant summarised (src/product/study/results/variant-summary.ts): at no time are the
 * study's records in memory whole.
 */
export async function collectManifest(input: CollectInput): Promise<StudyResults> {
  const { study } = input;
  const readings = new OutcomeReadings(study);
  const summaries = new VariantSummaries();
  const head = await streamManifest(input.manifestDir ?? input.outputDir, studyRecords(input), (record) => {
    readings.add(record);
    summaries.add(record);
  }, (totals) => {
    const analysis = analyseStudy(study, readings, input.searches);
    return {
      study: { name: study.name, description: study.description ?? '', file: input.studyFile, startedAt: input.startedAt, finishedAt: input.finishedAt },
      solver: { ...study.solver },
      parameters: study.parameters.map(parameterRecord),
      method: study.variants.method,
      outcomes: outcomeRecords(study.outcomes, readings),
      ...(analysis ? { analysis } : {}),
      totals,
    };
  });
  return { ...head, variants: summaries.variants };
}

/** Every variant of the study in index order: its record if it has ended, PENDING otherwise. */
async function* studyRecords(input: CollectInput): AsyncGenerator<VariantRecord> {
  const count = input.probes?.length ?? input.variantCount;
  for (let index = 0; index < count; index++) {
    const variant = input.probes?.[index] ?? variantAt(input.study, index);
    yield (await readVariantRecord(input.outputDir, variant.key)) ?? {
      index: variant.index, key: variant.key, name: variant.name, label: variantLabel(variant.assignment, variant.solver), parameters: variant.assignment,
      status: 'PENDING', files: [], solutions: [], ...(input.notRun ? { reason: `not run: ${input.notRun}` } : {}), ...(variant.solver ? { solver: variant.solver } : {}),
    };
    if (index % 500 === 0) input.onProgress?.(index);
  }
}
