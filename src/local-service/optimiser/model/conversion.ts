/**
 * Conversion technologies. Each mode is operated by one variable per step, X = the sum of its
 * inputs: input c takes X × share_c / Σ shares (shares are absolute: electricity 100 and ambient
 * heat 200 give a heat pump a COP of 3 at 100 % heat efficiency), output k gives X × efficiency_k.
 * Efficiencies and shares are fixed, monthly (seasonality values) or hourly (profiles). The
 * technology's capacity is the peak of the summed primary outputs of its primary modes; a mode's
 * primary output is also bounded by its peak power × capacity, only in its season and where its
 * operation profile allows. Secondary outputs may be curtailed up to the curtailment limitation.
 */
import type { ModeCarrierDoc, ModeDoc, Resource } from '../../scenario-model/documents.js';
import { seasonMonths } from '../../scenario-model/seasons.js';
import { Expr, INF } from '../lp.js';
import type { ModelContext } from './context.js';
import { addSizing, technologyCosts } from './sizing.js';

const MONTHS = ['JANUARY', 'FEBRUARY', 'MARCH', 'APRIL', 'MAY', 'JUNE', 'JULY', 'AUGUST', 'SEPTEMBER', 'OCTOBER', 'NOVEMBER', 'DECEMBER'];

/** A carrier entry's value at each step: a profile, monthly seasonality values, or a constant. */
function valueAtSteps(ctx: ModelContext, fixed: number, custom: boolean | null | undefined, profileId: number | null | undefined, seasonality: ModeCarrierDoc['customSeasonalityValues']): Float64Array {
  if (custom && profileId != null) return ctx.atSteps(ctx.profile(profileId));
  const out = new Float64Array(ctx.time.steps).fill(fixed);
  if (custom && seasonality?.length) {
    const byMonth = new Map(seasonality.map((v) => [MONTHS.indexOf(v.month.toUpperCase()) + 1, v.value]));
    for (let t = 0; t < ctx.time.steps; t++) out[t] = byMonth.get(ctx.time.month[t]) ?? fixed;
  }
  return out;
}

const efficiency = (ctx: ModelContext, c: ModeCarrierDoc) =>
  valueAtSteps(ctx, c.outputEfficiency ?? 100, c.customOutputEfficiencyActivated, c.outputEfficiencyProfileId, c.customSeasonalityValues).map((v) => v / 100);
const share = (ctx: ModelContext, c: ModeCarrierDoc) =>
  valueAtSteps(ctx, c.fixedInputShare ?? 100, c.customInputShareActivated, c.inputShareProfileId, c.customSeasonalityValues);

/** 1 where the mode may run (its season), times its operation profile if it has one. */
function allowed(ctx: ModelContext, mode: ModeDoc): Float64Array {
  const months = new Set(seasonMonths(mode.seasonalOperation));
  const profile = mode.allowedOperationProfileId != null ? ctx.atSteps(ctx.profile(mode.allowedOperationProfileId)) : undefined;
  return Float64Array.from({ length: ctx.time.steps }, (_, t) => (months.has(ctx.time.month[t]) ? Math.max(0, profile ? profile[t] : 1) : 0));
}

const primaryOutput = (mode: ModeDoc) => mode.outputs.find((o) => o.primary) ?? mode.outputs[0];

