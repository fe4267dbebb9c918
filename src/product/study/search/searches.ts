/**
 * A search study's searches: one per combination of the other parameters' values (a tipping curve
 * when one other parameter has several), each moving the searched parameter over its range. Pure
 * and deterministic: the study workflow decides its probes with these.
 */
import type { Assignment, Parameter } from '../target.js';
import { parameterUnit } from '../units.js';
import type { SearchSpec } from './spec.js';
import type { SearchedParameter, SearchState } from './step.js';

/** The combinations of the other parameters' values, the first parameter varying slowest (as a grid). */
export function alongCombinations(parameters: readonly Parameter[], searched: string): Assignment[] {
  let combinations: Assignment[] = [{}];
  for (const p of parameters) {
    if (p.name === searched) continue;
    combinations = combinations.flatMap((c) => p.values!.map((v) => ({ ...c, [p.name]: v })));
  }
  return combinations;
}

/** The searched parameter: its range, and its unit for the answers. */
export function searchedParameter(parameters: readonly Parameter[], spec: SearchSpec): SearchedParameter {
  const parameter = parameters.find((p) => p.name === spec.parameter);
  if (!parameter?.range) throw new RangeError(`the searched parameter ${spec.parameter} has no range`);
  return { name: parameter.name, min: parameter.range.min, max: parameter.range.max, unit: parameterUnit(parameter) };
}

/** Every search of the study, before its first probe. */
export function newSearches(parameters: readonly Parameter[], spec: SearchSpec): SearchState[] {
  return alongCombinations(parameters, spec.parameter).map((along) => ({ along, probes: [] }));
}

/** The probe's values: the search's fixed ones and the searched parameter's. */
export const probeAssignment = (search: SearchState, parameter: string, value: number): Assignment => ({ ...search.along, [parameter]: value });
