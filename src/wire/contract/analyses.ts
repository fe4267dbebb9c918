/** Analyses: groups of scenarios within a project, with their execution results. */
import { z } from 'zod';
import { crudOperations } from './crud-operations.js';
import { StatusPayload } from './common.js';
import { Name, Timestamp } from './primitives.js';
import { Scenario } from './scenarios.js';

/** AnalysisResponseDto. */
export const Analysis = z.looseObject({
  analysisGuid: z.string(),
  analysisName: z.string(),
  created: Timestamp.nullish(),
  updated: Timestamp.nullish(),
  scenarios: z.array(Scenario).nullish(),
});
export type Analysis = z.infer<typeof Analysis>;

export const AnalysisResultScenario = z.looseObject({
  scenarioName: z.string().nullish(),
  status: z.string().nullish(),
  statusMessage: z.string().nullish(),
  paretoPointsCompleted: z.string().nullish(),
  inputFilepath: z.string().nullish(),
  outputFilepath: z.string().nullish(),
});

/** AnalysisDetailsResponseDto. */
export const AnalysisDetail = z.looseObject({
  analysisGuid: z.string(),
  analysisName: z.string(),
  executionStatus: z.string().nullish(),
  executionInProgress: z.boolean().nullish(),
  created: Timestamp.nullish(),
  updated: Timestamp.nullish(),
  coverImage: z.string().nullish(),
  projectName: z.string().nullish(),
  projectGuid: z.string().nullish(),
  scenarios: z.array(Scenario).nullish(),
  executionOptions: z
    .looseObject({
      objective1: z.string().nullish(),
      objective2: z.string().nullish(),
      numberOfParetoPoints: z.int().nullish(),
      scenarios: z.array(z.string()).nullish(),
    })
    .nullish(),
  results: z
    .looseObject({
      executionSubmitted: Timestamp.nullish(),
      scenarios: z.array(AnalysisResultScenario).nullish(),
      dashboardUrl: z.string().nullish(),
    })
    .nullish(),
});
export type AnalysisDetail = z.infer<typeof AnalysisDetail>;

export const AnalysisRequest = z.object({ analysisName: Name });
export const PageQuery = z.object({
  page: z.coerce.number({ error: 'must be a number' }).int({ error: 'must be an integer' }).min(0, { error: 'must be ≥ 0' }).optional(),
  size: z.coerce.number({ error: 'must be a number' }).int({ error: 'must be an integer' }).min(1, { error: 'must be ≥ 1' }).max(1000, { error: 'must be ≤ 1000' }).optional(),
});

export const analysisOperations = crudOperations('analyses', {
  list: { path: '/projects/{guid}/analyses', query: PageQuery, data: Analysis, reply: 'paged', summary: 'Lists the analyses of a project, a page at a time.' },
  create: { path: '/projects/{guid}/analyses', body: AnalysisRequest, data: Analysis, summary: 'Creates an analysis.' },
  retrieve: { path: '/projects/{guid}/analysis/{analysisGuid}', data: AnalysisDetail, summary: 'Reads an analysis with its execution results.' },
  delete: { path: '/analysis/{analysisGuid}', data: StatusPayload, summary: 'Deletes an analysis and its scenarios.' },
});
