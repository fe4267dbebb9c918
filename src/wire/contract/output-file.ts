/**
 * The `Cost & CO2` table of a solver job's output workbook (one per Pareto solution, in the
 * deployed service's layout): the rows our optimiser writes and a study reads back. Columns are
 * found by their header text; `Category` and `Carrier` are ours, and a reader does without them.
 */

export const COST_TABLE_SECTIONS = ['Objective', 'Cost', 'CO2', 'Capacity', 'Energy'] as const;
export type CostTableSection = (typeof COST_TABLE_SECTIONS)[number];

export interface CostTableRow {
  section: CostTableSection;
  item: string;
  category: string;
  hub: string;
  stage: string;
  value: number;
  unit: string;
  /** Energy rows: the carrier bought or sold. */
  carrier?: string;
}
