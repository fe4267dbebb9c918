import { type IntraHubLinkCreate, type IntraHubLinkUpdate, intraHubLinkOperations as ops } from '../contract/intra-hub-links.js';
import { Resource } from './resource.js';
import type { RequestOptions } from './transport.js';

export class IntraHubLinks extends Resource {
  /** Reads an intra-hub link. */
  retrieve(guid: string, options?: RequestOptions) {
    return this.transport.call(ops.retrieve, { params: { guid } }, options);
  }
  /** Deletes an intra-hub link and answers those left. */
  async delete(guid: string, options?: RequestOptions) {
    return (await this.transport.call(ops.delete, { params: { guid } }, options)).intraHubNetworkLinks;
  }
  /** Lists the intra-hub links of a scenario. */
  async list(scenarioGuid: string, options?: RequestOptions) {
    return (await this.transport.call(ops.list, { params: { scenarioGuid } }, options)).intraHubNetworkLinks;
  }
  /** Updates an intra-hub link. */
  update(guid: string, body: IntraHubLinkUpdate, options?: RequestOptions) {
    return this.transport.call(ops.update, { params: { guid }, body }, options);
  }
  /** Creates an intra-hub link. */
  create(scenarioGuid: string, body: IntraHubLinkCreate, options?: RequestOptions) {
    return this.transport.call(ops.create, { params: { scenarioGuid }, body }, options);
  }
}
