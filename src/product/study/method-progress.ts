/**
 * What a study's method says of itself while it runs, for `sweep status` and `sweep watch`: a
 * search its brackets so far, a sensitivity design its size. Pure: the study workflow answers its
 * progress query with it.
 */
import { design } from './expand.js';
import { designRuns, morrisGroups } from './designs.js';
import type { Study } from './schema.js';
import { type SearchRun, searchLines } from './search/run.js';

export function methodLines(study: Study, run: SearchRun | undefined): string[] | undefined {
  const { variants } = study;
  const names = study.parameters.map((p) => p.name);
  if (variants.method === 'search' && run) return searchLines(study, run);
  if (variants.method === 'morris') {
    const groups = morrisGroups(variants.morris!, names).length;
    const distinct = design(study).variantRows.length;
    return [`Morris: ${variants.morris!.trajectories} trajectories × (${groups} ${groups === names.length ? 'parameters' : 'groups'} + 1) = ${designRuns(variants, names)} runs on ${variants.morris!.levels} levels, ${distinct} distinct (shared points are solved once)`];
  }
  if (variants.method === 'sobol') {
    return [`Sobol: N = ${variants.samples} base samples × (${names.length} parameters + 2) = ${designRuns(variants, names)} runs, ${design(study).variantRows.length} distinct`];
  }
  return undefined;
}
