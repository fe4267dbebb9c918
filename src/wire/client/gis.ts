import { type AreaOfInterest, gisOperations as ops } from '../contract/gis.js';
import { Resource } from './resource.js';
import type { RequestOptions } from './client-options.js';

export class Gis extends Resource {
  /** Answers the buildings that intersect an area of interest, as GeoJSON. */
  buildings(aoi: AreaOfInterest, options?: RequestOptions) {
    return this.transport.call(ops.buildings, { body: { aoi } }, options);
  }
}
