/**
 * A profile parameter: the variant's profile of that name becomes the base scenario's profile of
 * that name scaled hour by hour, so a retry (or a second run) computes the same hours again.
 */
import { fromProfileValues, toProfileValues } from '../../../wire/contract/profiles.js';
import { roundBounded } from '../../../wire/contract/primitives.js';
import type { Parameter, ParameterValue } from '../target.js';
import { PatchError } from './errors.js';
import type { ScenarioIndex } from './find.js';
import type { Plan } from './plan.js';
import { scaleFactor } from './values.js';

const total = (hourly: Float64Array) => roundBounded(hourly.reduce((sum, v) => sum + v, 0));

/** Reads both profiles and plans the update of the variant's, made only when some hour differs. */
export async function planProfile(parameter: Parameter, assigned: ParameterValue, variant: ScenarioIndex, base: ScenarioIndex): Promise<Plan> {
  if (parameter.operation !== 'scale') throw new PatchError(parameter.name, 'a profile can only be scaled (operation "scale")');
  const factor = scaleFactor(parameter, assigned);
  const { name } = parameter.target;
  const [target, source] = await Promise.all([variant.profile(name, parameter.name), base.profile(name, parameter.name)]);
  const [current, original] = await Promise.all([variant.profileValues(target.id), base.profileValues(source.id)]);
  const before = fromProfileValues(current.values);
  const after = fromProfileValues(original.values).map((v) => roundBounded(v * factor));
  const changed = after.some((v, hour) => v !== roundBounded(before[hour]));
  const write = () => variant.client.profiles.update(variant.scenarioGuid, target.id, { name: target.name, values: toProfileValues(after) });
  return { results: [{ parameter: parameter.name, changed, before: total(before), after: total(after) }], write: changed ? write : undefined };
}
