import { type CarrierCreate, type CarrierUpdate, carrierOperations as ops } from '../contract/carriers.js';
import { Resource } from './resource.js';
import type { RequestOptions } from './transport.js';

export class Carriers extends Resource {
  /** Reads one energy carrier. */
  retrieve(carrierGuid: string, options?: RequestOptions) {
    return this.transport.call(ops.retrieve, { params: { carrierGuid } }, options);
  }
  /** Deletes a carrier and answers the carriers left. */
  async delete(guid: string, options?: RequestOptions) {
    return (await this.transport.call(ops.delete, { params: { guid } }, options)).energyCarriers;
  }
  /** Lists the energy carriers of a scenario. */
  async list(scenarioGuid: string, options?: RequestOptions) {
    return (await this.transport.call(ops.list, { params: { scenarioGuid } }, options)).energyCarriers;
  }
  /** Updates a carrier's subtype, name and colour. */
  update(carrierGuid: string, body: CarrierUpdate, options?: RequestOptions) {
    return this.transport.call(ops.update, { params: { carrierGuid }, body }, options);
  }
  /** Creates an energy carrier. */
  create(scenarioGuid: string, body: CarrierCreate, options?: RequestOptions) {
    return this.transport.call(ops.create, { params: { scenarioGuid }, body }, options);
  }
}
