/**
 * Everything the service answers, it accepts back unchanged: for every resource kind of a scenario,
 * the `data` of the retrieve answer is sent as it is, over raw HTTP, as the body of the kind's
 * update, which succeeds, and reading the resource again answers the same (but `updated`).
 *
 * Nothing is stripped from the answers: the update bodies of the contract are plain objects whose
 * unknown fields (guids, timestamps, the names that answers add to references) are ignored, as the
 * deployed service's DTOs ignore them, and every field they share with the answer has the answer's
 * name and shape (a hub in `hubs` is a `{hubGuid}` with more fields, a carrier object is a
 * `{energyCarrierGuid}` with more fields).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allOperations } from '../../src/wire/contract/index.js';
import type { PlanningClient } from '../../src/wire/client/index.js';
import { buildScenario, type ScenarioFixture } from '../support/scenario-fixture.js';
import { ALICE, startTestService, type TestService } from '../support/service.js';
import { login, operationPath, send } from './support/raw-http.js';

let service: TestService;
let client: PlanningClient;
let token: string;
let f: ScenarioFixture;

/** A storage with every optional group set, so that their answers are put back too. */
let evStorageGuid: string;
/** A storage with the required fields only: currency and replacement shares unset. */
let bareStorageGuid: string;

beforeAll(async () => {
  service = await startTestService({ solver: { optimiser: null } });
  client = service.client();
  f = await buildScenario(client, { projectName: 'Round trip' });
  token = await login(service.url, ALICE);
  const ev = await client.storageTechnologies.create(f.scenarioGuid, {
    storageName: 'EV fleet', mustBeInstalled: 'mustBeInstalled', lifetime: 12, technologyCapacity: 'specify', capacity: 300,
    minimumCapacity: 100, maximumCapacity: 500, storageChargingEfficiency: 92, storageDischargingEfficiency: 93, hubGuids: [f.hubs.b],
    energyCarrierGuid: f.carriers.electricity, stages: [f.stageGuid], evPlugInTime: { hour: 18, minute: 0 }, evPlugOutTime: { hour: 7, minute: 30 },
    isEvBattery: true, typeOfCharging: 'V2G', maximumSocPercent: 90, minimumSoc: 20, variableReplacementCostPercent: 80,
    variableSalvageValuePercent: 10, exchangeCurrency: 'EUR', exchangeRate: 0.95, costComponents: [{ name: 'Chargers', value: 1200, category: 'FIXED_INVESTMENT_COSTS_CHF' }],
  });
  evStorageGuid = ev.storageTechnologyGuid;
  const bare = await client.storageTechnologies.create(f.scenarioGuid, {
    storageName: 'Bare tank', mustBeInstalled: 'canBeInstalled', lifetime: 30, technologyCapacity: 'optimize', storageChargingEfficiency: 90,
    storageDischargingEfficiency: 90, hubGuids: [f.hubs.a], energyCarrierGuid: f.carriers.heat, stages: [f.stageGuid],
  });
  bareStorageGuid = bare.storageTechnologyGuid;
});
afterAll(() => service.close());

const op = (id: string) => {
  const found = allOperations.find((o) => o.id === id);
  if (!found) throw new Error(`no operation ${id}`);
  return found;
};

async function call(id: string, params: Record<string, string | number>, json?: unknown) {
  const o = op(id);
  return send(service.url, { method: o.method, path: operationPath(o, params), json, authorization: `Bearer ${token}` });
}

/** The answer without the time of the last change, which a successful update moves. */
const withoutUpdated = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(withoutUpdated);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).filter(([k]) => k !== 'updated').map(([k, v]) => [k, withoutUpdated(v)]));
  }
  return value;
};

interface Kind {
  kind: string;
  retrieve: [string, () => Record<string, string | number>];
  update: [string, () => Record<string, string | number>];
}

