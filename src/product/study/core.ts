/**
 * What a batch of variants carries of its study: everything but the parameters' values, which for
 * a sweep of ten thousand variants are the bulk of the study and are already spelled out in each
 * variant's assignment. Keeping them out keeps every batch's history and activity inputs small.
 * Type imports only: workflow code runs this.
 */
import type { Parameter } from './target.js';
import type { Study } from './schema.js';

export type StudyCore = Omit<Study, 'variants' | 'parameters'> & { parameters: Parameter[] };

export function studyCore(study: Study): StudyCore {
  const { variants: _variants, parameters, ...rest } = study;
  return { ...rest, parameters: parameters.map(({ values: _values, range: _range, ...parameter }) => parameter) };
}
