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
  budget?: { jobs: number; minutes: number };
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
${options.budget ? `budget: { jobs: ${options.budget.jobs}, minutes: ${options.budget.minutes} }\n` : ''}concurrency: ${options.concurrency}
output: ${JSON.stringify(options.output)}
`;
}
