import {
  type NetworkTechnologyCreate, type NetworkTechnologyUpdate, networkTechnologyOperations as ops,
} from '../contract/network-technologies.js';
import { Resource } from './resource.js';
import type { RequestOptions } from './transport.js';

export class NetworkTechnologies extends Resource {
  /** Deletes a network technology and answers those left (older shape). */
  async delete(guid: string, options?: RequestOptions) {
    return (await this.transport.call(ops.delete, { params: { guid } }, options)).networkTechnologies;
  }
  /** Reads a network technology. */
  retrieve(guid: string, options?: RequestOptions) {
    return this.transport.call(ops.retrieve, { params: { guid } }, options);
  }
  /** Lists the network technologies of a scenario. */
  async list(scenarioGuid: string, options?: RequestOptions) {
    return (await this.transport.call(ops.list, { params: { scenarioGuid } }, options)).networkTechnologies;
  }
  /** Updates a network technology. */
  update(guid: string, body: NetworkTechnologyUpdate, options?: RequestOptions) {
    return this.transport.call(ops.update, { params: { guid }, body }, options);
  }
  /** Creates a network technology. */
  create(scenarioGuid: string, body: NetworkTechnologyCreate, options?: RequestOptions) {
    return this.transport.call(ops.create, { params: { scenarioGuid }, body }, options);
  }
}
