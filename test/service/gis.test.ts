import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AreaOfInterest, BuildingFeature } from '../../src/wire/contract/gis.js';
import { BUILDING_TYPES } from '../../src/wire/contract/values.js';
import { type PlanningClient, UnprocessableEntityError } from '../../src/wire/client/index.js';
import { ALICE, startTestService, type TestService } from '../support/service.js';

let service: TestService;
let client: PlanningClient;
/** Every building of the dataset, as answered for an area around the whole neighbourhood. */
let all: BuildingFeature[];
beforeAll(async () => {
  service = await startTestService();
  client = service.client();
  all = (await client.gis.buildings(rectangle(8.4, 47.3, 8.7, 47.45))).features;
});
afterAll(() => service.close());

type Box = { west: number; south: number; east: number; north: number };

function ring(west: number, south: number, east: number, north: number): number[][] {
  return [[west, south], [east, south], [east, north], [west, north], [west, south]];
}

function rectangle(west: number, south: number, east: number, north: number): AreaOfInterest {
  return { type: 'Polygon', coordinates: [ring(west, south, east, north)] };
}

const outline = (f: BuildingFeature) => f.geometry.coordinates[0] as number[][];
const key = (f: BuildingFeature) => JSON.stringify(f.geometry.coordinates);
const keys = (features: BuildingFeature[]) => features.map(key).sort();

function box(f: BuildingFeature): Box {
  const lons = outline(f).map((p) => p[0]);
  const lats = outline(f).map((p) => p[1]);
  return { west: Math.min(...lons), south: Math.min(...lats), east: Math.max(...lons), north: Math.max(...lats) };
}

/** Midpoints of the empty strips between buildings along one axis: the streets of the grid. */
function streets(extents: [number, number][]): number[] {
  const sorted = [...extents].sort((a, b) => a[0] - b[0]);
  const gaps: number[] = [];
  let reach = sorted[0][1];
  for (const [from, to] of sorted.slice(1)) {
    if (from > reach) gaps.push((from + reach) / 2);
    reach = Math.max(reach, to);
  }
  return gaps;
}

/** The neighbourhood's extent and the street lines crossing it, from the buildings alone. */
function grid() {
  const boxes = all.map(box);
  return {
    west: Math.min(...boxes.map((b) => b.west)) - 0.001,
    south: Math.min(...boxes.map((b) => b.south)) - 0.001,
    east: Math.max(...boxes.map((b) => b.east)) + 0.001,
    north: Math.max(...boxes.map((b) => b.north)) + 0.001,
    meridians: streets(boxes.map((b) => [b.west, b.east])),
    parallels: streets(boxes.map((b) => [b.south, b.north])),
  };
}

/** The buildings lying wholly in a rectangle, by their bounding boxes (no point-in-polygon involved). */
function within(west: number, south: number, east: number, north: number) {
  return all.filter((f) => {
    const b = box(f);
    return b.west > west && b.east < east && b.south > south && b.north < north;
  });
}

