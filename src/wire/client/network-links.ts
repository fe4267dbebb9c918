import { type NetworkLinkCreate, type NetworkLinkUpdate, networkLinkOperations as ops } from '../contract/network-links.js';
import { Resource } from './resource.js';
import type { RequestOptions } from './transport.js';

export class NetworkLinks extends Resource {
  /** Deletes a network link and answers the links left (older shape). */
  async delete(scenarioGuid: string, linkGuid: string, options?: RequestOptions) {
    return (await this.transport.call(ops.delete, { params: { scenarioGuid, 'network-link-guid': linkGuid } }, options)).networkLinks;
  }
  /** Reads a network link. */
  retrieve(linkGuid: string, options?: RequestOptions) {
    return this.transport.call(ops.retrieve, { params: { 'network-link-guid': linkGuid } }, options);
  }
  /** Lists the network links of a scenario. */
  list(scenarioGuid: string, options?: RequestOptions) {
    return this.transport.call(ops.list, { params: { scenarioGuid } }, options);
  }
  /** Creates a network link between two hubs. */
  create(scenarioGuid: string, body: NetworkLinkCreate, options?: RequestOptions) {
    return this.transport.call(ops.create, { params: { scenarioGuid }, body }, options);
  }
  /** Updates a network link. */
  update(scenarioGuid: string, linkGuid: string, body: NetworkLinkUpdate, options?: RequestOptions) {
    return this.transport.call(ops.update, { params: { scenarioGuid, 'network-link-guid': linkGuid }, body }, options);
  }
}
