/** Cost, CO2 and financial fields that the technology families share. */
import { z } from 'zod';
import { Bounded, Currency, MAX_YEARS, SignedBounded, YEARS_RULE } from './primitives.js';

/** Investment, O&M and embodied CO2 fields: bounded, not negative. */
export const investmentFields = {
  fixedInvestmentCost: Bounded.nullish(),
  variableInvestmentCost: Bounded.nullish(),
  fixedOmCostChf: Bounded.nullish(),
  fixedEmbodiedCo2: Bounded.nullish(),
  variableEmbodiedCo2: Bounded.nullish(),
};

/** Replacement and salvage fields: bounded and allowed to be negative. */
export const replacementFields = {
  fixedReplacementCost: SignedBounded.nullish(),
  variableReplacementCostCHF: SignedBounded.nullish(),
  fixedSalvageValue: SignedBounded.nullish(),
  variableSalvageValueCHF: SignedBounded.nullish(),
};

/** Percent-based replacement and salvage: optional on creation, required on update. */
export const replacementPercentCreate = {
  variableReplacementCostPercent: SignedBounded.nullish(),
  variableSalvageValuePercent: SignedBounded.nullish(),
};
export const replacementPercentUpdate = {
  variableReplacementCostPercent: SignedBounded,
  variableSalvageValuePercent: SignedBounded,
};

/** Currency of the cost fields: optional on creation of storages and networks, required on update. */
export const exchangeCreate = { exchangeCurrency: Currency.nullish(), exchangeRate: Bounded.nullish() };
export const exchangeRequired = { exchangeCurrency: Currency, exchangeRate: Bounded };

/** Lifetimes of creation bodies: whole years, at most MAX_YEARS (see there why). */
export const Lifetime = z.int32({ error: 'must be an integer number of years' }).min(0, { error: 'must be ≥ 0' }).max(MAX_YEARS, { error: YEARS_RULE });

/** Response fields of the numeric groups above. */
export function numericResponse<const N extends string>(names: readonly N[]) {
  return Object.fromEntries(names.map((name) => [name, z.number().nullish()])) as Record<N, ReturnType<z.ZodNumber['nullish']>>;
}
