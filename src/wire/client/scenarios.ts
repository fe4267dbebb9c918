import { scenarioOperations as ops } from '../contract/scenarios.js';
import type { RequestOptions } from './client-options.js';
import { crudResource } from './crud-resource.js';

/** Scenarios have, besides CRUD, copies, addresses, renames and their spreadsheet form. */
export class Scenarios extends crudResource(ops, { create: { bodyField: 'scenarioName' } }) {
  /** Answers the address of the scenario in the web app. */
  async frontendUrl(scenarioGuid: string, options?: RequestOptions) {
    return (await this.transport.call(ops.frontendUrl, { params: { scenarioGuid } }, options)).frontendUrl;
  }
  /** Answers the specs file's address, or null while it is being generated. */
  async specsFileUrl(scenarioGuid: string, options?: RequestOptions) {
    return (await this.transport.call(ops.specsFileUrl, { params: { scenarioGuid } }, options)).presignedUrl;
  }
  /** Deep-copies a scenario, optionally under a name and into another analysis. */
  copy(scenarioGuid: string, query: { name?: string; analysisDestinationGuid?: string } = {}, options?: RequestOptions) {
    return this.transport.call(ops.copy, { params: { scenarioGuid }, query }, options);
  }
  /** Renames a scenario. */
  rename(scenarioGuid: string, scenarioName: string, options?: RequestOptions) {
    return this.transport.call(ops.rename, { params: { scenarioGuid }, body: { scenarioName } }, options);
  }
  /** Creates a scenario from a spreadsheet uploaded to `s3PresignedUrl`. */
  createFromExcel(analysisGuid: string, body: { s3PresignedUrl: string; scenarioName: string }, options?: RequestOptions) {
    return this.transport.call(ops.createFromExcel, { params: { guid: analysisGuid }, body }, options);
  }
  /** Replaces a scenario's content with a spreadsheet uploaded to `s3PresignedUrl`. */
  replaceFromExcel(scenarioGuid: string, s3PresignedUrl: string, options?: RequestOptions) {
    return this.transport.call(ops.replaceFromExcel, { params: { scenarioGuid }, body: { s3PresignedUrl } }, options);
  }
  /** Starts generating the specs files of scenarios; poll `specsFileUrl` for each. */
  generateSpecs(scenarioGuids: string[], options?: RequestOptions) {
    return this.transport.call(ops.generateSpecs, { body: { scenarioGuids } }, options);
  }
  /** Answers a single-use address to PUT a spreadsheet to. */
  async uploadAddress(query: { deletePrevious?: boolean } = {}, options?: RequestOptions) {
    return (await this.transport.call(ops.uploadAddress, { query }, options)).s3PresignedUrl;
  }
}
