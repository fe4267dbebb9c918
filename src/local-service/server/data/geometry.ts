/**
 * Planar geometry on [x, y] positions (longitude, latitude), enough to select building footprints:
 * intersection of a polygon with any area-of-interest geometry, and the validity of rings. Boundaries
 * count as inside throughout, so a footprint that only touches an area of interest is selected.
 */
import type { AreaOfInterest } from '../../../wire/contract/gis.js';

export type Position = readonly number[];
type Ring = readonly Position[];
/** An outer ring followed by its holes. */
export type PolygonCoordinates = readonly Ring[];

/** Twice the signed area of the triangle a, b, c: positive when they turn counter-clockwise. */
function cross(a: Position, b: Position, c: Position): number {
  return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
}

/** Whether c, known to be collinear with a and b, lies within their bounding box. */
function withinBox(a: Position, b: Position, c: Position): boolean {
  return Math.min(a[0], b[0]) <= c[0] && c[0] <= Math.max(a[0], b[0]) && Math.min(a[1], b[1]) <= c[1] && c[1] <= Math.max(a[1], b[1]);
}

/** Whether segments ab and cd share at least one point (touching counts). */
export function segmentsIntersect(a: Position, b: Position, c: Position, d: Position): boolean {
  const d1 = cross(c, d, a);
  const d2 = cross(c, d, b);
  const d3 = cross(a, b, c);
  const d4 = cross(a, b, d);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
  return (d1 === 0 && withinBox(c, d, a)) || (d2 === 0 && withinBox(c, d, b))
    || (d3 === 0 && withinBox(a, b, c)) || (d4 === 0 && withinBox(a, b, d));
}

function onRing(p: Position, ring: Ring): boolean {
  for (let i = 1; i < ring.length; i++) {
    if (cross(ring[i - 1], ring[i], p) === 0 && withinBox(ring[i - 1], ring[i], p)) return true;
  }
  return false;
}

/** Even-odd rule: a ray towards +x crosses the ring an odd number of times from inside. */
function insideRing(p: Position, ring: Ring): boolean {
  let inside = false;
  for (let i = 1; i < ring.length; i++) {
    const [a, b] = [ring[i - 1], ring[i]];
    if (a[1] > p[1] !== b[1] > p[1] && p[0] < a[0] + ((p[1] - a[1]) * (b[0] - a[0])) / (b[1] - a[1])) inside = !inside;
  }
  return inside;
}

/** Whether a point lies in a polygon or on its boundary; points inside a hole are outside. */
export function pointInPolygon(p: Position, polygon: PolygonCoordinates): boolean {
  if (polygon.some((ring) => onRing(p, ring))) return true;
  return insideRing(p, polygon[0]) && !polygon.slice(1).some((hole) => insideRing(p, hole));
}

function edges(lines: readonly Ring[]): [Position, Position][] {
  return lines.flatMap((line) => line.slice(1).map((p, i): [Position, Position] => [line[i], p]));
}

function linesCross(a: readonly Ring[], b: readonly Ring[]): boolean {
  const other = edges(b);
  return edges(a).some(([p, q]) => other.some(([r, s]) => segmentsIntersect(p, q, r, s)));
}

function polygonsIntersect(a: PolygonCoordinates, b: PolygonCoordinates): boolean {
  // Without crossing boundaries, two polygons meet only if one holds a vertex of the other.
  return linesCross(a, b) || a.some((ring) => ring.some((p) => pointInPolygon(p, b))) || b.some((ring) => ring.some((p) => pointInPolygon(p, a)));
}

function lineIntersectsPolygon(line: Ring, polygon: PolygonCoordinates): boolean {
  return linesCross([line], polygon) || line.some((p) => pointInPolygon(p, polygon));
}

type Box = [minX: number, minY: number, maxX: number, maxY: number];

function boxOf(positions: readonly Position[]): Box {
  const box: Box = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x, y] of positions) {
    box[0] = Math.min(box[0], x);
    box[1] = Math.min(box[1], y);
    box[2] = Math.max(box[2], x);
    box[3] = Math.max(box[3], y);
  }
  return box;
}

function positionsOf(aoi: AreaOfInterest): Position[] {
  switch (aoi.type) {
    case 'Point': return [aoi.coordinates];
    case 'MultiPoint': case 'LineString': return aoi.coordinates;
    case 'MultiLineString': case 'Polygon': return aoi.coordinates.flat();
    case 'MultiPolygon': return aoi.coordinates.flat(2);
  }
}

