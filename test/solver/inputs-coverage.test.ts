/**
 * Inputs the optimiser does not honour are named, per resource and column of the specs workbook;
 * strict mode refuses to solve them; a capacity stopped by the model's internal cap, not by the
 * optimum, is named in the results.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readScenarioWorkbook } from '../../src/local-service/specs-workbook/read-workbook.js';
import { writeScenarioWorkbook } from '../../src/local-service/specs-workbook/write-workbook.js';
import { unhonouredInputs } from '../../src/local-service/optimiser/model/coverage.js';
import { optimise } from '../../src/local-service/optimiser/optimise.js';
import type { OptimiseSettings } from '../../src/local-service/optimiser/settings.js';
import { runNotes } from '../../src/local-service/optimiser/run-notes.js';
import { tempDir } from '../support/service.js';
import { constant, electricityHub, heatingCase } from './support/content.js';

const settings = (overrides: Partial<OptimiseSettings> = {}): OptimiseSettings => ({
  objective1: 'MIN_LIFE_CYCLE_COST', points: 1, resolution: 'FULL', timeLimitMinutes: 2, mipGapPercent: 0.1, ...overrides,
});

/** The heating case with a boiler and, on top, inputs the model has no term for. */
function unhonouredCase() {
  const { b, hub, gas, electricity, heat } = heatingCase();
  b.conversion('Boiler', [hub], { [gas]: 100 }, { [heat]: 90 }, { variableInvestmentCost: 100, lifetime: 1, technologyOptional: true });
  b.conversion('Virtual grid', [hub], { [electricity]: 100 }, { [heat]: 100 }, { virtual: true, variableInvestmentCost: 1, lifetime: 1 });
  b.storage('Fleet', [hub], electricity, {
    variableInvestmentCost: 1, isEvBattery: true, evBatterySizeKWh: 60, evPlugInTime: { hour: 18, minute: 0 }, evPlugOutTime: { hour: 7, minute: 30 }, drivingDistanceKms: 40,
  });
  b.carrier('HEAT_2', 'Waste heat', { allowVirtualLoad: true });
  b.demand({ energyCarrierGuid: heat, hubGuids: [hub], demandProfileId: b.profile('sold heat', constant(0)), energyDemandName: 'Sold heat', demandSalePriceProfileId: b.profile('heat price', constant(0.12)) });
  return b.build();
}

