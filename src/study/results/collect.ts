/**
 * A study's manifest from its results directory: every variant of the study, with its record if it
 * has ended, PENDING otherwise. The study's last activity writes it; `sweep results` writes it
 * again, e.g. for a study still running.
 */
import type { Study } from '../schema.js';
import { variantAt, variantLabel } from '../expand.js';
import { type Manifest, parameterRecord, type VariantRecord, writeManifest } from './manifest.js';
import { readVariantRecords } from './records.js';

export interface CollectInput {
  study: Study;
  studyFile: string;
  /** Where the variants' records are. */
  outputDir: string;
  /** Where manifest.json goes: the output directory unless told. */
  manifestDir?: string;
  variantCount: number;
  startedAt: string;
  /** When the study finished; null while it runs. */
  finishedAt: string | null;
  /** Called now and then with the variants looked at, so a long collection can heartbeat. */
  onProgress?: (variants: number) => void;
}

export async function collectManifest(input: CollectInput): Promise<Manifest> {
  const records = await readVariantRecords(input.outputDir);
  const variants: VariantRecord[] = [];
  for (let index = 0; index < input.variantCount; index++) {
    const variant = variantAt(input.study, index);
    variants.push(records.get(variant.key) ?? {
      index, key: variant.key, name: variant.name, label: variantLabel(variant.assignment), parameters: variant.assignment,
      status: 'PENDING', files: [], solutions: [],
    });
    if (index % 500 === 0) input.onProgress?.(index);
  }
  const { study } = input;
  return writeManifest(input.manifestDir ?? input.outputDir, {
    study: { name: study.name, description: study.description ?? '', file: input.studyFile, startedAt: input.startedAt, finishedAt: input.finishedAt },
    solver: { ...study.solver },
    parameters: study.parameters.map(parameterRecord),
    variants,
  });
}