async function bearerToken(): Promise<string> {
  const response = await fetch(`${service.url}/backoffice/auth/ext/token`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ALICE),
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

function postBuildings(body: unknown, token?: string) {
  return fetch(`${service.url}/api-services/gis/buildings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
}

describe('GIS buildings', () => {
  it('answers the whole synthetic neighbourhood with the properties of the specification', () => {
    expect(all.length).toBeGreaterThanOrEqual(100);
    expect(all.length).toBeLessThanOrEqual(200);
    expect(new Set(all.map(key)).size).toBe(all.length);
    for (const { properties: p } of all) {
      expect(Number.isInteger(p.area_m2) && p.area_m2 > 0).toBe(true);
      expect(Number.isInteger(p.floors) && p.floors > 0).toBe(true);
      expect(p.height_m).toBeGreaterThan(0);
      expect(BUILDING_TYPES).toContain(p.building_type);
      expect(p.addresses.length).toBeGreaterThan(0);
      expect(p.addresses[0]).toMatchObject({ postcode: expect.any(String), locality: expect.any(String), formatted: expect.any(String) });
    }
  });

  it('answers exactly the buildings inside a rectangle bounded by streets', async () => {
    const g = grid();
    expect(g.meridians.length).toBeGreaterThanOrEqual(2);
    expect(g.parallels.length).toBeGreaterThanOrEqual(1);
    const expected = within(g.west, g.south, g.meridians[1], g.parallels[0]);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(all.length);
    const answer = await client.gis.buildings(rectangle(g.west, g.south, g.meridians[1], g.parallels[0]));
    expect(keys(answer.features)).toEqual(keys(expected));
  });

  it('follows the outline of a concave area, not its bounding box', async () => {
    const g = grid();
    const [m, p] = [g.meridians[0], g.parallels[0]];
    const lShape: AreaOfInterest = {
      type: 'Polygon', coordinates: [[[g.west, g.south], [g.east, g.south], [g.east, p], [m, p], [m, g.north], [g.west, g.north], [g.west, g.south]]],
    };
    const expected = new Set([...keys(within(g.west, g.south, g.east, p)), ...keys(within(g.west, g.south, m, g.north))]);
    expect(expected.size).toBeLessThan(all.length);
    expect(keys((await client.gis.buildings(lShape)).features)).toEqual([...expected].sort());
  });

  it('answers the union of the parts of a MultiPolygon', async () => {
    const g = grid();
    const [a, b] = [[g.west, g.south, g.meridians[0], g.north], [g.meridians.at(-1)!, g.parallels.at(-1)!, g.east, g.north]] as const;
    expect(within(...a).length).toBeGreaterThan(0);
    expect(within(...b).length).toBeGreaterThan(0);
    const answer = await client.gis.buildings({ type: 'MultiPolygon', coordinates: [[ring(...a)], [ring(...b)]] });
    expect(keys(answer.features)).toEqual(keys([...within(...a), ...within(...b)]));
  });

  it('leaves out the buildings inside a hole of the area', async () => {
    const target = all[Math.floor(all.length / 2)];
    const b = box(target);
    const e = 1e-6;
    const g = grid();
    const answer = await client.gis.buildings({
      type: 'Polygon', coordinates: [ring(g.west, g.south, g.east, g.north), ring(b.west - e, b.south - e, b.east + e, b.north + e)],
    });
    expect(answer.features).toHaveLength(all.length - 1);
    expect(answer.features.map(key)).not.toContain(key(target));
  });

  it('selects the building holding a point and the buildings a line or a band crosses', async () => {
    const target = all.find((f) => outline(f).length === 5)!;
    const corners = outline(target).slice(0, 4);
    const centre = [0, 1].map((axis) => corners.reduce((s, p) => s + p[axis], 0) / 4);
    const atPoint = await client.gis.buildings({ type: 'Point', coordinates: centre });
    expect(atPoint.features.map(key)).toEqual([key(target)]);

    // A line across the whole neighbourhood meets a footprint exactly when it passes its latitudes.
    const g = grid();
    const line: AreaOfInterest = { type: 'LineString', coordinates: [[g.west, centre[1]], [g.east, centre[1]]] };
    const crossed = all.filter((f) => box(f).south <= centre[1] && centre[1] <= box(f).north);
    expect(keys((await client.gis.buildings(line)).features)).toEqual(keys(crossed));

    // A thin band crosses the same footprints without holding any of their corners, nor they any of its.
    const band = rectangle(g.west, centre[1] - 1e-7, g.east, centre[1] + 1e-7);
    expect(keys((await client.gis.buildings(band)).features)).toEqual(keys(crossed));

    const alongStreet: AreaOfInterest = { type: 'LineString', coordinates: [[g.west, g.parallels[0]], [g.east, g.parallels[0]]] };
    expect((await client.gis.buildings(alongStreet)).features).toEqual([]);
  });

  it('answers an empty collection far from the neighbourhood', async () => {
    const answer = await client.gis.buildings(rectangle(6.1, 46.18, 6.16, 46.22));
    expect(answer).toEqual({ type: 'FeatureCollection', features: [], properties: {} });
  });

  it('serves the deployed path /api-services/gis/buildings', async () => {
    const g = grid();
    const response = await postBuildings({ aoi: rectangle(g.west, g.south, g.meridians[0], g.parallels[0]) }, await bearerToken());
    expect(response.status).toBe(200);
    const body = (await response.json()) as { type: string; features: BuildingFeature[]; properties: object };
    expect(body.type).toBe('FeatureCollection');
    expect(body.properties).toEqual({});
    expect(keys(body.features)).toEqual(keys(within(g.west, g.south, g.meridians[0], g.parallels[0])));
  });

  it('answers 422 with FastAPI detail for a self-intersecting ring', async () => {
    const bowTie: AreaOfInterest = { type: 'Polygon', coordinates: [[[8.52, 47.37], [8.53, 47.38], [8.53, 47.37], [8.52, 47.38], [8.52, 47.37]]] };
    const response = await postBuildings({ aoi: bowTie }, await bearerToken());
    expect(response.status).toBe(422);
    const body = (await response.json()) as { detail: { loc: unknown[]; msg: string; type: string }[] };
    expect(body.detail).toEqual([{ loc: ['body', 'aoi', 'coordinates'], msg: expect.stringMatching(/intersect/), type: 'value_error' }]);
    await expect(client.gis.buildings(bowTie)).rejects.toBeInstanceOf(UnprocessableEntityError);
  });

  it('answers 422 for a hole crossing its outer ring', async () => {
    const crossingHole: AreaOfInterest = { type: 'Polygon', coordinates: [ring(8.52, 47.37, 8.53, 47.38), ring(8.525, 47.375, 8.535, 47.376)] };
    const error = await client.gis.buildings(crossingHole).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnprocessableEntityError);
    expect((error as UnprocessableEntityError).serviceMessage).toMatch(/body\.aoi\.coordinates: rings 0 and 1 must not intersect/);
  });

  it('answers 401 with detail without a token', async () => {
    const response = await postBuildings({ aoi: rectangle(8.52, 47.37, 8.53, 47.38) });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ detail: expect.any(String) });
  });
});
