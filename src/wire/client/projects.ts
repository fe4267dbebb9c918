import { type ProjectRequest, projectOperations as ops } from '../contract/projects.js';
import { Resource } from './resource.js';
import type { RequestOptions } from './transport.js';

export class Projects extends Resource {
  /** Lists the account's projects. */
  async list(options?: RequestOptions) {
    return (await this.transport.call(ops.list, {}, options)).projects;
  }
  /** Creates a project; the name must be unique and the version V2. */
  create(body: ProjectRequest, options?: RequestOptions) {
    return this.transport.call(ops.create, { body }, options);
  }
  /** Reads a project, with its analyses unless `includeAnalyses` is false. */
  retrieve(guid: string, query: { includeAnalyses?: boolean } = {}, options?: RequestOptions) {
    return this.transport.call(ops.retrieve, { params: { guid }, query }, options);
  }
  /** Deletes a project and answers the projects left. */
  async delete(guid: string, options?: RequestOptions) {
    return (await this.transport.call(ops.delete, { params: { guid } }, options)).projects;
  }
}
