/**
 * Storage technologies: charge and discharge with their efficiencies, standby loss per hour
 * (fixed or hourly profile), a minimum and a maximum state of charge, charge and discharge rates as
 * a share of the capacity per hour, and the capacity itself sized like any technology.
 *
 * State of charge: at FULL resolution chronologically over 8760 hours, cyclic over the year. On
 * typical days, by the inter-period linking of Kotzur et al. (2018): each typical day has an
 * intra-day state relative to its start, and each of the 365 calendar days an inter-day state,
 * linked through the chronological sequence of typical days. This lets a storage carry energy
 * across days and seasons, which typical days alone cannot; the capacity bounds are enforced on
 * the inter-day state plus the intra-day extremes (a safe, slightly conservative form).
 */
import type { Resource } from '../../scenario-model/documents.js';
import { INF } from '../lp.js';
import type { ModelContext } from './context.js';
import { requireOneHub } from './conversion.js';
import { addSizing, technologyCosts } from './sizing.js';

function addStorageAtHub(ctx: ModelContext, storage: Resource<'storage'>, hub: string, needsBinary: boolean): void {
  const { doc } = storage;
  const { lp, time } = ctx;
  const item = `${doc.storageName} @ ${ctx.hub(hub)}`;
  const stages = ctx.stagesOf(doc.stages);
  const sized = addSizing(ctx, {
    item, kind: 'storage', hub, stages, unit: 'kWh', install: doc.mustBeInstalled,
    specified: doc.technologyCapacity === 'specify' ? (doc.capacity ?? 0) : null,
    min: doc.minimumCapacity ?? 0, max: doc.maximumCapacity ?? INF,
    lifetime: doc.lifetime, costs: technologyCosts(doc), needsBinary,
  });
  ctx.registerInstalled(storage.guid, hub, sized.installed);
  const charge = (doc.storageChargingEfficiency ?? 100) / 100;
  const discharge = Math.max(1e-6, (doc.storageDischargingEfficiency ?? 100) / 100);
  const minSoc = (doc.minimumSoc ?? 0) / 100;
  const maxSoc = (doc.maximumSocPercent ?? 100) / 100;
  const chargeRate = (doc.maximumChargingRate ?? 100) / 100;
  const dischargeRate = (doc.maximumDischargingRate ?? 100) / 100;
  const loss = doc.standByLossProfileId != null
    ? ctx.atSteps(ctx.profile(doc.standByLossProfileId)).map((v) => v / 100)
    : new Float64Array(time.steps).fill((doc.standbyLoss ?? 0) / 100);
  const flowCost = (doc.variableOmEnergyFlowCost ?? 0) * (doc.exchangeRate ?? 1);

  for (const s of stages) {
    const tag = `${item}_${ctx.stages[s].name}`;
    const capacity = sized.capacity.get(s)!;
    const ch = new Int32Array(time.steps);
    const dis = new Int32Array(time.steps);
    for (let t = 0; t < time.steps; t++) {
      ch[t] = lp.addVar(`ch_${tag}_${t}`, 0, INF);
      dis[t] = lp.addVar(`dis_${tag}_${t}`, 0, INF);
      ctx.flow(s, hub, doc.energyCarrierGuid, t, ch[t], -1);
      ctx.flow(s, hub, doc.energyCarrierGuid, t, dis[t], 1);
      lp.addRow(`chrate_${tag}_${t}`, [ch[t], 1, capacity, -chargeRate], -INF, 0);
      lp.addRow(`disrate_${tag}_${t}`, [dis[t], 1, capacity, -dischargeRate], -INF, 0);
    }
    ctx.annual(ctx.cost('om', item, s), dis, () => flowCost * ctx.discount.annuity(s));
    ctx.series.push({ hub, stage: s, label: `${doc.storageName}: charge [kW]`, unit: 'kW', columns: ch });
    ctx.series.push({ hub, stage: s, label: `${doc.storageName}: discharge [kW]`, unit: 'kW', columns: dis });
    const terms = { charge, discharge, minSoc, maxSoc, loss };
    const report = { hub, stage: s, storage: doc.storageName, capacity, minSoc, maxSoc };
    if (time.typical) {
      const levels = addLinkedLevels(ctx, tag, ch, dis, capacity, terms);
      ctx.storageLevels.push({ ...report, kind: 'linked', ...levels });
      ctx.series.push({ hub, stage: s, label: `${doc.storageName}: level within the day [kWh]`, unit: 'kWh', columns: levels.intra });
    } else {
      const soc = addChronologicalLevels(ctx, tag, ch, dis, capacity, terms);
      ctx.storageLevels.push({ ...report, kind: 'chronological', soc });
      ctx.series.push({ hub, stage: s, label: `${doc.storageName}: state of charge [kWh]`, unit: 'kWh', columns: soc });
    }
  }
}

interface StorageTerms {
  charge: number;
  discharge: number;
  minSoc: number;
  maxSoc: number;
  loss: Float64Array;
}

/**
 * soc[t] = soc[t−1]·(1−loss) + ηc·ch[t] − dis[t]/ηd, cyclic over the year, within [minSoc·E, maxSoc·E].
 *
 * A step of n hours (a segment of the year's relaxation, ch and dis its average powers) ends at
 * soc[t−1]·(1−loss)ⁿ + Σ over its hours of (1−loss)^(hours left)·(ηc·ch_h − dis_h/ηd): each hour's
 * flow loses between nothing and (1−loss)^(n−1) of itself by the segment's end, so the level lies
 * between the two bounds those shares give, which every hourly operation meets (an equality
 * without loss). Its bounds hold at the segment's ends only.
 */
