import { analysisOperations as ops } from '../contract/analyses.js';
import { Resource } from './resource.js';
import type { RequestOptions } from './transport.js';

export class Analyses extends Resource {
  /** Reads one page of a project's analyses. */
  listPage(projectGuid: string, query: { page?: number; size?: number } = {}, options?: RequestOptions) {
    return this.transport.call(ops.list, { params: { guid: projectGuid }, query }, options);
  }
  /** Lists all analyses of a project, walking the pages. */
  async list(projectGuid: string, options?: RequestOptions) {
    const items = [];
    for (let page = 0; ; page++) {
      const result = await this.listPage(projectGuid, { page, size: 100 }, options);
      items.push(...result.items);
      if (!result.hasNext) return items;
    }
  }
  /** Creates an analysis in a project. */
  create(projectGuid: string, analysisName: string, options?: RequestOptions) {
    return this.transport.call(ops.create, { params: { guid: projectGuid }, body: { analysisName } }, options);
  }
  /** Reads an analysis with its execution status and results. */
  retrieve(projectGuid: string, analysisGuid: string, options?: RequestOptions) {
    return this.transport.call(ops.retrieve, { params: { guid: projectGuid, analysisGuid } }, options);
  }
  /** Deletes an analysis and its scenarios. */
  delete(analysisGuid: string, options?: RequestOptions) {
    return this.transport.call(ops.delete, { params: { analysisGuid } }, options);
  }
}