const kinds: Kind[] = [
  { kind: 'scenario', retrieve: ['scenarios.retrieve', () => ({ scenarioGuid: f.scenarioGuid })], update: ['scenarios.rename', () => ({ scenarioGuid: f.scenarioGuid })] },
  { kind: 'stage', retrieve: ['stages.retrieve', () => ({ guid: f.stageGuid })], update: ['stages.update', () => ({ scenarioGuid: f.scenarioGuid, stageGuid: f.stageGuid })] },
  { kind: 'hub', retrieve: ['hubs.retrieve', () => ({ guid: f.hubs.a })], update: ['hubs.update', () => ({ guid: f.hubs.a })] },
  { kind: 'carrier', retrieve: ['carriers.retrieve', () => ({ carrierGuid: f.carriers.heat })], update: ['carriers.update', () => ({ carrierGuid: f.carriers.heat })] },
  {
    kind: 'profile', retrieve: ['profiles.retrieve', () => ({ scenarioGuid: f.scenarioGuid, profileId: f.profiles.heat })],
    update: ['profiles.update', () => ({ scenarioGuid: f.scenarioGuid, profileId: f.profiles.heat })],
  },
  { kind: 'import', retrieve: ['impex.retrieve', () => ({ type: 'IMPORT', guid: f.importGuid })], update: ['impex.update', () => ({ guid: f.importGuid })] },
  { kind: 'export', retrieve: ['impex.retrieve', () => ({ type: 'EXPORT', guid: f.exportGuid })], update: ['impex.update', () => ({ guid: f.exportGuid })] },
  {
    kind: 'network technology', retrieve: ['networkTechnologies.retrieve', () => ({ guid: f.networkTechnologyGuid })],
    update: ['networkTechnologies.update', () => ({ guid: f.networkTechnologyGuid })],
  },
  {
    kind: 'network link', retrieve: ['networkLinks.retrieve', () => ({ 'network-link-guid': f.networkLinkGuid })],
    update: ['networkLinks.update', () => ({ scenarioGuid: f.scenarioGuid, 'network-link-guid': f.networkLinkGuid })],
  },
  {
    kind: 'storage technology', retrieve: ['storageTechnologies.retrieve', () => ({ guid: f.storageGuid })],
    update: ['storageTechnologies.update', () => ({ guid: f.storageGuid })],
  },
  {
    kind: 'storage technology with every group set', retrieve: ['storageTechnologies.retrieve', () => ({ guid: evStorageGuid })],
    update: ['storageTechnologies.update', () => ({ guid: evStorageGuid })],
  },
  {
    kind: 'storage technology with the required fields only', retrieve: ['storageTechnologies.retrieve', () => ({ guid: bareStorageGuid })],
    update: ['storageTechnologies.update', () => ({ guid: bareStorageGuid })],
  },
  {
    kind: 'conversion technology (one mode)', retrieve: ['conversionTechnologies.retrieve', () => ({ guid: f.boilerGuid })],
    update: ['conversionTechnologies.update', () => ({ guid: f.boilerGuid })],
  },
  {
    kind: 'conversion technology (two modes)', retrieve: ['conversionTechnologies.retrieve', () => ({ guid: f.heatPumpGuid })],
    update: ['conversionTechnologies.update', () => ({ guid: f.heatPumpGuid })],
  },
  {
    kind: 'energy demand', retrieve: ['energyDemands.retrieve', () => ({ guid: f.demandGuid })],
    update: ['energyDemands.update', () => ({ scenarioGuid: f.scenarioGuid, 'demand-guid': f.demandGuid })],
  },
  {
    kind: 'technology package', retrieve: ['technologyPackages.retrieve', () => ({ scenarioGuid: f.scenarioGuid, guid: f.packageGuid })],
    update: ['technologyPackages.update', () => ({ scenarioGuid: f.scenarioGuid, guid: f.packageGuid })],
  },
  { kind: 'solar resource', retrieve: ['solarResources.retrieve', () => ({ guid: f.solarGuid })], update: ['solarResources.update', () => ({ guid: f.solarGuid })] },
  {
    kind: 'intra-hub network link', retrieve: ['intraHubLinks.retrieve', () => ({ guid: f.intraHubLinkGuid })],
    update: ['intraHubLinks.update', () => ({ guid: f.intraHubLinkGuid })],
  },
];

describe('a GET → PUT round trip', () => {
  it('covers every kind that has an update operation', () => {
    const updates = allOperations.filter((o) => o.method === 'PUT' && /\.(update|rename)$/.test(o.id)).map((o) => o.id);
    expect(new Set(kinds.map((k) => k.update[0]))).toEqual(new Set(updates));
  });

  for (const { kind, retrieve, update } of kinds) {
    it(`accepts a ${kind} back as it was answered, and answers it unchanged`, async () => {
      const before = await call(retrieve[0], retrieve[1]());
      expect(before.status, before.text.slice(0, 300)).toBe(200);
      const { data } = before.body as { data: unknown };

      const put = await call(update[0], update[1](), data);
      expect(put.status, put.message || put.text.slice(0, 300)).toBe(op(update[0]).status);

      const after = await call(retrieve[0], retrieve[1]());
      expect(withoutUpdated((after.body as { data: unknown }).data)).toEqual(withoutUpdated(data));
    });
  }
});

