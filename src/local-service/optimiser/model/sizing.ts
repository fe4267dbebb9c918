/**
 * Capacity of an installable item (a conversion or storage technology in a hub, a network link)
 * over the stages it is available in, with its installation options and the whole cost life of
 * what is installed: investment at the start of a stage, replacements when the lifetime runs out
 * within the horizon, salvage of the remaining life when it leaves service, O&M per year, and
 * embodied CO2. Capacity is carried on from one stage to the next while the item stays
 * available; it is never uninstalled within such a run.
 */
import type { CostComponentDoc, TechnologyCostDoc } from '../../scenario-model/documents.js';
import { INF } from '../lp.js';
import type { CapacityReport, ModelContext } from './context.js';

export interface CostTerms {
  fixedInvestment: number;
  variableInvestment: number;
  fixedReplacement: number;
  variableReplacement: number;
  fixedSalvage: number;
  variableSalvage: number;
  fixedOm: number;
  variableOmPerYear: number;
  fixedEmbodiedCo2: number;
  variableEmbodiedCo2: number;
}

export interface SizingSpec {
  item: string;
  kind: CapacityReport['kind'];
  hub: string;
  stages: number[];
  unit: 'kW' | 'kWh';
  install: string;
  /** A specified capacity (technologyCapacity "specify"), installed as given. */
  specified?: number | null;
  min: number;
  max: number;
  lifetime: number;
  costs: CostTerms;
  /** Packages or exclusive groups need the installed/not-installed decision. */
  needsBinary: boolean;
}

export interface Sized {
  capacity: Map<number, number>;
  /** The capacity columns' upper bound (kW or kWh): the given maximum, the internal cap, or the specified capacity. */
  upper: number;
  /** Binary "installed" per stage, when the item has one. */
  installed?: Map<number, number>;
}

const sum = (components: readonly CostComponentDoc[], categories: string[]) =>
  components.filter((c) => c.category && categories.includes(c.category)).reduce((total, c) => total + (c.value ?? 0), 0);

/** Cost terms of a technology document in CHF (its currency converted), cost components included. */
export function technologyCosts(doc: TechnologyCostDoc & { variableOmCostYear?: number | null }, length = 1): CostTerms {
  const rate = doc.exchangeRate ?? 1;
  const components = doc.costComponents ?? [];
  const variableInvestment = ((doc.variableInvestmentCost ?? 0) + sum(components, ['VARIABLE_INVESTMENT_COSTS_CHF_KW'])) * rate * length;
  const fixedInvestment =
    ((doc.fixedInvestmentCost ?? 0) + sum(components, ['FIXED_INVESTMENT_COSTS_CHF', 'NETWORK_RELATED_COST_CHF', 'PIPE', 'MEASUREMENT_CONTROL_REGULATION', 'PUMPS'])) *
    rate * length;
  const replacementShare = (doc.variableReplacementCostPercent ?? 100) / 100;
  const salvageShare = (doc.variableSalvageValuePercent ?? 100) / 100;
  const omPercent = ((doc.variableOmCostPercent ?? 0) + sum(components, ['VARIABLE_OM_COSTS_PERCENT'])) / 100;
  return {
    fixedInvestment,
    variableInvestment,
    fixedReplacement: (doc.fixedReplacementCost ?? null) !== null ? doc.fixedReplacementCost! * rate * length : fixedInvestment * replacementShare,
    variableReplacement: (doc.variableReplacementCostCHF ?? null) !== null ? doc.variableReplacementCostCHF! * rate * length : variableInvestment * replacementShare,
    fixedSalvage: (doc.fixedSalvageValue ?? null) !== null ? doc.fixedSalvageValue! * rate * length : fixedInvestment * salvageShare,
    variableSalvage: (doc.variableSalvageValueCHF ?? null) !== null ? doc.variableSalvageValueCHF! * rate * length : variableInvestment * salvageShare,
    fixedOm: ((doc.fixedOmCostChf ?? 0) + sum(components, ['FIXED_OM_COSTS_CHF_YEAR'])) * rate + omPercent * fixedInvestment,
    variableOmPerYear: ((doc.variableOmCostYear ?? 0) + sum(components, ['VARIABLE_OM_COSTS_CHF_KW_YEAR'])) * rate + omPercent * variableInvestment,
    fixedEmbodiedCo2: (doc.fixedEmbodiedCo2 ?? 0) * length,
    variableEmbodiedCo2: (doc.variableEmbodiedCo2 ?? 0) * length,
  };
}

/** Consecutive runs of stage positions: capacity is carried on within a run only. */
function runs(stages: number[]): number[][] {
  const out: number[][] = [];
  for (const s of [...stages].sort((a, b) => a - b)) {
    const last = out.at(-1);
    if (last && last.at(-1) === s - 1) last.push(s);
    else out.push([s]);
  }
  return out;
}

