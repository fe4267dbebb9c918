import type { gisOperations } from '../../../wire/contract/gis.js';
import type { ServiceContext } from '../context.js';
import { BUILDINGS } from '../data/buildings.js';
import { geometryProblem, intersects } from '../data/geometry.js';
import type { Handlers } from '../http/bind.js';
import { HttpError } from '../http/errors.js';

/** The GIS lookup: the dataset's buildings that intersect an area of interest. */
export function gisHandlers(_ctx: ServiceContext): Handlers<typeof gisOperations> {
  return {
    buildings: ({ body: { aoi } }) => {
      // The schema checks the shape; whether rings are simple needs the geometry, so it is checked here.
      const message = geometryProblem(aoi);
      if (message) {
        throw new HttpError(422, message, {
          problems: [{ field: 'aoi.coordinates', loc: ['body', 'aoi', 'coordinates'], message, type: 'value_error' }],
        });
      }
      const features = BUILDINGS.filter((building) => intersects(building.geometry.coordinates, aoi));
      return { type: 'FeatureCollection', features, properties: {} };
    },
  };
}
