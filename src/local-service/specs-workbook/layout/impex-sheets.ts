/** Imports and Exports: both hold import/export documents, split by their type. */
import { ImpexCreate } from '../../../wire/contract/impex.js';
import { impexDoc } from '../../scenario-model/docs/impex.js';
import type { ImpexDoc } from '../../scenario-model/documents.js';
import { bool, components, json, num, profile, ref, refs, text } from './columns.js';
import { resourceSheet } from './types.js';

const columns = [
  text('Name', 'name'),
  ref('Energy Carrier Key', 'energyCarrierGuid', 'Energy Carriers', 'Energy Carrier Name'),
  refs('Hub Keys', 'hubs', 'Hubs', 'Hub Names', 'hubGuid'),
  refs('Stage Keys', 'stages', 'Stages', 'Stage Names'),
  num('Energy Price [CHF/kWh]', 'energyPriceCHFkWh'),
  num('Maximum Capacity [kW]', 'maxCapacityKW'),
  num('Total Annual Energy Available [kWh/year]', 'totalAnnualEnergyAvailableKWhA'),
  num('Capacity Price [CHF/kW/year]', 'capacityPriceCHFkWYear'),
  num('Capacity Price [CHF/kW/month]', 'capacityPriceCHFkWMonth'),
  num('Fixed O&M Price [CHF/year]', 'fixedOmPriceCHFYear'),
  num('CO2 Intensity [kgCO2/kWh]', 'co2IntensityKgCo2kWh'),
  num('CO2 Compensation [kgCO2/kWh]', 'co2CompensationKgCo2kWh'),
  profile('Hourly Energy Price Profile Key', 'hourlyEnergyPriceProfileId', 'Hourly Energy Price Profile Name'),
  profile('Dynamic CO2 Profile Key', 'dynamicCo2ProfileId', 'Dynamic CO2 Profile Name'),
  profile('Maximum Hourly Energy Available Profile Key', 'maximumHourlyEnergyAvailableProfileId', 'Maximum Hourly Energy Available Profile Name'),
  json('Price Components (JSON)', 'priceComponents'),
  json('Time of Uses (JSON)', 'timeOfUses'),
  text('Product', 'product'),
  num('Year', 'year'),
  text('Notes', 'notes'),
  text('Source', 'source'),
  bool('Suggested', 'suggested'),
];

function toRecord(doc: ImpexDoc) {
  const { type: _bySheet, hubGuids, priceComponents, timeOfUses, ...fields } = doc;
  return {
    ...fields,
    hubs: hubGuids.map((hubGuid) => ({ hubGuid })),
    priceComponents: components(priceComponents),
    timeOfUses: timeOfUses.length ? timeOfUses : null,
  };
}

const impexSheet = (title: string, type: ImpexDoc['type']) =>
  resourceSheet({
    title,
    required: true,
    kind: 'impex',
    columns,
    select: (doc) => doc.type === type,
    toRecord,
    fixed: { type },
    schema: ImpexCreate,
    toDoc: impexDoc,
  });

export const IMPORTS = impexSheet('Imports', 'IMPORT');
export const EXPORTS = impexSheet('Exports', 'EXPORT');
