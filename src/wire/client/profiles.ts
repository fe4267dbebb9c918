import { type ProfileRequest, profileOperations as ops } from '../contract/profiles.js';
import { Resource } from './resource.js';
import type { RequestOptions } from './transport.js';

export class Profiles extends Resource {
  /** Lists the profiles (id and name) of a scenario. */
  list(scenarioGuid: string, options?: RequestOptions) {
    return this.transport.call(ops.list, { params: { scenarioGuid } }, options);
  }
  /** Creates a profile of 8760 hourly values. */
  create(scenarioGuid: string, body: ProfileRequest, options?: RequestOptions) {
    return this.transport.call(ops.create, { params: { scenarioGuid }, body }, options);
  }
  /** Reads a profile with its values. */
  retrieve(scenarioGuid: string, profileId: number, options?: RequestOptions) {
    return this.transport.call(ops.retrieve, { params: { scenarioGuid, profileId } }, options);
  }
  /** Deletes a profile. */
  delete(scenarioGuid: string, profileId: number, options?: RequestOptions) {
    return this.transport.call(ops.delete, { params: { scenarioGuid, profileId } }, options);
  }
  /** Replaces a profile's name and values. */
  update(scenarioGuid: string, profileId: number, body: ProfileRequest, options?: RequestOptions) {
    return this.transport.call(ops.update, { params: { scenarioGuid, profileId }, body }, options);
  }
}
