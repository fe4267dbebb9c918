/**
 * Inputs the optimiser does not honour. A workbook may carry values the model has no term for
 * (EV batteries, virtual technologies and loads, a demand's sale price…); solving as if they were
 * absent without a word would mislead. This module walks a scenario's content and names each such
 * value by its specs-workbook sheet and column, with what the optimiser does instead. The model
 * adds the relaxations it decides while building (part load or up/down times past the binary
 * budget) to the same list; the results carry it, and strict mode refuses to solve when it is not
 * empty.
 */
import type { CostComponentDoc, ModeDoc, ScenarioContent, StorageDoc, TimeOfDayDoc } from '../../scenario-model/documents.js';

export interface UnhonouredInput {
  /** The specs workbook's sheet. */
  sheet: string;
  /** The resource's name (a mode: "<technology> (mode n)"). */
  resource: string;
  /** The sheet's column header. */
  field: string;
  value: string;
  /** What the optimiser does instead. */
  instead: string;
}

export function describeUnhonoured(u: UnhonouredInput): string {
  return `not honoured: ${u.sheet} › ${u.resource} › ${u.field} = ${u.value}; ${u.instead}`;
}

/** The refusal of a strict solve: every input it would not honour. */
export function strictRefusal(unhonoured: readonly UnhonouredInput[]): string {
  const lines = [...new Set(unhonoured.map(describeUnhonoured))];
  return `Strict mode: the optimiser would not honour ${lines.length} input${lines.length === 1 ? '' : 's'}, so it did not solve. ${lines.join(' | ')}`;
}

const show = (value: unknown): string => {
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value && typeof value === 'object' && 'hour' in value) {
    const t = value as TimeOfDayDoc;
    return `${String(t.hour).padStart(2, '0')}:${String(t.minute).padStart(2, '0')}`;
  }
  return JSON.stringify(value);
};

const isSet = (value: unknown) => value !== null && value !== undefined && value !== '';

/** Storage columns of an EV fleet; the model knows none of them (a storage is a stationary battery). */
const EV_FIELDS: [keyof StorageDoc, string][] = [
  ['isEvBattery', 'EV Battery'], ['typeOfCharging', 'EV Type of Charging'], ['evPlugInTime', 'EV Plug-in Time [hh:mm]'],
  ['evPlugOutTime', 'EV Plug-out Time [hh:mm]'], ['evPlugInDurationHours', 'EV Plug-in Duration [h]'], ['drivingDistanceKms', 'EV Driving Distance [km]'],
  ['evSocStartPercent', 'EV SOC at Start [%]'], ['evBatterySizeKWh', 'EV Battery Size [kWh]'], ['evAverageKWhPerKm', 'EV Average Consumption [kWh/km]'],
  ['evPlugInPowerKW', 'EV Plug-in Power [kW]'],
];

/** Cost-component categories each technology sheet's costs read (see sizing.ts technologyCosts, conversion.ts). */
const CAPACITY_CATEGORIES = [
  'VARIABLE_INVESTMENT_COSTS_CHF_KW', 'FIXED_INVESTMENT_COSTS_CHF', 'NETWORK_RELATED_COST_CHF', 'PIPE', 'MEASUREMENT_CONTROL_REGULATION', 'PUMPS',
  'VARIABLE_OM_COSTS_PERCENT', 'FIXED_OM_COSTS_CHF_YEAR', 'VARIABLE_OM_COSTS_CHF_KW_YEAR',
];
const FIXED_CATEGORIES = ['FIXED_INVESTMENT_COSTS_CHF', 'NETWORK_RELATED_COST_CHF', 'PIPE', 'MEASUREMENT_CONTROL_REGULATION', 'PUMPS'];

function components(sheet: string, resource: string, list: readonly CostComponentDoc[], read: readonly string[], instead: string): UnhonouredInput[] {
  return list
    .filter((c) => (c.value ?? 0) !== 0 && !(c.category && read.includes(c.category)))
    .map((c) => ({
      sheet, resource, field: 'Cost Components (JSON)', value: `${c.name ?? c.guid}: ${c.value} (${c.category ?? 'no category'})`, instead,
    }));
}

