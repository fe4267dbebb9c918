/**
 * The results of one solution, read out of the solver's column values through the model's
 * registries: objective values, costs and CO2 by component and stage, installed capacities, and
 * the hourly series of every hub and stage.
 */
import type { CostTableRow } from '../../wire/contract/output-file.js';
import type { Objective } from '../../wire/contract/values.js';
import type { ModelContext } from './model/context.js';
import { objectiveFunctions } from './model/objectives.js';
import type { SolvedPoint } from './optimise.js';
import { type StorageLevelTable, storageLevelTables } from './storage-levels.js';

export type ResultRow = CostTableRow;

export interface HourlyTable {
  hub: string;
  stage: string;
  columns: { label: string; values: Float64Array }[];
}

export interface SolutionReport {
  index: number;
  objectives: Record<Objective, number>;
  rows: ResultRow[];
  tables: HourlyTable[];
  /** Every storage's absolute state of charge over the calendar year, per hub and stage. */
  storage: StorageLevelTable[];
  status: SolvedPoint['status'];
  mipGap?: number;
}

/** Rounds away solver noise (1e-9 kW is zero) without hiding real small values. */
const clean = (v: number) => (Math.abs(v) < 1e-7 ? 0 : Math.round(v * 1e6) / 1e6);

const COST_LABELS: Record<string, string> = {
  investment: 'Investment', replacement: 'Replacement', salvage: 'Salvage value', om: 'Operation & maintenance',
  imports: 'Imports', exports: 'Exports',
};

export function solutionReport(ctx: ModelContext, point: SolvedPoint): SolutionReport {
  const { x } = point;
  const stageName = (s: number) => ctx.stages[s]?.name ?? '';
  const objectives = objectiveFunctions(ctx);
  const rows: ResultRow[] = Object.values(objectives).map((o) => ({
    section: 'Objective', item: o.name, category: o.sense === 'max' ? 'maximise' : 'minimise', hub: '', stage: '', value: clean(point.objectives[o.name]), unit: o.unit,
  }));
  for (const c of ctx.costs) {
    const value = clean(c.expr.evaluate(x));
    if (value !== 0) rows.push({ section: 'Cost', item: c.item, category: COST_LABELS[c.category], hub: '', stage: stageName(c.stage), value, unit: 'CHF (present value)' });
  }
  for (const c of ctx.co2) {
    const value = clean(c.expr.evaluate(x));
    if (value !== 0) rows.push({ section: 'CO2', item: c.item, category: c.category === 'operation' ? 'Operation' : 'Embodied', hub: '', stage: stageName(c.stage), value, unit: 'kg CO2' });
  }
  for (const c of ctx.capacities) {
    rows.push({ section: 'Capacity', item: c.item, category: c.kind, hub: ctx.hub(c.hub), stage: stageName(c.stage), value: clean(x[c.column]), unit: c.unit });
  }
  // Every import and export, zero or not: a study's energy outcome tells "none" from "not reported".
  for (const e of ctx.energies) {
    rows.push({
      section: 'Energy', item: e.item, category: e.direction === 'import' ? 'Import' : 'Export', hub: ctx.hub(e.hub), stage: stageName(e.stage),
      value: clean(e.expr.evaluate(x)), unit: 'kWh/year', carrier: ctx.carrierName(e.carrier),
    });
  }

  const tables = new Map<string, HourlyTable>();
  for (const series of ctx.series) {
    const key = `${series.hub}|${series.stage}`;
    if (!tables.has(key)) tables.set(key, { hub: ctx.hub(series.hub), stage: stageName(series.stage), columns: [] });
    const values = new Float64Array(ctx.time.steps);
    for (let t = 0; t < values.length; t++) {
      const column = series.columns[t];
      values[t] = clean((column >= 0 ? (series.scale ? series.scale[t] : 1) * x[column] : 0) + (series.constant ? series.constant[t] : 0));
    }
    tables.get(key)!.columns.push({ label: series.label, values });
  }
  const storage = storageLevelTables(ctx, x, clean);
  return { index: point.index, objectives: point.objectives, rows, tables: [...tables.values()], storage, status: point.status, mipGap: point.mipGap };
}
