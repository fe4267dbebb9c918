import { readFileSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { StudyFileError, loadStudyFile, parseStudy } from '../../src/product/study/load.js';
import { problemsOf } from '../support/study-problems.js';

const EXAMPLE = resolve(import.meta.dirname, '../../examples/demo-study.yaml');

/** A valid study, assembled from sections that a case replaces. */
const SECTIONS = {
  head: 'version: 1\nname: t\n',
  base: 'base: { project: Demo, analysis: Base, scenario: Demo district }\ndestination: { analysis: Sweep }\n',
  parameters: [
    'parameters:',
    '  - name: hp_cost',
    '    target: { kind: conversionTechnology, name: Heat pump, field: variableInvestmentCost }',
    '    values: [800, 1100]',
    '',
  ].join('\n'),
  variants: 'variants: { method: grid }\n',
  solver: 'solver: { objective1: MIN_LIFE_CYCLE_COST, points: 1, temporalResolution: LOW, timeLimit: 10, mipGap: 1 }\n',
  tail: 'concurrency: 2\noutput: out\n',
};
const studyText = (over: Partial<typeof SECTIONS> & { extra?: string } = {}) =>
  Object.values({ ...SECTIONS, ...over }).join('');

/** A parameters section from `[name, target, rest]` triples. */
const params = (...items: [string, string, string][]) =>
  `parameters:\n${items.map(([name, target, rest]) => `  - name: ${name}\n    target: ${target}\n${rest ? `    ${rest.split('\n').join('\n    ')}\n` : ''}`).join('')}`;


/** The 1-based line of the first line holding the needle. */
const lineWith = (text: string, needle: string) => {
  const index = text.split('\n').findIndex((l) => l.includes(needle));
  if (index < 0) throw new Error(`no line holds ${needle}`);
  return index + 1;
};

interface Case {
  text: string;
  path: string;
  /** A needle on the expected line, or the line itself. */
  at: string | number;
  message: RegExp;
  format?: 'yaml' | 'json';
}

const HP = '{ kind: conversionTechnology, name: Heat pump, field: variableInvestmentCost }';
const BATTERY_EFF = '{ kind: storageTechnology, name: Battery, field: storageChargingEfficiency }';
const HEAT = '{ kind: profile, name: Residential heat }';
const ROOF = '{ kind: solarResource, name: Roofs, hub: School, field: availableSolarCollectorArea }';

const CASES: Record<string, Case> = {
  'a YAML syntax error': {
    text: studyText({ variants: 'variants: { method: grid\nsolver_x: 1\n' }), path: 'variants', at: 'variants:', message: /is not valid YAML: .*\(it opens here and is not closed before line \d+\)/,
  },
  'a duplicated YAML key': {
    text: studyText({ extra: 'concurrency: 3\n' }), path: 'concurrency', at: 'concurrency: 3', message: /is given twice \(first on line \d+\)/,
  },
  'a JSON syntax error': {
    text: '{\n  "version": 1,\n  "name": "t",\n}\n', format: 'json', path: '', at: 4, message: /is not valid JSON/,
  },
  'a duplicated JSON key': {
    text: '{\n  "version": 1,\n  "version": 1\n}\n', format: 'json', path: 'version', at: 3, message: /is given twice \(first on line 2\)/,
  },
  'an empty file': { text: '# nothing yet\n', path: '', at: 1, message: /is empty/ },
  'a list instead of a mapping': { text: '- version: 1\n', path: '', at: 1, message: /must be an object, not an array/ },
  'an unknown top-level key': {
    text: studyText({ extra: 'paramters: []\n' }), path: 'paramters', at: 'paramters', message: /is not a field of the study; did you mean parameters\?/,
  },
  'an unknown key in a parameter': {
    text: studyText({ parameters: params(['hp_cost', HP, 'values: [800]\nvalus: [900]']) }), path: 'parameters[0].valus', at: 'valus', message: /is not a field of parameters\[0\]; did you mean values\?/,
  },
  'an unknown key in a target': {
    text: studyText({ parameters: params(['hp_cost', '{ kind: impex, name: Natural gas, feild: energyPriceCHFkWh }', 'values: [1]']) }),
    path: 'parameters[0].target.feild', at: 'feild', message: /is not a field of parameters\[0\]\.target; did you mean field\?/,
  },
  'an unknown key in the budget': {
    text: studyText({ extra: 'budget:\n  jobs: 10\n  minuteLimit: 100\n' }), path: 'budget.minuteLimit', at: 'minuteLimit', message: /is not a field of budget; its fields are jobs, minutes, jobsPerWeek, minutesPerWeek/,
  },
  'another version': { text: studyText({ head: 'version: 2\nname: t\n' }), path: 'version', at: 'version', message: /must be 1/ },
  'a missing study name': { text: studyText({ head: 'version: 1\n' }), path: 'name', at: 1, message: /is required/ },
  'a study name that is not an id': {
    text: studyText({ head: 'version: 1\nname: Heat_Pump\n' }), path: 'name', at: 'name:', message: /lowercase letters, digits and dashes/,
  },
  'a study name over 40 characters': {
    text: studyText({ head: `version: 1\nname: ${'a'.repeat(41)}\n` }), path: 'name', at: 'name:', message: /at most 40/,
  },
  'a missing base scenario': {
    text: studyText({ base: 'base: { project: Demo, analysis: Base }\ndestination: { analysis: Sweep }\n' }), path: 'base.scenario', at: 'base:', message: /is required/,
  },
  'an unknown kind': {
    text: studyText({ parameters: params(['x', '{ kind: heatPump, name: Heat pump, field: lifetime }', 'values: [20]']) }),
    path: 'parameters[0].target.kind', at: 'heatPump', message: /must be one of stage, hub/,
  },
  'a misspelt field': {
    text: studyText({ parameters: params(['x', '{ kind: conversionTechnology, name: Heat pump, field: variableInvestmentCots }', 'values: [1]']) }),
    path: 'parameters[0].target.field', at: 'Cots', message: /not a field of conversionTechnology; did you mean variableInvestmentCost\?/,
  },
  'a field of another kind': {
    text: studyText({ parameters: params(['x', '{ kind: impex, name: Natural gas, field: storageChargingEfficiency }', 'values: [1]']) }),
    path: 'parameters[0].target.field', at: 'storageChargingEfficiency', message: /not a field of impex; its fields are .*energyPriceCHFkWh/,
  },
  'a name as field (renaming is not a parameter)': {
    text: studyText({ parameters: params(['x', '{ kind: conversionTechnology, name: Heat pump, field: processName }', 'values: [HP2]']) }),
    path: 'parameters[0].target.field', at: 'processName', message: /not a field of conversionTechnology/,
  },
  'a field of a hub': {
    text: studyText({ parameters: params(['x', '{ kind: hub, name: School, field: hubName }', 'values: [S]']) }),
    path: 'parameters[0].target.field', at: 'hubName', message: /a hub has no field/,
  },
  'a target without a field': {
    text: studyText({ parameters: params(['x', '{ kind: impex, name: Natural gas }', 'values: [1]']) }),
    path: 'parameters[0].target.field', at: 'Natural gas', message: /is required/,
  },
  'a mode field without mode': {
    text: studyText({ parameters: params(['x', '{ kind: conversionTechnology, name: Heat pump, field: minPartLoad }', 'values: [20]']) }),
    path: 'parameters[0].target.mode', at: 'minPartLoad', message: /is required: minPartLoad is a field of a mode/,
  },
  'a carrier field without carrier': {
    text: studyText({ parameters: params(['x', '{ kind: conversionTechnology, name: Heat pump, mode: 1, field: outputEfficiency }', 'values: [300]']) }),
    path: 'parameters[0].target.carrier', at: 'outputEfficiency', message: /is required: outputEfficiency is a field of one carrier of a mode/,
  },
  'a hub field without hub': {
    text: studyText({ parameters: params(['x', '{ kind: solarResource, name: Roofs, field: availableSolarCollectorArea }', 'values: [900]']) }),
    path: 'parameters[0].target.hub', at: 'Roofs', message: /is required: availableSolarCollectorArea is a field of one hub/,
  },
  'a mode on a field of the technology itself': {
    text: studyText({ parameters: params(['x', '{ kind: conversionTechnology, name: Heat pump, mode: 1, field: lifetime }', 'values: [20]']) }),
    path: 'parameters[0].target.mode', at: 'lifetime', message: /is not used: lifetime is a field of the resource itself/,
  },
  'a mode beyond the contract’s three': {
    text: studyText({ parameters: params(['x', '{ kind: conversionTechnology, name: Heat pump, mode: 4, field: minPartLoad }', 'values: [20]']) }),
    path: 'parameters[0].target.mode', at: 'mode: 4', message: /must be ≤ 3/,
  },
  'a profile with a field': {
    text: studyText({ parameters: params(['x', '{ kind: profile, name: Residential heat, field: values }', 'operation: scale\nvalues: [1.1]']) }),
    path: 'parameters[0].target.field', at: 'Residential heat', message: /a profile has no fields/,
  },
  'a profile that is set': {
    text: studyText({ parameters: params(['heat', HEAT, 'values: [1.1]']) }), path: 'parameters[0].operation', at: 'name: heat', message: /must be scale: a profile can only be scaled/,
  },
  'a scaled boolean': {
    text: studyText({ parameters: params(['x', '{ kind: networkLink, name: Heat pipe, field: uniDirectionalFlow }', 'operation: scale\nvalues: [2]']) }),
    path: 'parameters[0].operation', at: 'operation: scale', message: /scale multiplies a number, and uniDirectionalFlow is a boolean/,
  },
  'a value of the wrong type': {
    text: studyText({ parameters: params(['hp_cost', HP, 'values: [800, cheap]']) }), path: 'parameters[0].values[1]', at: 'cheap', message: /must be a number/,
  },
  'a string where a boolean is due': {
    text: studyText({ parameters: params(['x', '{ kind: networkLink, name: Heat pipe, field: uniDirectionalFlow }', 'values: [true, "no"]']) }),
    path: 'parameters[0].values[1]', at: 'values:', message: /must be a boolean, not a string/,
  },
  'an efficiency of 150 %': {
    text: studyText({ parameters: params(['eff', BATTERY_EFF, 'values:\n  - 90\n  - 150']) }), path: 'parameters[0].values[1]', at: '- 150', message: /must be a percentage ≤ 100/,
  },
  'a negative cost': {
    text: studyText({ parameters: params(['hp_cost', HP, 'values: [800, -5]']) }), path: 'parameters[0].values[1]', at: 'values:', message: /must be ≥ 0/,
  },
  'more decimals than the service keeps': {
    text: studyText({ parameters: params(['hp_cost', HP, 'values: [800.1234567]']) }), path: 'parameters[0].values[0]', at: 'values:', message: /at most 5 decimals/,
  },
  'an enum value out of its set': {
    text: studyText({ parameters: params(['cap', '{ kind: networkLink, name: Heat pipe, field: technologyCapacity }', 'values: [optimize, guess]']) }),
    path: 'parameters[0].values[1]', at: 'guess', message: /optimize or specify/,
  },
  'a fraction for an integer field': {
    text: studyText({ parameters: params(['up', '{ kind: conversionTechnology, name: Gas boiler, mode: 1, field: minimumUpTime }', 'values: [2.5]']) }),
    path: 'parameters[0].values[0]', at: '2.5', message: /integer/,
  },
  'a negative scale factor': {
    text: studyText({ parameters: params(['heat', HEAT, 'operation: scale\nvalues: [1, -0.5]']) }), path: 'parameters[0].values[1]', at: '-0.5', message: /must be ≥ 0 \(a factor\)/,
  },
  'an empty values list': {
    text: studyText({ parameters: params(['hp_cost', HP, 'values: []']) }), path: 'parameters[0].values', at: 'values: []', message: /must not be empty/,
  },
  'a parameter name that is not an identifier': {
    text: studyText({ parameters: params(['hp-cost', HP, 'values: [800]']) }), path: 'parameters[0].name', at: 'hp-cost', message: /must start with a letter/,
  },
  'duplicated parameter names': {
    text: studyText({ parameters: params(['hp', HP, 'values: [800]'], ['  hp', BATTERY_EFF, 'values: [90]']) }),
    path: 'parameters[1].name', at: 'name:   hp', message: /repeats parameters\[0\]\.name/,
  },
  'a grid without values': {
    text: studyText({ parameters: params(['hp_cost', HP, 'range: { min: 800, max: 1400 }']) }), path: 'parameters[0].values', at: 'name: hp_cost', message: /is required by method grid/,
  },
  'a range outside latin-hypercube': {
    text: studyText({ parameters: params(['hp_cost', HP, 'values: [800]\nrange: { min: 800, max: 1400 }']) }), path: 'parameters[0].range', at: 'range:', message: /is not used by method grid/,
  },
  'a zip of unequal lengths': {
    text: studyText({ parameters: params(['hp_cost', HP, 'values: [800, 1100]'], ['eff', BATTERY_EFF, 'values: [90, 92, 94]']), variants: 'variants: { method: zip }\n' }),
    path: 'parameters[1].values', at: '[90, 92, 94]', message: /has 3 values but parameters\[0\]\.values has 2/,
  },
  'a latin hypercube without range': {
    text: studyText({ parameters: params(['hp_cost', HP, 'values: [800]']), variants: 'variants: { method: latin-hypercube, samples: 5, seed: 1 }\n' }),
    path: 'parameters[0].range', at: 'name: hp_cost', message: /is required by method latin-hypercube/,
  },
  'a latin hypercube without samples': {
    text: studyText({ parameters: params(['roof', ROOF, 'range: { min: 500, max: 1900 }']), variants: 'variants:\n  method: latin-hypercube\n  seed: 1\n' }),
    path: 'variants.samples', at: 'variants:', message: /is required by method latin-hypercube/,
  },
  'a latin hypercube of zero samples': {
    text: studyText({ parameters: params(['roof', ROOF, 'range: { min: 500, max: 1900 }']), variants: 'variants:\n  method: latin-hypercube\n  samples: 0\n  seed: 1\n' }),
    path: 'variants.samples', at: 'samples: 0', message: /must be ≥ 1/,
  },
  'a sampled integer field': {
    text: studyText({ parameters: params(['life', '{ kind: storageTechnology, name: Battery, field: lifetime }', 'range: { min: 10, max: 20 }']), variants: 'variants: { method: latin-hypercube, samples: 5, seed: 1 }\n' }),
    path: 'parameters[0].range', at: 'range:', message: /integer field, and latin-hypercube samples fractions/,
  },
  'a range upside down': {
    text: studyText({ parameters: params(['roof', ROOF, 'range: { min: 1900, max: 500 }']), variants: 'variants: { method: latin-hypercube, samples: 5, seed: 1 }\n' }),
    path: 'parameters[0].range.max', at: 'range:', message: /must be greater than min/,
  },
  'a range beyond the field’s rule': {
    text: studyText({ parameters: params(['eff', BATTERY_EFF, 'range:\n  min: 80\n  max: 120']), variants: 'variants: { method: latin-hypercube, samples: 5, seed: 1 }\n' }),
    path: 'parameters[0].range.max', at: 'max: 120', message: /must be a percentage ≤ 100/,
  },
  'samples for a grid': {
    text: studyText({ variants: 'variants:\n  method: grid\n  samples: 10\n' }), path: 'variants.samples', at: 'samples: 10', message: /is not used by method grid/,
  },
  'a list method without list': {
    text: studyText({ parameters: params(['hp_cost', HP, '']), variants: 'variants: { method: list }\n' }), path: 'variants.list', at: 'variants:', message: /is required by method list/,
  },
  'a list item naming an unknown parameter': {
    text: studyText({ parameters: params(['hp_cost', HP, '']), variants: 'variants:\n  method: list\n  list:\n    - { hp_cost: 800 }\n    - { hp_cost: 900, gas: 0.1 }\n' }),
    path: 'variants.list[1].gas', at: 'gas: 0.1', message: /is not a parameter of this study/,
  },
  'a list item missing a parameter': {
    text: studyText({
      parameters: params(['hp_cost', HP, ''], ['eff', BATTERY_EFF, '']),
      variants: 'variants:\n  method: list\n  list:\n    - { hp_cost: 800, eff: 90 }\n    - { hp_cost: 900 }\n',
    }),
    path: 'variants.list[1]', at: '{ hp_cost: 900 }', message: /does not give parameter eff/,
  },
  'a list value out of range': {
    text: studyText({ parameters: params(['eff', BATTERY_EFF, '']), variants: 'variants:\n  method: list\n  list:\n    - { eff: 101 }\n' }),
    path: 'variants.list[0].eff', at: 'eff: 101', message: /must be a percentage ≤ 100/,
  },
  'values in a list study': {
    text: studyText({ parameters: params(['hp_cost', HP, 'values: [1]']), variants: 'variants: { method: list, list: [{ hp_cost: 800 }] }\n' }),
    path: 'parameters[0].values', at: 'values: [1]', message: /is not used by method list/,
  },
  'duplicated variants in a list': {
    text: studyText({
      parameters: params(['hp_cost', HP, ''], ['eff', BATTERY_EFF, '']),
      variants: 'variants:\n  method: list\n  list:\n    - { hp_cost: 800, eff: 90 }\n    - { hp_cost: 900, eff: 90 }\n    - { eff: 90, hp_cost: 800 }\n',
    }),
    path: 'variants.list[2]', at: '{ eff: 90, hp_cost: 800 }', message: /variant 2 repeats variant 0 \(hp_cost=800, eff=90\)/,
  },
  'a value twice in a grid': {
    text: studyText({ parameters: params(['hp_cost', HP, 'values: [800, 1100, 800.0]']) }), path: 'parameters[0].values[2]', at: 'values:', message: /repeats values\[0\] \(800\)/,
  },
  'duplicated positions in a zip': {
    text: studyText({ parameters: params(['hp_cost', HP, 'values: [800, 900, 800]'], ['eff', BATTERY_EFF, 'values: [90, 92, 90]']), variants: 'variants: { method: zip }\n' }),
    path: 'parameters[0].values[2]', at: '[800, 900, 800]', message: /variant 2 repeats variant 0/,
  },
  'samples that round to the same values': {
    text: studyText({ parameters: params(['hp_cost', HP, 'range: { min: 800, max: 800.00001 }']), variants: 'variants:\n  method: latin-hypercube\n  samples: 5\n  seed: 7\n' }),
    path: 'variants.samples', at: 'samples: 5', message: /repeats variant .* after rounding to 5 decimals/,
  },
  'a grid of more than 100 000 variants': {
    text: studyText({
      parameters: params(...Array.from({ length: 6 }, (_, i): [string, string, string] => [`p${i}`, `{ kind: impex, name: Supply ${i}, field: energyPriceCHFkWh }`, `values: [${Array.from({ length: 10 }, (_, v) => v).join(', ')}]`])),
    }),
    path: 'variants', at: 'variants:', message: /makes 1000000 variants; at most 100000/,
  },
  'points 3 without objective2': {
    text: studyText({ solver: 'solver:\n  objective1: MIN_LIFE_CYCLE_COST\n  points: 3\n  temporalResolution: LOW\n  timeLimit: 10\n  mipGap: 1\n' }),
    path: 'solver.objective2', at: 'solver:', message: /is required when points > 1/,
  },
  'objective2 equal to objective1': {
    text: studyText({ solver: 'solver:\n  objective1: MIN_CO2_EMISSIONS\n  objective2: MIN_CO2_EMISSIONS\n  points: 3\n  temporalResolution: LOW\n  timeLimit: 10\n  mipGap: 1\n' }),
    path: 'solver.objective2', at: 'objective2', message: /must differ from objective1/,
  },
  'more than 10 points': {
    text: studyText({ solver: 'solver: { objective1: MIN_LIFE_CYCLE_COST, objective2: MIN_CO2_EMISSIONS, points: 11, temporalResolution: LOW, timeLimit: 10, mipGap: 1 }\n' }),
    path: 'solver.points', at: 'points: 11', message: /must be ≤ 10/,
  },
  'a MIP gap below 0.1 %': {
    text: studyText({ solver: 'solver: { objective1: MIN_LIFE_CYCLE_COST, points: 1, temporalResolution: LOW, timeLimit: 10, mipGap: 0.05 }\n' }),
    path: 'solver.mipGap', at: 'mipGap', message: /must be ≥ 0.1/,
  },
  'an unknown temporal resolution': {
    text: studyText({ solver: 'solver: { objective1: MIN_LIFE_CYCLE_COST, points: 1, temporalResolution: HOURLY, timeLimit: 10, mipGap: 1 }\n' }),
    path: 'solver.temporalResolution', at: 'HOURLY', message: /LOW/,
  },
  'a budget of fewer minutes than one job': {
    text: studyText({ extra: 'budget:\n  jobs: 10\n  minutes: 5\n' }), path: 'budget.minutes', at: 'minutes: 5', message: /cannot hold a single job: 5 minutes < solver.timeLimit \(10 minutes\)/,
  },
  'a weekly budget of fewer minutes than one job': {
    text: studyText({ extra: 'budget:\n  minutesPerWeek: 9\n' }), path: 'budget.minutesPerWeek', at: 'minutesPerWeek', message: /cannot hold a single job/,
  },
  'a budget of no job': {
    text: studyText({ extra: 'budget:\n  jobs: 0\n' }), path: 'budget.jobs', at: 'jobs: 0', message: /must be ≥ 1/,
  },
  'a negative budget': {
    text: studyText({ extra: 'budget:\n  minutes: -100\n' }), path: 'budget.minutes', at: 'minutes: -100', message: /must be > 0/,
  },
  'a concurrency of 0': {
    text: studyText({ tail: 'concurrency: 0\noutput: out\n' }), path: 'concurrency', at: 'concurrency', message: /must be ≥ 1/,
  },
  'a concurrency over 1000': {
    text: studyText({ tail: 'concurrency: 1001\noutput: out\n' }), path: 'concurrency', at: 'concurrency', message: /must be ≤ 1000/,
  },
  'a missing output': {
    text: studyText({ tail: 'concurrency: 2\n' }), path: 'output', at: 1, message: /is required/,
  },
};

describe('study files', () => {
  it('loads the example study, with its defaults applied', async () => {
    const study = await loadStudyFile(EXAMPLE);
    expect(study).toMatchObject({
      version: 1,
      name: 'demo-study',
      base: { project: 'Demo', analysis: 'Base', scenario: 'Demo district' },
      destination: { project: 'Demo', analysis: 'Demo study' },
      variants: { method: 'grid', samples: null, seed: null, list: null },
      solver: { objective1: 'MIN_LIFE_CYCLE_COST', objective2: 'MIN_CO2_EMISSIONS', points: 3, temporalResolution: 'LOW', timeLimit: 5, mipGap: 1 },
      budget: { jobs: 20, minutes: null, jobsPerWeek: null, minutesPerWeek: null },
      concurrency: 6,
      output: resolve(EXAMPLE, '../../results/demo-study'),
    });
    expect(study.parameters.map((p) => [p.name, p.operation, p.values?.length])).toEqual([['hp_cost', 'set', 3], ['gas_price', 'set', 2]]);
  });

  it('loads the example of the README', () => {
    const readme = readFileSync(resolve(import.meta.dirname, '../../src/product/study/README.md'), 'utf8');
    const example = /```yaml\n([\s\S]*?)```/.exec(readme)![1];
    const study = parseStudy(example, { path: '/studies/lhs.yaml' });
    expect(study.variants).toMatchObject({ method: 'latin-hypercube', samples: 20, seed: 42 });
    expect(study.parameters.find((p) => p.name === 'heat_demand')).toMatchObject({ operation: 'scale', target: { kind: 'profile' } });
    expect(study.output).toBe('/studies/results/heat-pump-lhs');
  });

  it('reads JSON of the same shape, and keeps an absolute output', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'study-'));
    const file = join(dir, 'study.json');
    const json = {
      version: 1, name: 'json-study', base: { project: 'p', analysis: 'a', scenario: 's' }, destination: { analysis: 'd', project: 'q' },
      parameters: [{ name: 'heat', target: { kind: 'profile', name: 'Residential heat' }, operation: 'scale', values: [0.9, 1.1] }],
      variants: { method: 'zip' }, solver: { objective1: 'MIN_OM', points: 1, temporalResolution: 'FULL', timeLimit: 60, mipGap: 0.5 },
      concurrency: 1, output: '/abs/out',
    };
    await writeFile(file, JSON.stringify(json, null, 2));
    const study = await loadStudyFile(file);
    expect(study).toMatchObject({ destination: { project: 'q', analysis: 'd' }, description: null, output: '/abs/out' });
    expect(study.budget).toEqual({ jobs: null, minutes: null, jobsPerWeek: null, minutesPerWeek: null, waitForRaise: false });
  });

  it('accepts each kind of nested target', () => {
    const text = studyText({
      parameters: params(
        ['cop', '{ kind: conversionTechnology, name: Heat pump, mode: 1, carrier: Heat 55°C, field: outputEfficiency }', 'values: [280, 320]'],
        ['part_load', '{ kind: conversionTechnology, name: Heat pump, mode: 1, field: minPartLoad }', 'values: [25]'],
        ['roof', ROOF, 'values: [500]'],
        ['heat', HEAT, 'operation: scale\nvalues: [0.9, 1.1]'],
        ['capex', HP, 'operation: scale\nvalues: [1.2]'],
      ),
    });
    expect(parseStudy(text).parameters.map((p) => p.target)).toEqual([
      { kind: 'conversionTechnology', name: 'Heat pump', mode: 1, carrier: 'Heat 55°C', field: 'outputEfficiency' },
      { kind: 'conversionTechnology', name: 'Heat pump', mode: 1, field: 'minPartLoad' },
      { kind: 'solarResource', name: 'Roofs', hub: 'School', field: 'availableSolarCollectorArea' },
      { kind: 'profile', name: 'Residential heat' },
      { kind: 'conversionTechnology', name: 'Heat pump', field: 'variableInvestmentCost' },
    ]);
  });

  it(`catches ${Object.keys(CASES).length} kinds of malformed file, each with its path and line`, () => {
    expect(Object.keys(CASES).length).toBeGreaterThanOrEqual(30);
  });

  for (const [title, c] of Object.entries(CASES)) {
    it(`catches ${title}`, () => {
      const problems = problemsOf(c.text, c.format);
      const line = typeof c.at === 'number' ? c.at : lineWith(c.text, c.at);
      expect(problems).toContainEqual({ path: c.path, line, message: expect.stringMatching(c.message) });
    });
  }

  it('reports every problem at once, by line, one per line of its message', () => {
    const text = studyText({
      head: 'version: 1\nname: Bad\n',
      parameters: params(['eff', BATTERY_EFF, 'values: [150]'], ['eff', '{ kind: impex, name: Natural gas, field: price }', 'values: [1]']),
      extra: 'budget: { minutes: 1 }\n',
    });
    let error: StudyFileError | undefined;
    try {
      parseStudy(text, { path: 'bad.yaml' });
    } catch (e) {
      error = e as StudyFileError;
    }
    expect(error).toBeInstanceOf(StudyFileError);
    expect(error!.problems.map((p) => p.path)).toEqual([
      'name', 'parameters[0].values[0]', 'parameters[1].name', 'parameters[1].target.field', 'budget.minutes',
    ]);
    const lines = error!.message.split('\n');
    expect(lines).toHaveLength(5);
    expect(lines[0]).toBe(`bad.yaml:${lineWith(text, 'name: Bad')}: name: must be lowercase letters, digits and dashes, not starting with a dash`);
    expect(lines[1]).toBe(`bad.yaml:${lineWith(text, 'values: [150]')}: parameters[0].values[0]: must be a percentage ≤ 100`);
  });
});
