/**
 * Heat at one hub from a gas boiler whose mode settings a test chooses, or an electric heater:
 * the cases of the part-load, up-time and down-time tests (their optima are derived there).
 */
import type { ModeDoc } from '../../../src/local-service/scenario-model/documents.js';
import { HOURS, heatHub } from './content.js';

/** The same day all year: `day[h]` kW of heat at hour h. */
const daily = (day: number[]) => Float64Array.from({ length: HOURS }, (_, h) => day[h % 24]);

/**
 * Heat at one hub from a gas boiler (gas 0.10 CHF/kWh, 100 %) with the given mode settings, or an
 * electric heater (electricity 0.30 CHF/kWh, 100 %, free to install); heat may be dumped at no
 * price when `dump` is set.
 */
export function boilerCase(day: number[], mode: Partial<ModeDoc>, boiler: { specified?: number; investment?: number; maximum?: number }, dump = false) {
  const { b, hub, gas, electricity, heat } = heatHub(daily(day));
  b.impex({ type: 'IMPORT', energyCarrierGuid: gas, hubGuids: [hub], energyPriceCHFkWh: 0.1 });
  b.impex({ type: 'IMPORT', energyCarrierGuid: electricity, hubGuids: [hub], energyPriceCHFkWh: 0.3 });
  if (dump) b.impex({ type: 'EXPORT', name: 'Heat dump', energyCarrierGuid: heat, hubGuids: [hub], energyPriceCHFkWh: 0 });
  const boilerGuid = b.conversion('Boiler', [hub], { [gas]: 100 }, { [heat]: 100 }, {
    variableInvestmentCost: boiler.investment ?? 0, lifetime: 1, technologyCapacity: boiler.specified !== undefined ? 'specify' : 'optimize',
  });
  b.conversion('Heater', [hub], { [electricity]: 100 }, { [heat]: 100 }, { lifetime: 1 });
  const content = b.build();
  const modeDoc = content.resources.conversion.find((c) => c.guid === boilerGuid)!.doc.modes[0];
  Object.assign(modeDoc, mode, { capacity: boiler.specified ?? null, maximumCapacity: boiler.maximum ?? null });
  return content;
}


/** Days of heat demand (kW by hour) the tests use. */
export const HEAT_DAYS = {
  /** 10 kW for the first 12 hours, 2 kW for the other 12. */
  highLow: [...Array(12).fill(10), ...Array(12).fill(2)] as number[],
  /** 10 kW in hours 0–1, nothing else. */
  shortPeak: [10, 10, ...Array(22).fill(0)] as number[],
  /** 10 kW in hours 0–1 and 4–5, nothing else. */
  twoPeaks: [10, 10, 0, 0, 10, 10, ...Array(18).fill(0)] as number[],
};
