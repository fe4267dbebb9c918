/**
 * Network links carry their technology's carrier between two hubs, in one or both directions,
 * losing networkLoss % of what they carry (or an hourly loss profile), within a capacity that is
 * sized or specified. Costs come from the network technology, per metre of link: the link's
 * length multiplies every cost and CO2 term, and the link's own cost components are added per
 * link. Intra-hub links turn one carrier into another inside a hub, losing networkLoss %.
 */
import { INF } from '../lp.js';
import type { ModelContext } from './context.js';
import { addSizing, technologyCosts } from './sizing.js';

export function addNetworkLinks(ctx: ModelContext): void {
  const { lp } = ctx;
  for (const { doc } of ctx.content.resources.networkLink) {
    const tech = ctx.content.resources.networkTechnology.find((t) => t.guid === doc.networkTechnologyGuid);
    if (!tech) continue;
    const carrier = tech.doc.energyCarrierGuid;
    const item = `${doc.name} (${ctx.hub(doc.node1Guid)}–${ctx.hub(doc.node2Guid)})`;
    const costs = technologyCosts(tech.doc, doc.length);
    costs.fixedInvestment += doc.costComponents.reduce((sum, c) => sum + (c.value ?? 0), 0);
    const stages = ctx.stagesOf(tech.doc.stages);
    const sized = addSizing(ctx, {
      item, kind: 'network', hub: doc.node1Guid, stages, unit: 'kW',
      install: doc.mustBeInstalled ? 'mustBeInstalled' : 'canBeInstalled',
      specified: doc.technologyCapacity === 'specify' ? (doc.installedCapacity ?? 0) : null,
      min: doc.minimumCapacity ?? 0, max: doc.maximumCapacity ?? INF, lifetime: tech.doc.lifetime, costs, needsBinary: false,
    });
    const loss = doc.networkLossProfileId != null
      ? ctx.atSteps(ctx.profile(doc.networkLossProfileId)).map((v) => v / 100)
      : new Float64Array(ctx.time.steps).fill((doc.networkLoss ?? 0) / 100);
    const perKwh = (tech.doc.variableOmCostCHFkWh ?? 0) * (tech.doc.exchangeRate ?? 1);
    const directions: [string, string][] = doc.uniDirectionalFlow ? [[doc.node1Guid, doc.node2Guid]] : [[doc.node1Guid, doc.node2Guid], [doc.node2Guid, doc.node1Guid]];
    for (const s of stages) {
      const capacity = sized.capacity.get(s)!;
      for (const [from, to] of directions) {
        const tag = `${item}_${ctx.hub(from)}>${ctx.hub(to)}_${ctx.stages[s].name}`;
        const f = new Int32Array(ctx.time.steps);
        for (let t = 0; t < ctx.time.steps; t++) {
          f[t] = lp.addVar(`flow_${tag}_${t}`, 0, INF);
          ctx.flow(s, from, carrier, t, f[t], -1);
          ctx.flow(s, to, carrier, t, f[t], 1 - loss[t]);
          lp.addRow(`linkcap_${tag}_${t}`, [f[t], 1, capacity, -1], -INF, 0);
        }
        ctx.annual(ctx.cost('om', item, s), f, () => perKwh * ctx.discount.annuity(s));
        ctx.series.push({ hub: from, stage: s, label: `${doc.name} to ${ctx.hub(to)} [kW]`, unit: 'kW', columns: f });
        ctx.series.push({ hub: to, stage: s, label: `${doc.name} from ${ctx.hub(from)} [kW]`, unit: 'kW', columns: f, scale: Float64Array.from(loss, (l) => 1 - l) });
      }
    }
  }
}

export function addIntraHubLinks(ctx: ModelContext): void {
  for (const { doc } of ctx.content.resources.intraHubLink) {
    // A link from a carrier to itself only loses energy: it can never help, so it is left out.
    if (doc.inputEnergyCarrierGuid === doc.outputEnergyCarrierGuid) continue;
    const keep = 1 - (doc.networkLoss ?? 0) / 100;
    const fixedCost = doc.advancedCostComponents.reduce((sum, c) => sum + (c.value ?? 0), 0);
    for (const s of ctx.stagesOf(doc.stages)) {
      for (const hub of doc.hubGuids) {
        const item = `${doc.name} @ ${ctx.hub(hub)}`;
        const f = new Int32Array(ctx.time.steps);
        for (let t = 0; t < ctx.time.steps; t++) {
          f[t] = ctx.lp.addVar(`intra_${item}_${ctx.stages[s].name}_${t}`, 0, INF);
          ctx.flow(s, hub, doc.inputEnergyCarrierGuid, t, f[t], -1);
          ctx.flow(s, hub, doc.outputEnergyCarrierGuid, t, f[t], keep);
        }
        ctx.cost('investment', item, s).addConstant(fixedCost * ctx.discount.factor(ctx.stages[s].start));
        ctx.emission('embodied', item, s).addConstant(doc.fixedEmbodiedCo2 ?? 0);
        ctx.series.push({ hub, stage: s, label: `${doc.name}: ${ctx.carrierName(doc.outputEnergyCarrierGuid)} out [kW]`, unit: 'kW', columns: f, scale: new Float64Array(ctx.time.steps).fill(keep) });
      }
    }
  }
}
