/**
 * What the parts of the model share while it is built: the scenario's content, stages and
 * discounting, the timeline, lookups of hubs, carriers and profiles, the energy balances every
 * part adds its flows to, and the registries of cost and CO2 components, capacities and hourly
 * series that the results are read from.
 */
import type { ScenarioContent } from '../../scenario-model/documents.js';
import { Discounting, realRate } from '../finance.js';
import { Expr, LinearProgram } from '../lp.js';
import type { Timeline } from '../timeline.js';
import { describeUnhonoured, type UnhonouredInput } from './coverage.js';

export interface StageInfo {
  guid: string;
  name: string;
  /** Position in the horizon (0-based, by the stage's index). */
  position: number;
  start: number;
  length: number;
}

export const COST_CATEGORIES = ['investment', 'replacement', 'salvage', 'om', 'imports', 'exports'] as const;
export type CostCategory = (typeof COST_CATEGORIES)[number];
export const CO2_CATEGORIES = ['operation', 'embodied'] as const;
export type Co2Category = (typeof CO2_CATEGORIES)[number];

/** A cost (CHF, present value) or CO2 (kg over the horizon) contribution of one item in one stage. */
export interface Contribution<C extends string> {
  category: C;
  item: string;
  stage: number;
  expr: Expr;
}

export interface CapacityReport {
  kind: 'conversion' | 'storage' | 'network' | 'import' | 'export';
  item: string;
  hub: string;
  stage: number;
  unit: string;
  column: number;
  /**
   * The bound the model put on a capacity nobody limited (no maximum given): a capacity at it in
   * the optimum may want to be larger, which the results must say.
   */
  internalCap?: number;
}

/** A year's energy bought or sold through one import or export at one hub in one stage (kWh per year). */
export interface EnergyReport {
  direction: 'import' | 'export';
  /** The import or export's name. */
  item: string;
  carrier: string;
  hub: string;
  stage: number;
  expr: Expr;
}

/** An hourly series of the results: value[t] = scale[t] × x[columns[t]] + constant[t]. */
export interface SeriesReport {
  hub: string;
  stage: number;
  label: string;
  unit: string;
  /** Column per time step, or -1 where no variable contributes. */
  columns: Int32Array;
  scale?: Float64Array;
  /** Data (demands are not variables). */
  constant?: Float64Array;
}

/**
 * The state-of-charge columns of one storage at one hub and stage, from which the results give its
 * absolute level every calendar hour and at the start of every calendar day (storage.ts).
 */
export type StorageLevelReport = { hub: string; stage: number; storage: string; capacity: number; minSoc: number; maxSoc: number } & (
  /** Every hour of the year: soc[t] is the level at the end of hour t. */
  | { kind: 'chronological'; soc: Int32Array }
  /**
   * Typical days: intra[t] is the level at the end of step t relative to its day's start, inter[i]
   * the level at the start of calendar day i, retained[t] the share of that start level still held
   * at the end of step t (standby loss).
   */
  | { kind: 'linked'; intra: Int32Array; inter: Int32Array; retained: Float64Array }
);

export type InstallRegistry = Map<string, Map<string, Map<number, number>>>;

export interface BuildOptions {
  /**
   * Allow hourly on/off binaries (minimum part load, minimum up and down times) up to this many;
   * beyond, those inputs are relaxed and named as not honoured.
   */
  maxOperationBinaries: number;
}

export class ModelContext {
  readonly lp = new LinearProgram();
  readonly stages: StageInfo[];
  readonly discount: Discounting;
  readonly hubName = new Map<string, string>();
  readonly carrier = new Map<string, { name: string; subtype: string }>();
  readonly costs: Contribution<CostCategory>[] = [];
  readonly co2: Contribution<Co2Category>[] = [];
  readonly capacities: CapacityReport[] = [];
  readonly energies: EnergyReport[] = [];
  readonly series: SeriesReport[] = [];
  readonly storageLevels: StorageLevelReport[] = [];
  /** Installed binaries of technologies: technology guid → hub guid → stage → column. */
  readonly installed: InstallRegistry = new Map();
  /** Notes on simplifications applied to this model, reported with the results. */
  readonly notes: string[] = [];
  /** Inputs the model does not honour (also in the notes): the results warn of them, strict mode refuses them. */
  readonly unhonoured: UnhonouredInput[] = [];
  /** Largest power a capacity can need: bounds capacities and sets big-M constants. */
  readonly bigM: number;
  private readonly balances = new Map<string, { hub: string; carrier: string; stage: number; terms: number[][]; demand: Float64Array }>();
  private readonly profiles: Map<number, Float64Array>;
  private readonly stepSeries = new Map<Float64Array, Float64Array>();
  operationBinaries = 0;

  constructor(readonly content: ScenarioContent, readonly time: Timeline, readonly options: BuildOptions) {
    const stageDocs = [...content.resources.stage].sort((a, b) => a.doc.index - b.doc.index);
    let start = 0;
    this.stages = stageDocs.map((s, position) => {
      const info = { guid: s.guid, name: s.doc.name, position, start, length: s.doc.length };
      start += s.doc.length;
      return info;
    });
    this.discount = new Discounting(
      stageDocs.map((s, i) => ({ start: this.stages[i].start, length: s.doc.length, rate: realRate(s.doc.interestRate ?? 0, s.doc.inflationRate ?? 0) })),
    );
    for (const hub of content.resources.hub) this.hubName.set(hub.guid, hub.doc.hubName);
    for (const c of content.resources.carrier) this.carrier.set(c.guid, { name: c.doc.energyCarrierName, subtype: c.doc.subtypeKey });
    this.profiles = new Map(content.profiles.map((p) => [p.id, p.values]));
    this.bigM = estimateBigM(this);
  }

