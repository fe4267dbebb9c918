import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemandCalculationItem, DemandDbRow } from '../../src/wire/contract/demand-database.js';
import { SPEC_PREFIXES } from '../../src/wire/contract/index.js';
import { BUILDING_TYPES, DEMAND_TYPES } from '../../src/wire/contract/values.js';
import { BadRequestError, type PlanningClient, RequestValidationError } from '../../src/wire/client/index.js';
import { ALICE, startTestService, type TestService } from '../support/service.js';

let service: TestService;
let client: PlanningClient;
let table: DemandDbRow[];
beforeAll(async () => {
  service = await startTestService();
  client = service.client();
  table = await client.demandDatabase.table();
});
afterAll(() => service.close());

type DemandTypeName = (typeof DEMAND_TYPES)[number];

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);
const dayOf = (hour: number) => Math.floor(hour / 24);
const isWinter = (hour: number) => dayOf(hour) < 59 || dayOf(hour) >= 334;
const isSummer = (hour: number) => dayOf(hour) >= 151 && dayOf(hour) < 243;
const january = (values: number[]) => sum(values.slice(0, 31 * 24));
const july = (values: number[]) => sum(values.slice(181 * 24, 212 * 24));
const argmax = (values: number[]) => values.indexOf(Math.max(...values));

function bands(demandType: string, buildingType: string): DemandDbRow[] {
  return table.filter((r) => r.demandType === demandType && r.buildingType === buildingType).sort((a, b) => a.yearFrom - b.yearFrom);
}

/** The table's own figure for a building, looked up independently of the service's code. */
function kwhPerM2a(demandType: string, buildingType: string, year: number): number {
  return bands(demandType, buildingType).find((r) => r.yearFrom <= year && year <= r.yearTo)!.kwhPerM2a;
}

function expectRelativelyClose(actual: number, expected: number) {
  expect(expected).toBeGreaterThan(0);
  expect(Math.abs(actual - expected) / expected).toBeLessThanOrEqual(1e-3);
}

