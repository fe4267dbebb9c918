/**
 * The energy demand database: kWh per m² of floor area and year, by demand type, building type and
 * construction-year band.
 *
 * ILLUSTRATIVE values, not sourced data. The orders of magnitude follow the spirit of SIA 380/1
 * (space heating, hot water) and SIA 2024 (use-dependent electricity and cooling) for Swiss
 * buildings. Each figure is one reference value per demand and use times one factor per band, so
 * the 880 rows stay consistent with each other (e.g. heating always falls with newer bands).
 */
import { BUILDING_TYPES, DEMAND_TYPES } from '../../../wire/contract/values.js';

export type DemandTypeName = (typeof DEMAND_TYPES)[number];
export type BuildingTypeName = (typeof BUILDING_TYPES)[number];

export type DemandTableRow = {
  demandType: DemandTypeName;
  buildingType: BuildingTypeName;
  yearFrom: number;
  yearTo: number;
  kwhPerM2a: number;
};

/** Construction-year bands, contiguous; the last one reaches far enough for planned buildings. */
const YEAR_BANDS: readonly (readonly [from: number, to: number])[] = [
  [0, 1919], [1920, 1945], [1946, 1960], [1961, 1970], [1971, 1980],
  [1981, 1990], [1991, 2000], [2001, 2010], [2011, 2020], [2021, 2100],
];

/**
 * Factor per band on the reference value. Heating follows the successive insulation standards
 * (first energy ordinances around 1980, MuKEn 2008 and 2014); hot water only loses some
 * distribution losses; electricity rises with equipment until efficient lighting brings it down;
 * cooling rises in airtight, glazed buildings that keep their internal gains.
 */
const BAND_FACTORS: Record<DemandTypeName, readonly number[]> = {
  SPACE_HEATING: [1, 0.97, 0.92, 0.88, 0.78, 0.62, 0.5, 0.36, 0.24, 0.16],
  HOT_WATER: [1, 1, 1, 0.98, 0.97, 0.95, 0.93, 0.9, 0.88, 0.85],
  ELECTRICITY: [0.9, 0.9, 0.92, 0.95, 1, 1, 0.98, 0.95, 0.9, 0.85],
  COOLING: [0.8, 0.8, 0.85, 0.95, 1, 1, 1.05, 1.1, 1.1, 1.05],
};

/** Reference kWh/m²·a per use, in the order of DEMAND_TYPES: electricity, space heating, hot water, cooling. */
const REFERENCE: Record<BuildingTypeName, readonly [number, number, number, number]> = {
  RESIDENCE_MFH: [28, 160, 21, 1.5],
  RESIDENCE_SFH: [25, 190, 14, 1],
  ADMINISTRATION: [60, 140, 7, 15],
  OFFICES: [70, 135, 6, 20],
  SCHOOLS: [25, 150, 7, 4],
  RETAIL: [110, 110, 7, 30],
  RESTAURANT: [120, 165, 56, 25],
  ASSEMBLY: [40, 160, 14, 10],
  HOSPITALS: [95, 185, 28, 25],
  INDUSTRY: [120, 120, 7, 10],
  WAREHOUSE: [20, 90, 2, 2],
  SPORTS_CENTER: [35, 140, 83, 3],
  INDOOR_POOL: [160, 280, 83, 5],
  HOTEL: [65, 170, 42, 15],
  INDUSTRY_1_SHIFT_FABRICATED_METALS: [140, 110, 6, 8],
  INDUSTRY_2_SHIFT_FABRICATED_METALS: [230, 105, 8, 12],
  INDUSTRY_FOOD_PROCESSING: [200, 130, 40, 60],
  INDUSTRY_GENERAL_MANUFACTURER: [130, 115, 6, 10],
  INDUSTRY_PHARMACEUTICAL: [280, 160, 20, 70],
  INDUSTRY_PLASTIC_MANUFACTURER: [260, 95, 5, 40],
  INDUSTRY_SERVICES: [80, 120, 7, 12],
  INDUSTRY_WAREHOUSE: [18, 80, 2, 2],
};

const REFERENCE_INDEX: Record<DemandTypeName, number> = { ELECTRICITY: 0, SPACE_HEATING: 1, HOT_WATER: 2, COOLING: 3 };

function figure(demandType: DemandTypeName, buildingType: BuildingTypeName, band: number): number {
  const value = REFERENCE[buildingType][REFERENCE_INDEX[demandType]] * BAND_FACTORS[demandType][band];
  return Math.round(value * 10) / 10;
}

/** Every row of the database: each demand type × building type × year band. */
export const DEMAND_TABLE: readonly DemandTableRow[] = DEMAND_TYPES.flatMap((demandType) =>
  BUILDING_TYPES.flatMap((buildingType) =>
    YEAR_BANDS.map(([yearFrom, yearTo], band) => ({
      demandType, buildingType, yearFrom, yearTo, kwhPerM2a: figure(demandType, buildingType, band),
    })),
  ),
);

/** The kWh/m²·a of a building built in `year`; years outside all bands take the first or last band. */
export function kwhPerM2a(demandType: DemandTypeName, buildingType: BuildingTypeName, year: number): number {
  const band = YEAR_BANDS.findIndex(([, to]) => year <= to);
  return figure(demandType, buildingType, band === -1 ? YEAR_BANDS.length - 1 : band);
}