function addTechnologyAtHub(ctx: ModelContext, tech: Resource<'conversion'>, hub: string, needsBinary: boolean): void {
  const { doc } = tech;
  const { lp } = ctx;
  const item = `${doc.processName} @ ${ctx.hub(hub)}`;
  const stages = ctx.stagesOf(doc.stages);
  const primaryModes = doc.modes.some((m) => m.primary) ? doc.modes.filter((m) => m.primary) : doc.modes.slice(0, 1);
  const specified = doc.technologyCapacity === 'specify' ? Math.max(0, ...primaryModes.map((m) => m.capacity ?? 0)) : null;
  const sized = addSizing(ctx, {
    item, kind: 'conversion', hub, stages, unit: 'kW', install: doc.mustBeInstalledInHubs, specified,
    min: Math.max(0, ...primaryModes.map((m) => m.minimumCapacity ?? 0)),
    max: Math.min(INF, ...primaryModes.map((m) => m.maximumCapacity ?? INF)),
    lifetime: doc.lifetime, costs: technologyCosts(doc), needsBinary,
  });
  ctx.registerInstalled(tech.guid, hub, sized.installed);
  const perKwh = ((doc.variableOmCost ?? 0) + doc.costComponents.filter((c) => c.category === 'VARIABLE_OM_COSTS_CHF_KWH').reduce((a, c) => a + (c.value ?? 0), 0)) * (doc.exchangeRate ?? 1);
  const co2PerKwh = (doc.variableEmittedCo2 ?? 0) - (doc.variableCapturedCo2 ?? 0);

  const modeData = doc.modes.map((mode, m) => {
    const inputs = mode.inputs.map((c) => ({ carrier: c.energyCarrierGuid, share: share(ctx, c) }));
    const outputs = mode.outputs.map((c) => ({ carrier: c.energyCarrierGuid, efficiency: efficiency(ctx, c), primary: c === primaryOutput(mode) }));
    return { mode, m, inputs, outputs, allowed: allowed(ctx, mode), primaryEff: outputs.find((o) => o.primary)!.efficiency };
  });

  for (const s of stages) {
    const stage = ctx.stages[s];
    const capacity = sized.capacity.get(s)!;
    const annuity = ctx.discount.annuity(s);
    const om = ctx.cost('om', item, s);
    const emitted = ctx.emission('operation', item, s);
    const operation = modeData.map(({ mode, m, inputs, outputs, allowed: allowedAt, primaryEff }) => {
      const tag = `${item}_m${m + 1}_${stage.name}`;
      const x = new Int32Array(ctx.time.steps);
      for (let t = 0; t < ctx.time.steps; t++) {
        x[t] = lp.addVar(`op_${tag}_${t}`, 0, allowedAt[t] > 0 ? INF : 0);
        const shareSum = inputs.reduce((sum, i) => sum + i.share[t], 0) || 1;
        for (const input of inputs) ctx.flow(s, hub, input.carrier, t, x[t], -input.share[t] / shareSum);
        for (const output of outputs) ctx.flow(s, hub, output.carrier, t, x[t], output.efficiency[t]);
        // Each mode's primary output is bounded by its peak power and operation profile.
        const peak = (mode.peakPower ?? 1) * allowedAt[t];
        if (peak > 0) lp.addRow(`peakpower_${tag}_${t}`, [x[t], primaryEff[t], capacity, -peak], -INF, 0);
      }
      // Secondary outputs may be curtailed up to the limitation (default 100 %).
      const curtailable = (mode.curtailmentLimitation ?? 100) / 100;
      for (const output of outputs.filter((o) => !o.primary && curtailable > 0)) {
        for (let t = 0; t < ctx.time.steps; t++) {
          const dump = lp.addVar(`curt_${tag}_${ctx.carrierName(output.carrier)}_${t}`, 0, INF);
          ctx.flow(s, hub, output.carrier, t, dump, -1);
          lp.addRow(`curtlim_${tag}_${t}`, [dump, 1, x[t], -curtailable * output.efficiency[t]], -INF, 0);
        }
      }
      const annualOutput = ctx.annual(new Expr(), x, (t) => primaryEff[t]);
      if (mode.minimumAnnualOutput) lp.addRow(`minannual_${tag}`, annualOutput, mode.minimumAnnualOutput, INF);
      if (mode.maximumAnnualOutput) lp.addRow(`maxannual_${tag}`, annualOutput, -INF, mode.maximumAnnualOutput);
      om.addExpr(annualOutput, perKwh * annuity);
      emitted.addExpr(annualOutput, co2PerKwh * stage.length);
      addOnOff(ctx, {
        label: `${item}${doc.modes.length > 1 ? ` (mode ${m + 1})` : ''}`, tag, mode, x, eff: primaryEff, allowed: allowedAt, capacity,
        upper: sized.upper, specified: specified !== null,
      });
      for (const input of inputs) {
        const scale = Float64Array.from({ length: ctx.time.steps }, (_, t) => input.share[t] / (inputs.reduce((a, i) => a + i.share[t], 0) || 1));
        ctx.series.push({ hub, stage: s, label: `${doc.processName}${doc.modes.length > 1 ? ` (mode ${m + 1})` : ''}: ${ctx.carrierName(input.carrier)} in [kW]`, unit: 'kW', columns: x, scale });
      }
      for (const output of outputs) {
        ctx.series.push({ hub, stage: s, label: `${doc.processName}${doc.modes.length > 1 ? ` (mode ${m + 1})` : ''}: ${ctx.carrierName(output.carrier)} out [kW]`, unit: 'kW', columns: x, scale: output.efficiency });
      }
      return { x, primaryEff, peak: mode.peakPower ?? 1, primary: primaryModes.includes(mode) };
    });

    // Capacity = peak of the summed primary outputs of the primary modes; modes that cannot run
    // together share the capacity.
    const together = doc.modes.every((m) => m.simultaneousOperation !== false);
    const bounded = operation.filter((o) => (together ? o.primary : true));
    if (bounded.length > 1 || !together) {
      for (let t = 0; t < ctx.time.steps; t++) {
        const terms: number[] = [capacity, -1];
        for (const o of bounded) terms.push(o.x[t], o.primaryEff[t] / (together ? 1 : o.peak));
        lp.addRow(`capacity_${item}_${stage.name}_${t}`, terms, -INF, 0);
      }
    }
  }
}

