/**
 * What a study parameter changes: one field of one resource of the base scenario, found by its
 * kind and name (and, for nested fields, the mode, carrier or hub it belongs to), or a whole
 * profile scaled by a factor. Plain data and no imports, so workflow code may use it.
 */

export const TARGET_KINDS = [
  'stage', 'hub', 'carrier', 'impex', 'networkTechnology', 'networkLink', 'storageTechnology', 'conversionTechnology',
  'energyDemand', 'technologyPackage', 'solarResource', 'intraHubLink', 'profile',
] as const;
export type TargetKind = (typeof TARGET_KINDS)[number];

export interface Target {
  kind: TargetKind;
  /** The resource's name in the base scenario (hub name, process name, storage name, stage name, …). */
  name: string;
  /** The field to change; absent for a profile, which is scaled as a whole. */
  field?: string;
  /** 1-based mode of a conversion technology, for mode fields (minPartLoad, capacity, …). */
  mode?: number;
  /** A carrier of that mode, by name, for carrier fields (outputEfficiency, fixedInputShare). */
  carrier?: string;
  /** A hub, by name, for per-hub fields (an on-site resource's availableSolarCollectorArea). */
  hub?: string;
}

/** `set` replaces the field's value; `scale` multiplies the base scenario's value (profiles: every hour). */
export type Operation = 'set' | 'scale';

export type ParameterValue = number | string | boolean;

export interface Parameter {
  /** Letters, digits and underscores; names the parameter in variant names, manifests and tables. */
  name: string;
  target: Target;
  operation: Operation;
  /** The values to sweep (grid and zip). */
  values?: ParameterValue[];
  /** The range to sample (Latin hypercube, Morris, Sobol) or search. */
  range?: { min: number; max: number };
  /** How its values read in results (`CHF/kWh`); for people only. */
  unit?: string;
}

/** One variant's value of each parameter, by parameter name. */
export type Assignment = Record<string, ParameterValue>;
