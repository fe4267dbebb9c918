/**
 * Applying a variant's assignment, against the real local service over HTTP: the demo district is
 * the base, each test patches a fresh copy of it and compares detail answers before and after, and
 * the service's per-operation counters tell which calls were made.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roundBounded } from '../../src/wire/contract/primitives.js';
import { fromProfileValues } from '../../src/wire/contract/profiles.js';
import { BadRequestError, type PlanningClient, RequestValidationError } from '../../src/wire/client/index.js';
import { buildDemoDistrict } from '../../src/tooling/demo/district.js';
import { UNSET_VALUES } from '../../src/product/study/patch/carry.js';
import { applyAssignment, PatchError } from '../../src/product/study/patch/index.js';
import { RESOURCES, type ResourceKind } from '../../src/product/study/patch/resources.js';
import type { Assignment, Operation, Parameter, ParameterValue, Target } from '../../src/product/study/target.js';
import { startTestService, type TestService } from '../support/service.js';

let service: TestService;
let client: PlanningClient;
let base: string;
let variants = 0;

beforeAll(async () => {
  service = await startTestService();
  client = service.client();
  const project = await client.projects.create({ projectName: 'Patch study', version: 'V2' });
  const analysis = await client.analyses.create(project.projectGuid, 'Sweep');
  base = await buildDemoDistrict(client, analysis.analysisGuid);
  // The demo has neither a package nor an intra-hub link; the base gets one of each so every kind is covered.
  const technologies = await client.conversionTechnologies.list(base);
  const guidOf = (name: string) => technologies.find((t) => t.processName === name)!.conversionTechnologyGuid;
  await client.technologyPackages.create(base, { name: 'Heating', conversionTechnologies: [guidOf('Heat pump'), guidOf('Gas boiler')], maximumConversions: 2 });
  const electricity = (await client.carriers.list(base)).find((c) => c.energyCarrierName === 'Electricity')!.energyCarrierGuid;
  const [residential] = await client.hubs.list(base);
  const [stage] = await client.stages.list(base);
  await client.intraHubLinks.create(base, {
    name: 'Transformer', inputEnergyCarrierGuid: electricity, outputEnergyCarrierGuid: electricity, hubGuids: [residential.hubGuid],
    stages: [stage.guid], networkLoss: 1,
  });
});

afterAll(() => service?.close());

const newVariant = async () => (await client.scenarios.copy(base, { name: `Variant ${++variants}` })).scenarioGuid;

const parameter = (name: string, target: Target, operation: Operation = 'set'): Parameter => ({ name, target, operation });

const apply = (scenarioGuid: string, parameters: Parameter[], assignment: Assignment) =>
  applyAssignment(client, { baseScenarioGuid: base, scenarioGuid, parameters, assignment });

/** The operations called (with their counts) while `run` ran. */
async function callsDuring(run: () => Promise<unknown>): Promise<Record<string, number>> {
  const before = (await service.admin('/calls')) as Record<string, number>;
  await run();
  const after = (await service.admin('/calls')) as Record<string, number>;
  return Object.fromEntries(Object.entries(after).filter(([op, n]) => n !== (before[op] ?? 0)).map(([op, n]) => [op, n - (before[op] ?? 0)]));
}

const writes = (calls: Record<string, number>) => Object.keys(calls).filter((op) => /\.(update|create|delete)$/.test(op));

async function detailOf(scenarioGuid: string, kind: ResourceKind, name: string) {
  const handle = (await RESOURCES[kind].list(client, scenarioGuid)).find((h) => h.name === name)!;
  return (await handle.read()).detail;
}

// The service stamps every update and gives a conversion technology's modes new guids each time.
const STAMPS = new Set(['updated', 'technologyModeGuid']);

/** Paths of the values that differ, leaving out stamps and fields the update requires that were unset. */
function changedPaths(before: unknown, after: unknown, path = ''): string[] {
  if (typeof before === 'object' && before !== null && typeof after === 'object' && after !== null) {
    const b = before as Record<string, unknown>;
    const a = after as Record<string, unknown>;
    return [...new Set([...Object.keys(b), ...Object.keys(a)])]
      .filter((key) => !STAMPS.has(key) && !(b[key] == null && a[key] === UNSET_VALUES[key]))
      .flatMap((key) => changedPaths(b[key], a[key], Array.isArray(before) ? `${path}[${key}]` : path ? `${path}.${key}` : key));
  }
  return (before ?? null) === (after ?? null) ? [] : [path];
}

