/**
 * The resource kinds a target may name, as the patch uses them: how a scenario's resources of a
 * kind are listed (with the field that names them), how one is read as its detail answer and
 * update body, and how the body is written back.
 */
import type { CarrierUpdate } from '../../../wire/contract/carriers.js';
import type { ConversionUpdate } from '../../../wire/contract/conversion-technologies.js';
import type { DemandUpdate } from '../../../wire/contract/energy-demands.js';
import type { ImpexUpdate } from '../../../wire/contract/impex.js';
import type { IntraHubLinkUpdate } from '../../../wire/contract/intra-hub-links.js';
import type { NetworkLinkUpdate } from '../../../wire/contract/network-links.js';
import type { NetworkTechnologyUpdate } from '../../../wire/contract/network-technologies.js';
import type { SolarUpdate } from '../../../wire/contract/solar-resources.js';
import type { StageRequest } from '../../../wire/contract/stages.js';
import type { StorageUpdate } from '../../../wire/contract/storage-technologies.js';
import type { PackageUpdate } from '../../../wire/contract/technology-packages.js';
import type { PlanningClient } from '../../../wire/client/index.js';
import type { TargetKind } from '../target.js';
import {
  carrierBody, demandBody, hubBody, impexBody, intraHubLinkBody, networkLinkBody, networkTechnologyBody, packageBody,
  solarBody, stageBody, storageBody,
} from './bodies.js';
import type { Body } from './carry.js';
import { conversionBody } from './conversion-body.js';

/** The kinds whose fields a target may change; a profile is scaled as a whole instead. */
export type ResourceKind = Exclude<TargetKind, 'profile'>;

/** A detail answer, read by field name: targets name their fields as strings. */
export type Detail = Record<string, unknown>;

/** One resource of a scenario: its name, and how to read and update it. */
export interface ResourceHandle {
  name: string;
  read(): Promise<{ detail: Detail; body: Body }>;
  /** Bodies are checked against the contract by the client before they are sent. */
  write(body: Body): Promise<unknown>;
}

interface ResourceFamily {
  /** How messages call the kind. */
  noun: string;
  list(client: PlanningClient, scenarioGuid: string): Promise<ResourceHandle[]>;
}

/** Pairs a detail answer with the body built from it. */
const withBody = <D extends Detail>(toBody: (detail: D) => Body) => (detail: D) => ({ detail, body: toBody(detail) });

/** Every kind but `profile`, which is replaced as a whole rather than patched field by field. */
export const RESOURCES: Record<ResourceKind, ResourceFamily> = {
  stage: {
    noun: 'stage',
    list: async (c, s) => (await c.stages.list(s)).map((r) => ({
      name: r.name,
      read: () => c.stages.retrieve(r.guid).then(withBody(stageBody)),
      write: (body) => c.stages.update(s, r.guid, body as StageRequest),
    })),
  },
  hub: {
    noun: 'hub',
    list: async (c, s) => (await c.hubs.list(s)).map((r) => ({
      name: r.hubName,
      read: () => c.hubs.retrieve(r.hubGuid).then(withBody(hubBody)),
      write: (body) => c.hubs.update(r.hubGuid, body.hubName as string),
    })),
  },
  carrier: {
    noun: 'energy carrier',
    list: async (c, s) => (await c.carriers.list(s)).map((r) => ({
      name: r.energyCarrierName,
      read: () => c.carriers.retrieve(r.energyCarrierGuid).then(withBody(carrierBody)),
      write: (body) => c.carriers.update(r.energyCarrierGuid, body as CarrierUpdate),
    })),
  },
  impex: {
    noun: 'import or export',
    list: async (c, s) => (await c.impex.list(s)).map((r) => ({
      name: r.name,
      // The list answers each import or export whole (the detail's shape): no second read.
      read: async () => withBody(impexBody)(structuredClone(r)),
      write: (body) => c.impex.update(r.guid, body as ImpexUpdate),
    })),
  },
  networkTechnology: {
    noun: 'network technology',
    list: async (c, s) => (await c.networkTechnologies.list(s)).map((r) => ({
      name: r.networkTechnologyName,
      read: () => c.networkTechnologies.retrieve(r.networkTechnologyGuid).then(withBody(networkTechnologyBody)),
      write: (body) => c.networkTechnologies.update(r.networkTechnologyGuid, body as NetworkTechnologyUpdate),
    })),
  },
  networkLink: {
    noun: 'network link',
    list: async (c, s) => (await c.networkLinks.list(s)).map((r) => ({
      name: r.name,
      read: () => c.networkLinks.retrieve(r.networkLinkGuid).then(withBody(networkLinkBody)),
      write: (body) => c.networkLinks.update(s, r.networkLinkGuid, body as NetworkLinkUpdate),
    })),
  },
  storageTechnology: {
    noun: 'storage technology',
    list: async (c, s) => (await c.storageTechnologies.list(s)).map((r) => ({
      name: r.storageName,
      read: () => c.storageTechnologies.retrieve(r.storageTechnologyGuid).then(withBody(storageBody)),
      write: (body) => c.storageTechnologies.update(r.storageTechnologyGuid, body as StorageUpdate),
    })),
  },
  conversionTechnology: {
    noun: 'conversion technology',
    list: async (c, s) => (await c.conversionTechnologies.list(s)).map((r) => ({
      name: r.processName,
      read: () => c.conversionTechnologies.retrieve(r.conversionTechnologyGuid).then(withBody(conversionBody)),
      write: (body) => c.conversionTechnologies.update(r.conversionTechnologyGuid, body as ConversionUpdate),
    })),
  },
  energyDemand: {
    noun: 'energy demand',
    list: async (c, s) => (await c.energyDemands.list(s)).map((r) => ({
      name: r.energyDemandName,
      read: () => c.energyDemands.retrieve(r.energyDemandGuid).then(withBody(demandBody)),
      write: (body) => c.energyDemands.update(s, r.energyDemandGuid, body as DemandUpdate),
    })),
  },
  technologyPackage: {
    noun: 'technology package',
    list: async (c, s) => (await c.technologyPackages.list(s)).map((r) => ({
      name: r.name,
      read: () => c.technologyPackages.retrieve(s, r.guid).then(withBody(packageBody)),
      write: (body) => c.technologyPackages.update(s, r.guid, body as PackageUpdate),
    })),
  },
  solarResource: {
    noun: 'on-site resource',
    list: async (c, s) => (await c.solarResources.list(s)).map((r) => ({
      name: r.name,
      read: () => c.solarResources.retrieve(r.solarResourceGuid).then(withBody(solarBody)),
      write: (body) => c.solarResources.update(r.solarResourceGuid, body as SolarUpdate),
    })),
  },
  intraHubLink: {
    noun: 'intra-hub link',
    list: async (c, s) => (await c.intraHubLinks.list(s)).map((r) => ({
      name: r.name,
      read: () => c.intraHubLinks.retrieve(r.intraHubNetworkLinkGuid).then(withBody(intraHubLinkBody)),
      write: (body) => c.intraHubLinks.update(r.intraHubNetworkLinkGuid, body as IntraHubLinkUpdate),
    })),
  },
};
