/**
 * Each rule of the specification, broken once: the service refuses the request with a 400 whose
 * message names the field and the rule, and creates nothing; the typed client refuses the same
 * request before sending it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toProfileValues } from '../../src/wire/contract/profiles.js';
import { BadRequestError, ConflictError, type PlanningClient, RequestValidationError } from '../../src/wire/client/index.js';
import { buildScenario, hourly, type ScenarioFixture } from '../support/scenario-fixture.js';
import { startTestService, type TestService } from '../support/service.js';

let service: TestService;
let strict: PlanningClient;
let raw: PlanningClient;
let f: ScenarioFixture;

beforeAll(async () => {
  service = await startTestService();
  strict = service.client();
  raw = service.client({ validateRequests: false });
  f = await buildScenario(strict);
});
afterAll(() => service.close());

/** Counts every resource of the fixture scenario and the account's projects: "nothing created". */
async function census(c: PlanningClient) {
  const s = f.scenarioGuid;
  const counts = await Promise.all([
    c.projects.list(), c.stages.list(s), c.hubs.list(s), c.profiles.list(s), c.carriers.list(s), c.impex.list(s),
    c.networkLinks.list(s), c.storageTechnologies.list(s), c.networkTechnologies.list(s), c.conversionTechnologies.list(s),
    c.energyDemands.list(s), c.technologyPackages.list(s), c.solarResources.list(s), c.intraHubLinks.list(s),
  ]);
  return counts.map((list) => list.length);
}

const stages = () => [f.stageGuid];
const mode = (carriers: { guid: string; type: 'INPUT' | 'OUTPUT' }[]) => ({
  seasonalOperation: 'ALL_SEASONS' as const,
  primary: true,
  energyCarriers: carriers.map((c) => ({ energyCarrierGuid: c.guid, type: c.type, primary: c.type === 'OUTPUT', fixedInputShare: 100, outputEfficiency: 90 })),
});
const conversion = (modes: (ReturnType<typeof mode> & Record<string, unknown>)[]) => ({
  processName: 'Rule breaker', mustBeInstalledInHubs: 'canBeInstalled' as const, lifetime: 20, exchangeCurrency: 'CHF', exchangeRate: 1,
  hubGuids: [f.hubs.a], stages: stages(), conversionTechnologyModes: modes,
});
const storage = (extra: Record<string, unknown>) => ({
  storageName: 'Tank', mustBeInstalled: 'canBeInstalled' as const, lifetime: 20, technologyCapacity: 'optimize' as const,
  storageChargingEfficiency: 90, storageDischargingEfficiency: 90, hubGuids: [f.hubs.a], energyCarrierGuid: f.carriers.heat,
  stages: stages(), ...extra,
});

interface RuleCase {
  rule: string;
  send: (c: PlanningClient) => Promise<unknown>;
  /** Text the error must contain: the field and the rule. */
  expect: RegExp[];
}

