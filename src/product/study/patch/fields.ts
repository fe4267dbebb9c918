/**
 * Where a target's field lives in a resource's update body: at the top, in a mode, in a carrier of
 * a mode (by carrier name) or in a hub's entry (by hub name). Names are resolved in the detail
 * answer, which carries them, and the entry is then found in the body by guid.
 */
import type { Parameter } from '../target.js';
import type { Body } from './carry.js';
import { PatchError } from './errors.js';
import { findOne } from './find.js';
import type { Detail } from './resources.js';

/** The body object holding a target's field, and the field's key in it. */
interface Slot {
  holder: Body;
  key: string;
}

/** A resource as read: its detail answer, and the update body built from it. */
export interface ReadResource {
  detail: Detail;
  body: Body;
}

const list = (value: unknown): Body[] | undefined => (Array.isArray(value) ? (value as Body[]) : undefined);

/** The mode's entry in the detail and in the body; modes are 1-based in targets. */
function modeOf(parameter: Parameter, resource: ReadResource, describe: string): ReadResource {
  const mode = parameter.target.mode!;
  const detailModes = list(resource.detail.technologyModes);
  const bodyModes = list(resource.body.technologyModes);
  if (!detailModes || !bodyModes) throw new PatchError(parameter.name, `${describe} has no modes`);
  if (!Number.isInteger(mode) || mode < 1 || mode > detailModes.length) {
    throw new PatchError(parameter.name, `${describe} has no mode ${mode} (it has ${detailModes.length})`);
  }
  return { detail: detailModes[mode - 1], body: bodyModes[mode - 1] };
}

/** The carrier's entry in a mode of the body: inputs and outputs are searched together, a carrier is never both. */
function carrierOf(parameter: Parameter, mode: ReadResource, describe: string): Body {
  const sides = ['inputEnergyCarriers', 'outputEnergyCarriers'];
  const carriers = (entry: Body) => sides.flatMap((side) => list(entry[side]) ?? []);
  const { target } = parameter;
  const named = findOne(carriers(mode.detail), (c) => c.energyCarrierName, {
    parameter: parameter.name, noun: 'carrier', name: target.carrier!, where: `in mode ${target.mode} of ${describe}`,
  });
  return carriers(mode.body).find((c) => c.energyCarrierGuid === named.energyCarrierGuid)!;
}

/** The hub's entry in the body. */
function hubOf(parameter: Parameter, resource: ReadResource, describe: string): Body {
  const detailHubs = list(resource.detail.hubs);
  const bodyHubs = list(resource.body.hubs);
  if (!detailHubs || !bodyHubs) throw new PatchError(parameter.name, `${describe} has no hubs`);
  const named = findOne(detailHubs, (h) => h.hubName, { parameter: parameter.name, noun: 'hub', name: parameter.target.hub!, where: `among the hubs of ${describe}` });
  return bodyHubs.find((h) => h.hubGuid === named.hubGuid)!;
}

/**
 * The slot of the parameter's field in `resource.body`, which `describe` names for messages. The
 * body holds every key its update accepts, so a field it lacks would be dropped by the service
 * without a word: that is refused here instead of written in vain on every attempt.
 */
export function locateField(parameter: Parameter, resource: ReadResource, describe: string): Slot {
  const { target } = parameter;
  const key = target.field;
  if (!key) throw new PatchError(parameter.name, `names no field of ${describe}`);
  if (target.carrier !== undefined && target.mode === undefined) {
    throw new PatchError(parameter.name, `names carrier "${target.carrier}" but no mode of ${describe}`);
  }
  const update = `the update of ${describe}`;
  let holder: Body;
  let level: string;
  if (target.mode !== undefined) {
    const mode = modeOf(parameter, resource, describe);
    holder = target.carrier !== undefined ? carrierOf(parameter, mode, describe) : mode.body;
    level = target.carrier !== undefined ? `a mode's carrier in ${update}` : `a mode in ${update}`;
  } else if (target.hub !== undefined) {
    holder = hubOf(parameter, resource, describe);
    level = `a hub entry in ${update}`;
  } else {
    holder = resource.body;
    level = update;
  }
  if (!Object.hasOwn(holder, key)) throw new PatchError(parameter.name, `"${key}" is not a field of ${level}`);
  return { holder, key };
}
