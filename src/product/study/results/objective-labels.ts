/**
 * How an objective function is named to an analyst: in the summary workbook's headers, the CSV's
 * and the report's plot axes alike, so one study reads the same everywhere.
 */
import type { Objective } from '../../../wire/contract/values.js';

export interface ObjectiveLabel {
  /** As a column header or axis title names it, before the unit. */
  name: string;
  /** Short enough for a sheet name (31 characters at most, two of them with ` vs `). */
  short: string;
  unit: string;
  /** Whether the optimiser makes it smaller or larger; decides which of two points dominates. */
  sense: 'min' | 'max';
}

const LABELS = {
  MIN_LIFE_CYCLE_COST: { name: 'Life-cycle cost', short: 'Cost', unit: 'CHF', sense: 'min' },
  MIN_ANNUALIZED_COST: { name: 'Annualised cost', short: 'Annual cost', unit: 'CHF/year', sense: 'min' },
  MIN_CO2_EMISSIONS: { name: 'CO2 emissions', short: 'CO2', unit: 'kg', sense: 'min' },
  MIN_INVESTMENT: { name: 'Investment', short: 'Investment', unit: 'CHF', sense: 'min' },
  MIN_OM: { name: 'Operation & maintenance', short: 'O&M', unit: 'CHF', sense: 'min' },
  MIN_FUEL_IMPORTS: { name: 'Fuel imports', short: 'Fuel imports', unit: 'CHF', sense: 'min' },
  MIN_REPLACEMENT: { name: 'Replacement', short: 'Replacement', unit: 'CHF', sense: 'min' },
  MAX_EXPORTS: { name: 'Export revenue', short: 'Exports', unit: 'CHF', sense: 'max' },
  MAX_SALVAGE: { name: 'Salvage value', short: 'Salvage', unit: 'CHF', sense: 'max' },
} as const satisfies Record<Objective, ObjectiveLabel>;

/**
 * The label of an objective; one the service reports that this code does not know yet keeps its
 * own name and no unit rather than failing a report over a name.
 */
export function objectiveLabel(objective: string): ObjectiveLabel {
  if (Object.hasOwn(LABELS, objective)) return LABELS[objective as Objective];
  return { name: objective, short: objective, unit: '', sense: objective.startsWith('MAX_') ? 'max' : 'min' };
}

/** `Life-cycle cost [CHF]`: the objective as a header or an axis title. */
export function objectiveHeader(objective: string): string {
  const { name, unit } = objectiveLabel(objective);
  return unit ? `${name} [${unit}]` : name;
}
