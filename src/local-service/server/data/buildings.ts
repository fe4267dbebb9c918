/**
 * The building footprints the GIS lookup answers from: a SYNTHETIC, illustrative dataset, not a
 * survey. About 150 buildings of a perimeter-block neighbourhood in Zürich's Kreis 4 (around lon
 * 8.524–8.532, lat 47.374–47.377) are generated with a fixed seed, so every start of the service
 * answers the same features: a north-aligned street grid, blocks lined with rectangular and
 * L-shaped buildings set slightly askew, and plausible uses, storeys, construction years and Swiss
 * addresses. Areas are computed from the published polygons.
 */
import type { BUILDING_TYPES } from '../../../wire/contract/values.js';
import { type Position, ringArea } from './geometry.js';

type BuildingTypeName = (typeof BUILDING_TYPES)[number];

type BuildingAddress = {
  street: string;
  house_number: string;
  postcode: string;
  locality: string;
  country: string;
  formatted: string;
  source: string;
};

export type Building = {
  type: 'Feature';
  geometry: { type: 'Polygon'; coordinates: Position[][] };
  properties: {
    source: string;
    area_m2: number;
    floors: number;
    height_m: number;
    building_type: BuildingTypeName;
    construction_year: number;
    addresses: BuildingAddress[];
  };
};

const SOURCE = 'sweep-synthetic';
const ORIGIN = { lon: 8.524, lat: 47.374 };
const METRES_PER_DEGREE_LAT = 110_574;
const METRES_PER_DEGREE_LON = 111_320 * Math.cos((ORIGIN.lat * Math.PI) / 180);

// The grid: blocks of BLOCK_W × BLOCK_H metres between streets STREET metres wide.
const COLUMNS = 5;
const ROWS = 3;
const BLOCK_W = 110;
const BLOCK_H = 80;
const STREET = 16;
/** Distance from the block's edge to the façades (pavement and front gardens). */
const SETBACK = 3;
/** Deepest main wing; the side façades start beyond it so corner buildings never overlap. */
const MAX_DEPTH = 15;

const EAST_WEST_STREETS = ['Ankerweg', 'Lindenstrasse', 'Gartenhofstrasse', 'Bäckerweg'];
const NORTH_SOUTH_STREETS = ['Brunnenstrasse', 'Eschenweg', 'Kirchgasse', 'Feldstrasse', 'Mühlegasse', 'Rosenweg'];

/** mulberry32: a tiny, well-mixed 32-bit generator; the seed fixes the whole dataset. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const random = generator(8004);
const between = (min: number, max: number) => min + random() * (max - min);
const integer = (min: number, max: number) => Math.floor(between(min, max + 1));

function pick<T>(weighted: readonly (readonly [T, number])[]): T {
  let r = random() * weighted.reduce((sum, [, w]) => sum + w, 0);
  for (const [value, w] of weighted) if ((r -= w) < 0) return value;
  return weighted[weighted.length - 1][0];
}

/** Uses with their weight, storeys and storey height: a mostly residential quarter with shops and trades. */
const USES: readonly (readonly [[BuildingTypeName, floors: [number, number], storey: number], number])[] = [
  [['RESIDENCE_MFH', [3, 6], 3], 50],
  [['RESIDENCE_SFH', [2, 3], 2.9], 4],
  [['OFFICES', [4, 7], 3.6], 8],
  [['ADMINISTRATION', [3, 6], 3.6], 3],
  [['RETAIL', [1, 3], 4], 7],
  [['RESTAURANT', [2, 4], 3.5], 5],
  [['HOTEL', [4, 6], 3.2], 3],
  [['SCHOOLS', [2, 4], 3.8], 2],
  [['ASSEMBLY', [1, 2], 6], 2],
  [['HOSPITALS', [4, 6], 3.8], 1],
  [['SPORTS_CENTER', [1, 2], 7], 1],
  [['INDOOR_POOL', [1, 2], 6], 1],
  [['INDUSTRY_SERVICES', [1, 3], 4.5], 3],
  [['INDUSTRY_GENERAL_MANUFACTURER', [1, 2], 5], 2],
  [['INDUSTRY_1_SHIFT_FABRICATED_METALS', [1, 2], 5], 1],
  [['INDUSTRY_FOOD_PROCESSING', [1, 2], 5], 1],
  [['WAREHOUSE', [1, 2], 5.5], 2],
  [['INDUSTRY_WAREHOUSE', [1, 1], 7], 1],
];