const cases: RuleCase[] = [
  {
    rule: 'bounded numeric: at most 5 decimals',
    send: (c) => c.storageTechnologies.create(f.scenarioGuid, storage({ variableInvestmentCost: 12.123456 })),
    expect: [/variableInvestmentCost/, /max scale=5/],
  },
  {
    rule: 'bounded numeric: at most 16 significant digits',
    send: (c) => c.networkLinks.create(f.scenarioGuid, {
      name: 'Too long', length: 12345678901234567, technologyCapacity: 'optimize', node1Guid: f.hubs.a, node2Guid: f.hubs.b, networkTechnologyGuid: f.networkTechnologyGuid,
    }),
    expect: [/length/, /9999999999\.99999|precision=16/],
  },
  {
    rule: 'profile: exactly 8760 values',
    send: (c) => c.profiles.create(f.scenarioGuid, { name: 'Short', values: toProfileValues(hourly('heat').slice(0, 8759)) }),
    expect: [/values/, /exactly 8760/],
  },
  {
    rule: 'profile: periods 1..8760 each once',
    send: (c) => {
      const values = toProfileValues(hourly('heat'));
      values[10].period = 10;
      return c.profiles.create(f.scenarioGuid, { name: 'Duplicate hour', values });
    },
    expect: [/values\[10\]\.period/, /more than once/],
  },
  {
    rule: 'profile: period within 1..8760',
    send: (c) => {
      const values = toProfileValues(hourly('heat'));
      values[0].period = 0;
      return c.profiles.create(f.scenarioGuid, { name: 'Hour zero', values });
    },
    expect: [/values\[0\]\.period/, /≥ 1/],
  },
  {
    rule: 'profile: no negative value',
    send: (c) => {
      const values = toProfileValues(hourly('heat'));
      values[5].demandValue = -1;
      return c.profiles.create(f.scenarioGuid, { name: 'Negative', values });
    },
    expect: [/values\[5\]\.demandValue/, /negative/],
  },
  {
    rule: 'demand database: areaM2 or annualKwh',
    send: (c) => c.demandDatabase.calculate('SPACE_HEATING', [{ buildingType: 'OFFICES', year: 1990 }]),
    expect: [/\[0\]\.areaM2/, /areaM2 or annualKwh/],
  },
  {
    rule: 'conversion technology: at least one mode',
    send: (c) => c.conversionTechnologies.create(f.scenarioGuid, conversion([])),
    expect: [/conversionTechnologyModes/, /at least one mode/],
  },
  {
    rule: 'conversion mode: at least one input carrier',
    send: (c) => c.conversionTechnologies.create(f.scenarioGuid, conversion([mode([{ guid: f.carriers.heat, type: 'OUTPUT' }])])),
    expect: [/conversionTechnologyModes\[0\]\.energyCarriers/, /at least one INPUT/],
  },
  {
    rule: 'conversion mode: at least one output carrier',
    send: (c) => c.conversionTechnologies.create(f.scenarioGuid, conversion([mode([{ guid: f.carriers.gas, type: 'INPUT' }])])),
    expect: [/conversionTechnologyModes\[0\]\.energyCarriers/, /at least one OUTPUT/],
  },
  {
    rule: 'conversion mode: no carrier on both sides',
    send: (c) => c.conversionTechnologies.create(f.scenarioGuid, conversion([mode([
      { guid: f.carriers.heat, type: 'INPUT' }, { guid: f.carriers.heat, type: 'OUTPUT' },
    ])])),
    expect: [/conversionTechnologyModes\[0\]\.energyCarriers/, /both an input and an output/],
  },
  {
    rule: 'demand: demandProfileId and demandSalePrice are exclusive',
    send: (c) => c.energyDemands.create(f.scenarioGuid, {
      name: 'Both', energyCarrierGuid: f.carriers.heat, hubGuids: [f.hubs.a], demandProfileId: f.profiles.heat, demandSalePrice: 0.1, stages: stages(),
    }),
    expect: [/demandSalePrice/, /exclusive/],
  },
  {
    rule: 'technology package: non-empty technology list',
    send: (c) => c.technologyPackages.create(f.scenarioGuid, { name: 'Empty', conversionTechnologies: [], storageTechnologies: [] }),
    expect: [/conversionTechnologies/, /non-empty/],
  },
  {
    rule: 'project: version V2',
    send: (c) => c.projects.create({ projectName: 'Old style', version: 'V1' }),
    expect: [/version/, /V2/],
  },
  {
    rule: 'stages: required',
    send: (c) =>
      c.intraHubLinks.create(f.scenarioGuid, { name: 'No stages', inputEnergyCarrierGuid: f.carriers.heat, outputEnergyCarrierGuid: f.carriers.heat, hubGuids: [f.hubs.a] } as never),
    expect: [/stages/, /required/],
  },
  {
    rule: 'stages: an array of UUIDs',
    send: (c) => c.impex.create(f.scenarioGuid, {
      name: 'Bad stage', type: 'IMPORT', energyCarrierGuid: f.carriers.gas, hubs: [{ hubGuid: f.hubs.a }], stages: ['stage-one'],
    }),
    expect: [/stages\[0\]/, /UUID/],
  },
  {
    rule: 'storage: minimumCapacity ≤ maximumCapacity',
    send: (c) => c.storageTechnologies.create(f.scenarioGuid, storage({ minimumCapacity: 500, maximumCapacity: 100 })),
    expect: [/minimumCapacity: must be ≤ maximumCapacity \(100\)/, /a minimum may not exceed its maximum/],
  },
  {
    rule: 'storage: minimumSoc ≤ maximumSocPercent',
    send: (c) => c.storageTechnologies.create(f.scenarioGuid, storage({ minimumSoc: 80, maximumSocPercent: 60 })),
    expect: [/minimumSoc: must be ≤ maximumSocPercent \(60\)/, /a minimum may not exceed its maximum/],
  },
  {
    rule: 'conversion mode: minimumCapacity ≤ maximumCapacity',
    send: (c) => c.conversionTechnologies.create(f.scenarioGuid, conversion([
      { ...mode([{ guid: f.carriers.gas, type: 'INPUT' }, { guid: f.carriers.heat, type: 'OUTPUT' }]), minimumCapacity: 500, maximumCapacity: 100 },
    ])),
    expect: [/conversionTechnologyModes\[0\]\.minimumCapacity: must be ≤ maximumCapacity \(100\)/],
  },
  {
    rule: 'conversion mode: minimumAnnualOutput ≤ maximumAnnualOutput',
    send: (c) => c.conversionTechnologies.create(f.scenarioGuid, conversion([
      { ...mode([{ guid: f.carriers.gas, type: 'INPUT' }, { guid: f.carriers.heat, type: 'OUTPUT' }]), minimumAnnualOutput: 2e6, maximumAnnualOutput: 1e6 },
    ])),
    expect: [/conversionTechnologyModes\[0\]\.minimumAnnualOutput: must be ≤ maximumAnnualOutput \(1000000\)/],
  },
  {
    rule: 'network link: minimumCapacity ≤ maximumCapacity',
    send: (c) => c.networkLinks.create(f.scenarioGuid, {
      name: 'Inverted', length: 100, technologyCapacity: 'optimize', node1Guid: f.hubs.a, node2Guid: f.hubs.b, networkTechnologyGuid: f.networkTechnologyGuid,
      minimumCapacity: 50, maximumCapacity: 10,
    }),
    expect: [/minimumCapacity: must be ≤ maximumCapacity \(10\)/],
  },
  {
    rule: 'lifetime: at most 200 years',
    send: (c) => c.conversionTechnologies.create(f.scenarioGuid, {
      ...conversion([mode([{ guid: f.carriers.gas, type: 'INPUT' }, { guid: f.carriers.heat, type: 'OUTPUT' }])]), lifetime: 1e9,
    }),
    expect: [/lifetime/, /≤ 200 years/],
  },
  {
    rule: 'cost component lifetime: at most 200 years',
    send: (c) => c.storageTechnologies.create(f.scenarioGuid, storage({ costComponents: [{ name: 'Shell', value: 10, lifetime: 1e9 }] })),
    expect: [/costComponents\[0\]\.lifetime/, /≤ 200 years/],
  },
  {
    rule: 'stage length: at most 200 years',
    send: (c) => c.stages.create(f.scenarioGuid, { name: 'Eternity', length: 1e6, index: 5 }),
    expect: [/length/, /≤ 200 years/],
  },
  {
    rule: 'profile: values within NUMERIC(16,5)',
    send: (c) => {
      const values = toProfileValues(hourly('heat'));
      values[7].demandValue = 1e308;
      return c.profiles.create(f.scenarioGuid, { name: 'Huge', values });
    },
    expect: [/values\[7\]\.demandValue/, /≤ 9999999999\.99999/],
  },
  {
    rule: 'names: at most 100 characters',
    send: (c) => c.hubs.create(f.scenarioGuid, 'H'.repeat(101)),
    expect: [/hubName/, /at most 100 characters/],
  },
];