describe('inputs not honoured', () => {
  it('names each by sheet, resource, column and value, with what the optimiser does instead', () => {
    const listed = unhonouredInputs(unhonouredCase()).map((u) => `${u.sheet} › ${u.resource} › ${u.field} = ${u.value}`);
    expect(listed).toEqual([
      'Energy Carriers › Waste heat › Allow Virtual Load = TRUE',
      'Conversion Techs › Boiler › Technology Optional = TRUE',
      'Conversion Techs › Virtual grid › Virtual Technology = TRUE',
      'Storage Techs › Fleet › EV Battery = TRUE',
      'Storage Techs › Fleet › EV Plug-in Time [hh:mm] = 18:00',
      'Storage Techs › Fleet › EV Plug-out Time [hh:mm] = 07:30',
      'Storage Techs › Fleet › EV Driving Distance [km] = 40',
      'Storage Techs › Fleet › EV Battery Size [kWh] = 60',
      'Demands › Sold heat › Sale Price Profile Key = 3 (heat price)',
    ]);
    for (const u of unhonouredInputs(unhonouredCase())) expect(u.instead.length, u.field).toBeGreaterThan(10);
  });

  it('finds the same list in the specs workbook a job solves (the fields survive its round trip)', async () => {
    const content = unhonouredCase();
    const again = await readScenarioWorkbook(await writeScenarioWorkbook(content, { scenarioName: 'inputs' }));
    expect(unhonouredInputs(again)).toEqual(unhonouredInputs(content));
  });

  it('names a secondary mode\'s capacities, up and down times without a part load, and cost components no cost reads', () => {
    const { b, hub, gas, electricity, heat } = heatingCase();
    const guid = b.conversion('Boiler', [hub], { [gas]: 100 }, { [heat]: 90 }, {
      lifetime: 1,
      costComponents: [
        { guid: 'c1', name: 'Controls', value: 500, category: 'MEASUREMENT_CONTROL_REGULATION' },
        { guid: 'c2', name: 'Permit', value: 300, category: null },
      ],
    });
    b.storage('Tank', [hub], heat, { costComponents: [{ guid: 'c3', name: 'Pumping', value: 0.01, category: 'VARIABLE_OM_COSTS_CHF_KWH' }] });
    const content = b.build();
    const modes = content.resources.conversion.find((c) => c.guid === guid)!.doc.modes;
    modes[0].minimumUpTime = 3;
    modes.push({ ...modes[0], technologyModeGuid: 'm2', primary: false, maximumCapacity: 5, minimumUpTime: null, minimumDownTime: 2, inputs: [{ energyCarrierGuid: electricity, fixedInputShare: 100 }] });
    expect(unhonouredInputs(content).map((u) => `${u.sheet} › ${u.resource} › ${u.field} = ${u.value}`)).toEqual([
      'Conversion Tech Modes › Boiler (mode 1) › Minimum Up Time [h] = 3',
      'Conversion Tech Modes › Boiler (mode 2) › Maximum Capacity [kW] = 5',
      'Conversion Tech Modes › Boiler (mode 2) › Minimum Down Time [h] = 2',
      'Conversion Techs › Boiler › Cost Components (JSON) = Permit: 300 (no category)',
      'Storage Techs › Tank › Cost Components (JSON) = Pumping: 0.01 (VARIABLE_OM_COSTS_CHF_KWH)',
    ]);
  });

  it('lists nothing for a scenario the model honours fully', () => {
    const { b, hub, gas, heat } = heatingCase();
    b.conversion('Boiler', [hub], { [gas]: 100 }, { [heat]: 90 }, { variableInvestmentCost: 100, lifetime: 1 });
    b.storage('Battery', [hub], heat, { isEvBattery: false });
    expect(unhonouredInputs(b.build())).toEqual([]);
  });

  it('solves anyway and reports them as warnings and Run-sheet notes', async () => {
    const result = await optimise(unhonouredCase(), settings());
    if (result.kind !== 'solved') throw new Error(result.kind);
    const { notes, warnings } = runNotes(result);
    expect(warnings).toHaveLength(9);
    expect(warnings[0]).toBe('not honoured: Energy Carriers › Waste heat › Allow Virtual Load = TRUE; supply must equal demand exactly in every hour; no surplus is dumped');
    for (const w of warnings) expect(notes).toContain(w);
  });

  it('refuses to solve in strict mode, naming every input', async () => {
    const result = await optimise(unhonouredCase(), settings({ strict: true }));
    expect(result.kind).toBe('failed');
    const message = result.kind === 'failed' ? result.message : '';
    expect(message).toMatch(/^Strict mode: the optimiser would not honour 9 inputs, so it did not solve\./);
    expect(message).toContain('Storage Techs › Fleet › EV Battery Size [kWh] = 60');
    expect(message).toContain('Demands › Sold heat › Sale Price Profile Key = 3 (heat price)');
  });

  it('refuses in strict mode a part load the binary budget relaxes, and solves it when the budget allows it', async () => {
    const { b, hub, gas, heat } = heatingCase();
    const boiler = b.conversion('Boiler', [hub], { [gas]: 100 }, { [heat]: 90 }, { variableInvestmentCost: 100, lifetime: 1 });
    const content = b.build();
    content.resources.conversion.find((c) => c.guid === boiler)!.doc.modes[0].minPartLoad = 30;
    const refused = await optimise(content, settings({ strict: true, resolution: 'LOW' }));
    expect(refused.kind === 'failed' && refused.message).toMatch(/Conversion Tech Modes › Boiler @ Hub › Minimum Part Load \[%\] = 30; relaxed: it needs \d+ hourly on\/off binaries, 0 of the budget of 0 are left/);
    const solved = await optimise(content, settings({ strict: true, resolution: 'LOW', partLoadBinaries: 8760 }));
    expect(solved.kind).toBe('solved');
  });
});