function addChronologicalLevels(ctx: ModelContext, tag: string, ch: Int32Array, dis: Int32Array, capacity: number, k: StorageTerms): Int32Array {
  const { lp } = ctx;
  const steps = ch.length;
  const soc = new Int32Array(steps);
  for (let t = 0; t < steps; t++) soc[t] = lp.addVar(`soc_${tag}_${t}`, 0, INF);
  for (let t = 0; t < steps; t++) {
    const previous = soc[(t - 1 + steps) % steps];
    const hours = ctx.time.weight[t];
    if (hours === 1 || k.loss[t] === 0) {
      lp.addRow(`soc_${tag}_${t}`, [soc[t], 1, previous, -((1 - k.loss[t]) ** hours), ch[t], -k.charge * hours, dis[t], hours / k.discharge], 0, 0);
    } else {
      const kept = (1 - k.loss[t]) ** hours;
      const leastKept = (1 - k.loss[t]) ** (hours - 1);
      lp.addRow(`socup_${tag}_${t}`, [soc[t], 1, previous, -kept, ch[t], -k.charge * hours, dis[t], (leastKept * hours) / k.discharge], -INF, 0);
      lp.addRow(`soclo_${tag}_${t}`, [soc[t], 1, previous, -kept, ch[t], -k.charge * leastKept * hours, dis[t], hours / k.discharge], 0, INF);
    }
    lp.addRow(`socmax_${tag}_${t}`, [soc[t], 1, capacity, -k.maxSoc], -INF, 0);
    if (k.minSoc > 0) lp.addRow(`socmin_${tag}_${t}`, [soc[t], 1, capacity, -k.minSoc], 0, INF);
  }
  return soc;
}

/**
 * Kotzur's inter-period linking over the chronological sequence of typical days. The absolute level
 * at the end of step t of calendar day i is inter[i]·retained[t] + intra[t]; it stays within
 * [minSoc·E, maxSoc·E] because inter[i] + max intra ≤ maxSoc·E and inter[i]·dayLoss + min intra ≥
 * minSoc·E, retained[t] lying between dayLoss and 1.
 */
function addLinkedLevels(
  ctx: ModelContext, tag: string, ch: Int32Array, dis: Int32Array, capacity: number, k: StorageTerms,
): { intra: Int32Array; inter: Int32Array; retained: Float64Array } {
  const { lp } = ctx;
  const typical = ctx.time.typical!;
  const intra = new Int32Array(ch.length);
  const retainedAt = new Float64Array(ch.length);
  const high: number[] = [];
  const low: number[] = [];
  const dayLoss: number[] = [];
  for (let d = 0; d < typical.count; d++) {
    high.push(lp.addVar(`intramax_${tag}_d${d}`, -INF, INF));
    low.push(lp.addVar(`intramin_${tag}_d${d}`, -INF, INF));
    let retained = 1;
    let previous = -1;
    for (let h = 0; h < 24; h++) {
      const t = d * 24 + h;
      // Level at the end of hour h, relative to the start of the day.
      intra[t] = lp.addVar(`intra_${tag}_${t}`, -INF, INF);
      const terms = [intra[t], 1, ch[t], -k.charge, dis[t], 1 / k.discharge];
      if (previous >= 0) terms.push(previous, -(1 - k.loss[t]));
      lp.addRow(`intra_${tag}_${t}`, terms, 0, 0);
      lp.addRow(`intrahi_${tag}_${t}`, [high[d], 1, intra[t], -1], 0, INF);
      lp.addRow(`intralo_${tag}_${t}`, [low[d], 1, intra[t], -1], -INF, 0);
      retained *= 1 - k.loss[t];
      retainedAt[t] = retained;
      previous = intra[t];
    }
    // The start of the day is level 0 relative to itself.
    lp.addRow(`intrastart_${tag}_d${d}`, [high[d], 1], 0, INF);
    lp.addRow(`intrastartlo_${tag}_d${d}`, [low[d], 1], -INF, 0);
    dayLoss.push(retained);
  }
  const days = typical.sequence.length;
  const inter = new Int32Array(days);
  for (let i = 0; i < days; i++) inter[i] = lp.addVar(`inter_${tag}_${i}`, 0, INF);
  for (let i = 0; i < days; i++) {
    const d = typical.sequence[i];
    const next = inter[(i + 1) % days];
    // Cyclic year: the day after the last is the first.
    lp.addRow(`inter_${tag}_${i}`, [next, 1, inter[i], -dayLoss[d], intra[d * 24 + 23], -1], 0, 0);
    lp.addRow(`intermax_${tag}_${i}`, [inter[i], 1, high[d], 1, capacity, -k.maxSoc], -INF, 0);
    lp.addRow(`intermin_${tag}_${i}`, [inter[i], dayLoss[d], low[d], 1, capacity, -k.minSoc], 0, INF);
  }
  return { intra, inter, retained: retainedAt };
}

export function addStorage(ctx: ModelContext, needsBinary: (guid: string) => boolean): void {
  for (const storage of ctx.content.resources.storage) {
    for (const hub of storage.doc.hubGuids) addStorageAtHub(ctx, storage, hub, needsBinary(storage.guid));
    if (storage.doc.mustBeInstalled === 'mustBeInstalledInAtLeastOneHub') requireOneHub(ctx, storage.guid, storage.doc.storageName);
  }
}
