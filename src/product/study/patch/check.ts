/**
 * Checking a study's parameters against its base scenario before anything is created: every
 * target must exist there, and every value must be one the service would take. Values that are
 * set were checked against their field's rule when the file was loaded; a scaled value depends on
 * the base scenario's value too, so each factor the study uses is tried against it here.
 */
import type { PlanningClient } from '../../../wire/client/index.js';
import { RANGE_METHODS, expandVariants, type Sweep, variantAt } from '../expand.js';
import type { Assignment, Parameter, ParameterValue } from '../target.js';
import { groupByResource } from './apply.js';
import { ScenarioIndex } from './find.js';
import { planProfile } from './profile.js';
import { planResource } from './resource.js';
import { wantedValue } from './values.js';

export interface CheckInput {
  baseScenarioGuid: string;
  parameters: readonly Parameter[];
  /** One variant's values, with which every target is found and planned, writing nothing. */
  assignment: Assignment;
  /** Every value each scaled field parameter takes in the study (see `scaledValues`). */
  scaleValues?: Readonly<Record<string, readonly ParameterValue[]>>;
}

/**
 * The distinct values of each parameter that scales a field (not a profile), over every variant of
 * the study; for a parameter with a range (sampled or searched), the range's ends, between which
 * every factor lies.
 */
export function scaledValues(study: Sweep): Record<string, ParameterValue[]> {
  const scaled = study.parameters.filter((p) => p.operation === 'scale' && p.target.kind !== 'profile');
  if (RANGE_METHODS.includes(study.variants.method) || study.variants.method === 'search') {
    return Object.fromEntries(scaled.map((p) => [p.name, p.range ? [p.range.min, p.range.max] : [...(p.values ?? [])]]));
  }
  const seen = new Map<string, Set<ParameterValue>>(scaled.map((p) => [p.name, new Set()]));
  for (const { assignment } of expandVariants(study)) for (const [name, values] of seen) values.add(assignment[name]);
  return Object.fromEntries([...seen].map(([name, values]) => [name, [...values]]));
}

/** One variant's values to find every target with: the first variant, or for a search its first probe's. */
export function firstAssignment(study: Sweep): Assignment {
  if (study.variants.method !== 'search') return variantAt(study, 0).assignment;
  const searched = study.parameters.find((p) => p.name === study.variants.search!.parameter)!;
  return Object.fromEntries(study.parameters.map((p) => [p.name, p === searched ? searched.range!.min : p.values![0]]));
}

/** Throws a PatchError naming the first parameter whose target is missing or whose value cannot apply to the base. */
export async function checkAssignment(client: PlanningClient, input: CheckInput): Promise<void> {
  const base = new ScenarioIndex(client, input.baseScenarioGuid, 'base');
  await Promise.all(
    groupByResource(input.parameters, input.assignment).map(async (group) => {
      if (group[0].parameter.target.kind === 'profile') {
        await planProfile(group[0].parameter, group[0].assigned, base, base);
        return;
      }
      // Planned on the base itself, each result's `before` is the base value a factor multiplies.
      const plan = await planResource(group, base, base);
      group.forEach(({ parameter }, i) => {
        if (parameter.operation !== 'scale') return;
        for (const factor of input.scaleValues?.[parameter.name] ?? []) wantedValue(parameter, factor, plan.results[i].before);
      });
    }),
  );
}
