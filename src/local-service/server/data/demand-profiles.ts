/**
 * Normalised hourly demand profiles: 8760 values summing to 1, per demand type and building type.
 *
 * ILLUSTRATIVE and synthetic, no measured data. A typical year of outdoor temperature for a
 * Zürich-like climate (annual sinusoid, daily cycle, two slow oscillations standing in for cold and
 * warm spells) drives the weather-dependent demands; weekly schedules of presence, activity and
 * hot-water draw per use drive the rest:
 * - SPACE_HEATING: degree-hours below 15 °C, only on days whose mean is under the 12 °C heating
 *   limit of SIA practice, at 60 % while the building is empty (setback);
 * - COOLING: degree-hours above 22 °C, weighted by presence (empty buildings are not cooled);
 * - HOT_WATER: the use's daily draw pattern, about 15 % more in winter (colder mains water);
 * - ELECTRICITY: a constant base load plus a load following the occupants' activity, 25 % higher
 *   after dark (lighting).
 * The year has 365 days and starts on a Monday; public holidays are ignored.
 */
import type { BuildingTypeName, DemandTypeName } from './demand-table.js';

const HOURS = 8760;
const TWO_PI = 2 * Math.PI;
/** Day of the year (0-based) of the coldest days, about 20 January. */
const COLDEST_DAY = 20;

type Day = readonly number[];
interface Week {
  weekday: Day;
  saturday: Day;
  sunday: Day;
}
interface Use {
  /** Share of the occupants present, per hour: whom heating and cooling serve. */
  presence: Week;
  /** Share of the occupants awake and using equipment and light, per hour. */
  activity: Week;
  /** Relative hot-water draw, per hour. */
  hotWater: Week;
  /** Share of the peak electricity that runs regardless of occupancy (standby, servers, refrigeration, process). */
  baseLoad: number;
}

/** 24 hourly levels: `base`, overwritten by each `[from, to, level]` block in turn. */
function day(base: number, ...blocks: [from: number, to: number, level: number][]): Day {
  const levels = new Array<number>(24).fill(base);
  for (const [from, to, level] of blocks) levels.fill(level, from, to);
  return levels;
}

function week(weekday: Day, saturday = weekday, sunday = saturday): Week {
  return { weekday, saturday, sunday };
}

/** A use where whoever is present is active and draws hot water evenly (no marked peaks). */
function steady(presence: Week, baseLoad: number): Use {
  return { presence, activity: presence, hotWater: presence, baseLoad };
}

const residential: Use = {
  presence: week(day(0.9, [8, 17, 0.35]), day(0.9, [10, 17, 0.6])),
  activity: week(
    day(0.1, [6, 9, 0.7], [9, 17, 0.3], [17, 23, 1], [23, 24, 0.3]),
    day(0.1, [8, 12, 0.7], [12, 17, 0.6], [17, 23, 1], [23, 24, 0.4]),
  ),
  hotWater: week(
    day(0.05, [6, 9, 1], [9, 18, 0.25], [18, 22, 0.7], [22, 24, 0.15]),
    day(0.05, [7, 11, 1], [11, 18, 0.35], [18, 22, 0.7], [22, 24, 0.15]),
  ),
  baseLoad: 0.3,
};
const office = steady(week(day(0.02, [7, 8, 0.4], [8, 17, 1], [17, 19, 0.4]), day(0.02, [9, 13, 0.1]), day(0.02)), 0.25);
const school = steady(week(day(0, [7, 8, 0.5], [8, 16, 1], [16, 18, 0.3]), day(0)), 0.15);
const retail = steady(week(day(0, [8, 9, 0.4], [9, 19, 1], [19, 20, 0.4]), day(0, [8, 17, 1]), day(0)), 0.3);
const restaurant = steady(week(day(0, [9, 11, 0.3], [11, 14, 1], [14, 17, 0.4], [17, 23, 0.9])), 0.35);
const assembly = steady(week(day(0, [9, 17, 0.2], [18, 23, 1]), day(0, [10, 23, 0.8])), 0.1);
const hospital: Use = {
  presence: week(day(0.9)),
  activity: week(day(0.5, [7, 19, 1])),
  hotWater: week(day(0.3, [6, 10, 1], [10, 20, 0.6])),
  baseLoad: 0.55,
};
const hotel: Use = {
  presence: week(day(0.8, [10, 17, 0.4])),
  activity: week(day(0.2, [6, 10, 0.8], [10, 17, 0.4], [17, 23, 1])),
  hotWater: week(day(0.1, [6, 10, 1], [10, 17, 0.3], [17, 23, 0.6])),
  baseLoad: 0.4,
};
const sports = steady(week(day(0, [8, 12, 0.4], [12, 14, 0.6], [14, 17, 0.5], [17, 22, 1]), day(0, [9, 18, 1])), 0.2);
// Pumps, filtration and dehumidification run around the clock.
const pool = steady(week(day(0, [7, 21, 1])), 0.6);
const oneShift = steady(week(day(0.05, [6, 15, 1]), day(0.05)), 0.2);
const twoShift = steady(week(day(0.05, [5, 22, 1]), day(0.05, [6, 14, 0.5]), day(0.05)), 0.3);
const continuous = steady(week(day(0.8, [6, 22, 1]), day(0.7)), 0.7);
const warehouse = steady(week(day(0.02, [6, 19, 1]), day(0.02, [7, 12, 0.5]), day(0.02)), 0.2);

