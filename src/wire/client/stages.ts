import { type StageRequest, stageOperations as ops } from '../contract/stages.js';
import { Resource } from './resource.js';
import type { RequestOptions } from './transport.js';

export class Stages extends Resource {
  /** Reads one stage. */
  retrieve(guid: string, options?: RequestOptions) {
    return this.transport.call(ops.retrieve, { params: { guid } }, options);
  }
  /** Lists the stages of a scenario. */
  list(scenarioGuid: string, options?: RequestOptions) {
    return this.transport.call(ops.list, { params: { scenarioGuid } }, options);
  }
  /** Creates a stage. */
  create(scenarioGuid: string, body: StageRequest, options?: RequestOptions) {
    return this.transport.call(ops.create, { params: { scenarioGuid }, body }, options);
  }
  /** Updates a stage. */
  update(scenarioGuid: string, stageGuid: string, body: StageRequest, options?: RequestOptions) {
    return this.transport.call(ops.update, { params: { scenarioGuid, stageGuid }, body }, options);
  }
  /** Deletes a stage. */
  delete(scenarioGuid: string, stageGuid: string, options?: RequestOptions) {
    return this.transport.call(ops.delete, { params: { scenarioGuid, stageGuid } }, options);
  }
}
