/**
 * Fields that a creation body may leave unset but the update body requires (the contract's
 * `…RequestDtoPUT`). Answers give such a field, when unset, the value the optimiser reads it as
 * (src/local-service/optimiser/model/sizing.ts, conversion.ts): the answer then goes back as an update unchanged
 * and means what it meant. Documents keep null, so a scenario stored before reads the same.
 */
export const UNSET_TECHNOLOGY_VALUES = {
  /** Costs without a currency are in CHF, at rate 1. */
  exchangeCurrency: 'CHF',
  exchangeRate: 1,
  /** A replacement costs, and a salvage returns, the whole investment unless a share is given. */
  variableReplacementCostPercent: 100,
  variableSalvageValuePercent: 100,
} as const;

/** Modes may run at the same time unless one of them says they may not. */
export const UNSET_SIMULTANEOUS_OPERATION = true;

type Unset = typeof UNSET_TECHNOLOGY_VALUES;

/** The document's values of those fields, unset ones as the optimiser reads them. */
export function technologyValuesAnswered(doc: { [K in keyof Unset]?: Unset[K] extends string ? string | null : number | null }) {
  return {
    exchangeCurrency: doc.exchangeCurrency ?? UNSET_TECHNOLOGY_VALUES.exchangeCurrency,
    exchangeRate: doc.exchangeRate ?? UNSET_TECHNOLOGY_VALUES.exchangeRate,
    variableReplacementCostPercent: doc.variableReplacementCostPercent ?? UNSET_TECHNOLOGY_VALUES.variableReplacementCostPercent,
    variableSalvageValuePercent: doc.variableSalvageValuePercent ?? UNSET_TECHNOLOGY_VALUES.variableSalvageValuePercent,
  };
}