/** What the on/off states of one mode in one stage work on. */
interface ModeOperation {
  /** "<technology> @ <hub>" with " (mode n)" when the technology has several modes. */
  label: string;
  tag: string;
  mode: ModeDoc;
  x: Int32Array;
  eff: Float64Array;
  allowed: Float64Array;
  capacity: number;
  /** The capacity column's upper bound; the capacity itself when it is specified. */
  upper: number;
  specified: boolean;
}

/**
 * Minimum part load, and with it minimum up and down times: a running mode delivers at least
 * its share of the capacity, and once started (stopped) stays on (off) for the given hours. Each
 * needs an on/off binary per step; past the model's binary budget they are relaxed and named as
 * not honoured. Without a part load "running" may mean delivering nothing, so up and down times
 * alone constrain nothing (coverage.ts names them).
 *
 * Part load, tight: with capacity C ≤ U, x·η ≥ share·(C − U·(1 − on)) and x·η ≤ peak·U·on (with
 * x·η ≤ peak·C from the peak-power rows, this is the projection of the McCormick envelope of
 * C·on); a specified C makes both exact: share·C·on ≤ x·η ≤ peak·C·on.
 * Up and down times by Rajan & Takriti (2005): on_t − on_{t−1} = start_t − stop_t,
 * Σ_{τ=t−UT+1..t} start_τ ≤ on_t, Σ_{τ=t−DT+1..t} stop_τ ≤ 1 − on_t, cyclic over the year at FULL
 * and within each typical day on typical days (an approximation: a day's run cannot carry over).
 */