/** Construction periods of a quarter built mostly before 1930, then densified. */
const PERIODS: readonly (readonly [[number, number], number])[] = [
  [[1880, 1919], 35], [[1920, 1945], 20], [[1946, 1970], 15], [[1971, 2000], 15], [[2001, 2023], 15],
];

interface Side {
  /** Where the façade line starts, in block metres, and its direction along the street and into the block. */
  origin: [number, number];
  along: [number, number];
  inward: [number, number];
  /** Façade line usable along the street. */
  from: number;
  to: number;
  street: (column: number, row: number) => string;
  /** Odd numbers on the north and west sides of a street, even ones opposite. */
  odd: boolean;
}

const SIDES: readonly Side[] = [
  { origin: [0, BLOCK_H - SETBACK], along: [1, 0], inward: [0, -1], from: SETBACK, to: BLOCK_W - SETBACK, street: (_, r) => EAST_WEST_STREETS[r + 1], odd: false },
  { origin: [0, SETBACK], along: [1, 0], inward: [0, 1], from: SETBACK, to: BLOCK_W - SETBACK, street: (_, r) => EAST_WEST_STREETS[r], odd: true },
  { origin: [SETBACK, 0], along: [0, 1], inward: [1, 0], from: SETBACK + MAX_DEPTH + 4, to: BLOCK_H - SETBACK - MAX_DEPTH - 4, street: (c) => NORTH_SOUTH_STREETS[c], odd: false },
  { origin: [BLOCK_W - SETBACK, 0], along: [0, 1], inward: [-1, 0], from: SETBACK + MAX_DEPTH + 4, to: BLOCK_H - SETBACK - MAX_DEPTH - 4, street: (c) => NORTH_SOUTH_STREETS[c + 1], odd: true },
];

interface Lot {
  /** Outline in metres east and north of ORIGIN, closed. */
  outline: [number, number][];
  street: string;
  odd: boolean;
  /** Position of the façade along its street, to number houses in order. */
  along: number;
  entrances: number;
}

/** One building's outline in façade coordinates (a along the street, b into the block): a bar, sometimes with a rear wing. */
function footprint(a: number, width: number, awayFromCorners: boolean): [number, number][] {
  const depth = between(10, MAX_DEPTH);
  if (!awayFromCorners || random() > 0.3) return [[a, 0], [a + width, 0], [a + width, depth], [a, depth], [a, 0]];
  const wing = between(6, width / 2);
  const reach = depth + between(6, 10);
  return [[a, 0], [a + width, 0], [a + width, depth], [a + wing, depth], [a + wing, reach], [a, reach], [a, 0]];
}

/** Turns an outline about its centre by a small angle: façades in old quarters are rarely square to the street. */
function askew(outline: [number, number][]): [number, number][] {
  const angle = between(-2, 2) * (Math.PI / 180);
  const [cx, cy] = outline.slice(1).reduce(([x, y], [px, py]) => [x + px / (outline.length - 1), y + py / (outline.length - 1)], [0, 0]);
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  return outline.map(([x, y]) => [cx + (x - cx) * cos - (y - cy) * sin, cy + (x - cx) * sin + (y - cy) * cos]);
}