describe('what the answers say of fields left unset', () => {
  it('answers an unset field that the update requires as the value the optimiser reads it as', async () => {
    const bare = await client.storageTechnologies.retrieve(bareStorageGuid);
    expect(bare).toMatchObject({ exchangeCurrency: 'CHF', exchangeRate: 1, variableReplacementCostPercent: 100, variableSalvageValuePercent: 100 });
    const pipe = await client.networkTechnologies.retrieve(f.networkTechnologyGuid);
    expect(pipe).toMatchObject({ exchangeCurrency: 'CHF', exchangeRate: 1, variableReplacementCostPercent: 100, variableSalvageValuePercent: 100 });
    const boiler = await client.conversionTechnologies.retrieve(f.boilerGuid);
    expect(boiler.technologyModes.map((m) => m.simultaneousOperation)).toEqual([true]);
  });
});

describe('the seasonal operation of a mode update', () => {
  /** The heat pump's update body from its answer, with the seasonal strings of its modes replaced. */
  async function heatPumpWith(seasons: [string, string][]) {
    const detail = (await call('conversionTechnologies.retrieve', { guid: f.heatPumpGuid })).body as { data: { technologyModes: object[] } };
    const body = structuredClone(detail.data);
    body.technologyModes = body.technologyModes.map((mode, i) => ({ ...mode, seasonalOperationName: seasons[i][0], seasonalOperationValue: seasons[i][1] }));
    return body;
  }
  const seasonsAnswered = async () =>
    (await client.conversionTechnologies.retrieve(f.heatPumpGuid)).technologyModes.map((m) => [m.seasonalOperationName, m.seasonalOperationValue]);

  it('accepts a free-text name with the code in seasonalOperationValue, and answers the code as the name and the label as the value', async () => {
    const put = await call('conversionTechnologies.update', { guid: f.heatPumpGuid }, await heatPumpWith([['All seasons', 'ALL_SEASONS'], ['Sommer', 'SUMMER']]));
    expect(put.status, put.message).toBe(200);
    expect(await seasonsAnswered()).toEqual([['ALL_SEASONS', 'All seasons'], ['SUMMER', 'Summer (June–August)']]);
  });

  it('accepts the code in seasonalOperationName with any text in seasonalOperationValue', async () => {
    const put = await call('conversionTechnologies.update', { guid: f.heatPumpGuid }, await heatPumpWith([['WINTER', 'Heating season'], ['NON_WINTER', 'NON_WINTER']]));
    expect(put.status, put.message).toBe(200);
    expect(await seasonsAnswered()).toEqual([['WINTER', 'Winter (December–February)'], ['NON_WINTER', 'Outside winter (March–November)']]);
  });

  it('accepts the free text through the typed client, which checks the body with the same contract', async () => {
    const body = await heatPumpWith([['All seasons', 'ALL_SEASONS'], ['Winter', 'WINTER']]);
    await expect(client.conversionTechnologies.update(f.heatPumpGuid, body as never)).resolves.toMatchObject({ processName: 'Heat pump' });
  });

  it('refuses a mode whose two strings hold no code, or two different codes, naming the field and the rule', async () => {
    const before = await seasonsAnswered();
    const neither = await call('conversionTechnologies.update', { guid: f.heatPumpGuid }, await heatPumpWith([['All seasons', 'Always'], ['WINTER', 'WINTER']]));
    expect(neither.status).toBe(400);
    expect(neither.message).toMatch(/^technologyModes\[0\]\.seasonalOperationName: seasonalOperationName or seasonalOperationValue must be the code of the seasonal operation, one of ALL_SEASONS, WINTER/);
    const both = await call('conversionTechnologies.update', { guid: f.heatPumpGuid }, await heatPumpWith([['WINTER', 'WINTER'], ['SUMMER', 'WINTER']]));
    expect(both.status).toBe(400);
    expect(both.message).toMatch(/^technologyModes\[1\]\.seasonalOperationValue: is WINTER but seasonalOperationName is SUMMER/);
    expect(await seasonsAnswered()).toEqual(before);
  });
});
