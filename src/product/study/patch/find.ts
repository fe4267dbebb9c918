/** Finding a target's resource (or profile) by kind and name in a scenario, and one named thing among several. */
import type { ProfileDetail, ProfileSummary } from '../../../wire/contract/profiles.js';
import type { PlanningClient } from '../../../wire/client/index.js';
import type { TargetKind } from '../target.js';
import { PatchError } from './errors.js';
import { RESOURCES, type ResourceHandle } from './resources.js';

interface Wanted {
  /** The parameter that names it, for the error. */
  parameter: string;
  /** What is looked for, e.g. `conversion technology`. */
  noun: string;
  name: string;
  /** Where it is looked for, e.g. `in mode 1 of …`. */
  where: string;
}

/** The one item called `wanted.name`; none, or several (which makes the target ambiguous), is a PatchError. */
export function findOne<T>(items: readonly T[], nameOf: (item: T) => unknown, wanted: Wanted): T {
  const found = items.filter((item) => nameOf(item) === wanted.name);
  if (found.length === 1) return found[0];
  const named = `named "${wanted.name}" ${wanted.where}`;
  throw new PatchError(
    wanted.parameter,
    found.length === 0 ? `no ${wanted.noun} ${named}` : `more than one ${wanted.noun} is ${named} (${found.length}), so the target is ambiguous`,
  );
}

/** One scenario's resources by kind and name; each kind is listed once however many targets name it. */
export class ScenarioIndex {
  private readonly resources = new Map<TargetKind, Promise<ResourceHandle[]>>();
  private profiles?: Promise<ProfileSummary[]>;
  private readonly profileDetails = new Map<number, Promise<ProfileDetail>>();

  /** `role` tells the variant from the base scenario in messages. */
  constructor(readonly client: PlanningClient, readonly scenarioGuid: string, private readonly role: string) {}

  /** The resource of `kind` called `name`, ready to read and update. */
  async resource(kind: TargetKind, name: string, parameter: string): Promise<ResourceHandle> {
    const family = kind === 'profile' ? undefined : RESOURCES[kind];
    if (!family) throw new PatchError(parameter, `"${kind}" is not a kind of resource a field can be changed on`);
    let handles = this.resources.get(kind);
    if (!handles) this.resources.set(kind, (handles = this.forgottenIfFailed(family.list(this.client, this.scenarioGuid), () => this.resources.delete(kind))));
    return findOne(await handles, (h) => h.name, { parameter, noun: family.noun, name, where: this.where });
  }

  /** The profile called `name`. */
  async profile(name: string, parameter: string): Promise<ProfileSummary> {
    this.profiles ??= this.forgottenIfFailed(this.client.profiles.list(this.scenarioGuid), () => (this.profiles = undefined));
    return findOne(await this.profiles, (p) => p.name, { parameter, noun: 'profile', name, where: this.where });
  }

  /** The hourly values of the profile with `id` (read once per index: a base's profile serves a whole batch). */
  profileValues(id: number): Promise<ProfileDetail> {
    let detail = this.profileDetails.get(id);
    if (!detail) {
      this.profileDetails.set(id, (detail = this.forgottenIfFailed(this.client.profiles.retrieve(this.scenarioGuid, id), () => this.profileDetails.delete(id))));
    }
    return detail;
  }

  /** A failed read is not kept: the index may be shared, and the next use reads again. */
  private forgottenIfFailed<T>(read: Promise<T>, forget: () => void): Promise<T> {
    read.catch(forget);
    return read;
  }

  private get where(): string {
    return `in the ${this.role} scenario ${this.scenarioGuid}`;
  }
}