/** Whether a polygon (a building footprint) and an area of interest share at least one point. */
export function intersects(polygon: PolygonCoordinates, aoi: AreaOfInterest): boolean {
  const [ax0, ay0, ax1, ay1] = boxOf(polygon[0]);
  const [bx0, by0, bx1, by1] = boxOf(positionsOf(aoi));
  if (ax1 < bx0 || bx1 < ax0 || ay1 < by0 || by1 < ay0) return false;
  switch (aoi.type) {
    case 'Point': return pointInPolygon(aoi.coordinates, polygon);
    case 'MultiPoint': return aoi.coordinates.some((p) => pointInPolygon(p, polygon));
    case 'LineString': return lineIntersectsPolygon(aoi.coordinates, polygon);
    case 'MultiLineString': return aoi.coordinates.some((line) => lineIntersectsPolygon(line, polygon));
    case 'Polygon': return polygonsIntersect(polygon, aoi.coordinates);
    case 'MultiPolygon': return aoi.coordinates.some((part) => polygonsIntersect(polygon, part));
  }
}

interface Edge {
  ring: number;
  index: number;
  a: Position;
  b: Position;
}

/** Whether two edges of one polygon share more than the vertex a ring's consecutive edges must share. */
function edgesConflict(e: Edge, f: Edge, ringSizes: readonly number[]): boolean {
  if (!segmentsIntersect(e.a, e.b, f.a, f.b)) return false;
  const last = ringSizes[e.ring] - 1;
  const adjacent = e.ring === f.ring && (Math.abs(e.index - f.index) === 1 || Math.abs(e.index - f.index) === last);
  if (!adjacent) return true;
  // Consecutive edges meet at their shared vertex; they conflict only if they fold back onto each other.
  const [first, second] = f.index === (e.index + 1) % ringSizes[e.ring] ? [e, f] : [f, e];
  const [shared, p, q] = [first.b, first.a, second.b];
  return cross(shared, p, q) === 0 && (p[0] - shared[0]) * (q[0] - shared[0]) + (p[1] - shared[1]) * (q[1] - shared[1]) > 0;
}

/**
 * Why a polygon's rings are not simple (an edge crossing or touching another, of its ring or of
 * another ring), or undefined when they are. Edges are swept in order of their left end, so only
 * edges whose x-ranges overlap are compared.
 */
function polygonProblem(polygon: PolygonCoordinates): string | undefined {
  // Repeated consecutive positions are legal GeoJSON and add no edge.
  const rings = polygon.map((ring) => ring.filter((p, i) => i === 0 || p[0] !== ring[i - 1][0] || p[1] !== ring[i - 1][1]));
  const tooShort = rings.findIndex((ring) => ring.length < 4);
  if (tooShort !== -1) return `ring ${tooShort} must have at least 3 distinct positions`;
  const all: Edge[] = rings.flatMap((ring, r) => ring.slice(1).map((b, i) => ({ ring: r, index: i, a: ring[i], b })));
  const sizes = rings.map((ring) => ring.length - 1);
  const minX = (e: Edge) => Math.min(e.a[0], e.b[0]);
  all.sort((e, f) => minX(e) - minX(f));
  for (let i = 0; i < all.length; i++) {
    const maxX = Math.max(all[i].a[0], all[i].b[0]);
    for (let j = i + 1; j < all.length && minX(all[j]) <= maxX; j++) {
      if (edgesConflict(all[i], all[j], sizes)) {
        const [e, f] = [all[i], all[j]];
        return e.ring === f.ring
          ? `ring ${e.ring} must not intersect itself (edges ${Math.min(e.index, f.index)} and ${Math.max(e.index, f.index)})`
          : `rings ${Math.min(e.ring, f.ring)} and ${Math.max(e.ring, f.ring)} must not intersect`;
      }
    }
  }
  return undefined;
}

/** Why an area of interest is not a valid geometry (rings that are not simple), or undefined when it is. */
export function geometryProblem(aoi: AreaOfInterest): string | undefined {
  const polygons = aoi.type === 'Polygon' ? [aoi.coordinates] : aoi.type === 'MultiPolygon' ? aoi.coordinates : [];
  for (const [index, polygon] of polygons.entries()) {
    const problem = polygonProblem(polygon);
    if (problem) return aoi.type === 'MultiPolygon' ? `polygon ${index}: ${problem}` : problem;
  }
  return undefined;
}

/** The area enclosed by a ring of planar [x, y] positions (shoelace formula), whatever its orientation. */
export function ringArea(ring: Ring): number {
  let twice = 0;
  for (let i = 1; i < ring.length; i++) twice += ring[i - 1][0] * ring[i][1] - ring[i][0] * ring[i - 1][1];
  return Math.abs(twice) / 2;
}
