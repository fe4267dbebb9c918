/**
 * Access to one scenario of one account, for the length of a request: finds its resources (loaded
 * once per kind), checks that references in a body point inside it, writes resources, and builds
 * the shared answer shapes (hub, carrier) from their documents.
 */
import { randomUUID } from 'node:crypto';
import { formatTimestamp } from '../../../wire/contract/primitives.js';
import { type DocOfKind, RESOURCE_KINDS, type Resource, type ResourceKind } from '../../scenario-model/documents.js';
import type { ServiceContext } from '../context.js';
import { conflict, invalidField, notFound } from '../http/errors.js';
import type { Account, ResourceRow, ScenarioRow } from '../store/store.js';
import { carrierTypeKey, carrierTypeName, defaultCarrierColor, subtypeDisplayName } from './carrier-types.js';
import { detach, mentions, mentionsProfile } from './references.js';

export const ts = formatTimestamp;

/** Human names of the kinds, for messages. */
export const KIND_NAMES: Record<ResourceKind, string> = {
  hub: 'hub', carrier: 'energy carrier', stage: 'stage', impex: 'import/export', networkTechnology: 'network technology',
  networkLink: 'network link', storage: 'storage technology', conversion: 'conversion technology', demand: 'energy demand',
  technologyPackage: 'technology package', solar: 'on-site resource', intraHubLink: 'intra-hub network link',
};

function toResource<K extends ResourceKind>(row: ResourceRow): Resource<K> {
  return { guid: row.guid, kind: row.kind as K, created: row.created, updated: row.updated, doc: row.doc as unknown as DocOfKind[K] };
}

/** The scenario or 404 (also for another account's scenario). */
export function requireScenario(ctx: ServiceContext, account: Account, guid: string): ScenarioRow {
  const scenario = ctx.store.scenario(account.id, guid);
  if (!scenario) throw notFound('Scenario', guid);
  return scenario;
}

export class ScenarioScope {
  private readonly cache = new Map<ResourceKind, Resource[]>();

  constructor(readonly ctx: ServiceContext, readonly account: Account, readonly scenario: ScenarioRow) {}

  static of(ctx: ServiceContext, account: Account, scenarioGuid: string): ScenarioScope {
    return new ScenarioScope(ctx, account, requireScenario(ctx, account, scenarioGuid));
  }

  /** The scope of a resource addressed by its guid alone, with the resource; 404 if not the account's. */
  static ofResource<K extends ResourceKind>(ctx: ServiceContext, account: Account, kind: K, guid: string) {
    const row = ctx.store.resource(account.id, kind, guid);
    if (!row) throw notFound(KIND_NAMES[kind][0].toUpperCase() + KIND_NAMES[kind].slice(1), guid);
    return { scope: ScenarioScope.of(ctx, account, row.scenarioGuid), resource: toResource<K>(row) };
  }

  get guid(): string {
    return this.scenario.guid;
  }

  list<K extends ResourceKind>(kind: K): Resource<K>[] {
    let rows = this.cache.get(kind);
    if (!rows) {
      rows = this.ctx.store.resources(this.scenario.guid, kind).map((r) => toResource(r));
      this.cache.set(kind, rows);
    }
    return rows as Resource<K>[];
  }

  find<K extends ResourceKind>(kind: K, guid: string): Resource<K> | undefined {
    return this.list(kind).find((r) => r.guid === guid);
  }

  /** The resource a body field refers to; 400 naming the field if it is not in this scenario. */
  require<K extends ResourceKind>(kind: K, guid: string, field: string): Resource<K> {
    const found = this.find(kind, guid);
    if (!found) throw invalidField(field, `no ${KIND_NAMES[kind]} ${guid} in scenario ${this.scenario.guid}`);
    return found;
  }

  /** Checks a list of references; answers it without duplicates, in order. */
  requireAll(kind: ResourceKind, guids: readonly string[], field: string): string[] {
    guids.forEach((guid, i) => this.require(kind, guid, `${field}[${i}]`));
    return [...new Set(guids)];
  }

  requireProfile(id: number | null | undefined, field: string): void {
    if (id === null || id === undefined) return;
    if (!this.ctx.store.profile(this.account.id, this.scenario.guid, id)) {
      throw invalidField(field, `no profile ${id} in scenario ${this.scenario.guid}`);
    }
  }

  // ----- writes ---------------------------------------------------------------------------------

