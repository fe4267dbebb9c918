import type { StageRequest } from '../../../wire/contract/stages.js';
import type { StageDoc } from '../documents.js';

/** The stored document of a stage. */
export const stageDoc = (body: StageRequest): StageDoc => ({
  name: body.name, length: body.length, interestRate: body.interestRate ?? null, inflationRate: body.inflationRate ?? null, index: body.index,
});
