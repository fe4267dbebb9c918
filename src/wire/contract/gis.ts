/** GIS: building footprints inside an area of interest. */
import { z } from 'zod';
import { operation } from './operation.js';

const Position = z
  .array(z.number({ error: 'must be a number' }), { error: 'must be a [longitude, latitude] position' })
  .min(2, { error: 'must be a [longitude, latitude] position' })
  .max(3, { error: 'must be a [longitude, latitude] position' })
  .refine((p) => p.length < 2 || (p[0] >= -180 && p[0] <= 180 && p[1] >= -90 && p[1] <= 90), {
    error: 'longitude must be in -180..180 and latitude in -90..90',
  });

const PositionList = z.array(Position, { error: 'must be an array of positions' });

const LineCoordinates = PositionList.min(2, { error: 'a line string needs at least 2 positions' });

const LinearRing = PositionList
  .min(4, { error: 'a linear ring needs at least 4 positions' })
  // Too short a ring is already reported, and an empty one has no first position to compare.
  .refine((ring) => ring.length < 4 || (ring[0][0] === ring.at(-1)![0] && ring[0][1] === ring.at(-1)![1]), {
    error: 'a linear ring must end where it starts',
  });

const PolygonCoordinates = z.array(LinearRing, { error: 'must be an array of linear rings' }).min(1, { error: 'needs an outer ring' });

export const PointGeometry = z.object({ type: z.literal('Point'), coordinates: Position });
export const MultiPointGeometry = z.object({
  type: z.literal('MultiPoint'),
  coordinates: PositionList.min(1, { error: 'needs at least one position' }),
});
export const LineStringGeometry = z.object({ type: z.literal('LineString'), coordinates: LineCoordinates });
export const MultiLineStringGeometry = z.object({
  type: z.literal('MultiLineString'),
  coordinates: z.array(LineCoordinates, { error: 'must be an array of line strings' }).min(1, { error: 'needs at least one line string' }),
});
export const PolygonGeometry = z.object({ type: z.literal('Polygon'), coordinates: PolygonCoordinates });
export const MultiPolygonGeometry = z.object({
  type: z.literal('MultiPolygon'),
  coordinates: z.array(PolygonCoordinates, { error: 'must be an array of polygons' }).min(1, { error: 'needs at least one polygon' }),
});

/**
 * An area of interest is any GeoJSON geometry but a GeometryCollection, as on the deployed service:
 * a point selects the buildings that contain it, a line those it crosses, an area those it overlaps.
 */
export const AreaOfInterest = z.discriminatedUnion(
  'type',
  [PointGeometry, MultiPointGeometry, LineStringGeometry, MultiLineStringGeometry, PolygonGeometry, MultiPolygonGeometry],
  { error: 'must be a GeoJSON Point, MultiPoint, LineString, MultiLineString, Polygon or MultiPolygon' },
);
export type AreaOfInterest = z.infer<typeof AreaOfInterest>;

export const BuildingsRequest = z.object({ aoi: AreaOfInterest });

export const Address = z.looseObject({
  street: z.string().nullish(),
  house_number: z.string().nullish(),
  postcode: z.string().nullish(),
  locality: z.string().nullish(),
  country: z.string().nullish(),
  formatted: z.string().nullish(),
  source: z.string().nullish(),
});

export const BuildingFeature = z.looseObject({
  type: z.literal('Feature'),
  geometry: z.looseObject({ type: z.string(), coordinates: z.array(z.any()) }),
  properties: z.looseObject({
    source: z.string(),
    area_m2: z.int(),
    floors: z.int(),
    height_m: z.number(),
    building_type: z.string(),
    construction_year: z.int(),
    addresses: z.array(Address),
  }),
});
export type BuildingFeature = z.infer<typeof BuildingFeature>;

export const BuildingCollection = z.looseObject({
  type: z.literal('FeatureCollection'),
  features: z.array(BuildingFeature),
  properties: z.looseObject({}),
});
export type BuildingCollection = z.infer<typeof BuildingCollection>;

export const gisOperations = {
  buildings: operation({
    id: 'gis.buildings', family: 'gis', method: 'POST', path: '/buildings',
    body: BuildingsRequest, data: BuildingCollection, reply: 'bare', status: 200, idempotent: true,
    summary: 'Answers the buildings that intersect an area of interest.',
  }),
};
