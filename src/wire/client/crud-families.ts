/**
 * The families whose client methods follow from their operations (see crud-resource.ts): only
 * where a method departs from the plain form is written here.
 */
import { carrierOperations } from '../contract/carriers.js';
import { conversionOperations } from '../contract/conversion-technologies.js';
import { energyDemandOperations } from '../contract/energy-demands.js';
import { hubOperations } from '../contract/hubs.js';
import { impexOperations } from '../contract/impex.js';
import { intraHubLinkOperations } from '../contract/intra-hub-links.js';
import { networkLinkOperations } from '../contract/network-links.js';
import { networkTechnologyOperations } from '../contract/network-technologies.js';
import { profileOperations } from '../contract/profiles.js';
import { projectOperations } from '../contract/projects.js';
import { solarOperations } from '../contract/solar-resources.js';
import { stageOperations } from '../contract/stages.js';
import { storageOperations } from '../contract/storage-technologies.js';
import { technologyPackageOperations } from '../contract/technology-packages.js';
import { crudResource } from './crud-resource.js';

export const Projects = crudResource(projectOperations, { list: { unwrap: 'projects' }, delete: { unwrap: 'projects' } });
export type Projects = InstanceType<typeof Projects>;

export const Stages = crudResource(stageOperations);
export type Stages = InstanceType<typeof Stages>;

export const Hubs = crudResource(hubOperations, { create: { bodyField: 'hubName' }, update: { bodyField: 'hubName' } });
export type Hubs = InstanceType<typeof Hubs>;

export const Profiles = crudResource(profileOperations);
export type Profiles = InstanceType<typeof Profiles>;

export const Carriers = crudResource(carrierOperations, { list: { unwrap: 'energyCarriers' }, delete: { unwrap: 'energyCarriers' } });
export type Carriers = InstanceType<typeof Carriers>;

export const Impexes = crudResource(impexOperations);
export type Impexes = InstanceType<typeof Impexes>;

export const NetworkLinks = crudResource(networkLinkOperations, { delete: { unwrap: 'networkLinks' } });
export type NetworkLinks = InstanceType<typeof NetworkLinks>;

export const StorageTechnologies = crudResource(storageOperations, {
  list: { unwrap: 'storageTechnologies' }, delete: { unwrap: 'storageTechnologies' },
});
export type StorageTechnologies = InstanceType<typeof StorageTechnologies>;

export const NetworkTechnologies = crudResource(networkTechnologyOperations, {
  list: { unwrap: 'networkTechnologies' }, delete: { unwrap: 'networkTechnologies' },
});
export type NetworkTechnologies = InstanceType<typeof NetworkTechnologies>;

export const ConversionTechnologies = crudResource(conversionOperations, { list: { unwrap: 'conversionTechnologies' } });
export type ConversionTechnologies = InstanceType<typeof ConversionTechnologies>;

export const EnergyDemands = crudResource(energyDemandOperations, { delete: { unwrap: 'energyDemands' } });
export type EnergyDemands = InstanceType<typeof EnergyDemands>;

export const TechnologyPackages = crudResource(technologyPackageOperations, {
  list: { unwrap: 'technologyPackages' }, delete: { unwrap: 'technologyPackages' },
});
export type TechnologyPackages = InstanceType<typeof TechnologyPackages>;

export const SolarResources = crudResource(solarOperations, { delete: { unwrap: 'solarResources' } });
export type SolarResources = InstanceType<typeof SolarResources>;

export const IntraHubLinks = crudResource(intraHubLinkOperations, {
  list: { unwrap: 'intraHubNetworkLinks' }, delete: { unwrap: 'intraHubNetworkLinks' },
});
export type IntraHubLinks = InstanceType<typeof IntraHubLinks>;
