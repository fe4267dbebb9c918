/** The value a parameter asks for, and whether a current value already is it. */
import { toFieldProblems } from '../../../wire/contract/issues.js';
import { roundBounded } from '../../../wire/contract/primitives.js';
import { fieldSchema } from '../catalog.js';
import { studyMessage } from '../messages.js';
import type { Assignment, Parameter, ParameterValue } from '../target.js';
import { PatchError } from './errors.js';

/** The assignment's value of a parameter; a parameter without one cannot be applied. */
export function assignedValue(parameter: Parameter, assignment: Assignment): ParameterValue {
  const value = assignment[parameter.name];
  if (value === undefined) throw new PatchError(parameter.name, 'has no value in the assignment');
  return value;
}

/** A `scale` parameter's factor, which must be a finite number. */
export function scaleFactor(parameter: Parameter, assigned: ParameterValue): number {
  if (typeof assigned !== 'number' || !Number.isFinite(assigned)) {
    throw new PatchError(parameter.name, `scales by ${JSON.stringify(assigned)}, which is not a finite number`);
  }
  return assigned;
}

/**
 * The value to write: the assigned one (`set`) or the base scenario's value times the factor
 * (`scale`), numbers rounded to the 5 decimals the service keeps so that what is compared is
 * what will be stored.
 */
export function wantedValue(parameter: Parameter, assigned: ParameterValue, base: unknown): ParameterValue {
  if (parameter.operation === 'set') return typeof assigned === 'number' ? roundBounded(assigned) : assigned;
  const factor = scaleFactor(parameter, assigned);
  const { field } = parameter.target;
  if (typeof base !== 'number') {
    throw new PatchError(parameter.name, `cannot scale "${field}": its value in the base scenario is ${JSON.stringify(base ?? null)}, not a number`);
  }
  const scaled = roundBounded(base * factor);
  // The loader checked the factor only: whether the product keeps the field's rule depends on the base.
  const checked = fieldSchema(parameter.target)?.safeParse(scaled);
  if (checked && !checked.success) {
    const { issues } = checked.error;
    const rule = toFieldProblems(issues, scaled).map((p, i) => studyMessage(issues[i], p.message, scaled)).join('; ');
    throw new PatchError(parameter.name, `scaling "${field}" (${base} in the base scenario) by ${factor} gives ${scaled}, which breaks its rule: ${rule}`);
  }
  return scaled;
}

/** Whether the stored value already is the wanted one, numbers compared as the service keeps them. */
export function sameValue(current: unknown, wanted: ParameterValue): boolean {
  return typeof current === 'number' && typeof wanted === 'number' ? roundBounded(current) === wanted : current === wanted;
}
