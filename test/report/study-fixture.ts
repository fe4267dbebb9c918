/**
 * Study manifests made in code, shaped like the ones a study writes: variants over a heat pump's
 * price (a number) and a building's insulation (a name), each with a Pareto front from cheap and
 * emitting to dear and clean, and some variants that failed.
 */
import type { Objective } from '../../src/wire/contract/values.js';
import { FAILED_STATUSES, type Manifest, type VariantRecord } from '../../src/product/study/results/manifest.js';

export const INSULATIONS = ['none', 'basic', 'passive house'] as const;
export const HEAT_PUMP_COSTS = [400, 800, 1200];

export interface FixtureOptions {
  /** Variants in the study; the parameters cycle through their values. */
  variants?: number;
  /** Indices of variants that failed (no solutions). */
  failed?: number[];
  points?: number;
  objective2?: Objective | null;
}

/** Deterministic noise, so a failing test fails the same way again. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

export function studyManifest({ variants = 6, failed = [4], points = 3, objective2 = 'MIN_CO2_EMISSIONS' }: FixtureOptions = {}): Manifest {
  const noise = random(42);
  const records: VariantRecord[] = Array.from({ length: variants }, (_, index) => {
    const insulation = INSULATIONS[index % INSULATIONS.length];
    const heatPumpCost = HEAT_PUMP_COSTS[Math.floor(index / INSULATIONS.length) % HEAT_PUMP_COSTS.length];
    const parameters = { heat_pump_cost: heatPumpCost, insulation };
    const base = { index, key: `v${index}`, name: `heating-v${index}`, label: `heat pump ${heatPumpCost} CHF/kW, insulation ${insulation}`, parameters, files: [] };
    if (failed.includes(index)) {
      return { ...base, status: 'FAILED', reason: 'Demand cannot be met: nothing can supply Heat at "Hub, 1" (Stage 1)', jobId: `job-${index}`, solutions: [] };
    }
    const insulated = INSULATIONS.indexOf(insulation);
    const cheapest = 1_150_000 + heatPumpCost * 180 + insulated * 60_000 + noise() * 40_000;
    const dirtiest = 240_000 - insulated * 45_000 - noise() * 20_000;
    const count = objective2 ? points : 1;
    const solutions = Array.from({ length: count }, (_, i) => {
      const t = count === 1 ? 0 : i / (count - 1);
      const cost = cheapest * (1 + 0.35 * t ** 1.6);
      const co2 = dirtiest * (1 - 0.8 * Math.sqrt(t));
      const objectives: Record<string, number> = { MIN_LIFE_CYCLE_COST: cost, MIN_ANNUALIZED_COST: cost / 25.3, MIN_INVESTMENT: cost * 0.41 + 0.123456789 };
      if (objective2) objectives.MIN_CO2_EMISSIONS = co2;
      return { index: i + 1, file: `Solution ${i + 1} - heating.xlsx`, objectives, capacities: [] };
    });
    return { ...base, status: 'DONE', jobId: `job-${index}`, scenarioGuid: `guid-${index}`, solutions };
  });
  const counted = (statuses: readonly string[]) => records.filter((v) => statuses.includes(v.status)).length;
  return {
    study: {
      name: 'Heat pump price × insulation', description: 'Boiler or heat pump, by the heat pump\'s price and the building\'s insulation.',
      file: 'studies/heat-pump.yaml', startedAt: '2026-03-01T08:00:00.000Z', finishedAt: '2026-03-01T09:12:00.000Z',
    },
    solver: { objective1: 'MIN_LIFE_CYCLE_COST', objective2, temporalResolution: 'LOW', points: objective2 ? points : 1, timeLimit: 10, mipGap: 0.5 },
    parameters: [
      { name: 'heat_pump_cost', kind: 'conversionTechnology', target: 'conversionTechnology "Heat pump" → variableInvestmentCost', operation: 'set' },
      { name: 'insulation', kind: 'energyDemand', target: 'energyDemand "Space heat" → profile', operation: 'set' },
    ],
    variants: records,
    totals: { variants: records.length, done: counted(['DONE']), failed: counted(FAILED_STATUSES), pending: counted(['PENDING']) },
  };
}
