/** On-site Resources and Demands: what hubs can harvest and what they need, each with a profile. */
import { DemandCreate, DemandUpdate } from '../../../wire/contract/energy-demands.js';
import { SolarCreate, SolarUpdate } from '../../../wire/contract/solar-resources.js';
import { ON_SITE_RESOURCE_SUBTYPES } from '../../../wire/contract/values.js';
import { demandDoc } from '../../scenario-model/docs/energy-demands.js';
import { solarDoc } from '../../scenario-model/docs/solar-resources.js';
import { type CarrierDoc, DEMAND_METADATA_FIELDS, SOLAR_METADATA_FIELDS } from '../../scenario-model/documents.js';
import { bool, metadataOf, num, profile, ref, refs, text, updateOnly } from './columns.js';
import { resourceSheet } from './types.js';

const only = <F extends string>(fields: readonly F[]) => Object.fromEntries(fields.map((f) => [f, true])) as Record<F, true>;

export const ON_SITE_RESOURCES = resourceSheet({
  title: 'On-site Resources',
  required: true,
  kind: 'solar',
  columns: [
    text('Name', 'name'),
    ref('Energy Carrier Key', 'energyCarrierGuid', 'Energy Carriers', 'Energy Carrier Name'),
    { header: 'Hubs [hub key: available m² or kW, type]', field: 'hubs', cell: { kind: 'solarHubs', names: 'Hubs [hub name: available m² or kW, type]' } },
    profile('Profile Key', 'profileId', 'Profile Name'),
    refs('Stage Keys', 'stages', 'Stages', 'Stage Names'),
    updateOnly(text('Irradiance Profile Type', 'irradianceProfileType')),
    updateOnly(text('Metadata Name', 'solarResourceMetadataName')),
    updateOnly(text('Metadata Database', 'solarResourceMetadataDbOrganization')),
    updateOnly(text('Metadata Guid', 'solarResourceMetadataGuid')),
    updateOnly(text('Metadata Location', 'solarResourceMetadataLocation')),
    updateOnly(text('Metadata Type', 'solarResourceMetadataType')),
    updateOnly(text('Metadata Orientation', 'solarResourceMetadataOrientation')),
    updateOnly(num('Metadata Slope [°]', 'solarResourceMetadataSlope')),
  ],
  toRecord: ({ metadata, ...doc }) => ({ ...doc, ...metadata }),
  schema: SolarCreate,
  toDoc: solarDoc,
  update: {
    schema: SolarUpdate.pick({ irradianceProfileType: true, ...only(SOLAR_METADATA_FIELDS) }).partial(),
    apply: (doc, values) => ({
      ...doc,
      irradianceProfileType: (values.irradianceProfileType as string | undefined) ?? doc.irradianceProfileType,
      metadata: metadataOf(values, SOLAR_METADATA_FIELDS) ?? doc.metadata,
    }),
  },
  rules: (doc, find) => {
    const carrier = find(doc.energyCarrierGuid) as CarrierDoc | undefined;
    if (!carrier || (ON_SITE_RESOURCE_SUBTYPES as readonly string[]).includes(carrier.subtypeKey)) return [];
    return [{
      field: 'energyCarrierGuid',
      message: `the carrier's subtype is ${carrier.subtypeKey}; an on-site resource needs one of ${ON_SITE_RESOURCE_SUBTYPES.join(', ')}`,
    }];
  },
});

export const DEMANDS = resourceSheet({
  title: 'Demands',
  required: true,
  kind: 'demand',
  columns: [
    text('Energy Demand Name', 'name'),
    ref('Energy Carrier Key', 'energyCarrierGuid', 'Energy Carriers', 'Energy Carrier Name'),
    refs('Hub Keys', 'hubGuids', 'Hubs', 'Hub Names'),
    refs('Stage Keys', 'stages', 'Stages', 'Stage Names'),
    profile('Demand Profile Key', 'demandProfileId', 'Demand Profile Name'),
    num('Demand Scaling Factor', 'demandScalingFactor'),
    num('Multiplication Factor', 'multiplicationFactor'),
    num('Sale Price [CHF/kWh]', 'demandSalePrice'),
    num('Sale Price Scaling Factor', 'demandSalePriceScalingFactor'),
    profile('Sale Price Profile Key', 'demandSalePriceProfileId', 'Sale Price Profile Name'),
    bool('Reverse', 'reverse'),
    updateOnly(text('Saved Metadata Guid', 'energyDemandUserSavedMetadataGuid')),
    updateOnly(text('Saved Metadata Name', 'energyDemandUserSavedMetadataName')),
    updateOnly(num('Saved Metadata Reference Area [m²]', 'energyDemandUserSavedMetadataReferenceArea')),
    updateOnly(num('Metadata Scaling Factor', 'scalingFactor')),
    updateOnly(num('Metadata Reference Area [m²]', 'energyDemandMetadataReferencedAreaM2')),
    updateOnly(num('Metadata Specific Demand [kWh/m²]', 'energyDemandMetadataSpecificEnergyDemandValueKWhM2')),
    updateOnly(num('Metadata Total Annual Demand [kWh]', 'energyDemandMetadataTotalAnnualDemand')),
    updateOnly(text('Metadata Guid', 'energyDemandMetadataGuid')),
    updateOnly(text('Metadata Name', 'energyDemandMetadataName')),
    updateOnly(text('Metadata Database', 'energyDemandMetadataDbOrganization')),
    updateOnly(num('Metadata Multiplication Factor Preview', 'multiplicationFactorPreview')),
    updateOnly(text('Metadata Demand Type', 'energyDemandMetadataType')),
    updateOnly(text('Metadata Option', 'energyDemandMetadataOption')),
    updateOnly(text('Metadata Building Type', 'energyDemandMetadataBuildingType')),
    updateOnly(text('Metadata Building Age', 'energyDemandMetadataBuildingAge')),
  ],
  toRecord: ({ energyDemandName, metadata, ...doc }) => ({ ...doc, name: energyDemandName, ...metadata }),
  schema: DemandCreate,
  toDoc: (body: Parameters<typeof demandDoc>[0]) => demandDoc(body),
  update: {
    schema: DemandUpdate.pick(only(DEMAND_METADATA_FIELDS)).partial(),
    apply: (doc, values) => ({ ...doc, metadata: metadataOf(values, DEMAND_METADATA_FIELDS) ?? doc.metadata }),
  },
});
