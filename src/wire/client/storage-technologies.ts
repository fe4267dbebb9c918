import { type StorageCreate, type StorageUpdate, storageOperations as ops } from '../contract/storage-technologies.js';
import { Resource } from './resource.js';
import type { RequestOptions } from './transport.js';

export class StorageTechnologies extends Resource {
  /** Deletes a storage technology and answers those left (older shape). */
  async delete(guid: string, options?: RequestOptions) {
    return (await this.transport.call(ops.delete, { params: { guid } }, options)).storageTechnologies;
  }
  /** Reads a storage technology with every field. */
  retrieve(guid: string, options?: RequestOptions) {
    return this.transport.call(ops.retrieve, { params: { guid } }, options);
  }
  /** Lists the storage technologies of a scenario. */
  async list(scenarioGuid: string, options?: RequestOptions) {
    return (await this.transport.call(ops.list, { params: { scenarioGuid } }, options)).storageTechnologies;
  }
  /** Creates a storage technology. */
  create(scenarioGuid: string, body: StorageCreate, options?: RequestOptions) {
    return this.transport.call(ops.create, { params: { scenarioGuid }, body }, options);
  }
  /** Updates a storage technology. */
  update(guid: string, body: StorageUpdate, options?: RequestOptions) {
    return this.transport.call(ops.update, { params: { guid }, body }, options);
  }
}
