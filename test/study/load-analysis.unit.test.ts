/**
 * Study files of the analysis methods (morris, sobol, search) and their outcomes: the examples
 * load, the defaults apply, and every rule that protects a solver budget refuses a bad file with
 * the path, the line and the rule — before anything is created, since nothing can start from a
 * file that does not load.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadStudyFile, parseStudy } from '../../src/product/study/load.js';
import { planStudy } from '../../src/product/study/plan.js';
import { variantCount } from '../../src/product/study/expand.js';
import { problemsOf } from '../support/study-problems.js';

const EXAMPLES = resolve(import.meta.dirname, '../../examples');

const GAS = '{ kind: impex, name: Natural gas, field: energyPriceCHFkWh }';
const HP = '{ kind: conversionTechnology, name: Heat pump, field: variableInvestmentCost }';
const CO2 = '{ kind: impex, name: Natural gas, field: co2IntensityKgCo2kWh }';

/** A valid Morris study; a case replaces lines of it. */
const base = {
  head: 'version: 1\nname: t\nbase: { project: Demo, analysis: Base, scenario: Demo district }\ndestination: { analysis: S }\n',
  parameters: `parameters:
  - { name: gas_price, target: ${GAS}, range: { min: 0.06, max: 0.18 } }
  - { name: hp_cost, target: ${HP}, range: { min: 800, max: 1400 } }
  - { name: gas_co2, target: ${CO2}, range: { min: 0.18, max: 0.26 } }
`,
  outcomes: 'outcomes:\n  - { name: lcc, objective: MIN_LIFE_CYCLE_COST }\n  - { name: hp, capacity: { technology: Heat pump, hub: School } }\n',
  variants: 'variants: { method: morris, trajectories: 4, levels: 4, seed: 1 }\n',
  solver: 'solver: { objective1: MIN_LIFE_CYCLE_COST, points: 1, temporalResolution: LOW, timeLimit: 5, mipGap: 1 }\n',
  tail: 'budget: { jobs: 16 }\nconcurrency: 2\noutput: out\n',
};
const text = (over: Partial<typeof base> = {}) => Object.values({ ...base, ...over }).join('');

const search = (variants: string, parameters = `parameters:
  - { name: gas_price, target: ${GAS}, range: { min: 0.03, max: 0.15 } }
  - { name: hp_cost, target: ${HP}, values: [800, 1400] }
`) => text({ parameters, variants: `variants:\n${variants}`, tail: 'budget: { jobs: 40 }\nconcurrency: 2\noutput: out\n' });


const lineWith = (study: string, needle: string) => study.split('\n').findIndex((l) => l.includes(needle)) + 1;

