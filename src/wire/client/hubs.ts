import { hubOperations as ops } from '../contract/hubs.js';
import { Resource } from './resource.js';
import type { RequestOptions } from './transport.js';

export class Hubs extends Resource {
  /** Reads one hub. */
  retrieve(guid: string, options?: RequestOptions) {
    return this.transport.call(ops.retrieve, { params: { guid } }, options);
  }
  /** Deletes a hub and answers the hubs left in its scenario. */
  delete(guid: string, options?: RequestOptions) {
    return this.transport.call(ops.delete, { params: { guid } }, options);
  }
  /** Lists the hubs of a scenario. */
  list(scenarioGuid: string, options?: RequestOptions) {
    return this.transport.call(ops.list, { params: { scenarioGuid } }, options);
  }
  /** Creates a hub. */
  create(scenarioGuid: string, hubName: string, options?: RequestOptions) {
    return this.transport.call(ops.create, { params: { scenarioGuid }, body: { hubName } }, options);
  }
  /** Renames a hub. */
  update(guid: string, hubName: string, options?: RequestOptions) {
    return this.transport.call(ops.update, { params: { guid }, body: { hubName } }, options);
  }
}
