import { type PackageCreate, type PackageUpdate, technologyPackageOperations as ops } from '../contract/technology-packages.js';
import { Resource } from './resource.js';
import type { RequestOptions } from './transport.js';

export class TechnologyPackages extends Resource {
  /** Deletes a package (and its technologies with deleteTechs) and answers those left (older shape). */
  async delete(scenarioGuid: string, guid: string, query: { deleteTechs?: boolean } = {}, options?: RequestOptions) {
    return (await this.transport.call(ops.delete, { params: { scenarioGuid, guid }, query }, options)).technologyPackages;
  }
  /** Lists the technology packages of a scenario. */
  async list(scenarioGuid: string, options?: RequestOptions) {
    return (await this.transport.call(ops.list, { params: { scenarioGuid } }, options)).technologyPackages;
  }
  /** Reads a technology package. */
  retrieve(scenarioGuid: string, guid: string, options?: RequestOptions) {
    return this.transport.call(ops.retrieve, { params: { scenarioGuid, guid } }, options);
  }
  /** Creates a technology package. */
  create(scenarioGuid: string, body: PackageCreate, options?: RequestOptions) {
    return this.transport.call(ops.create, { params: { scenarioGuid }, body }, options);
  }
  /** Updates a technology package. */
  update(scenarioGuid: string, guid: string, body: PackageUpdate, options?: RequestOptions) {
    return this.transport.call(ops.update, { params: { scenarioGuid, guid }, body }, options);
  }
}