function addOnOff(ctx: ModelContext, o: ModeOperation): void {
  const { lp } = ctx;
  const share = (o.mode.minPartLoad ?? 0) / 100;
  if (share <= 0) return;
  const upTime = Math.ceil(o.mode.minimumUpTime ?? 0);
  const downTime = Math.ceil(o.mode.minimumDownTime ?? 0);
  const steps = o.x.length;
  const timed: [string, number][] = [['Minimum Up Time [h]', upTime], ['Minimum Down Time [h]', downTime]];
  if (ctx.operationBinaries + steps > ctx.options.maxOperationBinaries) {
    const left = ctx.options.maxOperationBinaries - ctx.operationBinaries;
    const instead = `relaxed: it needs ${steps} hourly on/off binaries, ${left} of the budget of ${ctx.options.maxOperationBinaries} are left (sweep solve --part-load-binaries N)`;
    const resource = o.label;
    ctx.notHonoured({ sheet: 'Conversion Tech Modes', resource, field: 'Minimum Part Load [%]', value: String(o.mode.minPartLoad), instead });
    for (const [field, hours] of timed) {
      if (hours > 1) ctx.notHonoured({ sheet: 'Conversion Tech Modes', resource, field, value: String(hours), instead });
    }
    return;
  }
  ctx.operationBinaries += steps;
  const peak = o.mode.peakPower ?? 1;
  const on = new Int32Array(steps);
  for (let t = 0; t < steps; t++) {
    on[t] = lp.addBinary(`run_${o.tag}_${t}`);
    const limit = peak * o.allowed[t];
    // Where the mode may not run, it is off.
    if (limit <= 0) lp.setBounds(on[t], 0, 0);
    if (o.specified) {
      lp.addRow(`partload_${o.tag}_${t}`, [o.x[t], o.eff[t], on[t], -share * o.upper], 0, INF);
      lp.addRow(`offzero_${o.tag}_${t}`, [o.x[t], o.eff[t], on[t], -limit * o.upper], -INF, 0);
    } else {
      const M = share * o.upper;
      lp.addRow(`partload_${o.tag}_${t}`, [o.x[t], o.eff[t], o.capacity, -share, on[t], -M], -M, INF);
      lp.addRow(`offzero_${o.tag}_${t}`, [o.x[t], o.eff[t], on[t], -limit * o.upper], -INF, 0);
    }
  }
  if (upTime <= 1 && downTime <= 1) return;
  const typical = Boolean(ctx.time.typical);
  const cycle = typical ? 24 : steps;
  // The step `back` steps before t within t's cycle.
  const before = (t: number, back: number) => {
    const first = t - (t % cycle);
    return first + ((((t - first - back) % cycle) + cycle) % cycle);
  };
  const start = new Int32Array(steps);
  const stop = new Int32Array(steps);
  for (let t = 0; t < steps; t++) {
    start[t] = lp.addVar(`start_${o.tag}_${t}`, 0, 1);
    stop[t] = lp.addVar(`stop_${o.tag}_${t}`, 0, 1);
  }
  for (let t = 0; t < steps; t++) {
    lp.addRow(`switch_${o.tag}_${t}`, [on[t], 1, on[before(t, 1)], -1, start[t], -1, stop[t], 1], 0, 0);
    if (upTime > 1) {
      const terms = [on[t], -1];
      for (let k = 0; k < Math.min(upTime, cycle); k++) terms.push(start[before(t, k)], 1);
      lp.addRow(`minup_${o.tag}_${t}`, terms, -INF, 0);
    }
    if (downTime > 1) {
      const terms = [on[t], 1];
      for (let k = 0; k < Math.min(downTime, cycle); k++) terms.push(stop[before(t, k)], 1);
      lp.addRow(`mindown_${o.tag}_${t}`, terms, -INF, 1);
    }
  }
  if (typical) {
    ctx.notes.push(`minimum up/down times of ${o.label} apply within each typical day, cyclically (a run cannot carry over to the next day)`);
  }
}

/** Technologies whose installation is a decision other constraints refer to (packages, groups). */
export function addConversionTechnologies(ctx: ModelContext, needsBinary: (guid: string) => boolean): void {
  for (const tech of ctx.content.resources.conversion) {
    for (const hub of tech.doc.hubGuids) addTechnologyAtHub(ctx, tech, hub, needsBinary(tech.guid));
    if (tech.doc.mustBeInstalledInHubs === 'mustBeInstalledInAtLeastOneHub') requireOneHub(ctx, tech.guid, tech.doc.processName);
  }
}

/** Σ over hubs of "installed" ≥ 1 in every stage the technology is available in. */
export function requireOneHub(ctx: ModelContext, technology: string, name: string): void {
  const byHub = ctx.installed.get(technology);
  if (!byHub) return;
  const stages = new Set([...byHub.values()].flatMap((m) => [...m.keys()]));
  for (const s of stages) {
    const terms = [...byHub.values()].flatMap((m) => (m.has(s) ? [m.get(s)!, 1] : []));
    ctx.lp.addRow(`onehub_${name}_${ctx.stages[s].name}`, terms, 1, INF);
  }
}
