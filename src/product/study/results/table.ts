/** A sheet's content, as the summary workbook writes it and the CSV of the report (src/product/report/csv.ts) copies it. */
export type Cell = string | number | boolean | undefined;

export interface Table {
  /** `numeric` columns get thousands separators, and decimals only below 1,000. */
  columns: { header: string; numeric?: boolean }[];
  rows: Cell[][];
}
