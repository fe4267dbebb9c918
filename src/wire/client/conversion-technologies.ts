import {
  type ConversionCreate, type ConversionUpdate, conversionOperations as ops,
} from '../contract/conversion-technologies.js';
import { Resource } from './resource.js';
import type { RequestOptions } from './transport.js';

export class ConversionTechnologies extends Resource {
  /** Reads a conversion technology with its modes and costs. */
  retrieve(guid: string, options?: RequestOptions) {
    return this.transport.call(ops.retrieve, { params: { guid } }, options);
  }
  /** Deletes a conversion technology. */
  delete(guid: string, options?: RequestOptions) {
    return this.transport.call(ops.delete, { params: { guid } }, options);
  }
  /** Lists the conversion technologies of a scenario. */
  async list(scenarioGuid: string, options?: RequestOptions) {
    return (await this.transport.call(ops.list, { params: { scenarioGuid } }, options)).conversionTechnologies;
  }
  /** Updates a conversion technology. */
  update(guid: string, body: ConversionUpdate, options?: RequestOptions) {
    return this.transport.call(ops.update, { params: { guid }, body }, options);
  }
  /** Creates a conversion technology with 1 to 3 modes. */
  create(scenarioGuid: string, body: ConversionCreate, options?: RequestOptions) {
    return this.transport.call(ops.create, { params: { scenarioGuid }, body }, options);
  }
}