  insert<K extends ResourceKind>(kind: K, doc: DocOfKind[K], guid: string = randomUUID()): Resource<K> {
    const now = this.ctx.clock.now();
    const row: ResourceRow = {
      guid, scenarioGuid: this.scenario.guid, accountId: this.account.id, kind, created: now, updated: now,
      doc: doc as unknown as Record<string, unknown>,
    };
    this.ctx.store.insertResource(row);
    this.ctx.store.touchScenario(this.scenario.guid, now);
    this.cache.delete(kind);
    return toResource(row);
  }

  update<K extends ResourceKind>(resource: Resource<K>, doc: DocOfKind[K]): Resource<K> {
    const now = this.ctx.clock.now();
    this.ctx.store.updateResource(resource.guid, doc as unknown as Record<string, unknown>, now);
    this.ctx.store.touchScenario(this.scenario.guid, now);
    this.cache.delete(resource.kind);
    return { ...resource, doc, updated: now };
  }

  remove(resource: Resource): void {
    this.ctx.store.deleteResource(resource.guid);
    this.ctx.store.touchScenario(this.scenario.guid, this.ctx.clock.now());
    this.cache.delete(resource.kind);
  }

  /** Every other resource of the scenario whose document satisfies `test`. */
  private users(test: (doc: unknown) => boolean, except?: string): Resource[] {
    return RESOURCE_KINDS.flatMap((kind) => this.list(kind)).filter((r) => r.guid !== except && test(r.doc));
  }

  private refuseIfUsed(what: string, users: Resource[]): void {
    if (users.length === 0) return;
    const named = users.slice(0, 3).map((u) => `${KIND_NAMES[u.kind]} ${displayName(u)}`).join(', ');
    throw conflict(`${what} is still used by ${named}${users.length > 3 ? ` and ${users.length - 3} more` : ''}; delete or change those first`);
  }

  /** Refuses (409) to delete a resource that others still refer to. */
  assertUnused(resource: Resource): void {
    this.refuseIfUsed(`${KIND_NAMES[resource.kind]} ${displayName(resource)}`, this.users((doc) => mentions(doc, resource.guid), resource.guid));
  }

  /** Refuses (409) to delete a profile that a resource still uses. */
  assertProfileUnused(id: number): void {
    this.refuseIfUsed(`profile ${id}`, this.users((doc) => mentionsProfile(doc, id)));
  }

  /**
   * Takes a deleted hub or stage out of every list that names it; a resource that cannot exist
   * without it (a network link whose node it was) is deleted with it.
   */
  cascadeDelete(resource: Resource): void {
    for (const user of this.users((doc) => mentions(doc, resource.guid), resource.guid)) {
      const { doc, orphaned } = detach(user.doc, resource.guid);
      if (orphaned) this.remove(user);
      else this.update(user, doc);
    }
    this.remove(resource);
  }

  // ----- shared answer shapes -------------------------------------------------------------------

  hub(guid: string) {
    const hub = this.find('hub', guid);
    return {
      hubGuid: guid,
      hubName: hub?.doc.hubName ?? '(deleted hub)',
      created: hub ? ts(hub.created) : null,
      updated: hub ? ts(hub.updated) : null,
    };
  }

  hubs(guids: readonly string[]) {
    return guids.map((g) => this.hub(g));
  }

  carrier(guid: string) {
    const carrier = this.find('carrier', guid);
    return carrier ? carrierAnswer(carrier) : { energyCarrierGuid: guid, energyCarrierName: '(deleted carrier)', subtypeKey: 'CUSTOM' };
  }
}

/** The name a resource shows in messages, whatever its kind calls it. */
export function displayName(resource: Resource): string {
  const doc = resource.doc as unknown as Record<string, unknown>;
  const name = doc.hubName ?? doc.energyCarrierName ?? doc.name ?? doc.storageName ?? doc.processName ?? doc.networkTechnologyName ?? doc.energyDemandName;
  return typeof name === 'string' ? `"${name}"` : resource.guid;
}

/** EnergyCarrierResponseDto of a stored carrier. */
export function carrierAnswer(carrier: Resource<'carrier'>) {
  const subtype = carrier.doc.subtypeKey;
  return {
    energyCarrierGuid: carrier.guid,
    typeKey: carrierTypeKey(subtype),
    typeDisplayName: carrierTypeName(subtype),
    subtypeKey: subtype,
    subtypeDisplayName: subtypeDisplayName(subtype),
    energyCarrierName: carrier.doc.energyCarrierName,
    colorHexCode: carrier.doc.colorHexCode ?? defaultCarrierColor(subtype),
    fixedInputShare: null,
    outputEfficiency: null,
    customOutputEfficiencyActivated: false,
    customInputEfficiencyActivated: false,
    customSeasonalityValues: [],
    outputEfficiencyProfileId: null,
    created: ts(carrier.created),
    primary: false,
  };
}
