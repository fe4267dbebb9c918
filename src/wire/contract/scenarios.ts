/** Scenarios: one energy-system model, its copies, its specs file and its spreadsheet form. */
import { z } from 'zod';
import { crudOperations } from './crud-operations.js';
import { operation } from './operation.js';
import { QueryBool, StatusPayload } from './common.js';
import { Guid, Name, Timestamp } from './primitives.js';

export const Enymap = z.looseObject({
  length: z.int().nullish(),
  interestRate: z.number().nullish(),
  exchangeCurrency: z.string().nullish(),
  exchangeRate: z.number().nullish(),
  scope: z.string().nullish(),
  technologies: z.array(z.string()).nullish(),
  demands: z.array(z.string()).nullish(),
  imports: z.array(z.string()).nullish(),
  exports: z.array(z.string()).nullish(),
  multiHubs: z.boolean().nullish(),
});

/** ScenarioResponseDto. */
export const Scenario = z.looseObject({
  scenarioGuid: z.string(),
  scenarioName: z.string(),
  updated: Timestamp.nullish(),
  readyForExecution: z.boolean().nullish(),
  preparingExecutionV2: z.boolean().nullish(),
  masterScenarioGuid: z.string().nullish(),
  projectGuid: z.string().nullish(),
  projectName: z.string().nullish(),
  analysisGuid: z.string().nullish(),
  analysisName: z.string().nullish(),
  variant: z.boolean().nullish(),
  enymap: Enymap.nullish(),
});
export type Scenario = z.infer<typeof Scenario>;

export const ScenarioRequest = z.object({ scenarioName: Name });
export const CopyQuery = z.object({ name: Name.optional(), analysisDestinationGuid: Guid.optional() });
export const ExcelCreateRequest = z.object({ s3PresignedUrl: z.url({ error: 'must be an upload address (URL)' }), scenarioName: Name });
export const ExcelReplaceRequest = z.object({ s3PresignedUrl: z.url({ error: 'must be an upload address (URL)' }) });
export const SpecsRequest = z.object({
  scenarioGuids: z.array(Guid, { error: 'must be an array of scenario guids' }).min(1, { error: 'must name at least one scenario' }),
});
export const UploadAddressQuery = z.object({ deletePrevious: QueryBool.optional() });

export const FrontendUrl = z.looseObject({ frontendUrl: z.string() });
export const SpecsFileUrl = z.looseObject({ presignedUrl: z.string().nullable() });
export const UploadAddress = z.looseObject({ s3PresignedUrl: z.string() });

export const scenarioOperations = {
  ...crudOperations('scenarios', {
    list: { path: '/analysis/{guid}/scenario', data: z.array(Scenario), summary: 'Lists the scenarios of an analysis.' },
    create: { path: '/analysis/{guid}/scenario', body: ScenarioRequest, data: Scenario, summary: 'Creates an empty scenario.' },
    retrieve: { path: '/scenario/{scenarioGuid}', data: Scenario, summary: 'Reads one scenario.' },
    delete: { path: '/scenario/{scenarioGuid}', data: StatusPayload, summary: 'Deletes a scenario and everything in it.' },
  }),
  frontendUrl: operation({
    id: 'scenarios.frontendUrl', family: 'app', method: 'GET', path: '/scenario/{scenarioGuid}/frontend-url',
    data: FrontendUrl, reply: 'envelope', status: 200, summary: 'Answers the address of the scenario in the web app.',
  }),
  specsFileUrl: operation({
    id: 'scenarios.specsFileUrl', family: 'app', method: 'GET', path: '/scenario/{scenarioGuid}/specs-input-file-url',
    data: SpecsFileUrl, reply: 'envelope', status: 200, summary: 'Answers the specs file address, null until generated.',
  }),
  copy: operation({
    id: 'scenarios.copy', family: 'app', method: 'PUT', path: '/scenarios/copy/{scenarioGuid}',
    query: CopyQuery, data: Scenario, reply: 'envelope', status: 200, idempotent: false,
    summary: 'Deep-copies a scenario, optionally renamed and into another analysis.',
  }),
  rename: operation({
    id: 'scenarios.rename', family: 'app', method: 'PUT', path: '/scenarios/{scenarioGuid}',
    body: ScenarioRequest, data: Scenario, reply: 'envelope', status: 200, summary: 'Renames a scenario.',
  }),
  createFromExcel: operation({
    id: 'scenarios.createFromExcel', family: 'app', method: 'POST', path: '/v2/analysis/{guid}/scenario/excel',
    body: ExcelCreateRequest, data: Scenario, reply: 'envelope', status: 201,
    summary: 'Creates a scenario from an uploaded spreadsheet.',
  }),
  replaceFromExcel: operation({
    id: 'scenarios.replaceFromExcel', family: 'app', method: 'PUT', path: '/v2/scenarios/{scenarioGuid}/excel',
    body: ExcelReplaceRequest, data: Scenario, reply: 'envelope', status: 200,
    summary: 'Replaces a scenario’s content with an uploaded spreadsheet.',
  }),
  generateSpecs: operation({
    id: 'scenarios.generateSpecs', family: 'app', method: 'PUT', path: '/v2/specs',
    body: SpecsRequest, data: StatusPayload, reply: 'envelope', status: 200,
    summary: 'Starts asynchronous generation of the specs files of scenarios.',
  }),
  uploadAddress: operation({
    id: 'scenarios.uploadAddress', family: 'app', method: 'GET', path: '/db-update/s3-presigned-url',
    query: UploadAddressQuery, data: UploadAddress, reply: 'envelope', status: 200, idempotent: false,
    summary: 'Answers a single-use address to PUT a spreadsheet to.',
  }),
};
