/**
 * Reading a study's outcomes from a variant's solutions, on hand-made Cost & CO2 tables whose sums
 * are worked out here: which rows each kind adds up, the zero a component the output omits is, and
 * the problem (never a zero) a capacity, an energy or a Pareto point the output lacks is. Also the
 * names an outcome gives, against a base scenario's.
 */
import { describe, expect, it } from 'vitest';
import { type Outcome, type SolutionTables, evaluateOutcome, outcomeNameProblems } from '../../src/product/study/outcomes.js';

const row = (section: string, item: string, value: number, more: Partial<SolutionTables['rows'][number]> = {}) => ({
  section, item, value, category: '', hub: '', stage: 'Stage 1', unit: section === 'Capacity' ? 'kW' : section === 'Energy' ? 'kWh/year' : 'CHF', carrier: '', ...more,
});

const solutions: SolutionTables[] = [
  {
    index: 1,
    objectives: { MIN_LIFE_CYCLE_COST: 1000, MIN_CO2_EMISSIONS: 50 },
    rows: [
      row('Capacity', 'Heat pump @ School', 30, { hub: 'School' }),
      row('Capacity', 'Heat pump @ Block', 12, { hub: 'Block' }),
      row('Capacity', 'Heat pump @ School', 45, { hub: 'School', stage: 'Stage 2' }),
      row('Capacity', 'Battery @ Block', 0.4, { hub: 'Block', unit: 'kWh' }),
      row('Capacity', 'Heat pipe (Block–School)', 8, { hub: 'Block' }),
      row('Energy', 'Natural gas', 1200, { category: 'Import', hub: 'School', carrier: 'Gas' }),
      row('Energy', 'Natural gas', 800, { category: 'Import', hub: 'Block', carrier: 'Gas' }),
      row('Energy', 'Feed-in', 300, { category: 'Export', hub: 'Block', carrier: 'Electricity' }),
      row('Cost', 'Heat pump @ School', 500, { category: 'Investment' }),
      row('Cost', 'Heat pump @ Block', 200, { category: 'Investment' }),
      row('Cost', 'Natural gas @ School', 90, { category: 'Imports' }),
      row('CO2', 'Natural gas @ School', 40, { category: 'Operation', unit: 'kg CO2' }),
      row('CO2', 'Heat pump @ School', 10, { category: 'Embodied', unit: 'kg CO2' }),
    ],
  },
  { index: 2, objectives: { MIN_LIFE_CYCLE_COST: 1500, MIN_CO2_EMISSIONS: 20 }, rows: [row('Capacity', 'Heat pump @ School', 60, { hub: 'School' })] },
];

/** An outcome of one kind (and its point, 1 unless given), read from the solutions above. */
const value = (outcome: object) => evaluateOutcome({ name: 'x', point: 1, ...outcome } as Outcome, solutions);

describe('outcomes', () => {
  it('read objectives, of the point asked for', () => {
    expect(value({ objective: 'MIN_CO2_EMISSIONS' })).toEqual({ value: 50, unit: 'kg' });
    expect(value({ objective: 'MIN_LIFE_CYCLE_COST', point: 'last' })).toEqual({ value: 1500, unit: 'CHF' });
    expect(value({ objective: 'MIN_LIFE_CYCLE_COST', point: 3 })).toEqual({ problem: 'the output has no Pareto point 3 (it has 2)' });
  });

  it('sum capacities over hubs, take the largest stage, and keep the unit', () => {
    // Stage 1: 30 + 12 = 42, stage 2: 45. Without a stage, the largest: 45.
    expect(value({ capacity: { technology: 'Heat pump' } })).toEqual({ value: 45, unit: 'kW' });
    expect(value({ capacity: { technology: 'Heat pump', stage: 'Stage 1' } })).toEqual({ value: 42, unit: 'kW' });
    expect(value({ capacity: { technology: 'Heat pump', hub: 'School', stage: 'Stage 1' } })).toEqual({ value: 30, unit: 'kW' });
    expect(value({ capacity: { technology: 'Battery' } })).toEqual({ value: 0.4, unit: 'kWh' });
    expect(value({ capacity: { technology: 'Heat pipe' } })).toEqual({ value: 8, unit: 'kW' });
    expect(value({ capacity: { technology: 'Gas boiler' } })).toEqual({ problem: 'solution 1 reports no capacity of Gas boiler' });
  });

  it('sum energy by carrier and direction, or by import, and refuse an output without energy rows', () => {
    expect(value({ energy: { carrier: 'Gas', direction: 'import' } })).toEqual({ value: 2000, unit: 'kWh/year' });
    expect(value({ energy: { impex: 'Natural gas', hub: 'Block' } })).toEqual({ value: 800, unit: 'kWh/year' });
    expect(value({ energy: { carrier: 'Electricity', direction: 'import' } })).toEqual({ value: 0, unit: 'kWh/year' });
    expect(value({ energy: { impex: 'Natural gas' }, point: 2 })).toEqual({ problem: 'solution 2 reports no annual energy (no Energy rows in its Cost & CO2 table)' });
  });

  it('sum cost and CO2 components by category and technology; one the output omits is zero', () => {
    expect(value({ cost: { category: 'investment' } })).toEqual({ value: 700, unit: 'CHF' });
    expect(value({ cost: { technology: 'Heat pump' } })).toEqual({ value: 700, unit: 'CHF' });
    expect(value({ cost: {} })).toEqual({ value: 790, unit: 'CHF' });
    expect(value({ cost: { category: 'salvage' } })).toEqual({ value: 0, unit: 'CHF' });
    expect(value({ co2: { category: 'embodied' } })).toEqual({ value: 10, unit: 'kg CO2' });
    expect(value({ co2: {} })).toEqual({ value: 50, unit: 'kg CO2' });
  });

  it('name the design: what is installed above the tolerance', () => {
    expect(value({ design: { tolerance: 1 } })).toEqual({ value: 'Heat pipe (Block–School), Heat pump @ Block, Heat pump @ School', unit: '' });
    expect(value({ design: { tolerance: 100 } })).toEqual({ value: '(nothing installed)', unit: '' });
  });

  it('check the names they give against the base scenario, offering the nearest', () => {
    const names = { technologies: ['Heat pump', 'Gas boiler', 'Natural gas'], impex: ['Natural gas'], hubs: ['School', 'Block'], carriers: ['Gas'], stages: ['Stage 1'] };
    const outcomes = [
      { name: 'a', point: 1, capacity: { technology: 'Heat pmup', hub: 'Scool' } },
      { name: 'b', point: 1, energy: { impex: 'Natural gaz', stage: 'Stage 9' } },
      { name: 'c', point: 1, cost: { technology: 'Gas boiler' } },
    ] as Outcome[];
    expect(outcomeNameProblems(outcomes, names)).toEqual([
      { path: ['outcomes', 0, 'capacity', 'technology'], message: 'the base scenario has no technology, network link, import or export "Heat pmup"; did you mean Heat pump?' },
      { path: ['outcomes', 0, 'capacity', 'hub'], message: 'the base scenario has no hub "Scool"; did you mean School?' },
      { path: ['outcomes', 1, 'energy', 'impex'], message: 'the base scenario has no import or export "Natural gaz"; did you mean Natural gas?' },
      { path: ['outcomes', 1, 'energy', 'stage'], message: 'the base scenario has no stage "Stage 9"; did you mean Stage 1?' },
    ]);
  });
});
