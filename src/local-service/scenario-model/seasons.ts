/**
 * Seasonal operation of conversion modes: which months a mode may run. The specification names
 * the values only; we use meteorological seasons (winter December–February, summer June–August).
 */
import { SEASONAL_OPERATIONS } from '../../wire/contract/values.js';

export type SeasonalOperation = (typeof SEASONAL_OPERATIONS)[number];

const MONTHS: Record<SeasonalOperation, number[]> = {
  ALL_SEASONS: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
  WINTER: [12, 1, 2],
  NON_WINTER: [3, 4, 5, 6, 7, 8, 9, 10, 11],
  SUMMER: [6, 7, 8],
  NON_SUMMER: [9, 10, 11, 12, 1, 2, 3, 4, 5],
};

const LABELS: Record<SeasonalOperation, string> = {
  ALL_SEASONS: 'All seasons', WINTER: 'Winter (December–February)', NON_WINTER: 'Outside winter (March–November)',
  SUMMER: 'Summer (June–August)', NON_SUMMER: 'Outside summer (September–May)',
};

export function isSeasonalOperation(value: string): value is SeasonalOperation {
  return (SEASONAL_OPERATIONS as readonly string[]).includes(value);
}

/** Months (1–12) in which a mode with this seasonal operation may run. */
export function seasonMonths(season: string): number[] {
  return isSeasonalOperation(season) ? MONTHS[season] : MONTHS.ALL_SEASONS;
}

/** The display value answered as seasonalOperationValue. */
export function seasonLabel(season: string): string {
  return isSeasonalOperation(season) ? LABELS[season] : season;
}
