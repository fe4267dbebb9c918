/**
 * Storage levels as an analyst reads them: the absolute state of charge at the end of every hour of
 * the calendar year, and the level at the start of every calendar day, for each storage at each hub
 * and stage. At FULL the model's state of charge is already that. On typical days the model holds a
 * level within each typical day relative to its start (which goes negative when a day discharges)
 * and a level per calendar day (the seasonal one); the absolute level of hour h of calendar day i is
 * inter[i]·retained[t] + intra[t], with t the matching hour of day i's typical day.
 */
import type { ModelContext } from './model/context.js';
import { DAYS, HOURS } from './timeline.js';

export interface StorageLevels {
  storage: string;
  /** Installed capacity [kWh]. */
  capacity: number;
  /** Bounds of the state of charge as shares of the capacity. */
  minSoc: number;
  maxSoc: number;
  /** Absolute state of charge at the end of each hour of the calendar year [kWh]. */
  soc: Float64Array;
  /** Level at the start of each calendar day [kWh]. */
  startOfDay: Float64Array;
}

export interface StorageLevelTable {
  hub: string;
  stage: string;
  storages: StorageLevels[];
}

/** Every storage's calendar-year levels in solution `x`, one table per hub and stage, each value passed through `round`. */
export function storageLevelTables(ctx: ModelContext, x: Float64Array, round: (value: number) => number): StorageLevelTable[] {
  const tables = new Map<string, StorageLevelTable>();
  for (const r of ctx.storageLevels) {
    const soc = new Float64Array(HOURS);
    const startOfDay = new Float64Array(DAYS);
    if (r.kind === 'chronological') {
      for (let h = 0; h < HOURS; h++) soc[h] = round(x[r.soc[h]]);
      // The year is cyclic: the first day starts where the last one ended.
      for (let i = 0; i < DAYS; i++) startOfDay[i] = soc[(i * 24 - 1 + HOURS) % HOURS];
    } else {
      const sequence = ctx.time.typical!.sequence;
      for (let i = 0; i < DAYS; i++) {
        const start = x[r.inter[i]];
        startOfDay[i] = round(start);
        for (let h = 0; h < 24; h++) {
          const t = sequence[i] * 24 + h;
          soc[i * 24 + h] = round(start * r.retained[t] + x[r.intra[t]]);
        }
      }
    }
    const key = `${r.hub}|${r.stage}`;
    if (!tables.has(key)) tables.set(key, { hub: ctx.hub(r.hub), stage: ctx.stages[r.stage]?.name ?? '', storages: [] });
    tables.get(key)!.storages.push({ storage: r.storage, capacity: round(x[r.capacity]), minSoc: r.minSoc, maxSoc: r.maxSoc, soc, startOfDay });
  }
  return [...tables.values()];
}
