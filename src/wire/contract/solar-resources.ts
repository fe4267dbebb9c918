/** On-site resources (solar and the others): a profile and the area or power available per hub. */
import { z } from 'zod';
import { crudOperations } from './crud-operations.js';
import { AVAILABLE_RESOURCE_TYPES, IRRADIANCE_PROFILE_TYPES } from './values.js';
import { BOUNDED_MAX, Guid, Int64, Name, Stages, Timestamp } from './primitives.js';

export const SolarHub = z.object({
  hubGuid: Guid,
  availableSolarCollectorArea: z.number({ error: 'must be a number' }).gt(0, { error: 'must be > 0' }).max(BOUNDED_MAX, { error: `must be ≤ ${BOUNDED_MAX}` }),
  availableResourceType: z.enum(AVAILABLE_RESOURCE_TYPES, { error: `must be one of ${AVAILABLE_RESOURCE_TYPES.join(', ')}` }).nullish(),
});

/** SolarOnSiteResourceRequestDtoV2; the carrier's subtype is checked by the service. */
export const SolarCreate = z.object({
  name: Name,
  energyCarrierGuid: Guid,
  hubs: z.array(SolarHub, { error: 'must be an array of hubs with their available area' }),
  profileId: Int64,
  stages: Stages,
});
export type SolarCreate = z.input<typeof SolarCreate>;

const metadataFields = {
  solarResourceMetadataName: z.string().nullish(),
  solarResourceMetadataDbOrganization: z.string().nullish(),
  solarResourceMetadataGuid: z.string().nullish(),
  solarResourceMetadataLocation: z.string().nullish(),
  solarResourceMetadataType: z.string().nullish(),
  solarResourceMetadataOrientation: z.string().nullish(),
  solarResourceMetadataSlope: z.number().nullish(),
};

/** SolarOnSiteResourceRequestDtoPUT. */
export const SolarUpdate = z.object({
  name: Name,
  energyCarrierGuid: Guid,
  energyCarrierName: z.string({ error: 'must be a string' }),
  hubs: z.array(SolarHub, { error: 'must be an array of hubs with their available area' }),
  irradianceProfileType: z.enum(IRRADIANCE_PROFILE_TYPES, { error: `must be one of ${IRRADIANCE_PROFILE_TYPES.join(', ')}` }),
  profileId: Int64,
  stages: Stages,
  ...metadataFields,
});
export type SolarUpdate = z.input<typeof SolarUpdate>;

const solarHubResponse = {
  hubGuid: z.string(),
  hubName: z.string().nullish(),
  availableSolarCollectorArea: z.number().nullish(),
  availableResourceType: z.string().nullish(),
};

export const SolarResource = z.looseObject({
  ...metadataFields,
  name: z.string(),
  solarResourceGuid: z.string(),
  energyCarrierGuid: z.string(),
  energyCarrierName: z.string().nullish(),
  hubs: z.array(z.looseObject(solarHubResponse)),
  created: Timestamp.nullish(),
  updated: Timestamp.nullish(),
  irradianceProfileType: z.string().nullish(),
  stages: z.array(z.string()),
  profileId: z.int().nullish(),
});
export type SolarResource = z.infer<typeof SolarResource>;

/** The older shape of the delete answer: no name, stages or profile; hubs with a dimensioning value. */
export const DeletedSolarResources = z.looseObject({
  solarResources: z.array(
    z.looseObject({
      ...metadataFields,
      solarResourceGuid: z.string(),
      energyCarrierGuid: z.string().nullish(),
      energyCarrierName: z.string().nullish(),
      hubs: z.array(z.looseObject({ ...solarHubResponse, technologyDimensioningStdValue: z.number().nullish() })),
      created: Timestamp.nullish(),
      updated: Timestamp.nullish(),
      irradianceProfileType: z.string().nullish(),
    }),
  ),
});

export const solarOperations = crudOperations('solarResources', {
  delete: { path: '/scenarios/solar-on-site-resource/{guid}', data: DeletedSolarResources, summary: 'Deletes an on-site resource; answers those left.' },
  retrieve: { path: '/v2/scenarios/solar-on-site-resource/{guid}', data: SolarResource, summary: 'Reads an on-site resource.' },
  list: { path: '/v2/scenarios/{scenarioGuid}/solar-on-site-resource', data: z.array(SolarResource), summary: 'Lists the on-site resources of a scenario.' },
  create: { path: '/v2_1/scenarios/{scenarioGuid}/solar-on-site-resource', body: SolarCreate, data: SolarResource, summary: 'Creates an on-site resource.' },
  update: { path: '/v2_2/scenarios/solar-on-site-resource/{guid}', body: SolarUpdate, data: SolarResource, summary: 'Updates an on-site resource.' },
});
