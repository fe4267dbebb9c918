/**
 * The master problem of a decomposition (engine/decomposition.ts): the design columns with their
 * costs and the rows among them, plus θ for the operation's cost, and the cuts priced designs add.
 * Its definition is plain data, so that the relaxation's thread (engine/relaxation-thread.ts) can
 * build the same master and hand back the cuts it added.
 */
import type { ModelArrays } from '../lp.js';
import { type Highs, type HighsModel, runTraced } from './highs-run.js';
import { type OperationLp, type PricedCut, type Pool, shiftedRhs } from './operation-lp.js';

/** A master as HiGHS takes it: design columns in order, then θ. */
export type MasterDefinition = Parameters<Highs['createModel']>[0] & {
  numCols: number;
  colLower: Float64Array;
  colUpper: Float64Array;
  integrality: Int32Array;
};

/** The most designs one loop over a master prices before giving up. */
export const MAX_ITERATIONS = 500;

/** A cut as a master row, scaled: `values·(y, θ) ≥ rhs` over master columns. */
export interface CutRow {
  indices: Int32Array;
  values: Float64Array;
  rhs: number;
}

/** A design as the master's columns hold it (every design column, in order), with what it costs. */
export interface Design {
  value: number;
  design: Float64Array;
}

/** The master of `m`'s design columns (`year` names them), under `cost` and the rows' current bounds, with each design column's upper bound. */
export function masterDefinition(
  m: ModelArrays, year: Pick<OperationLp, 'designCols' | 'masterRows' | 'position'>, cost: Float64Array,
  rowLower: Float64Array, rowUpper: Float64Array, upper: Float64Array,
): MasterDefinition {
  const { designCols, masterRows, position } = year;
  const numCols = designCols.length + 1;
  const starts = new Int32Array(masterRows.length + 1);
  const index: number[] = [];
  const value: number[] = [];
  masterRows.forEach((r, i) => {
    for (let k = m.starts[r]; k < m.starts[r + 1]; k++) {
      index.push(position.get(m.index[k])!);
      value.push(m.value[k]);
    }
    starts[i + 1] = index.length;
  });
  return {
    numCols, numRows: masterRows.length,
    colCost: Float64Array.from([...designCols.map((j) => cost[j]), 1]),
    // θ starts unbounded below in principle; a huge finite bound keeps the first masters bounded.
    colLower: Float64Array.from([...designCols.map((j) => m.colLower[j]), -1e13]),
    colUpper: Float64Array.from([...upper, Infinity]),
    rowLower: Float64Array.from(masterRows, (r) => rowLower[r]), rowUpper: Float64Array.from(masterRows, (r) => rowUpper[r]),
    matrix: { format: 'csr', numRows: masterRows.length, numCols, starts, indices: Int32Array.from(index), values: Float64Array.from(value) },
    integrality: Int32Array.from([...designCols.map((j) => m.integrality[j]), 0]),
  };
}

export function createMaster(highs: Highs, definition: MasterDefinition): HighsModel {
  const master = highs.createModel(definition);
  master.options.set({ output_flag: false, mip_rel_gap: 1e-9 });
  return master;
}

/** A cut `values·x ≥ rhs` divided by its largest coefficient (addCut says why). */
export function scaleCut(values: readonly number[], rhs: number): { values: number[]; rhs: number } {
  const largest = Math.max(...values.map(Math.abs));
  return { values: values.map((v) => v / largest), rhs: rhs / largest };
}

/**
 * Adds a cut to the master (at the right-hand side given), divided by its largest coefficient, and
 * answers the row added. Unscaled, a cut's right-hand side reaches 10⁹–10¹⁰ (designs priced with
 * penalised slack), and HiGHS, checking the master's optimum against the rows as given, found a
 * violation of 9·10⁻⁶ on one and failed the run ("MIP solver claims optimality, but with …
 * infeasibilities"): three such masters of the demo district's year all solved once their cuts were scaled.
 */
export function addCut(master: HighsModel, cut: PricedCut, rhs = cut.rhs): CutRow {
  const scaled = scaleCut(Array.from(cut.values), rhs);
  const row = { indices: cut.indices, values: Float64Array.from(scaled.values), rhs: scaled.rhs };
  addCutRow(master, row);
  return row;
}

export function addCutRow(master: HighsModel, row: CutRow): void {
  master.addRow(row.rhs, Infinity, { indices: row.indices, values: row.values });
}

/** Adds a pool's cuts to the master, each moved to the rows' current bounds (the Pareto level); answers the rows added. */
export function addPoolCuts(master: HighsModel, pool: Pool, rowLower: Float64Array, rowUpper: Float64Array): CutRow[] {
  const rows: CutRow[] = [];
  for (const cut of pool.cuts) {
    const rhs = shiftedRhs(cut, rowLower, rowUpper);
    if (rhs !== undefined) rows.push(addCut(master, cut, rhs));
  }
  return rows;
}

/**
 * The cheapest whole design with `lp`'s linked columns at `point` (installation decisions and the
 * rest follow from the master's rows): its investment-side cost and every design column's value,
 * or undefined if none exists. The master's bounds (`definition`'s) are restored after.
 */
export function completeDesign(
  highs: Highs, master: HighsModel, definition: MasterDefinition, lp: Pick<OperationLp, 'linked' | 'position'>, point: Float64Array,
): Design | undefined {
  const theta = definition.numCols - 1;
  const columns = lp.linked.map((j) => lp.position.get(j)!);
  columns.forEach((p, k) => master.changeColBounds(p, point[k], point[k]));
  try {
    if (runTraced(highs, master, 'completion') !== highs.constants.modelStatus.optimal) return undefined;
    const values = master.getSolution().colValue;
    return { value: master.getObjectiveValue() - values[theta], design: values.slice(0, theta) };
  } finally {
    columns.forEach((p) => master.changeColBounds(p, definition.colLower[p], definition.colUpper[p]));
  }
}
