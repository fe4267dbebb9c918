/** Network Techs (pipes, cables) and Network Links (a technology between two hubs). */
import { NetworkLinkCreate } from '../../../wire/contract/network-links.js';
import { NetworkTechnologyCreate, NetworkTechnologyUpdate } from '../../../wire/contract/network-technologies.js';
import { networkLinkDoc } from '../../scenario-model/docs/network-links.js';
import { networkTechnologyDoc } from '../../scenario-model/docs/network-technologies.js';
import { bool, components, given, json, num, profile, ref, refs, text, updateOnly } from './columns.js';
import { technologyColumns } from './technology-columns.js';
import { resourceSheet } from './types.js';

export const NETWORK_TECHS = resourceSheet({
  title: 'Network Techs',
  required: true,
  kind: 'networkTechnology',
  nameField: 'networkTechnologyName',
  columns: [
    text('Network Technology Name', 'networkTechnologyName'),
    ref('Energy Carrier Key', 'energyCarrierGuid', 'Energy Carriers', 'Energy Carrier Name'),
    refs('Stage Keys', 'stages', 'Stages', 'Stage Names'),
    ...technologyColumns(undefined, [
      num('Variable O&M Cost per Year', 'variableOmCostYear'),
      num('Variable O&M Cost [CHF/kWh]', 'variableOmCostCHFkWh'),
    ]),
    text('Network Size', 'networkSize'),
    updateOnly(text('Category', 'category')),
  ],
  toRecord: ({ costComponents, ...doc }) => ({ ...doc, costComponents: components(costComponents) }),
  schema: NetworkTechnologyCreate,
  toDoc: networkTechnologyDoc,
  update: {
    schema: NetworkTechnologyUpdate.pick({ category: true }).partial(),
    apply: (doc, values) => ({ ...doc, ...given(values) }),
  },
});

export const NETWORK_LINKS = resourceSheet({
  title: 'Network Links',
  required: true,
  kind: 'networkLink',
  columns: [
    text('Link Name', 'name'),
    ref('Node 1 Hub Key', 'node1Guid', 'Hubs', 'Node 1 Hub Name'),
    ref('Node 2 Hub Key', 'node2Guid', 'Hubs', 'Node 2 Hub Name'),
    ref('Network Technology Key', 'networkTechnologyGuid', 'Network Techs', 'Network Technology Name'),
    num('Length', 'length'),
    text('Technology Capacity', 'technologyCapacity'),
    num('Installed Capacity [kW]', 'installedCapacity'),
    num('Minimum Capacity [kW]', 'minimumCapacity'),
    num('Maximum Capacity [kW]', 'maximumCapacity'),
    num('Network Loss', 'networkLoss'),
    profile('Network Loss Profile Key', 'networkLossProfileId', 'Network Loss Profile Name'),
    bool('Unidirectional Flow', 'uniDirectionalFlow'),
    bool('Must Be Installed', 'mustBeInstalled'),
    json('Cost Components (JSON)', 'costComponents'),
  ],
  toRecord: ({ costComponents, ...doc }) => ({ ...doc, costComponents: components(costComponents) }),
  schema: NetworkLinkCreate,
  toDoc: networkLinkDoc,
  rules: (doc) => (doc.node1Guid === doc.node2Guid ? [{ field: 'node2Guid', message: 'a network link joins two different hubs' }] : []),
});
