/**
 * On-site resources (solar and the others): the resource carrier is available at each hub up to
 * profile × available area (Area), or profile × the value given (Power, Generic); what is not
 * converted is simply not taken.
 */
import type { ModelContext } from './context.js';

export function addOnSiteResources(ctx: ModelContext): void {
  for (const { doc } of ctx.content.resources.solar) {
    const profile = ctx.atSteps(ctx.profile(doc.profileId));
    for (const s of ctx.stagesOf(doc.stages)) {
      for (const hub of doc.hubs) {
        const columns = new Int32Array(ctx.time.steps);
        for (let t = 0; t < ctx.time.steps; t++) {
          columns[t] = ctx.lp.addVar(`res_${doc.name}_${ctx.hub(hub.hubGuid)}_${ctx.stages[s].name}_${t}`, 0, Math.max(0, profile[t] * hub.availableSolarCollectorArea));
          ctx.flow(s, hub.hubGuid, doc.energyCarrierGuid, t, columns[t], 1);
        }
        ctx.series.push({ hub: hub.hubGuid, stage: s, label: `${doc.name} used [kW]`, unit: 'kW', columns });
      }
    }
  }
}
