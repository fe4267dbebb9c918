/**
 * A scenario's whole content, read out of the store or written into a scenario. Writing remaps
 * every resource guid and profile id, so the same function serves the deep copy (content of
 * another scenario) and the spreadsheet import (content whose ids are the workbook's own keys).
 */
import { createHash, randomUUID } from 'node:crypto';
import { RESOURCE_KINDS, type Resource, type ResourceKind, type ScenarioContent } from '../../scenario-model/documents.js';
import type { Store } from '../store/store.js';
import { remap } from './references.js';

/** Everything of a scenario: resources by kind (in creation order) and profiles with values. */
export function readContent(store: Store, scenarioGuid: string): ScenarioContent {
  const resources = Object.fromEntries(RESOURCE_KINDS.map((k) => [k, [] as Resource[]])) as unknown as ScenarioContent['resources'];
  for (const row of store.resources(scenarioGuid)) {
    (resources[row.kind as ResourceKind] as Resource[]).push({
      guid: row.guid, kind: row.kind as ResourceKind, created: row.created, updated: row.updated, doc: row.doc as never,
    });
  }
  const profiles = store.profiles(scenarioGuid).map((p) => ({ id: p.id, name: p.name, values: store.values(p.valuesSha256) }));
  return { resources, profiles };
}

/**
 * A digest of what a scenario holds — its name, its resources' documents, its profiles' names and
 * values — read straight from the store: equal digests, equal workbooks.
 */
export function contentDigest(store: Store, scenarioGuid: string): string {
  const hash = createHash('sha256').update(store.scenarioByGuid(scenarioGuid)?.name ?? '');
  for (const row of store.resources(scenarioGuid)) hash.update(JSON.stringify([row.guid, row.kind, row.doc]));
  for (const p of store.profiles(scenarioGuid)) hash.update(JSON.stringify([p.id, p.name, p.valuesSha256]));
  return hash.digest('hex');
}

/**
 * Writes `content` into a scenario with new guids and profile ids and remapped references. Call it
 * inside a transaction: it writes many rows.
 */
export function writeContent(store: Store, target: { scenarioGuid: string; accountId: string }, content: ScenarioContent, now: number): void {
  const profileIds = new Map<number, number>();
  for (const profile of content.profiles) {
    const id = store.insertProfile({
      scenarioGuid: target.scenarioGuid, accountId: target.accountId, name: profile.name,
      valuesSha256: store.putValues(profile.values), created: now, updated: now,
    });
    profileIds.set(profile.id, id);
  }
  const guids = new Map<string, string>();
  for (const kind of RESOURCE_KINDS) for (const r of content.resources[kind]) guids.set(r.guid, randomUUID());
  for (const kind of RESOURCE_KINDS) {
    for (const r of content.resources[kind]) {
      store.insertResource({
        guid: guids.get(r.guid)!, scenarioGuid: target.scenarioGuid, accountId: target.accountId, kind,
        doc: remap(r.doc, guids, profileIds) as unknown as Record<string, unknown>, created: now, updated: now,
      });
    }
  }
}
