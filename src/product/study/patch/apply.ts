/**
 * Applying a variant's assignment to its scenario (a copy of the base): every target is found and
 * every value compared before anything is written, then each resource that differs gets one
 * update. Values are absolute (set) or computed from the base scenario (scale), so running it
 * again, after a retry at any point, writes only what is still missing and then nothing.
 */
import type { PlanningClient } from '../../../wire/client/index.js';
import type { Assignment, Parameter } from '../target.js';
import { PatchError } from './errors.js';
import { ScenarioIndex } from './find.js';
import type { PatchResult, Plan } from './plan.js';
import { planProfile } from './profile.js';
import { type Assigned, planResource } from './resource.js';
import { assignedValue } from './values.js';

/** The variant to patch, the base it was copied from, and what to make it hold. */
export interface ApplyInput {
  baseScenarioGuid: string;
  scenarioGuid: string;
  parameters: readonly Parameter[];
  assignment: Assignment;
  /** The base scenario as read before, shared by the variants of a batch so it is read once. */
  base?: ScenarioIndex;
}

/** The parameters by the resource they change; two parameters on one field would contradict each other. */
export function groupByResource(parameters: readonly Parameter[], assignment: Assignment): Assigned[][] {
  const groups = new Map<string, Assigned[]>();
  const fields = new Map<string, string>();
  for (const parameter of parameters) {
    const { kind, name, field, mode, carrier, hub } = parameter.target;
    const fieldKey = JSON.stringify([kind, name, field, mode, carrier, hub]);
    const other = fields.get(fieldKey);
    if (other !== undefined) throw new PatchError(parameter.name, `changes the same target as parameter "${other}"`);
    fields.set(fieldKey, parameter.name);
    const resourceKey = JSON.stringify([kind, name]);
    const group = groups.get(resourceKey) ?? [];
    groups.set(resourceKey, [...group, { parameter, assigned: assignedValue(parameter, assignment) }]);
  }
  return [...groups.values()];
}

/** Makes the variant scenario hold the assignment's values, writing only what differs; answers one result per parameter, in order. */
export async function applyAssignment(client: PlanningClient, input: ApplyInput): Promise<PatchResult[]> {
  const variant = new ScenarioIndex(client, input.scenarioGuid, 'variant');
  const base = input.base ?? new ScenarioIndex(client, input.baseScenarioGuid, 'base');
  const plans: Plan[] = await Promise.all(
    groupByResource(input.parameters, input.assignment).map((group) =>
      group[0].parameter.target.kind === 'profile'
        ? planProfile(group[0].parameter, group[0].assigned, variant, base)
        : planResource(group, variant, base),
    ),
  );
  for (const plan of plans) await plan.write?.();
  const results = new Map(plans.flatMap((plan) => plan.results).map((r) => [r.parameter, r]));
  return input.parameters.map((p) => results.get(p.name)!);
}
