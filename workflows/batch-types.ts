/**
 * The batch workflow's input: the payload of recorded histories (a batch's start in its study's, its
 * own first event), so its shape only ever gains optional fields. workflows/variant-batch.ts
 * re-exports it.
 */
import type { StudySetup } from '../src/product/study/study-workflow.js';
import type { StudyCore } from '../src/product/study/core.js';
import type { Variant } from '../src/product/study/expand.js';
import type { Study } from '../src/product/study/schema.js';

export interface VariantBatchInput {
  study: StudyCore;
  /** The batch's variants, values included: the study itself carries no values here. */
  variants: Variant[];
  studyWorkflowId: string;
  gateId: string;
  setup: StudySetup;
  outputDir: string;
  offset: number;
  runTag?: string;
  paused?: boolean;
  /** A scheduled run: variants whose specs match their last run's take that run's results. */
  reuseRunsDir?: string;
  /** A study that decides as it goes: report every variant's end with its value of this outcome. */
  reportOutcome?: string;
}

/** Batches started by an earlier version carry the whole study and a count instead of their variants. */
export interface EarlierBatchInput extends Omit<VariantBatchInput, 'study' | 'variants'> {
  study: Study;
  count: number;
  variants?: undefined;
}