  /** Records an input the model does not honour, in the notes and the list strict mode checks. */
  notHonoured(input: UnhonouredInput): void {
    this.unhonoured.push(input);
    this.notes.push(describeUnhonoured(input));
  }

  /** The 8760 values of a profile. */
  profile(id: number): Float64Array {
    const values = this.profiles.get(id);
    if (!values) throw new Error(`profile ${id} is not in the scenario`);
    return values;
  }

  /** An hourly series at the model's time steps. */
  atSteps(values: Float64Array): Float64Array {
    let series = this.stepSeries.get(values);
    if (!series) {
      series = this.time.series(values);
      this.stepSeries.set(values, series);
    }
    return series;
  }

  /** Positions of the stages a resource is present in (all stages when it names none). */
  stagesOf(stageGuids: readonly string[]): number[] {
    if (stageGuids.length === 0) return this.stages.map((s) => s.position);
    return this.stages.filter((s) => stageGuids.includes(s.guid)).map((s) => s.position);
  }

  hub(guid: string): string {
    return this.hubName.get(guid) ?? guid;
  }

  carrierName(guid: string): string {
    return this.carrier.get(guid)?.name ?? guid;
  }

  /** Adds `coef` × column at step t to the balance of (stage, hub, carrier): supply positive, use negative. */
  flow(stage: number, hub: string, carrier: string, t: number, column: number, coef: number): void {
    this.balance(stage, hub, carrier).terms[t].push(column, coef);
  }

  /** Adds a demand (data) to a balance: positive consumes, negative supplies. */
  demand(stage: number, hub: string, carrier: string, values: Float64Array): void {
    const balance = this.balance(stage, hub, carrier);
    for (let t = 0; t < values.length; t++) balance.demand[t] += values[t];
  }

  private balance(stage: number, hub: string, carrier: string) {
    const key = `${stage}|${hub}|${carrier}`;
    let balance = this.balances.get(key);
    if (!balance) {
      balance = { hub, carrier, stage, terms: Array.from({ length: this.time.steps }, () => []), demand: new Float64Array(this.time.steps) };
      this.balances.set(key, balance);
    }
    return balance;
  }

  /** Writes the balance rows: supply − use = demand at every step of every (stage, hub, carrier). */
  writeBalances(): void {
    for (const b of this.balances.values()) {
      const name = `balance_${this.stages[b.stage].name}_${this.hub(b.hub)}_${this.carrierName(b.carrier)}`;
      for (let t = 0; t < this.time.steps; t++) {
        if (b.terms[t].length === 0 && b.demand[t] === 0) continue;
        this.lp.addRow(`${name}_${t}`, b.terms[t], b.demand[t], b.demand[t]);
      }
    }
  }

  /** Balances with demand but no flow at all: a demand nothing can meet. */
  unmetDemands(): { stage: number; hub: string; carrier: string }[] {
    return [...this.balances.values()]
      .filter((b) => b.demand.some((d) => d > 1e-9) && b.terms.every((terms) => !terms.some((_, i) => i % 2 === 1 && terms[i] > 0)))
      .map(({ stage, hub, carrier }) => ({ stage, hub, carrier }));
  }

  registerInstalled(technology: string, hub: string, installed: Map<number, number> | undefined): void {
    if (!installed) return;
    if (!this.installed.has(technology)) this.installed.set(technology, new Map());
    this.installed.get(technology)!.set(hub, installed);
  }

  cost(category: CostCategory, item: string, stage: number): Expr {
    const expr = new Expr();
    this.costs.push({ category, item, stage, expr });
    return expr;
  }

  emission(category: Co2Category, item: string, stage: number): Expr {
    const expr = new Expr();
    this.co2.push({ category, item, stage, expr });
    return expr;
  }

  /** Σ over the year of weight × value of a per-step column list (for annual energy terms). */
  annual(expr: Expr, columns: ArrayLike<number>, perStepFactor: (t: number) => number): Expr {
    for (let t = 0; t < this.time.steps; t++) if (columns[t] >= 0) expr.add(columns[t], this.time.weight[t] * perStepFactor(t));
    return expr;
  }
}

/** Twenty times the largest total hourly demand (at least 1 MW): no sensible capacity is larger. */
function estimateBigM(ctx: ModelContext): number {
  const peakByCarrier = new Map<string, Float64Array>();
  for (const demand of ctx.content.resources.demand) {
    const values = ctx.profile(demand.doc.demandProfileId);
    const factor = (demand.doc.demandScalingFactor ?? 1) * (demand.doc.multiplicationFactor ?? 1) * Math.max(1, demand.doc.hubGuids.length);
    let sum = peakByCarrier.get(demand.doc.energyCarrierGuid);
    if (!sum) peakByCarrier.set(demand.doc.energyCarrierGuid, (sum = new Float64Array(values.length)));
    for (let h = 0; h < values.length; h++) sum[h] += values[h] * factor;
  }
  let peak = 0;
  for (const sum of peakByCarrier.values()) for (const v of sum) peak = Math.max(peak, v);
  return Math.max(1000, 20 * peak);
}