/** Adds the capacity columns, installation constraints, costs and CO2 of an item; answers the columns. */
export function addSizing(ctx: ModelContext, spec: SizingSpec): Sized {
  const { lp } = ctx;
  const cap = spec.unit === 'kWh' ? ctx.bigM * 24 : ctx.bigM;
  const max = Math.min(spec.max, cap);
  const fixedSize = spec.specified !== undefined && spec.specified !== null;
  const internalCap = !fixedSize && spec.max > cap ? cap : undefined;
  const mustInstall = spec.install === 'mustBeInstalled';
  const binary =
    !fixedSize &&
    (spec.needsBinary || mustInstall || spec.install === 'mustBeInstalledInAtLeastOneHub' || spec.min > 0 || spec.costs.fixedInvestment !== 0 ||
      spec.costs.fixedOm !== 0 || spec.costs.fixedEmbodiedCo2 !== 0);
  const sized: Sized = { capacity: new Map(), upper: fixedSize ? spec.specified! : max, installed: binary ? new Map() : undefined };
  const horizonEnd = ctx.discount.horizon;

  for (const run of runs(spec.stages)) {
    const runEnd = ctx.stages[run.at(-1)!].start + ctx.stages[run.at(-1)!].length;
    let previousCapacity: number | undefined;
    let previousInstalled: number | undefined;
    for (const s of run) {
      const stage = ctx.stages[s];
      const tag = `${spec.item}_${stage.name}`;
      const capacity = lp.markDesign(fixedSize
        ? lp.addVar(`cap_${tag}`, spec.specified!, spec.specified!)
        : lp.addVar(`cap_${tag}`, 0, max === INF ? INF : max));
      sized.capacity.set(s, capacity);
      ctx.capacities.push({ kind: spec.kind, item: spec.item, hub: spec.hub, stage: s, unit: spec.unit, column: capacity, internalCap });
      const added = lp.markDesign(lp.addVar(`new_${tag}`, 0, INF));
      // capacity = carried-on capacity + new capacity
      lp.addRow(`carry_${tag}`, previousCapacity === undefined ? [capacity, 1, added, -1] : [capacity, 1, previousCapacity, -1, added, -1], 0, 0);

      let installed: number | undefined;
      let newlyInstalled: number | undefined;
      if (binary) {
        installed = lp.markDesign(lp.addBinary(`on_${tag}`));
        sized.installed!.set(s, installed);
        if (mustInstall) lp.setBounds(installed, 1, 1);
        lp.addRow(`maxcap_${tag}`, [capacity, 1, installed, -max], -INF, 0);
        if (spec.min > 0) lp.addRow(`mincap_${tag}`, [capacity, 1, installed, -spec.min], 0, INF);
        newlyInstalled = lp.markDesign(lp.addVar(`install_${tag}`, 0, 1));
        lp.addRow(`newinstall_${tag}`, previousInstalled === undefined ? [newlyInstalled, 1, installed, -1] : [newlyInstalled, 1, installed, -1, previousInstalled, 1], 0, INF);
        if (previousInstalled !== undefined) lp.addRow(`keep_${tag}`, [installed, 1, previousInstalled, -1], 0, INF);
      } else if (spec.min > 0 && !fixedSize) {
        lp.setBounds(capacity, spec.min, max);
      }

      addLifeCosts(ctx, spec, s, added, newlyInstalled, Math.min(runEnd, horizonEnd));
      // O&M for every year of the stage the capacity exists in.
      const annuity = ctx.discount.annuity(s);
      const om = ctx.cost('om', spec.item, s);
      om.add(capacity, spec.costs.variableOmPerYear * annuity);
      if (installed !== undefined) om.add(installed, spec.costs.fixedOm * annuity);
      previousCapacity = capacity;
      previousInstalled = installed;
    }
  }
  return sized;
}

/**
 * Capacities at their internal cap in a solution: the model bounded them only because nothing
 * else did, so the optimum may lie beyond (a relative 1e-6 below the cap counts as at it).
 */
export function capacitiesAtInternalCap(ctx: ModelContext, x: Float64Array): CapacityReport[] {
  return ctx.capacities.filter((c) => c.internalCap !== undefined && x[c.column] >= c.internalCap * (1 - 1e-6));
}

/**
 * Investment, replacements and salvage of capacity `added` at the start of stage `s`, in service
 * until `serviceEnd` (years from the horizon start), and its embodied CO2 per unit built.
 */
function addLifeCosts(ctx: ModelContext, spec: SizingSpec, s: number, added: number, newlyInstalled: number | undefined, serviceEnd: number): void {
  const start = ctx.stages[s].start;
  const life = Math.max(1, spec.lifetime);
  const c = spec.costs;
  const investment = ctx.cost('investment', spec.item, s);
  const replacement = ctx.cost('replacement', spec.item, s);
  const salvage = ctx.cost('salvage', spec.item, s);
  const embodied = ctx.emission('embodied', spec.item, s);
  const df = ctx.discount.factor(start);
  investment.add(added, c.variableInvestment * df);
  if (newlyInstalled !== undefined) investment.add(newlyInstalled, c.fixedInvestment * df);
  let units = 1;
  for (let at = start + life; at < serviceEnd - 1e-9; at += life) {
    const f = ctx.discount.factor(at);
    replacement.add(added, c.variableReplacement * f);
    if (newlyInstalled !== undefined) replacement.add(newlyInstalled, c.fixedReplacement * f);
    units++;
  }
  // The last unit's remaining life at the end of service, valued linearly; salvage is a gain.
  const age = (serviceEnd - start) % life;
  const remaining = age === 0 ? 0 : (life - age) / life;
  if (remaining > 0) {
    const f = ctx.discount.factor(serviceEnd);
    salvage.add(added, -c.variableSalvage * remaining * f);
    if (newlyInstalled !== undefined) salvage.add(newlyInstalled, -c.fixedSalvage * remaining * f);
  }
  embodied.add(added, c.variableEmbodiedCo2 * units);
  if (newlyInstalled !== undefined) embodied.add(newlyInstalled, c.fixedEmbodiedCo2 * units);
}
