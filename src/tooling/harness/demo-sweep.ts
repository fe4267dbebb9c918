/**
 * Studies of the demo district for measuring runs: `variants` variants side by side (zip), each
 * changing the heat pump's investment cost and the gas price — two patched resources of two
 * kinds — and, when asked, the residential heat profile too (a third kind of patch).
 */
export interface DemoSweepOptions {
  name: string;
  variants: number;
  output: string;
  withProfile?: boolean;
  /** Jobs and solver minutes of the study's budget; unlimited when absent. */
  budget?: { jobs: number; minutes: number; waitForRaise?: boolean };
  concurrency: number;
  description?: string;
}

export function demoSweepYaml(options: DemoSweepOptions): string {
  const n = options.variants;
  const series = (first: number, step: number, decimals: number) =>
    `[${Array.from({ length: n }, (_, i) => Number((first + step * i).toFixed(decimals))).join(', ')}]`;
  const profile = options.withProfile
    ? `
  - name: heat_demand
    target: { kind: profile, name: Residential heat }
    operation: scale
    values: ${series(0.9, 0.2 / Math.max(1, n - 1), 5)}`
    : '';
  return `version: 1
name: ${options.name}
description: ${options.description ?? `${n} variants of the demo district`}
base: { project: Demo, analysis: Base, scenario: Demo district }
destination: { analysis: ${options.name} }
parameters:
  - name: hp_cost
    target: { kind: conversionTechnology, name: Heat pump, field: variableInvestmentCost }
    values: ${series(800, 600 / Math.max(1, n - 1), 3)}
  - name: gas_price
    target: { kind: impex, name: Natural gas, field: energyPriceCHFkWh }
    values: ${series(0.09, 0.06 / Math.max(1, n - 1), 5)}${profile}
variants: { method: zip }
solver: { objective1: MIN_LIFE_CYCLE_COST, points: 1, temporalResolution: LOW, timeLimit: 1, mipGap: 1 }
${budgetLine(options.budget)}concurrency: ${options.concurrency}
output: ${JSON.stringify(options.output)}
`;
}

const budgetLine = (budget: DemoSweepOptions['budget']) =>
  budget ? `budget: { jobs: ${budget.jobs}, minutes: ${budget.minutes}${budget.waitForRaise ? ', waitForRaise: true' : ''} }\n` : '';

/** The analysis studies a chaos run can put through its faults: a Morris screening and a tipping-point search. */
export const ANALYSIS_METHODS = ['morris', 'search'] as const;
export type AnalysisMethod = (typeof ANALYSIS_METHODS)[number];

export interface DemoAnalysisOptions extends Omit<DemoSweepOptions, 'variants' | 'withProfile'> {
  method: AnalysisMethod;
  seed: number;
}

/**
 * An analysis study of the demo district: a Morris screening of the gas price and the heat pump's
 * cost (3 trajectories on 6 levels, at most 9 runs), or the search for the gas price at which the school's
 * heat pump enters the design (at most 10 probes). Both read the same outcomes.
 */
export function demoAnalysisYaml(options: DemoAnalysisOptions): string {
  const method = options.method === 'morris'
    ? `variants: { method: morris, trajectories: 3, levels: 6, seed: ${options.seed} }`
    : 'variants: { method: search, parameter: gas_price, condition: { outcome: hp_school, above: 1 }, tolerance: 0.0012, probes: 10 }';
  const parameters = options.method === 'morris'
    ? `  - { name: gas_price, target: { kind: impex, name: Natural gas, field: energyPriceCHFkWh }, range: { min: 0.06, max: 0.18 } }
  - { name: hp_cost, target: { kind: conversionTechnology, name: Heat pump, field: variableInvestmentCost }, range: { min: 800, max: 1400 } }`
    : '  - { name: gas_price, target: { kind: impex, name: Natural gas, field: energyPriceCHFkWh }, range: { min: 0.03, max: 0.15 } }';
  return `version: 1
name: ${options.name}
description: ${options.description ?? `A ${options.method} study of the demo district`}
base: { project: Demo, analysis: Base, scenario: Demo district }
destination: { analysis: ${options.name} }
parameters:
${parameters}
outcomes:
  - { name: lcc, objective: MIN_LIFE_CYCLE_COST }
  - { name: hp_school, capacity: { technology: Heat pump, hub: School } }
${method}
solver: { objective1: MIN_LIFE_CYCLE_COST, points: 1, temporalResolution: LOW, timeLimit: 2, mipGap: 0.1 }
${budgetLine(options.budget)}concurrency: ${options.concurrency}
output: ${JSON.stringify(options.output)}
`;
}

/**
 * A Sobol study of the demo district for measuring large designs: the heat pump's cost, the gas
 * price and the residential heat demand sampled with N base samples, N·5 runs, its cost the outcome.
 */
export function demoSobolYaml(options: Omit<DemoSweepOptions, 'variants' | 'withProfile'> & { samples: number; seed: number }): string {
  return `version: 1
name: ${options.name}
description: ${options.description ?? `Sobol indices of the demo district from ${options.samples} base samples`}
base: { project: Demo, analysis: Base, scenario: Demo district }
destination: { analysis: ${options.name} }
parameters:
  - { name: hp_cost, target: { kind: conversionTechnology, name: Heat pump, field: variableInvestmentCost }, range: { min: 800, max: 1400 } }
  - { name: gas_price, target: { kind: impex, name: Natural gas, field: energyPriceCHFkWh }, range: { min: 0.06, max: 0.18 } }
  - { name: heat_demand, target: { kind: profile, name: Residential heat }, operation: scale, range: { min: 0.9, max: 1.1 } }
outcomes:
  - { name: lcc, objective: MIN_LIFE_CYCLE_COST }
variants: { method: sobol, samples: ${options.samples}, seed: ${options.seed} }
solver: { objective1: MIN_LIFE_CYCLE_COST, points: 1, temporalResolution: LOW, timeLimit: 1, mipGap: 1 }
${budgetLine(options.budget)}concurrency: ${options.concurrency}
output: ${JSON.stringify(options.output)}
`;
}
