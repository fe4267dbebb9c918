import { type DemandCalculationItem, demandDatabaseOperations as ops } from '../contract/demand-database.js';
import type { DEMAND_TYPES } from '../contract/values.js';
import { Resource } from './resource.js';
import type { RequestOptions } from './client-options.js';

export class DemandDatabase extends Resource {
  /** Calculates 8760 hourly values of a demand type for a set of buildings. */
  calculate(demandType: (typeof DEMAND_TYPES)[number], buildings: DemandCalculationItem[], options?: RequestOptions) {
    return this.transport.call(ops.calculate, { params: { demandType }, body: buildings }, options);
  }
  /** Lists the kWh/m²·a figures of the database. */
  table(options?: RequestOptions) {
    return this.transport.call(ops.table, {}, options);
  }
}
