import { type SolarCreate, type SolarUpdate, solarOperations as ops } from '../contract/solar-resources.js';
import { Resource } from './resource.js';
import type { RequestOptions } from './transport.js';

export class SolarResources extends Resource {
  /** Deletes an on-site resource and answers those left (older shape). */
  async delete(guid: string, options?: RequestOptions) {
    return (await this.transport.call(ops.delete, { params: { guid } }, options)).solarResources;
  }
  /** Reads an on-site resource. */
  retrieve(guid: string, options?: RequestOptions) {
    return this.transport.call(ops.retrieve, { params: { guid } }, options);
  }
  /** Lists the on-site resources of a scenario. */
  list(scenarioGuid: string, options?: RequestOptions) {
    return this.transport.call(ops.list, { params: { scenarioGuid } }, options);
  }
  /** Creates an on-site resource. */
  create(scenarioGuid: string, body: SolarCreate, options?: RequestOptions) {
    return this.transport.call(ops.create, { params: { scenarioGuid }, body }, options);
  }
  /** Updates an on-site resource. */
  update(guid: string, body: SolarUpdate, options?: RequestOptions) {
    return this.transport.call(ops.update, { params: { guid }, body }, options);
  }
}