function modeInputs(technology: string, modes: readonly ModeDoc[]): UnhonouredInput[] {
  const out: UnhonouredInput[] = [];
  const primaryModes = modes.some((m) => m.primary) ? modes.filter((m) => m.primary) : modes.slice(0, 1);
  modes.forEach((mode, m) => {
    const resource = `${technology} (mode ${m + 1})`;
    if (!primaryModes.includes(mode)) {
      for (const [field, header] of [['capacity', 'Capacity [kW]'], ['minimumCapacity', 'Minimum Capacity [kW]'], ['maximumCapacity', 'Maximum Capacity [kW]']] as const) {
        if (isSet(mode[field])) out.push({ sheet: 'Conversion Tech Modes', resource, field: header, value: show(mode[field]), instead: 'the technology is sized by its primary modes only' });
      }
    }
    // On/off states exist only where a part load makes "running" mean delivering something.
    if ((mode.minPartLoad ?? 0) <= 0) {
      for (const [field, header] of [['minimumUpTime', 'Minimum Up Time [h]'], ['minimumDownTime', 'Minimum Down Time [h]']] as const) {
        if ((mode[field] ?? 0) > 1) {
          out.push({
            sheet: 'Conversion Tech Modes', resource, field: header, value: show(mode[field]),
            instead: 'without a Minimum Part Load a mode may run at zero output, so it is never forced on or off; the time is not applied',
          });
        }
      }
    }
  });
  return out;
}

/** Every input of `content` set to a value the model does not honour (relaxations decided while building are added by the model). */
export function unhonouredInputs(content: ScenarioContent): UnhonouredInput[] {
  const out: UnhonouredInput[] = [];
  const r = content.resources;
  for (const { doc } of r.carrier) {
    if (doc.allowVirtualLoad) {
      out.push({
        sheet: 'Energy Carriers', resource: doc.energyCarrierName, field: 'Allow Virtual Load', value: show(true),
        instead: 'supply must equal demand exactly in every hour; no surplus is dumped',
      });
    }
  }
  for (const { doc } of r.conversion) {
    const resource = doc.processName;
    if (doc.virtual) out.push({ sheet: 'Conversion Techs', resource, field: 'Virtual Technology', value: show(true), instead: 'it is modelled as a real technology, with its costs and CO2' });
    if (isSet(doc.technologyOptional)) {
      out.push({ sheet: 'Conversion Techs', resource, field: 'Technology Optional', value: show(doc.technologyOptional), instead: 'the Installation Option alone decides whether it must be installed' });
    }
    out.push(...modeInputs(resource, doc.modes));
    out.push(...components('Conversion Techs', resource, doc.costComponents, [...CAPACITY_CATEGORIES, 'VARIABLE_OM_COSTS_CHF_KWH'], 'the component is not counted'));
  }
  for (const { doc } of r.storage) {
    const resource = doc.storageName;
    const ev = doc.isEvBattery === true || EV_FIELDS.some(([field]) => field !== 'isEvBattery' && isSet(doc[field]));
    if (ev) {
      for (const [field, header] of EV_FIELDS) {
        if (isSet(doc[field]) && !(field === 'isEvBattery' && doc[field] === false)) {
          out.push({ sheet: 'Storage Techs', resource, field: header, value: show(doc[field]), instead: 'the storage is modelled as a stationary battery, always connected, with no driving demand' });
        }
      }
    }
    if (isSet(doc.technologyOptional)) {
      out.push({ sheet: 'Storage Techs', resource, field: 'Technology Optional', value: show(doc.technologyOptional), instead: 'the Installation Option alone decides whether it must be installed' });
    }
    if ((doc.variableOmCost ?? 0) !== 0) {
      out.push({ sheet: 'Storage Techs', resource, field: 'Variable O&M Cost', value: show(doc.variableOmCost), instead: 'not counted (its unit is not defined); use Variable O&M Energy Flow Cost [CHF/kWh] or Variable O&M Cost [% of investment/year]' });
    }
    out.push(...components('Storage Techs', resource, doc.costComponents, CAPACITY_CATEGORIES, 'the component is not counted'));
  }
  for (const { doc } of r.networkTechnology) {
    out.push(...components('Network Techs', doc.networkTechnologyName, doc.costComponents, CAPACITY_CATEGORIES, 'the component is not counted'));
  }
  for (const { doc } of r.networkLink) {
    out.push(...components('Network Links', doc.name, doc.costComponents, FIXED_CATEGORIES, 'the component is counted as a fixed investment [CHF]'));
  }
  const profileName = new Map(content.profiles.map((p) => [p.id, p.name]));
  for (const { doc } of r.demand) {
    const resource = doc.energyDemandName;
    const instead = 'the sale of a demand is not counted in any cost (it is a fixed revenue: it cannot change the optimum)';
    if ((doc.demandSalePrice ?? 0) !== 0) out.push({ sheet: 'Demands', resource, field: 'Sale Price [CHF/kWh]', value: show(doc.demandSalePrice), instead });
    if (isSet(doc.demandSalePriceProfileId)) {
      const id = doc.demandSalePriceProfileId!;
      out.push({ sheet: 'Demands', resource, field: 'Sale Price Profile Key', value: `${id} (${profileName.get(id) ?? 'no such profile'})`, instead });
    }
  }
  return out;
}
