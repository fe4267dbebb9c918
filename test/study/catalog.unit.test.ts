import { describe, expect, it } from 'vitest';
import { ImpexUpdate } from '../../src/wire/contract/impex.js';
import { LEVEL_CONTEXT, MAX_MODES, describeTarget, fieldInfo, fieldSchema, fieldsOf } from '../../src/product/study/catalog.js';
import { TARGET_KINDS } from '../../src/product/study/target.js';

describe('catalog', () => {
  it('offers fields for every resource kind but hubs (a name is all they have) and profiles (scaled whole)', () => {
    for (const kind of TARGET_KINDS) {
      expect(fieldsOf(kind).length > 0, kind).toBe(kind !== 'hub' && kind !== 'profile');
    }
  });

  it('reads the fields off the update bodies, leaving out references and identities', () => {
    const impex = fieldsOf('impex').map((f) => f.field);
    expect(impex).toEqual(expect.arrayContaining(['energyPriceCHFkWh', 'maxCapacityKW', 'co2IntensityKgCo2kWh', 'year', 'suggested']));
    // Every numeric field of the contract's body is a target, so a new one needs no edit here.
    const numeric = Object.keys(ImpexUpdate.shape).filter((f) => ImpexUpdate.shape[f as keyof typeof ImpexUpdate.shape].safeParse(1).success);
    expect(numeric.length).toBeGreaterThan(8);
    for (const field of numeric.filter((f) => !f.endsWith('ProfileId'))) expect(impex).toContain(field);
    for (const kind of TARGET_KINDS) {
      for (const { field } of fieldsOf(kind)) {
        expect(field).not.toMatch(/(guids?|profileId|name)$/i);
        expect(['index', 'type', 'hubs', 'stages', 'energyCarrier', 'costComponents']).not.toContain(field);
      }
    }
    expect(fieldInfo('conversionTechnology', 'processName')).toBeUndefined();
    expect(fieldInfo('solarResource', 'profileId')).toBeUndefined();
    expect(fieldInfo('stage', 'index')).toBeUndefined();
    expect(fieldInfo('networkLink', 'node1Guid')).toBeUndefined();
    expect(fieldInfo('storageTechnology', 'evPlugInTime')).toBeUndefined();
  });

  it('tells where each field sits, and what a target needs to reach it', () => {
    expect(fieldInfo('conversionTechnology', 'variableInvestmentCost')?.level).toBe('top');
    expect(fieldInfo('conversionTechnology', 'minPartLoad')?.level).toBe('mode');
    expect(fieldInfo('conversionTechnology', 'outputEfficiency')?.level).toBe('modeCarrier');
    expect(fieldInfo('conversionTechnology', 'fixedInputShare')?.level).toBe('modeCarrier');
    expect(fieldInfo('solarResource', 'availableSolarCollectorArea')?.level).toBe('hub');
    expect(LEVEL_CONTEXT.modeCarrier).toEqual(['mode', 'carrier']);
    expect(LEVEL_CONTEXT.hub).toEqual(['hub']);
    expect(MAX_MODES).toBe(3);
  });

  it('types the values: numbers, integers, booleans, enums with their options, strings', () => {
    expect(fieldInfo('conversionTechnology', 'minimumUpTime')?.type).toBe('integer');
    expect(fieldInfo('storageTechnology', 'isEvBattery')?.type).toBe('boolean');
    expect(fieldInfo('networkLink', 'technologyCapacity')).toMatchObject({ type: 'enum', options: ['optimize', 'specify'] });
    expect(fieldInfo('impex', 'notes')?.type).toBe('string');
  });

  it('answers the contract rule of a field, unwrapped from optional and nullable', () => {
    const efficiency = fieldSchema({ kind: 'storageTechnology', name: 'Battery', field: 'storageChargingEfficiency' })!;
    expect(efficiency.safeParse(95).success).toBe(true);
    expect(efficiency.safeParse(150).success).toBe(false);
    const cost = fieldSchema({ kind: 'conversionTechnology', name: 'Heat pump', field: 'variableInvestmentCost' })!;
    expect(cost.safeParse(null).success).toBe(false);
    expect(cost.safeParse(0.1234567).success).toBe(false);
    expect(cost.safeParse(-1).success).toBe(false);
    expect(fieldSchema({ kind: 'profile', name: 'Residential heat' })).toBeUndefined();
    expect(fieldSchema({ kind: 'impex', name: 'Natural gas', field: 'nope' })).toBeUndefined();
  });

  it('describes targets for messages', () => {
    expect(describeTarget({ kind: 'conversionTechnology', name: 'Heat pump', mode: 1, carrier: 'Heat 55°C', field: 'outputEfficiency' }))
      .toBe('conversionTechnology "Heat pump", mode 1, carrier "Heat 55°C": outputEfficiency');
    expect(describeTarget({ kind: 'solarResource', name: 'Roofs', hub: 'School', field: 'availableSolarCollectorArea' }))
      .toBe('solarResource "Roofs", hub "School": availableSolarCollectorArea');
    expect(describeTarget({ kind: 'profile', name: 'Residential heat' })).toBe('profile "Residential heat"');
  });
});