const CASES: Record<string, { text: string; path: string; at: string; message: RegExp }> = {
  'fewer than two Morris trajectories': {
    text: text({ variants: 'variants: { method: morris, trajectories: 1, seed: 1 }\n' }), path: 'variants.trajectories', at: 'trajectories: 1', message: /must be ≥ 2/,
  },
  'an odd number of Morris levels': {
    text: text({ variants: 'variants: { method: morris, trajectories: 4, levels: 5, seed: 1 }\n' }), path: 'variants.levels', at: 'levels: 5', message: /must be even/,
  },
  'too few Morris levels': {
    text: text({ variants: 'variants: { method: morris, trajectories: 4, levels: 2, seed: 1 }\n' }), path: 'variants.levels', at: 'levels: 2', message: /must be ≥ 4/,
  },
  'a Morris study without its trajectories': {
    text: text({ variants: 'variants: { method: morris, seed: 1 }\n' }), path: 'variants.trajectories', at: 'method: morris', message: /is required by method morris/,
  },
  'a Morris parameter with values instead of a range': {
    text: text({ parameters: `parameters:\n  - { name: gas_price, target: ${GAS}, values: [0.1, 0.2] }\n` }), path: 'parameters[0].values', at: 'values: [0.1', message: /is not used by method morris/,
  },
  'a Morris group naming no parameter of the study': {
    text: text({ variants: 'variants:\n  method: morris\n  trajectories: 4\n  seed: 1\n  groups:\n    - { name: prices, parameters: [gas_prize, hp_cost] }\n' }),
    path: 'variants.groups[0].parameters[0]', at: 'gas_prize', message: /is not a parameter of this study; did you mean gas_price\?/,
  },
  'a range whose min is not below its max': {
    text: text({ parameters: `parameters:\n  - { name: gas_price, target: ${GAS}, range: { min: 0.2, max: 0.1 } }\n` }), path: 'parameters[0].range.max', at: 'range: { min: 0.2', message: /must be greater than min/,
  },
  'a Sobol sample size the sequence does not balance': {
    text: text({ variants: 'variants: { method: sobol, samples: 100, seed: 1 }\n', tail: 'concurrency: 2\noutput: out\n' }),
    path: 'variants.samples', at: 'samples: 100', message: /must be a power of two ≥ 4 .*: try 64 or 128/,
  },
  'a Sobol design past the variant limit': {
    text: text({ variants: 'variants: { method: sobol, samples: 65536, seed: 1 }\n', tail: 'concurrency: 2\noutput: out\n' }),
    path: 'variants', at: 'variants:', message: /makes 327680 runs \(N \(samples\) × \(parameters \+ 2\)\); at most 100000 are allowed/,
  },
  'a Morris study its budget cannot hold, saying what would fit': {
    text: text({ tail: 'budget: { jobs: 10 }\nconcurrency: 2\noutput: out\n' }),
    path: 'budget.jobs', at: 'budget: { jobs: 10 }', message: /cannot hold the study: it needs 1[0-6] solver jobs and the budget holds 10 jobs; r = 2 trajectories fit in 8 jobs\. Raise the budget, or set budget\.waitForRaise: true/,
  },
  'a search over a parameter without a range': {
    text: search('  method: search\n  parameter: hp_cost\n  condition: { outcome: hp, above: 1 }\n  tolerance: 10\n'),
    path: 'parameters[1].range', at: 'name: hp_cost', message: /is required by method search: the search moves hp_cost over it/,
  },
  'a search tolerance not smaller than the range': {
    text: search('  method: search\n  parameter: gas_price\n  condition: { outcome: hp, above: 1 }\n  tolerance: 0.2\n'),
    path: 'variants.tolerance', at: 'tolerance: 0.2', message: /must be smaller than the range of gas_price \(0\.12/,
  },
  'a search condition on an outcome the study does not read': {
    text: search('  method: search\n  parameter: gas_price\n  condition: { outcome: hq, above: 1 }\n  tolerance: 0.001\n'),
    path: 'variants.condition.outcome', at: 'outcome: hq', message: /is not an outcome of this study; did you mean hp\?/,
  },
  'a threshold on an outcome that is not a number': {
    text: search('  method: search\n  parameter: gas_price\n  condition: { outcome: design, above: 1 }\n  tolerance: 0.001\n').replace('outcomes:\n', 'outcomes:\n  - { name: design, design: {} }\n'),
    path: 'variants.condition.above', at: 'condition:', message: /is a threshold, and design is not a number .*use changes: true/,
  },
  'a search condition with two tests': {
    text: search('  method: search\n  parameter: gas_price\n  condition: { outcome: hp, above: 1, below: 5 }\n  tolerance: 0.001\n'),
    path: 'variants.condition', at: 'condition:', message: /must give one of above, below \(a threshold\) or changes: true/,
  },
  'a search with fewer probes than its scan': {
    text: search('  method: search\n  parameter: gas_price\n  condition: { outcome: hp, above: 1 }\n  tolerance: 0.001\n  probes: 3\n  scan: 5\n'),
    path: 'variants.probes', at: 'probes: 3', message: /must be ≥ scan \(5\)/,
  },
  'a search its budget cannot hold': {
    text: search('  method: search\n  parameter: gas_price\n  condition: { outcome: hp, above: 1 }\n  tolerance: 0.001\n  probes: 30\n'),
    path: 'budget.jobs', at: 'budget: { jobs: 40 }', message: /it needs at most 60 solver jobs and the budget holds 40 jobs; probes: 20 per search fit/,
  },
  'a search option on another method': {
    text: text({ variants: 'variants: { method: morris, trajectories: 4, seed: 1, tolerance: 0.1 }\n' }), path: 'variants.tolerance', at: 'variants:', message: /is not used by method morris/,
  },
  'an outcome of two kinds': {
    text: text({ outcomes: 'outcomes:\n  - { name: lcc, objective: MIN_LIFE_CYCLE_COST, capacity: { technology: PV } }\n' }),
    path: 'outcomes[0]', at: 'name: lcc', message: /gives objective and capacity: an outcome is one of objective, capacity, energy, cost, co2, design/,
  },
  'an outcome named like a parameter': {
    text: text({ outcomes: 'outcomes:\n  - { name: hp_cost, objective: MIN_LIFE_CYCLE_COST }\n' }), path: 'outcomes[0].name', at: 'name: hp_cost, objective', message: /is the name of a parameter/,
  },
  'an outcome of a Pareto point the front does not have': {
    text: text({ outcomes: 'outcomes:\n  - { name: lcc, objective: MIN_LIFE_CYCLE_COST, point: 3 }\n' }), path: 'outcomes[0].point', at: 'point: 3', message: /must be ≤ solver\.points \(1\)/,
  },
  'an energy outcome of a carrier without a direction': {
    text: text({ outcomes: 'outcomes:\n  - { name: gas, energy: { carrier: Natural gas } }\n' }), path: 'outcomes[0].energy.direction', at: 'energy: { carrier', message: /is required with carrier: import or export/,
  },
  'an unknown cost component': {
    text: text({ outcomes: 'outcomes:\n  - { name: capex, cost: { category: capex } }\n' }), path: 'outcomes[0].cost.category', at: 'name: capex', message: /must be one of investment, replacement, salvage, om, imports, exports/,
  },
};

describe('study files of the analysis methods', () => {
  it('load the examples, with their defaults, within their budgets', async () => {
    const morris = await loadStudyFile(resolve(EXAMPLES, 'sensitivity-study.yaml'));
    expect(morris.variants).toMatchObject({ method: 'morris', seed: 7, morris: { trajectories: 6, levels: 4, groups: null } });
    expect(morris.outcomes.map((o) => o.name)).toEqual(['lcc', 'co2', 'heat_pumps', 'gas_use']);
    expect(morris.outcomes[2]).toEqual({ name: 'heat_pumps', point: 1, capacity: { technology: 'Heat pump' } });
    expect(planStudy(morris)).toMatchObject({ designRuns: 36, fits: true });
    const search = await loadStudyFile(resolve(EXAMPLES, 'tipping-point-study.yaml'));
    expect(search.variants.search).toEqual({
      parameter: 'gas_price', condition: { outcome: 'hp_school', above: 1 }, tolerance: 0.0012, probes: 10, scan: 2, refine: 'bisection', confirm: null,
    });
    expect(variantCount(search)).toBe(0);
    expect(planStudy(search)).toMatchObject({ jobs: 10, exact: false, fits: true, searches: 1 });
    expect(planStudy(await loadStudyFile(resolve(EXAMPLES, 'tipping-point-grid.yaml')))).toMatchObject({ jobs: 21, fits: true });
  });

  it('merge the points Morris trajectories share: each is one variant', () => {
    const study = parseStudy(text({ variants: 'variants: { method: morris, trajectories: 12, levels: 4, seed: 3 }\n', tail: 'budget: { jobs: 48 }\nconcurrency: 2\noutput: out\n' }));
    const plan = planStudy(study);
    expect(plan.designRuns).toBe(48);
    expect(plan.variants).toBe(variantCount(study));
    // On a 4-level grid of 3 parameters (64 points), 12 trajectories of 4 points share some.
    expect(plan.variants).toBeLessThan(48);
  });

  it('let a study that cannot fit its budget start when it is to wait for a raise', () => {
    const study = parseStudy(text({ tail: 'budget: { jobs: 10, waitForRaise: true }\nconcurrency: 2\noutput: out\n' }));
    expect(study.budget.waitForRaise).toBe(true);
    expect(planStudy(study).fits).toBe(true);
  });

  for (const [title, c] of Object.entries(CASES)) {
    it(`refuse ${title}`, () => {
      expect(problemsOf(c.text)).toContainEqual({ path: c.path, line: lineWith(c.text, c.at), message: expect.stringMatching(c.message) });
    });
  }
});
