import { type DemandCreate, type DemandUpdate, energyDemandOperations as ops } from '../contract/energy-demands.js';
import { Resource } from './resource.js';
import type { RequestOptions } from './transport.js';

export class EnergyDemands extends Resource {
  /** Deletes an energy demand and answers those left (older shape). */
  async delete(guid: string, options?: RequestOptions) {
    return (await this.transport.call(ops.delete, { params: { guid } }, options)).energyDemands;
  }
  /** Reads an energy demand. */
  retrieve(guid: string, query: { scenarioVariantGuid?: string } = {}, options?: RequestOptions) {
    return this.transport.call(ops.retrieve, { params: { guid }, query }, options);
  }
  /** Lists the energy demands of a scenario. */
  list(scenarioGuid: string, options?: RequestOptions) {
    return this.transport.call(ops.list, { params: { scenarioGuid } }, options);
  }
  /** Creates an energy demand. */
  create(scenarioGuid: string, body: DemandCreate, options?: RequestOptions) {
    return this.transport.call(ops.create, { params: { scenarioGuid }, body }, options);
  }
  /** Updates an energy demand. */
  update(scenarioGuid: string, demandGuid: string, body: DemandUpdate, options?: RequestOptions) {
    return this.transport.call(ops.update, { params: { scenarioGuid, 'demand-guid': demandGuid }, body }, options);
  }
}
