/**
 * Update bodies of the resource kinds other than conversion technologies, each from its detail
 * answer: the fields both share are carried by key, and the few the update names differently
 * (hubs and carriers as references, technologies as `{guid}` items) are rewritten.
 */
import { CarrierUpdate, type EnergyCarrier } from '../../../wire/contract/carriers.js';
import { type CostComponent, CostComponentUpdate } from '../../../wire/contract/common.js';
import { DemandUpdate, type EnergyDemand } from '../../../wire/contract/energy-demands.js';
import { type Hub, HubRequest } from '../../../wire/contract/hubs.js';
import { type Impex, ImpexUpdate, PriceComponentUpdate, TimeOfUse } from '../../../wire/contract/impex.js';
import { type IntraHubLink, IntraHubLinkUpdate } from '../../../wire/contract/intra-hub-links.js';
import { type NetworkLink, NetworkLinkUpdate } from '../../../wire/contract/network-links.js';
import { type NetworkTechnology, NetworkTechnologyUpdate } from '../../../wire/contract/network-technologies.js';
import { SolarHub, type SolarResource, SolarUpdate } from '../../../wire/contract/solar-resources.js';
import { type Stage, StageRequest } from '../../../wire/contract/stages.js';
import { type StorageDetail, StorageUpdate } from '../../../wire/contract/storage-technologies.js';
import { PackageUpdate, type TechnologyPackage } from '../../../wire/contract/technology-packages.js';
import { type Body, carrierRef, carry, hubRefs } from './carry.js';

const costComponents = (items: readonly CostComponent[] | null | undefined) => items?.map((c) => carry(CostComponentUpdate, c));
const guidRefs = (items: readonly { guid: string }[] | null | undefined) => items?.map((t) => ({ guid: t.guid }));

/** The stage's update body. */
export const stageBody = (d: Stage): Body => carry(StageRequest, d);

/** The hub's update body (its name is all it has). */
export const hubBody = (d: Hub): Body => carry(HubRequest, d);

/** The energy carrier's update body. */
export const carrierBody = (d: EnergyCarrier): Body => carry(CarrierUpdate, d);

/** The import's or export's update body. */
export const impexBody = (d: Impex): Body => ({
  ...carry(ImpexUpdate, d),
  energyCarrier: carrierRef(d.energyCarrier),
  hubs: hubRefs(d.hubs),
  timeOfUses: d.timeOfUses?.map((t) => carry(TimeOfUse, t)),
  priceComponents: d.priceComponents?.map((p) => carry(PriceComponentUpdate, p)),
});

/** The network technology's update body. */
export const networkTechnologyBody = (d: NetworkTechnology): Body => ({
  ...carry(NetworkTechnologyUpdate, d),
  energyCarrier: carrierRef(d.energyCarrier),
  costComponents: costComponents(d.costComponents),
});

/** The network link's update body. */
export const networkLinkBody = (d: NetworkLink): Body => ({
  ...carry(NetworkLinkUpdate, d),
  costComponents: costComponents(d.costComponents),
});

/** The storage technology's update body. */
export const storageBody = (d: StorageDetail): Body => ({
  ...carry(StorageUpdate, d),
  hubs: hubRefs(d.hubs),
  storageCarrier: carrierRef(d.storageCarrier),
  costComponents: costComponents(d.costComponents),
});

/** The energy demand's update body. */
export const demandBody = (d: EnergyDemand): Body => ({ ...carry(DemandUpdate, d), hubs: hubRefs(d.hubs) });

/** The technology package's update body. */
export const packageBody = (d: TechnologyPackage): Body => ({
  ...carry(PackageUpdate, d),
  conversionTechnologies: guidRefs(d.conversionTechnologies),
  storageTechnologies: guidRefs(d.storageTechnologies),
});

/** The on-site resource's update body; its hubs keep their areas, which is what per-hub targets change. */
export const solarBody = (d: SolarResource): Body => ({ ...carry(SolarUpdate, d), hubs: d.hubs.map((h) => carry(SolarHub, h)) });

/** The intra-hub link's update body. */
export const intraHubLinkBody = (d: IntraHubLink): Body => ({
  ...carry(IntraHubLinkUpdate, d),
  inputEnergyCarrier: carrierRef(d.inputEnergyCarrier),
  outputEnergyCarrier: carrierRef(d.outputEnergyCarrier),
  hubs: hubRefs(d.hubs),
  advancedCostComponents: costComponents(d.advancedCostComponents),
});