function lots(): Lot[] {
  const result: Lot[] = [];
  for (let column = 0; column < COLUMNS; column++) {
    for (let row = 0; row < ROWS; row++) {
      const [x0, y0] = [column * (BLOCK_W + STREET), row * (BLOCK_H + STREET)];
      for (const side of SIDES) {
        for (let a = side.from; ; ) {
          const width = between(12, 24);
          if (a + width > side.to) break;
          // Some lots stay empty: courtyards open to the street, demolished plots.
          if (random() > 0.12) {
            const local = footprint(a, width, a - side.from > 20 && side.to - a - width > 20);
            const outline = askew(local.map(([u, v]): [number, number] => [
              x0 + side.origin[0] + u * side.along[0] + v * side.inward[0],
              y0 + side.origin[1] + u * side.along[1] + v * side.inward[1],
            ]));
            result.push({ outline, street: side.street(column, row), odd: side.odd, along: (side.along[0] ? x0 : y0) + a, entrances: width >= 20 ? 2 : 1 });
          }
          a += width + between(3, 6);
        }
      }
    }
  }
  return result;
}

/** House numbers run along each street, odd on one side and even on the other, one per entrance. */
function numberHouses(all: Lot[]): Map<Lot, string[]> {
  const numbers = new Map<Lot, string[]>();
  const next = new Map<string, number>();
  for (const lot of [...all].sort((p, q) => p.along - q.along)) {
    const key = `${lot.street}/${lot.odd}`;
    const first = next.get(key) ?? (lot.odd ? 1 : 2);
    numbers.set(lot, Array.from({ length: lot.entrances }, (_, i) => String(first + 2 * i)));
    next.set(key, first + 2 * lot.entrances);
  }
  return numbers;
}

const round7 = (degrees: number) => Math.round(degrees * 1e7) / 1e7;

function toLonLat([x, y]: [number, number]): Position {
  return [round7(ORIGIN.lon + x / METRES_PER_DEGREE_LON), round7(ORIGIN.lat + y / METRES_PER_DEGREE_LAT)];
}

/** Equirectangular projection back to metres: exact enough over a few hundred metres. */
function areaM2(ring: readonly Position[]): number {
  return ringArea(ring.map(([lon, lat]) => [(lon - ORIGIN.lon) * METRES_PER_DEGREE_LON, (lat - ORIGIN.lat) * METRES_PER_DEGREE_LAT]));
}

function address(street: string, houseNumber: string): BuildingAddress {
  return {
    street, house_number: houseNumber, postcode: '8004', locality: 'Zürich', country: 'CH',
    formatted: `${street} ${houseNumber}, 8004 Zürich`, source: SOURCE,
  };
}

function building(lot: Lot, houseNumbers: string[]): Building {
  const [buildingType, [minFloors, maxFloors], storey] = pick(USES);
  const floors = integer(minFloors, maxFloors);
  const [fromYear, toYear] = pick(PERIODS);
  const ring = lot.outline.map(toLonLat);
  // GeoJSON (RFC 7946) wants outer rings counter-clockwise; mirrored façade frames turn some clockwise.
  const signed = lot.outline.slice(1).reduce((sum, [x, y], i) => sum + lot.outline[i][0] * y - x * lot.outline[i][1], 0);
  if (signed < 0) ring.reverse();
  return {
    type: 'Feature',
    geometry: { type: 'Polygon', coordinates: [ring] },
    properties: {
      source: SOURCE,
      area_m2: Math.round(areaM2(ring)),
      floors,
      height_m: Math.round(floors * storey * 10) / 10,
      building_type: buildingType,
      construction_year: integer(fromYear, toYear),
      addresses: houseNumbers.map((n) => address(lot.street, n)),
    },
  };
}

function generate(): readonly Building[] {
  const all = lots();
  const numbers = numberHouses(all);
  return all.map((lot) => building(lot, numbers.get(lot)!));
}

/** The whole dataset, generated once at load. */
export const BUILDINGS: readonly Building[] = generate();
