/**
 * The carrier type of each subtype and their display names. The specification lists subtypes
 * only; the grouping below is ours (electricity, fuels, heat, cooling, on-site resources, custom).
 */
const TYPE_OF_PREFIX: [RegExp, string][] = [
  [/^ELECTRICITY/, 'ELECTRICITY'],
  [/^(HEAT_|STEAM_|PROCESS_WASTE_HEAT$)/, 'HEAT'],
  [/^(COOLING_|ICE$)/, 'COOLING'],
  [/^(SOLAR_|WIND$|HYDRO$|TIDAL$|GEOTHERMAL$)/, 'RESOURCE'],
  [/^(WOOD_|COAL$|OIL$|GAS$|BIOGAS$|HYDROGEN|BIOMASS$)/, 'FUEL'],
];

const TYPE_NAMES: Record<string, string> = {
  ELECTRICITY: 'Electricity', HEAT: 'Heat', COOLING: 'Cooling', RESOURCE: 'On-site resource', FUEL: 'Fuel', CUSTOM: 'Custom',
};

export function carrierTypeKey(subtype: string): string {
  return TYPE_OF_PREFIX.find(([pattern]) => pattern.test(subtype))?.[1] ?? 'CUSTOM';
}

export function carrierTypeName(subtype: string): string {
  return TYPE_NAMES[carrierTypeKey(subtype)];
}

/** `HEAT_3` → `Heat 3`, `WOOD_CHIPS` → `Wood chips`. */
export function subtypeDisplayName(subtype: string): string {
  const words = subtype.toLowerCase().split('_');
  return words.map((w, i) => (i === 0 ? w[0].toUpperCase() + w.slice(1) : w)).join(' ');
}

const DEFAULT_COLORS: Record<string, string> = {
  ELECTRICITY: '#f2c500', HEAT: '#d9480f', COOLING: '#1c7ed6', RESOURCE: '#f59f00', FUEL: '#5c5f66', CUSTOM: '#868e96',
};

export function defaultCarrierColor(subtype: string): string {
  return DEFAULT_COLORS[carrierTypeKey(subtype)];
}
