/**
 * The parameters that change fields of one resource: read the variant's resource (and, for
 * `scale`, the base scenario's of the same kind and name), compare each field with the value
 * wanted, and plan a single update carrying every field that differs.
 */
import type { Parameter, ParameterValue } from '../target.js';
import type { ScenarioIndex } from './find.js';
import { locateField, type ReadResource } from './fields.js';
import type { Plan } from './plan.js';
import { RESOURCES, type ResourceKind } from './resources.js';
import { sameValue, wantedValue } from './values.js';

/** A parameter with its value in the assignment. */
export interface Assigned {
  parameter: Parameter;
  assigned: ParameterValue;
}

/** Plans one resource's update from the parameters (`group`, all naming that resource) that change it. */
export async function planResource(group: readonly Assigned[], variant: ScenarioIndex, base: ScenarioIndex): Promise<Plan> {
  const first = group[0].parameter;
  const { kind, name } = first.target;
  const readIn = async (index: ScenarioIndex) => {
    const handle = await index.resource(kind, name, first.name);
    return { handle, ...(await handle.read()) };
  };
  // The base is read only for `scale`: scaling from it, never from the variant, keeps retries from compounding.
  const [current, original] = await Promise.all([
    readIn(variant),
    group.some((g) => g.parameter.operation === 'scale') ? readIn(base) : undefined,
  ]);
  const describe = `${RESOURCES[kind as ResourceKind].noun} "${name}"`;
  const results = group.map(({ parameter, assigned }) => {
    const { holder, key } = locateField(parameter, current, describe);
    const before = holder[key];
    const baseValue = parameter.operation === 'scale' ? baseField(parameter, original!, describe) : undefined;
    const after = wantedValue(parameter, assigned, baseValue);
    const changed = !sameValue(before, after);
    if (changed) holder[key] = after;
    return { parameter: parameter.name, changed, before, after };
  });
  return { results, write: results.some((r) => r.changed) ? () => current.handle.write(current.body) : undefined };
}

/** The field's value in the base scenario's resource. */
function baseField(parameter: Parameter, original: ReadResource, describe: string): unknown {
  const { holder, key } = locateField(parameter, original, `${describe} of the base scenario`);
  return holder[key];
}
