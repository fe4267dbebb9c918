import type { z } from 'zod';
import type { SolarCreate, SolarUpdate } from '../../../wire/contract/solar-resources.js';
import { SOLAR_METADATA_FIELDS, type SolarDoc } from '../documents.js';
import { pick } from '../fields.js';

type Body = z.output<typeof SolarCreate> | z.output<typeof SolarUpdate>;

/** The stored document of an on-site resource; metadata and profile type only updates carry. */
export function solarDoc(body: Body, previous?: SolarDoc): SolarDoc {
  const update = 'irradianceProfileType' in body ? body : undefined;
  return {
    name: body.name,
    energyCarrierGuid: body.energyCarrierGuid,
    hubs: body.hubs.map((h) => ({ hubGuid: h.hubGuid, availableSolarCollectorArea: h.availableSolarCollectorArea, availableResourceType: h.availableResourceType ?? 'Area' })),
    profileId: body.profileId,
    stages: [...new Set(body.stages)],
    irradianceProfileType: update?.irradianceProfileType ?? previous?.irradianceProfileType ?? 'UPLOADED',
    metadata: update ? pick(update, SOLAR_METADATA_FIELDS) : (previous?.metadata ?? {}),
  };
}