const USES: Record<BuildingTypeName, Use> = {
  RESIDENCE_MFH: residential, RESIDENCE_SFH: residential, ADMINISTRATION: office, OFFICES: office,
  SCHOOLS: school, RETAIL: retail, RESTAURANT: restaurant, ASSEMBLY: assembly, HOSPITALS: hospital,
  INDUSTRY: oneShift, WAREHOUSE: warehouse, SPORTS_CENTER: sports, INDOOR_POOL: pool, HOTEL: hotel,
  INDUSTRY_1_SHIFT_FABRICATED_METALS: oneShift, INDUSTRY_2_SHIFT_FABRICATED_METALS: twoShift,
  // Cold stores keep food processing drawing power between shifts.
  INDUSTRY_FOOD_PROCESSING: { ...twoShift, baseLoad: 0.6 },
  INDUSTRY_GENERAL_MANUFACTURER: oneShift, INDUSTRY_PHARMACEUTICAL: continuous,
  INDUSTRY_PLASTIC_MANUFACTURER: continuous, INDUSTRY_SERVICES: oneShift, INDUSTRY_WAREHOUSE: warehouse,
};

/** Cosine of the season: 1 on the coldest day, -1 half a year later. */
const winterness = (dayOfYear: number) => Math.cos((TWO_PI * (dayOfYear - COLDEST_DAY)) / 365);

function outdoorTemperature(hour: number): number {
  const d = hour / 24;
  const seasonal = 9.5 - 9 * winterness(d);
  const spells = 2.5 * Math.sin((TWO_PI * d) / 9.3) + 1.5 * Math.sin((TWO_PI * d) / 23.7 + 1.3);
  // Wider daily swings in summer; warmest at 15:00.
  const daily = (3.75 - 0.75 * winterness(d)) * Math.cos((TWO_PI * ((hour % 24) - 15)) / 24);
  return seasonal + spells + daily;
}

const TEMPERATURE = Array.from({ length: HOURS }, (_, hour) => outdoorTemperature(hour));
const DAILY_MEAN = Array.from({ length: HOURS / 24 }, (_, d) => TEMPERATURE.slice(d * 24, d * 24 + 24).reduce((a, b) => a + b) / 24);

function isDark(hour: number): boolean {
  const d = Math.floor(hour / 24);
  // Day length at 47° N: about 8.5 h at the winter solstice, 15.8 h at the summer one.
  const daylight = 12.15 + 3.65 * Math.cos((TWO_PI * (d - 172)) / 365);
  const time = (hour % 24) + 0.5;
  return Math.abs(time - 12.5) > daylight / 2;
}

function dayOf(week: Week, hour: number): Day {
  const weekday = Math.floor(hour / 24) % 7;
  return weekday === 5 ? week.saturday : weekday === 6 ? week.sunday : week.weekday;
}

function weight(demandType: DemandTypeName, use: Use, hour: number): number {
  const at = (schedule: Week) => dayOf(schedule, hour)[hour % 24];
  const t = TEMPERATURE[hour];
  switch (demandType) {
    case 'SPACE_HEATING':
      return DAILY_MEAN[Math.floor(hour / 24)] < 12 ? Math.max(0, 15 - t) * (0.6 + 0.4 * at(use.presence)) : 0;
    case 'COOLING':
      return Math.max(0, t - 22) * at(use.presence);
    case 'HOT_WATER':
      return at(use.hotWater) * (1 + 0.075 * winterness(hour / 24));
    case 'ELECTRICITY':
      return use.baseLoad + (1 - use.baseLoad) * at(use.activity) * (isDark(hour) ? 1.25 : 1);
  }
}

const cache = new Map<string, readonly number[]>();

/** The 8760 hourly shares (summing to 1) of a year's demand of one type for one building type. */
export function demandProfile(demandType: DemandTypeName, buildingType: BuildingTypeName): readonly number[] {
  const key = `${demandType}/${buildingType}`;
  let profile = cache.get(key);
  if (!profile) {
    const weights = Array.from({ length: HOURS }, (_, hour) => weight(demandType, USES[buildingType], hour));
    const total = weights.reduce((a, b) => a + b, 0);
    profile = weights.map((w) => w / total);
    cache.set(key, profile);
  }
  return profile;
}
