import type { z } from 'zod';
import type { PackageCreate, PackageUpdate } from '../../../wire/contract/technology-packages.js';
import type { TechnologyPackageDoc } from '../documents.js';
import { pick } from '../fields.js';

const SCALARS = ['name', 'maximumConversions', 'maximumStorages', 'mustBeInstalled', 'mutuallyExclusiveGroup'] as const;

type Body = z.output<typeof PackageCreate> | z.output<typeof PackageUpdate>;

const guidOf = (item: string | { guid: string }) => (typeof item === 'string' ? item : item.guid);

/** The stored document of a technology package: members by guid, whichever body shape. */
export function packageDoc(body: Body): TechnologyPackageDoc {
  return {
    ...pick(body, SCALARS),
    conversionGuids: [...new Set((body.conversionTechnologies ?? []).map(guidOf))],
    storageGuids: [...new Set((body.storageTechnologies ?? []).map(guidOf))],
  };
}
