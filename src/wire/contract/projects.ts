/** Projects: the top of the model tree, owned by an account. */
import { z } from 'zod';
import { crudOperations } from './crud-operations.js';
import { QueryBool } from './common.js';
import { PROJECT_VERSIONS } from './values.js';
import { Name, Timestamp } from './primitives.js';
import { Analysis } from './analyses.js';

const projectFields = {
  projectName: z.string(),
  projectGuid: z.string(),
  created: Timestamp.nullish(),
  updated: Timestamp.nullish(),
  coverImage: z.string().nullish(),
  projectOwnerEmail: z.string().nullish(),
  secondaryOwners: z.array(z.looseObject({ email: z.string(), canEdit: z.boolean().nullish(), favorite: z.boolean().nullish() })).nullish(),
  lockUserEmail: z.string().nullish(),
  lock: z.boolean().nullish(),
  lockTime: Timestamp.nullish(),
  ownedByCurrentUser: z.boolean().nullish(),
  editableByCurrentUser: z.boolean().nullish(),
  originalDefaultProjectGuid: z.string().nullish(),
  version: z.string().nullish(),
  favorite: z.boolean().nullish(),
  gisCentroidX: z.number().nullish(),
  gisCentroidY: z.number().nullish(),
  zoomExtentXmin: z.number().nullish(),
  zoomExtentYmin: z.number().nullish(),
  zoomExtentXmax: z.number().nullish(),
  zoomExtentYmax: z.number().nullish(),
};

export const ProjectSummary = z.looseObject({ ...projectFields, processing: z.boolean().nullish() });
export type ProjectSummary = z.infer<typeof ProjectSummary>;

/** ProjectDetailResponseDto. */
export const ProjectDetail = z.looseObject({
  ...projectFields,
  images: z.array(z.looseObject({ url: z.string(), guid: z.string(), cover: z.boolean().nullish() })).nullish(),
  projectOwner: z.string().nullish(),
  ownerHistory: z.array(z.looseObject({ ownedAt: Timestamp.nullish(), ownerEmail: z.string().nullish() })).nullish(),
  analyses: z.array(Analysis).nullish(),
  webhookUrl: z.string().nullish(),
});
export type ProjectDetail = z.infer<typeof ProjectDetail>;

const Coordinate = z.number({ error: 'must be a number' }).nullish();

/** ProjectRequestDto; new projects must be V2. */
export const ProjectRequest = z.object({
  projectName: Name,
  version: z.enum(PROJECT_VERSIONS, { error: 'must be V2' }).refine((v) => v === 'V2', {
    error: 'must be V2: V1 projects can no longer be created',
  }),
  webhookUrl: z.url({ error: 'must be a URL' }).nullish(),
  favorite: z.boolean().nullish(),
  gisCentroidX: Coordinate,
  gisCentroidY: Coordinate,
  zoomExtentXmin: Coordinate,
  zoomExtentYmin: Coordinate,
  zoomExtentXmax: Coordinate,
  zoomExtentYmax: Coordinate,
});
export type ProjectRequest = z.input<typeof ProjectRequest>;

export const ProjectList = z.looseObject({ projects: z.array(ProjectSummary) });

export const projectOperations = crudOperations('projects', {
  list: { path: '/projects', data: ProjectList, summary: 'Lists the account’s projects.' },
  create: { path: '/projects', body: ProjectRequest, data: ProjectSummary, summary: 'Creates a project (V2, uniquely named).' },
  retrieve: {
    path: '/projects/{guid}', query: z.object({ includeAnalyses: QueryBool.optional() }), data: ProjectDetail,
    summary: 'Reads a project, with its analyses unless includeAnalyses=false.',
  },
  delete: { path: '/projects/{guid}', data: ProjectList, summary: 'Deletes a project; answers the projects left.' },
});
