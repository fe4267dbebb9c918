import type { demandDatabaseOperations } from '../../../wire/contract/demand-database.js';
import { roundBounded } from '../../../wire/contract/primitives.js';
import type { ServiceContext } from '../context.js';
import { demandProfile } from '../data/demand-profiles.js';
import { DEMAND_TABLE, kwhPerM2a } from '../data/demand-table.js';
import type { Handlers } from '../http/bind.js';

/** The energy demand database: its table, and hourly profiles summed over a set of buildings. */
export function demandDatabaseHandlers(_ctx: ServiceContext): Handlers<typeof demandDatabaseOperations> {
  return {
    table: () => [...DEMAND_TABLE],

    calculate: ({ params, body }) => {
      const demandType = params.demandType;
      const hourly = new Float64Array(8760);
      for (const item of body) {
        // A given annual energy wins over the area: it is the caller's own figure for this building.
        const annualKwh = item.annualKwh ?? item.areaM2! * kwhPerM2a(demandType, item.buildingType, item.year);
        const profile = demandProfile(demandType, item.buildingType);
        for (let hour = 0; hour < hourly.length; hour++) hourly[hour] += profile[hour] * annualKwh;
      }
      return Array.from(hourly, roundBounded);
    },
  };
}