describe('sweep solve --strict', () => {
  it('exits 1 naming the relaxed part load, and without --strict solves and prints it as a warning', async () => {
    const { b, hub, gas, heat } = heatingCase();
    const boiler = b.conversion('Boiler', [hub], { [gas]: 100 }, { [heat]: 90 }, { variableInvestmentCost: 100, lifetime: 1 });
    const content = b.build();
    content.resources.conversion.find((c) => c.guid === boiler)!.doc.modes[0].minPartLoad = 30;
    const dir = tempDir('sweep-strict-');
    const workbook = join(dir, 'part-load.xlsx');
    writeFileSync(workbook, await writeScenarioWorkbook(content, { scenarioName: 'part-load' }));
    const run = (...flags: string[]) => {
      const cli = spawnSync(process.execPath, ['bin/sweep.js', 'solve', workbook, '--resolution', 'LOW', '--out', dir, ...flags], { encoding: 'utf8' });
      return { status: cli.status, stderr: cli.stderr, last: JSON.parse(cli.stdout.trim().split('\n').at(-1)!) };
    };
    const strict = run('--strict');
    expect(strict.status, strict.stderr).toBe(1);
    expect(strict.last.status).toBe('failed');
    expect(strict.last.reason).toMatch(/^Strict mode: .*Conversion Tech Modes › Boiler @ Hub › Minimum Part Load \[%\] = 30; relaxed/);
    const lenient = run();
    expect(lenient.status, lenient.stderr).toBe(0);
    expect(lenient.last.warnings).toEqual([expect.stringMatching(/Boiler @ Hub › Minimum Part Load \[%\] = 30; relaxed/)]);
    expect(lenient.stderr).toMatch(/^warning: not honoured: Conversion Tech Modes › Boiler @ Hub/m);
  }, 120_000);
});

describe('internal capacity caps', () => {
  /**
   * Gas at 0.10 CHF/kWh turned 1:1 into electricity sold at 0.50: every kW of generator (10 CHF)
   * earns 0.40 × 8,760 h, so nothing but the model's cap stops it. The cap is max(1,000 kW, 20 ×
   * the 1 kW peak demand) = 1,000 kW: 1,000 kW run all year, 1 kW to the demand and 999 exported:
   * 10 × 1,000 + 0.10 × 8,760,000 − 0.50 × 999 × 8,760 = 10,000 + 876,000 − 4,375,620 = −3,489,620.
   */
  function generatorCase(maximumCapacity?: number) {
    const { b, hub, electricity } = electricityHub(1);
    const gas = b.carrier('GAS', 'Gas');
    b.impex({ type: 'IMPORT', energyCarrierGuid: gas, hubGuids: [hub], energyPriceCHFkWh: 0.1 });
    b.impex({ type: 'EXPORT', energyCarrierGuid: electricity, hubGuids: [hub], energyPriceCHFkWh: 0.5 });
    const generator = b.conversion('Generator', [hub], { [gas]: 100 }, { [electricity]: 100 }, { variableInvestmentCost: 10, lifetime: 1 });
    const content = b.build();
    content.resources.conversion.find((c) => c.guid === generator)!.doc.modes[0].maximumCapacity = maximumCapacity ?? null;
    return content;
  }

  it('says so when a capacity without a maximum ends at the internal cap', async () => {
    const result = await optimise(generatorCase(), settings());
    if (result.kind !== 'solved') throw new Error(result.kind);
    expect(result.points[0].objectives.MIN_LIFE_CYCLE_COST).toBeCloseTo(-3_489_620, 2);
    const { notes, warnings } = runNotes(result);
    expect(warnings).toEqual([
      'Generator @ Hub is at the model\'s internal capacity cap of 1000 kW (no maximum capacity given): the optimum may want more, or its size costs nothing and is arbitrary; set a Maximum Capacity (solution 1)',
    ]);
    expect(notes).toContain(warnings[0]);
  });

  it('says nothing when the user\'s own maximum binds', async () => {
    // 500 kW: 5,000 + 438,000 − 0.5 × 499 × 8,760 = 443,000 − 2,185,620 = −1,742,620.
    const result = await optimise(generatorCase(500), settings());
    if (result.kind !== 'solved') throw new Error(result.kind);
    expect(result.points[0].objectives.MIN_LIFE_CYCLE_COST).toBeCloseTo(-1_742_620, 2);
    expect(runNotes(result).warnings).toEqual([]);
  });
});