async function bearerToken(): Promise<string> {
  const response = await fetch(`${service.url}/backoffice/auth/ext/token`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ALICE),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

describe('energy demand database table', () => {
  it('covers every demand type × building type with positive figures over contiguous year bands', () => {
    expect(table).toHaveLength(DEMAND_TYPES.length * BUILDING_TYPES.length * bands('ELECTRICITY', 'OFFICES').length);
    for (const demandType of DEMAND_TYPES) {
      for (const buildingType of BUILDING_TYPES) {
        const rows = bands(demandType, buildingType);
        expect(rows.length, `${demandType}/${buildingType}`).toBeGreaterThanOrEqual(2);
        rows.forEach((row, i) => {
          expect(row.kwhPerM2a).toBeGreaterThan(0);
          expect(row.yearFrom).toBeLessThanOrEqual(row.yearTo);
          if (i > 0) expect(row.yearFrom).toBe(rows[i - 1].yearTo + 1);
        });
      }
    }
  });

  it('has space heating fall steeply in newer buildings', () => {
    for (const buildingType of BUILDING_TYPES) {
      const rows = bands('SPACE_HEATING', buildingType);
      expect(rows[0].kwhPerM2a).toBeGreaterThan(3 * rows.at(-1)!.kwhPerM2a);
    }
  });
});

describe('energy demand profile calculation', () => {
  const calculate = (demandType: DemandTypeName, items: DemandCalculationItem[]) => client.demandDatabase.calculate(demandType, items);

  it('spreads area × kWh/m²·a over 8760 non-negative hours of at most 5 decimals', async () => {
    const values = await calculate('SPACE_HEATING', [{ buildingType: 'RESIDENCE_MFH', year: 1975, areaM2: 1200 }]);
    expect(values).toHaveLength(8760);
    expect(values.every((v) => v >= 0 && Math.round(v * 1e5) / 1e5 === v)).toBe(true);
    expectRelativelyClose(sum(values), 1200 * kwhPerM2a('SPACE_HEATING', 'RESIDENCE_MFH', 1975));
  });

  it('takes annualKwh over the area when both are given', async () => {
    const values = await calculate('ELECTRICITY', [{ buildingType: 'OFFICES', year: 2005, areaM2: 1000, annualKwh: 50_000 }]);
    expectRelativelyClose(sum(values), 50_000);
  });

  it('sums the profiles of several buildings hour by hour', async () => {
    const items: DemandCalculationItem[] = [
      { buildingType: 'RESIDENCE_MFH', year: 1900, areaM2: 800 },
      { buildingType: 'RESTAURANT', year: 2015, areaM2: 300 },
      { buildingType: 'HOTEL', year: 1960, annualKwh: 20_000 },
    ];
    const together = await calculate('HOT_WATER', items);
    const apart = await Promise.all(items.map((item) => calculate('HOT_WATER', [item])));
    const expected = 800 * kwhPerM2a('HOT_WATER', 'RESIDENCE_MFH', 1900) + 300 * kwhPerM2a('HOT_WATER', 'RESTAURANT', 2015) + 20_000;
    expectRelativelyClose(sum(together), expected);
    const deviations = together.map((v, hour) => Math.abs(v - sum(apart.map((values) => values[hour]))));
    expect(Math.max(...deviations)).toBeLessThan(3e-5);
  });

  it('takes the first or last band for years outside all bands', async () => {
    const rows = bands('SPACE_HEATING', 'RESIDENCE_SFH');
    const [before, after] = await Promise.all([
      calculate('SPACE_HEATING', [{ buildingType: 'RESIDENCE_SFH', year: rows[0].yearFrom - 500, areaM2: 100 }]),
      calculate('SPACE_HEATING', [{ buildingType: 'RESIDENCE_SFH', year: rows.at(-1)!.yearTo + 500, areaM2: 100 }]),
    ]);
    expectRelativelyClose(sum(before), 100 * rows[0].kwhPerM2a);
    expectRelativelyClose(sum(after), 100 * rows.at(-1)!.kwhPerM2a);
  });

  it('peaks heating in winter and cooling in summer', async () => {
    const building: DemandCalculationItem = { buildingType: 'OFFICES', year: 1985, areaM2: 1000 };
    const [heating, cooling] = await Promise.all([calculate('SPACE_HEATING', [building]), calculate('COOLING', [building])]);
    expect(isWinter(argmax(heating))).toBe(true);
    expect(january(heating)).toBeGreaterThan(20 * july(heating));
    expect(isSummer(argmax(cooling))).toBe(true);
    expect(january(cooling)).toBe(0);
  });

  it('follows the schedule of the use', async () => {
    const [office, homes] = await Promise.all([
      calculate('ELECTRICITY', [{ buildingType: 'OFFICES', year: 2000, areaM2: 1000 }]),
      calculate('HOT_WATER', [{ buildingType: 'RESIDENCE_MFH', year: 2000, areaM2: 1000 }]),
    ]);
    // The year starts on a Monday: days 5 and 6 of each week are the weekend.
    const weekend = office.filter((_, hour) => dayOf(hour) % 7 >= 5);
    const weekdays = office.filter((_, hour) => dayOf(hour) % 7 < 5);
    expect(sum(weekdays) / weekdays.length).toBeGreaterThan(1.5 * (sum(weekend) / weekend.length));
    const byHourOfDay = Array.from({ length: 24 }, (_, h) => sum(homes.filter((_, hour) => hour % 24 === h)));
    const peak = argmax(byHourOfDay);
    expect((peak >= 6 && peak < 9) || (peak >= 18 && peak < 22)).toBe(true);
  });

  it('refuses a building with neither areaM2 nor annualKwh, in the client and in the service', async () => {
    const item = { buildingType: 'OFFICES', year: 2000, areaM2: null } as const;
    await expect(calculate('HOT_WATER', [item])).rejects.toBeInstanceOf(RequestValidationError);

    const response = await fetch(`${service.url}${SPEC_PREFIXES.app}/database-energy-demand-profile/HOT_WATER/calculate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await bearerToken()}`, 'content-type': 'application/json' },
      body: JSON.stringify([item]),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { data: unknown; status: { code: string; message: string } };
    expect(body.data).toBeNull();
    expect(body.status.code).toBe('ESP_400');
    expect(body.status.message).toMatch(/areaM2 or annualKwh/);
  });

  it('answers 400 for an unknown demand type in the path', async () => {
    const error = await calculate('GEOTHERMAL' as DemandTypeName, [{ buildingType: 'OFFICES', year: 2000, areaM2: 10 }]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).status).toBe(400);
    expect((error as BadRequestError).serviceMessage).toMatch(/demandType/);
  });
});
