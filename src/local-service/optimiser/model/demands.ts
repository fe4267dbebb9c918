/** Demands: each listed hub needs profile × scaling × multiplication; a reversed demand supplies. */
import type { ModelContext } from './context.js';

export function addDemands(ctx: ModelContext): void {
  for (const { doc } of ctx.content.resources.demand) {
    const base = ctx.atSteps(ctx.profile(doc.demandProfileId));
    const factor = (doc.demandScalingFactor ?? 1) * (doc.multiplicationFactor ?? 1) * (doc.reverse ? -1 : 1);
    const values = base.map((v) => v * factor);
    for (const s of ctx.stagesOf(doc.stages)) {
      for (const hub of doc.hubGuids) {
        ctx.demand(s, hub, doc.energyCarrierGuid, values);
        ctx.series.push({ hub, stage: s, label: `${doc.energyDemandName} [kW]`, unit: 'kW', columns: new Int32Array(values.length).fill(-1), constant: values.map(Math.abs) });
      }
    }
  }
}
