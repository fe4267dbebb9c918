/** Technology packages: technologies installed together, with limits and exclusive groups. */
import { z } from 'zod';
import { crudOperations } from './crud-operations.js';
import { GuidRef, QueryBool } from './common.js';
import { PackageInstallationOption } from './values.js';
import { Guid, Int32, Name } from './primitives.js';

const packageFields = {
  name: Name,
  maximumConversions: Int32.min(1, { error: 'must be ≥ 1' }).nullish(),
  maximumStorages: Int32.min(1, { error: 'must be ≥ 1' }).nullish(),
  mustBeInstalled: PackageInstallationOption.nullish(),
  mutuallyExclusiveGroup: z.string().nullish(),
};

const NON_EMPTY_PACKAGE = 'a technology package needs a non-empty conversionTechnologies or storageTechnologies list';
const hasTechnologies = (p: { conversionTechnologies?: unknown[] | null; storageTechnologies?: unknown[] | null }) =>
  (p.conversionTechnologies?.length ?? 0) + (p.storageTechnologies?.length ?? 0) > 0;

/** Creation: technologies as guid strings. */
export const PackageCreate = z
  .object({
    ...packageFields,
    conversionTechnologies: z.array(Guid, { error: 'must be an array of technology guids' }).nullish(),
    storageTechnologies: z.array(Guid, { error: 'must be an array of technology guids' }).nullish(),
  })
  .refine(hasTechnologies, { error: NON_EMPTY_PACKAGE, path: ['conversionTechnologies'] });
export type PackageCreate = z.input<typeof PackageCreate>;

/** Update: technologies as `{guid}` items. */
export const PackageUpdate = z
  .object({
    ...packageFields,
    conversionTechnologies: z.array(GuidRef, { error: 'must be an array of {guid}' }).nullish(),
    storageTechnologies: z.array(GuidRef, { error: 'must be an array of {guid}' }).nullish(),
  })
  .refine(hasTechnologies, { error: NON_EMPTY_PACKAGE, path: ['conversionTechnologies'] });
export type PackageUpdate = z.input<typeof PackageUpdate>;

const PackageMember = z.looseObject({ guid: z.string(), name: z.string().nullish() });

export const TechnologyPackage = z.looseObject({
  guid: z.string(),
  name: z.string(),
  maximumConversions: z.int().nullish(),
  maximumStorages: z.int().nullish(),
  mustBeInstalled: z.string().nullish(),
  mutuallyExclusiveGroup: z.string().nullish(),
  conversionTechnologies: z.array(PackageMember).nullish(),
  storageTechnologies: z.array(PackageMember).nullish(),
});
export type TechnologyPackage = z.infer<typeof TechnologyPackage>;

export const PackageList = z.looseObject({ technologyPackages: z.array(TechnologyPackage) });
/** The older shape of the delete answer: technologies as guid strings, plus dbOrganization. */
export const DeletedPackages = z.looseObject({
  technologyPackages: z.array(
    z.looseObject({
      guid: z.string(),
      name: z.string(),
      conversionTechnologies: z.array(z.string()).nullish(),
      storageTechnologies: z.array(z.string()).nullish(),
      dbOrganization: z.string().nullish(),
    }),
  ),
});

export const technologyPackageOperations = crudOperations('technologyPackages', {
  delete: {
    path: '/scenarios/{scenarioGuid}/technology-packages/{guid}', query: z.object({ deleteTechs: QueryBool.optional() }), data: DeletedPackages,
    summary: 'Deletes a package, and its technologies with deleteTechs=true; answers the packages left.',
  },
  list: { path: '/v2/scenarios/{scenarioGuid}/technology-packages', data: PackageList, summary: 'Lists the technology packages of a scenario.' },
  retrieve: { path: '/v2/scenarios/{scenarioGuid}/technology-packages/{guid}', data: TechnologyPackage, summary: 'Reads a technology package.' },
  create: {
    path: '/v2_1/scenarios/{scenarioGuid}/technology-packages', body: PackageCreate, data: TechnologyPackage, summary: 'Creates a technology package.',
  },
  update: {
    path: '/v2_1/scenarios/{scenarioGuid}/technology-packages/{guid}', body: PackageUpdate, data: TechnologyPackage, status: 201,
    summary: 'Updates a technology package.',
  },
});
