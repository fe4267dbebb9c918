/**
 * Imports and exports: energy bought from or sold to outside the system at a hub. Prices are a
 * fixed price or an hourly price profile, plus price components (fixed, or by time of use);
 * capacity prices apply to the peak flow; caps limit the hourly flow and the annual energy; CO2
 * intensity counts per kWh imported and compensation per kWh exported.
 */
import type { ImpexDoc, Resource } from '../../scenario-model/documents.js';
import { Expr, INF } from '../lp.js';
import type { ModelContext } from './context.js';

const DAY_NAMES = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'];
const MONTH_NAMES = ['JANUARY', 'FEBRUARY', 'MARCH', 'APRIL', 'MAY', 'JUNE', 'JULY', 'AUGUST', 'SEPTEMBER', 'OCTOBER', 'NOVEMBER', 'DECEMBER'];

/** Whether step t falls in a time of use (months, weekdays, and a start–end hour window). */
function inTimeOfUse(ctx: ModelContext, tou: ImpexDoc['timeOfUses'][number], t: number): boolean {
  const months = tou.months ?? [];
  const days = tou.days ?? [];
  if (months.length && !months.includes(MONTH_NAMES[ctx.time.month[t] - 1])) return false;
  if (days.length && !days.map((d) => d.toUpperCase()).includes(DAY_NAMES[ctx.time.weekday[t]])) return false;
  const hour = ctx.time.hourOfDay[t];
  const from = tou.startTime ? Number(tou.startTime.split(':')[0]) : 0;
  const to = tou.endTime ? Number(tou.endTime.split(':')[0]) : 24;
  return from <= to ? hour >= from && hour < (to === 0 ? 24 : to) : hour >= from || hour < to;
}

/** Energy price (CHF/kWh) and capacity price (CHF/kW·year) of an import or export at each step. */
function prices(ctx: ModelContext, doc: ImpexDoc): { energy: Float64Array; capacityPerYear: number; fixedPerYear: number } {
  const steps = ctx.time.steps;
  const base = doc.hourlyEnergyPriceProfileId != null ? ctx.atSteps(ctx.profile(doc.hourlyEnergyPriceProfileId)) : new Float64Array(steps).fill(doc.energyPriceCHFkWh ?? 0);
  const energy = Float64Array.from(base);
  let capacityPerYear = (doc.capacityPriceCHFkWYear ?? 0) + 12 * (doc.capacityPriceCHFkWMonth ?? 0);
  let fixedPerYear = doc.fixedOmPriceCHFYear ?? 0;
  const components = doc.priceComponents.filter((p) => p.priceCategory !== 'TOTAL');
  for (const component of components) {
    const value = component.value ?? 0;
    if (component.priceDimension === 'CAPACITY_PRICE_CHF_KW_YEAR') capacityPerYear += value;
    else if (component.priceDimension === 'CAPACITY_PRICE_CHF_KW_MONTH') capacityPerYear += 12 * value;
    else if (component.priceDimension === 'FIXED_OM_PRICE_CHF_YEAR') fixedPerYear += value;
    else {
      const windows = component.type === 'TIME_OF_USE' ? doc.timeOfUses.filter((t) => (component.timeOfUses ?? []).includes(t.name)) : [];
      for (let t = 0; t < steps; t++) {
        if (component.type !== 'TIME_OF_USE' || windows.some((w) => inTimeOfUse(ctx, w, t))) energy[t] += value;
      }
    }
  }
  return { energy, capacityPerYear, fixedPerYear };
}

function addOne(ctx: ModelContext, impex: Resource<'impex'>): void {
  const { doc } = impex;
  const importing = doc.type === 'IMPORT';
  const { lp } = ctx;
  const { energy, capacityPerYear, fixedPerYear } = prices(ctx, doc);
  const hourlyCap = doc.maximumHourlyEnergyAvailableProfileId != null ? ctx.atSteps(ctx.profile(doc.maximumHourlyEnergyAvailableProfileId)) : undefined;
  const co2 = doc.dynamicCo2ProfileId != null ? ctx.atSteps(ctx.profile(doc.dynamicCo2ProfileId)) : undefined;
  for (const s of ctx.stagesOf(doc.stages)) {
    const annuity = ctx.discount.annuity(s);
    const stage = ctx.stages[s];
    for (const hub of doc.hubGuids) {
      const item = `${doc.name} @ ${ctx.hub(hub)}`;
      const columns = new Int32Array(ctx.time.steps);
      for (let t = 0; t < ctx.time.steps; t++) {
        const upper = Math.min(doc.maxCapacityKW ?? INF, hourlyCap ? hourlyCap[t] : INF);
        columns[t] = lp.addVar(`${importing ? 'imp' : 'exp'}_${item}_${stage.name}_${t}`, 0, upper);
        ctx.flow(s, hub, doc.energyCarrierGuid, t, columns[t], importing ? 1 : -1);
      }
      ctx.series.push({ hub, stage: s, label: `${doc.name} ${importing ? 'import' : 'export'} [kW]`, unit: 'kW', columns });
      ctx.energies.push({
        direction: importing ? 'import' : 'export', item: doc.name, carrier: doc.energyCarrierGuid, hub, stage: s, expr: ctx.annual(new Expr(), columns, () => 1),
      });
      const money = ctx.cost(importing ? 'imports' : 'exports', item, s);
      // Exports earn: their cost is negative.
      ctx.annual(money, columns, (t) => (importing ? 1 : -1) * energy[t] * annuity);
      money.addConstant(fixedPerYear * annuity);
      if (capacityPerYear > 0) {
        const peak = lp.markDesign(lp.addVar(`peak_${item}_${stage.name}`, 0, doc.maxCapacityKW ?? INF));
        for (let t = 0; t < ctx.time.steps; t++) lp.addRow(`peakdef_${item}_${stage.name}_${t}`, [peak, 1, columns[t], -1], 0, INF);
        money.add(peak, (importing ? 1 : -1) * capacityPerYear * annuity);
        ctx.capacities.push({ kind: importing ? 'import' : 'export', item: doc.name, hub, stage: s, unit: 'kW', column: peak });
      }
      if (doc.totalAnnualEnergyAvailableKWhA != null) {
        lp.addRow(`annualcap_${item}_${stage.name}`, ctx.annual(new Expr(), columns, () => 1), -INF, doc.totalAnnualEnergyAvailableKWhA);
      }
      const intensity = importing ? (doc.co2IntensityKgCo2kWh ?? 0) : -(doc.co2CompensationKgCo2kWh ?? 0);
      if (intensity !== 0 || co2) {
        ctx.annual(ctx.emission('operation', item, s), columns, (t) => (co2 ? co2[t] * (importing ? 1 : -1) : intensity) * stage.length);
      }
    }
  }
}

export function addImportsAndExports(ctx: ModelContext): void {
  for (const impex of ctx.content.resources.impex) addOne(ctx, impex);
}
