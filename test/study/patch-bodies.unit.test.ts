/**
 * Patch bodies without a service: a detail answer copied into an update body carries the keys of the
 * contract's update schema and nothing else, fills a required field the detail left unset with what
 * the model reads unset as, and rewrites hubs, carriers and modes as the update names them; a body
 * built from a detail passes the update's own schema unmodified. Applying bodies to a real scenario
 * is test/study/patch.test.ts (against the local service).
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type ConversionDetail, ConversionUpdate } from '../../src/wire/contract/conversion-technologies.js';
import { carry, UNSET_VALUES } from '../../src/product/study/patch/carry.js';
import { hubBody, stageBody } from '../../src/product/study/patch/bodies.js';
import { conversionBody } from '../../src/product/study/patch/conversion-body.js';

const STAGE = '5f0c7a52-6d4e-4c1b-9a55-0c1f3c2b7e11';

const carrier = (guid: string, name: string, share: { fixedInputShare?: number; outputEfficiency?: number }) => ({
  energyCarrierGuid: guid, energyCarrierName: name, subtypeKey: 'HEAT', typeKey: 'THERMAL', colorHexCode: '#cc0000', ...share,
});

/** A heat pump as the service answers its detail: read-only stamps and guids, carriers in full. */
const heatPump = (overrides: Partial<ConversionDetail> = {}): ConversionDetail => ({
  conversionTechnologyGuid: 'ct-1', processName: 'Heat pump', mustBeInstalledInHubs: 'canBeInstalled', lifetime: 20,
  exchangeCurrency: null, exchangeRate: null, created: '2026-01-01T00:00:00Z', updated: '2026-01-02T00:00:00Z',
  hubs: [{ hubGuid: 'hub-1', hubName: 'Residential block', updated: '2026-01-02T00:00:00Z' }],
  technologyModes: [{
    technologyModeGuid: 'mode-1', minPartLoad: 20, seasonalOperationName: 'ALL_SEASONS', seasonalOperationValue: 'ALL_SEASONS', simultaneousOperation: null,
    inputEnergyCarriers: [carrier('c-el', 'Electricity', { fixedInputShare: 100 })],
    outputEnergyCarriers: [carrier('c-heat', 'Heat 55°C', { outputEfficiency: 300 })],
  }],
  partOfTechnologyPackage: false, category: 'Heat pumps', variableInvestmentCost: 1100, variableReplacementCostPercent: null,
  stages: [STAGE],
  ...overrides,
});

describe('carry', () => {
  const Update = z.object({ name: z.string(), exchangeRate: z.number(), exchangeCurrency: z.string(), variableSalvageValuePercent: z.number().nullish(), notes: z.string().nullish() });

  it('carries every key of the update schema and nothing else, a key the detail lacks as undefined', () => {
    const body = carry(Update, { name: 'Boiler', exchangeRate: 1.1, exchangeCurrency: 'EUR', guid: 'g-1', updated: 'yesterday' });
    expect(Object.keys(body).sort()).toEqual(['exchangeCurrency', 'exchangeRate', 'name', 'notes', 'variableSalvageValuePercent']);
    expect(body).toEqual({ name: 'Boiler', exchangeRate: 1.1, exchangeCurrency: 'EUR', variableSalvageValuePercent: undefined, notes: undefined });
    expect('notes' in body).toBe(true);
    expect(JSON.parse(JSON.stringify(body))).toEqual({ name: 'Boiler', exchangeRate: 1.1, exchangeCurrency: 'EUR' });
  });

  it('sends a required field the detail left unset as what the model reads unset as, and leaves an optional one unset', () => {
    const body = carry(Update, { name: 'Boiler', exchangeRate: null, variableSalvageValuePercent: null });
    expect(body.exchangeRate).toBe(UNSET_VALUES.exchangeRate);
    expect(body.exchangeCurrency).toBe(UNSET_VALUES.exchangeCurrency);
    // Nullable in the update: the body keeps the detail's null rather than invent a value.
    expect(body.variableSalvageValuePercent).toBeNull();
    // A set value is never replaced, not even a falsy one.
    expect(carry(Update, { name: '', exchangeRate: 0, exchangeCurrency: '' })).toMatchObject({ name: '', exchangeRate: 0, exchangeCurrency: '' });
  });
});

describe('update bodies of the simple kinds', () => {
  it('carry the stage\'s and the hub\'s fields by key, without their guids and stamps', () => {
    expect(hubBody({ hubGuid: 'hub-1', hubName: 'School', created: 'a', updated: 'b' })).toEqual({ hubName: 'School' });
    const stage = stageBody({ guid: STAGE, name: '2026–2045', length: 20, interestRate: 2.5, inflationRate: null, index: 0, updated: 'b' });
    expect(stage).toEqual({ name: '2026–2045', length: 20, interestRate: 2.5, inflationRate: null, index: 0 });
  });
});

describe('conversionBody', () => {
  it('is a body the update accepts as it is, from a detail answer', () => {
    const body = conversionBody(heatPump());
    expect(ConversionUpdate.safeParse(body).error?.issues ?? []).toEqual([]);
  });

  it('gives hubs and mode carriers as references and entries, and leaves out what only the detail has', () => {
    const body = conversionBody(heatPump());
    expect(body.hubs).toEqual([{ hubGuid: 'hub-1' }]);
    for (const key of ['conversionTechnologyGuid', 'created', 'updated', 'category', 'partOfTechnologyPackage']) expect(body).not.toHaveProperty(key);
    const [mode] = body.technologyModes as Record<string, unknown>[];
    expect(mode).not.toHaveProperty('technologyModeGuid');
    expect(mode.minPartLoad).toBe(20);
    const [input] = mode.inputEnergyCarriers as Record<string, unknown>[];
    const [output] = mode.outputEnergyCarriers as Record<string, unknown>[];
    expect(JSON.parse(JSON.stringify(input))).toEqual({ energyCarrierGuid: 'c-el', fixedInputShare: 100 });
    expect(JSON.parse(JSON.stringify(output))).toEqual({ energyCarrierGuid: 'c-heat', outputEfficiency: 300 });
  });

  it('fills the required fields the detail left unset, so the scenario means the same after the write', () => {
    const body = conversionBody(heatPump());
    expect([body.exchangeCurrency, body.exchangeRate]).toEqual(['CHF', 1]);
    expect((body.technologyModes as Record<string, unknown>[])[0].simultaneousOperation).toBe(true);
    // Optional in the update: left unset, the model's default applies as before.
    expect(body.variableReplacementCostPercent).toBeNull();
    const set = conversionBody(heatPump({ exchangeCurrency: 'EUR', exchangeRate: 0.95 }));
    expect([set.exchangeCurrency, set.exchangeRate]).toEqual(['EUR', 0.95]);
  });

  it('shares nothing with the detail it reads: changing the body leaves the detail as read', () => {
    const detail = heatPump();
    const copy = structuredClone(detail);
    const body = conversionBody(detail);
    const [mode] = body.technologyModes as { minPartLoad: number; inputEnergyCarriers: { fixedInputShare: number }[] }[];
    mode.minPartLoad = 50;
    mode.inputEnergyCarriers[0].fixedInputShare = 80;
    (body.hubs as { hubGuid: string }[])[0].hubGuid = 'hub-2';
    expect(detail).toEqual(copy);
  });
});