const valueAt = (detail: unknown, path: string) =>
  path.split(/[.[\]]+/).filter(Boolean).reduce<unknown>((value, key) => (value as Record<string, unknown>)[key], detail);

describe('applyAssignment', () => {
  const fieldCases: { label: string; target: Target & { kind: ResourceKind }; value: ParameterValue; path: string; stored: ParameterValue }[] = [
    { label: 'a conversion technology field', target: { kind: 'conversionTechnology', name: 'Heat pump', field: 'variableInvestmentCost' }, value: 1234.5, path: 'variableInvestmentCost', stored: 1234.5 },
    { label: 'a mode field', target: { kind: 'conversionTechnology', name: 'Gas boiler', field: 'minPartLoad', mode: 1 }, value: 30, path: 'technologyModes[0].minPartLoad', stored: 30 },
    {
      label: 'a mode-carrier field, rounded to 5 decimals', target: { kind: 'conversionTechnology', name: 'Heat pump', field: 'outputEfficiency', mode: 1, carrier: 'Heat 55°C' },
      value: 345.123456, path: 'technologyModes[0].outputEnergyCarriers[0].outputEfficiency', stored: 345.12346,
    },
    { label: 'a storage field', target: { kind: 'storageTechnology', name: 'Battery', field: 'storageChargingEfficiency' }, value: 92.5, path: 'storageChargingEfficiency', stored: 92.5 },
    { label: 'an impex price', target: { kind: 'impex', name: 'Natural gas', field: 'energyPriceCHFkWh' }, value: 0.15, path: 'energyPriceCHFkWh', stored: 0.15 },
    { label: 'a demand scaling factor', target: { kind: 'energyDemand', name: 'School heat', field: 'demandScalingFactor' }, value: 1.2, path: 'demandScalingFactor', stored: 1.2 },
    { label: 'a stage interest rate', target: { kind: 'stage', name: '2026–2045', field: 'interestRate' }, value: 2.5, path: 'interestRate', stored: 2.5 },
    { label: 'an on-site resource area of one hub', target: { kind: 'solarResource', name: 'Roofs', field: 'availableSolarCollectorArea', hub: 'School' }, value: 2100, path: 'hubs[1].availableSolarCollectorArea', stored: 2100 },
    { label: 'a network link length', target: { kind: 'networkLink', name: 'Heat pipe', field: 'length' }, value: 240, path: 'length', stored: 240 },
    { label: 'a network technology cost', target: { kind: 'networkTechnology', name: 'Heat pipe DN65', field: 'variableInvestmentCost' }, value: 0.8, path: 'variableInvestmentCost', stored: 0.8 },
    { label: 'a carrier colour', target: { kind: 'carrier', name: 'Natural gas', field: 'colorHexCode' }, value: '#222222', path: 'colorHexCode', stored: '#222222' },
    { label: 'a technology package limit', target: { kind: 'technologyPackage', name: 'Heating', field: 'maximumConversions' }, value: 1, path: 'maximumConversions', stored: 1 },
    { label: 'an intra-hub link loss', target: { kind: 'intraHubLink', name: 'Transformer', field: 'networkLoss' }, value: 2, path: 'networkLoss', stored: 2 },
  ];

  it.each(fieldCases)('sets $label and nothing else of the resource', async ({ target, value, path, stored }) => {
    const variant = await newVariant();
    const before = await detailOf(variant, target.kind, target.name);
    const results = await apply(variant, [parameter('p', target)], { p: value });
    const after = await detailOf(variant, target.kind, target.name);
    expect(changedPaths(before, after)).toEqual([path]);
    expect(valueAt(after, path)).toBe(stored);
    expect(results).toEqual([{ parameter: 'p', changed: true, before: valueAt(before, path), after: stored }]);
  });

  it('applies several parameters on one resource in one update', async () => {
    const variant = await newVariant();
    const heatPump = { kind: 'conversionTechnology', name: 'Heat pump' } as const;
    const parameters = [
      parameter('cost', { ...heatPump, field: 'variableInvestmentCost' }, 'scale'),
      parameter('part_load', { ...heatPump, field: 'minPartLoad', mode: 1 }),
      parameter('cop', { ...heatPump, field: 'outputEfficiency', mode: 1, carrier: 'Heat 55°C' }),
    ];
    const before = await detailOf(variant, 'conversionTechnology', 'Heat pump');
    const calls = await callsDuring(() => apply(variant, parameters, { cost: 0.9, part_load: 10, cop: 300 }));
    expect(writes(calls)).toEqual(['conversionTechnologies.update']);
    expect(calls['conversionTechnologies.update']).toBe(1);
    const after = await detailOf(variant, 'conversionTechnology', 'Heat pump');
    expect(changedPaths(before, after).sort()).toEqual(
      ['technologyModes[0].minPartLoad', 'technologyModes[0].outputEnergyCarriers[0].outputEfficiency', 'variableInvestmentCost'],
    );
    expect(after.variableInvestmentCost).toBe(990);
  });

  it('scales a field from the base scenario even when the variant was changed already', async () => {
    const variant = await newVariant();
    const cost = [parameter('cost', { kind: 'conversionTechnology', name: 'Heat pump', field: 'variableInvestmentCost' }, 'scale')];
    await apply(variant, cost, { cost: 1.2 });
    expect((await detailOf(variant, 'conversionTechnology', 'Heat pump')).variableInvestmentCost).toBe(1320);
    // 1100 (the base) × 1.5, not 1320 × 1.5: a retry after a partial run must not compound.
    expect(await apply(variant, cost, { cost: 1.5 })).toEqual([{ parameter: 'cost', changed: true, before: 1320, after: 1650 }]);
    expect((await detailOf(variant, 'conversionTechnology', 'Heat pump')).variableInvestmentCost).toBe(1650);
    const again = await callsDuring(async () => expect((await apply(variant, cost, { cost: 1.5 }))[0].changed).toBe(false));
    expect(writes(again)).toEqual([]);
  });

  it('scales a profile hour by hour from the base scenario and writes it once', async () => {
    const variant = await newVariant();
    const tariff = [parameter('tariff', { kind: 'profile', name: 'Grid tariff' }, 'scale')];
    const calls = await callsDuring(() => apply(variant, tariff, { tariff: 1.1 }));
    expect(writes(calls)).toEqual(['profiles.update']);
    const read = async (scenarioGuid: string, name: string) => {
      const { id } = (await client.profiles.list(scenarioGuid)).find((p) => p.name === name)!;
      return client.profiles.retrieve(scenarioGuid, id);
    };
    const original = fromProfileValues((await read(base, 'Grid tariff')).values);
    const scaled = await read(variant, 'Grid tariff');
    expect(scaled.name).toBe('Grid tariff');
    expect(Array.from(fromProfileValues(scaled.values))).toEqual(Array.from(original, (v) => roundBounded(v * 1.1)));
    expect((await read(variant, 'Residential heat')).values).toEqual((await read(base, 'Residential heat')).values);
    const again = await callsDuring(() => apply(variant, tariff, { tariff: 1.1 }));
    expect(writes(again)).toEqual([]);
  });

  it('makes no update call at all when the same assignment is applied a second time', async () => {
    const variant = await newVariant();
    const parameters = [
      parameter('hp_cost', { kind: 'conversionTechnology', name: 'Heat pump', field: 'variableInvestmentCost' }, 'scale'),
      parameter('hp_cop', { kind: 'conversionTechnology', name: 'Heat pump', field: 'outputEfficiency', mode: 1, carrier: 'Heat 55°C' }),
      parameter('gas_price', { kind: 'impex', name: 'Natural gas', field: 'energyPriceCHFkWh' }),
      parameter('roof_area', { kind: 'solarResource', name: 'Roofs', field: 'availableSolarCollectorArea', hub: 'Residential block' }, 'scale'),
      parameter('tariff', { kind: 'profile', name: 'Grid tariff' }, 'scale'),
    ];
    const assignment = { hp_cost: 1.2, hp_cop: 345.123456, gas_price: 0.15, roof_area: 0.5, tariff: 1.1 };
    const first = await callsDuring(async () => expect((await apply(variant, parameters, assignment)).every((r) => r.changed)).toBe(true));
    expect(writes(first).sort()).toEqual(['conversionTechnologies.update', 'impex.update', 'profiles.update', 'solarResources.update']);
    const second = await callsDuring(async () => expect((await apply(variant, parameters, assignment)).some((r) => r.changed)).toBe(false));
    expect(writes(second)).toEqual([]);
    expect(Object.keys(second).every((op) => /\.(list|retrieve)$/.test(op))).toBe(true);
  });

  const missing: { label: string; target: Target; message: RegExp }[] = [
    { label: 'resource', target: { kind: 'conversionTechnology', name: 'Fuel cell', field: 'variableInvestmentCost' }, message: /no conversion technology named "Fuel cell"/ },
    { label: 'mode', target: { kind: 'conversionTechnology', name: 'Heat pump', field: 'minPartLoad', mode: 2 }, message: /has no mode 2/ },
    { label: 'carrier', target: { kind: 'conversionTechnology', name: 'Heat pump', field: 'outputEfficiency', mode: 1, carrier: 'Steam' }, message: /no carrier named "Steam" in mode 1/ },
    { label: 'hub', target: { kind: 'solarResource', name: 'Roofs', field: 'availableSolarCollectorArea', hub: 'Gym' }, message: /no hub named "Gym"/ },
    { label: 'profile', target: { kind: 'profile', name: 'Wind speed' }, message: /no profile named "Wind speed"/ },
    { label: 'field', target: { kind: 'storageTechnology', name: 'Battery', field: 'colour' }, message: /"colour" is not a field/ },
  ];

  it.each(missing)('throws a PatchError naming the parameter for a missing $label, and writes nothing', async ({ target, message }) => {
    const variant = await newVariant();
    const parameters = [
      parameter('gas_price', { kind: 'impex', name: 'Natural gas', field: 'energyPriceCHFkWh' }),
      parameter('broken', target, target.kind === 'profile' ? 'scale' : 'set'),
    ];
    let error: unknown;
    const calls = await callsDuring(() => apply(variant, parameters, { gas_price: 0.2, broken: 2 }).catch((e: unknown) => (error = e)));
    expect(error).toBeInstanceOf(PatchError);
    expect((error as PatchError).message).toMatch(/^parameter "broken": /);
    expect((error as PatchError).message).toMatch(message);
    expect((error as PatchError).retryable).toBe(false);
    expect(writes(calls)).toEqual([]);
  });

  it('refuses a name that several resources share', async () => {
    const variant = await newVariant();
    await client.carriers.create(variant, { subType: 'GAS', energyCarrierName: 'Natural gas' });
    const colour = [parameter('colour', { kind: 'carrier', name: 'Natural gas', field: 'colorHexCode' })];
    await expect(apply(variant, colour, { colour: '#000000' })).rejects.toThrow(/more than one energy carrier is named "Natural gas"/);
  });

  it('refuses parameters that cannot be applied as given', async () => {
    const variant = await newVariant();
    const gas = { kind: 'impex', name: 'Natural gas', field: 'energyPriceCHFkWh' } as const;
    await expect(apply(variant, [parameter('p', gas), parameter('q', gas, 'scale')], { p: 0.2, q: 2 })).rejects.toThrow(/"q": changes the same target as parameter "p"/);
    await expect(apply(variant, [parameter('p', gas, 'scale')], { p: 'double' })).rejects.toThrow(PatchError);
    await expect(apply(variant, [parameter('p', gas)], {})).rejects.toThrow(/"p": has no value in the assignment/);
    await expect(apply(variant, [parameter('p', { kind: 'profile', name: 'Grid tariff' })], { p: 1 })).rejects.toThrow(/can only be scaled/);
  });

  it('surfaces the contract refusing a value, from the client or from the service', async () => {
    const variant = await newVariant();
    const lifetime = [parameter('life', { kind: 'conversionTechnology', name: 'Heat pump', field: 'lifetime' })];
    await expect(apply(variant, lifetime, { life: -5 })).rejects.toBeInstanceOf(RequestValidationError);
    const unchecked = service.client({ validateRequests: false });
    const refused = applyAssignment(unchecked, { baseScenarioGuid: base, scenarioGuid: variant, parameters: lifetime, assignment: { life: -5 } });
    await expect(refused).rejects.toBeInstanceOf(BadRequestError);
    await expect(refused).rejects.toMatchObject({ status: 400 });
    expect((await detailOf(variant, 'conversionTechnology', 'Heat pump')).lifetime).toBe(20);
  });
});
