import { type ImpexCreate, type ImpexUpdate, impexOperations as ops } from '../contract/impex.js';
import type { IMPEX_TYPES } from '../contract/values.js';
import { Resource } from './resource.js';
import type { RequestOptions } from './transport.js';

type ImpexType = (typeof IMPEX_TYPES)[number];

export class Impexes extends Resource {
  /** Deletes an import or export. */
  delete(type: ImpexType, guid: string, options?: RequestOptions) {
    return this.transport.call(ops.delete, { params: { type, guid } }, options);
  }
  /** Reads an import or export. */
  retrieve(type: ImpexType, guid: string, query: { scenarioVariantGuid?: string } = {}, options?: RequestOptions) {
    return this.transport.call(ops.retrieve, { params: { type, guid }, query }, options);
  }
  /** Lists the imports and exports of a scenario. */
  list(scenarioGuid: string, options?: RequestOptions) {
    return this.transport.call(ops.list, { params: { scenarioGuid } }, options);
  }
  /** Creates an import or export. */
  create(scenarioGuid: string, body: ImpexCreate, options?: RequestOptions) {
    return this.transport.call(ops.create, { params: { scenarioGuid }, body }, options);
  }
  /** Updates an import or export. */
  update(guid: string, body: ImpexUpdate, options?: RequestOptions) {
    return this.transport.call(ops.update, { params: { guid }, body }, options);
  }
}
