/** Technology Packages and Intra-hub Links: resources the 12 sheets of the specs file do not hold. */
import { IntraHubLinkCreate } from '../../../wire/contract/intra-hub-links.js';
import { PackageCreate } from '../../../wire/contract/technology-packages.js';
import { intraHubLinkDoc } from '../../scenario-model/docs/intra-hub-links.js';
import { packageDoc } from '../../scenario-model/docs/technology-packages.js';
import { components, json, num, ref, refs, text } from './columns.js';
import { resourceSheet } from './types.js';

export const TECHNOLOGY_PACKAGES = resourceSheet({
  title: 'Technology Packages',
  required: false,
  kind: 'technologyPackage',
  columns: [
    text('Package Name', 'name'),
    refs('Conversion Tech Keys', 'conversionTechnologies', 'Conversion Techs', 'Conversion Tech Names'),
    refs('Storage Tech Keys', 'storageTechnologies', 'Storage Techs', 'Storage Tech Names'),
    num('Maximum Conversion Techs', 'maximumConversions'),
    num('Maximum Storage Techs', 'maximumStorages'),
    text('Installation Option', 'mustBeInstalled'),
    text('Mutually Exclusive Group', 'mutuallyExclusiveGroup'),
  ],
  toRecord: ({ conversionGuids, storageGuids, ...doc }) => ({ ...doc, conversionTechnologies: conversionGuids, storageTechnologies: storageGuids }),
  schema: PackageCreate,
  toDoc: packageDoc,
});

export const INTRA_HUB_LINKS = resourceSheet({
  title: 'Intra-hub Links',
  required: false,
  kind: 'intraHubLink',
  columns: [
    text('Link Name', 'name'),
    ref('Input Energy Carrier Key', 'inputEnergyCarrierGuid', 'Energy Carriers', 'Input Energy Carrier Name'),
    ref('Output Energy Carrier Key', 'outputEnergyCarrierGuid', 'Energy Carriers', 'Output Energy Carrier Name'),
    refs('Hub Keys', 'hubGuids', 'Hubs', 'Hub Names'),
    refs('Stage Keys', 'stages', 'Stages', 'Stage Names'),
    num('Network Loss [%]', 'networkLoss'),
    num('Fixed Embodied CO2 [kgCO2]', 'fixedEmbodiedCo2'),
    json('Cost Components (JSON)', 'advancedCostComponents'),
  ],
  toRecord: ({ advancedCostComponents, ...doc }) => ({ ...doc, advancedCostComponents: components(advancedCostComponents) }),
  schema: IntraHubLinkCreate,
  toDoc: intraHubLinkDoc,
});
