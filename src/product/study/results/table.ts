/** A sheet's content, as the summary workbook writes it and the CSV of the report (src/product/report/csv.ts) copies it. */
export type Cell = string | number | boolean | undefined;

/**
 * `rows` may be made as they are read, each time they are read (madeRows): a study's Variants table
 * has a row per variant and Pareto point, which as arrays would hold hundreds of megabytes.
 */
export interface Table<Rows extends Iterable<Cell[]> = Cell[][]> {
  /** `numeric` columns get thousands separators, and decimals only below 1,000. */
  columns: { header: string; numeric?: boolean }[];
  rows: Rows;
}

/** A table whose rows may be made as they are read. */
export type RowsTable = Table<Iterable<Cell[]>>;

/** Rows made afresh by `rows` each time they are read: the workbook reads a sheet's twice, once to size its columns. */
export const madeRows = (rows: () => Iterator<Cell[]>): Iterable<Cell[]> => ({ [Symbol.iterator]: rows });
