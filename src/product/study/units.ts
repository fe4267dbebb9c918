/**
 * How a parameter's values read to an analyst: the unit the study file gives it, or the one its
 * field's name spells (`energyPriceCHFkWh` → CHF/kWh), or `×` for a factor. For labels only.
 */
import type { Parameter } from './target.js';

/** Field-name endings that spell a unit, longest first. */
const SUFFIXES: [RegExp, string][] = [
  [/CHFkWYear$/i, 'CHF/kW/year'],
  [/CHFkWMonth$/i, 'CHF/kW/month'],
  [/CHFkWh$/i, 'CHF/kWh'],
  [/CHFYear$/i, 'CHF/year'],
  [/KgCo2kWh$/i, 'kg CO2/kWh'],
  [/KWhA$/i, 'kWh/year'],
  [/KWh$/i, 'kWh'],
  [/KW$/i, 'kW'],
];

export function parameterUnit(parameter: Pick<Parameter, 'operation' | 'target'> & { unit?: string }): string | undefined {
  if (parameter.unit) return parameter.unit;
  if (parameter.operation === 'scale') return '×';
  const field = parameter.target.field ?? '';
  return SUFFIXES.find(([pattern]) => pattern.test(field))?.[1];
}