describe('rules of the specification', () => {
  for (const c of cases) {
    it(`the service refuses: ${c.rule}, and creates nothing`, async () => {
      const before = await census(strict);
      const error = await c.send(raw).then(() => undefined, (e: unknown) => e);
      expect(error).toBeInstanceOf(BadRequestError);
      for (const pattern of c.expect) expect((error as Error).message).toMatch(pattern);
      expect((error as BadRequestError).code).toBe('ESP_400');
      expect(await census(strict)).toEqual(before);
    });

    it(`the client refuses before sending: ${c.rule}`, async () => {
      const error = await c.send(strict).then(() => undefined, (e: unknown) => e);
      expect(error).toBeInstanceOf(RequestValidationError);
      for (const pattern of c.expect) expect((error as Error).message).toMatch(pattern);
    });
  }

  it('refuses an on-site resource whose carrier is not of a resource subtype (checked by the service)', async () => {
    const before = await census(strict);
    const error = await strict.solarResources
      .create(f.scenarioGuid, { name: 'Gas PV', energyCarrierGuid: f.carriers.gas, profileId: f.profiles.solar, stages: stages(), hubs: [{ hubGuid: f.hubs.a, availableSolarCollectorArea: 10 }] })
      .then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as Error).message).toMatch(/energyCarrierGuid/);
    expect((error as Error).message).toMatch(/SOLAR_ROOF/);
    expect(await census(strict)).toEqual(before);
  });

  it('refuses a second project of the same name with 409', async () => {
    await strict.projects.create({ projectName: 'Unique name', version: 'V2' });
    const before = await census(strict);
    const error = await strict.projects.create({ projectName: 'Unique name', version: 'V2' }).then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as ConflictError).status).toBe(409);
    expect((error as Error).message).toMatch(/projectName/);
    expect(await census(strict)).toEqual(before);
  });

  it('refuses a reference to something outside the scenario, naming the field', async () => {
    const before = await census(strict);
    const error = await strict.energyDemands
      .create(f.scenarioGuid, { name: 'Ghost hub', energyCarrierGuid: f.carriers.heat, hubGuids: [f.hubs.a, crypto.randomUUID()], demandProfileId: f.profiles.heat, stages: stages() })
      .then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as Error).message).toMatch(/hubGuids\[1\]: no hub/);
    expect(await census(strict)).toEqual(before);
  });
});
