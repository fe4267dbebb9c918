import { analysisOperations as ops } from '../contract/analyses.js';
import type { RequestOptions } from './client-options.js';
import { crudResource } from './crud-resource.js';

/** The service lists analyses a page at a time; `list` walks the pages. */
export class Analyses extends crudResource(ops, { list: false, create: { bodyField: 'analysisName' } }) {
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
}
