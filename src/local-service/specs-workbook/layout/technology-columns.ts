/** Lifetime, currency, cost, CO2 and descriptive columns that the three technology sheets share. */
import { bool, json, num, text } from './columns.js';
import type { Column } from './types.js';

/**
 * `per` is the unit the variable costs relate to (kW of a conversion, kWh of a storage); network
 * technologies pass none, as the contract does not say what their variable costs are per.
 * `variableOm` holds the sheet's own variable O&M columns, which differ between the three.
 */
export function technologyColumns(per: string | undefined, variableOm: Column[]): Column[] {
  const unit = (base: string) => (per ? ` [${base}/${per}]` : '');
  return [
    num('Lifetime [years]', 'lifetime'),
    text('Currency', 'exchangeCurrency'),
    num('Exchange Rate', 'exchangeRate'),
    num('Fixed Investment Cost [CHF]', 'fixedInvestmentCost'),
    num(`Variable Investment Cost${unit('CHF')}`, 'variableInvestmentCost'),
    num('Fixed O&M Cost [CHF/year]', 'fixedOmCostChf'),
    num('Variable O&M Cost [% of investment/year]', 'variableOmCostPercent'),
    ...variableOm,
    num('Fixed Embodied CO2 [kgCO2]', 'fixedEmbodiedCo2'),
    num(`Variable Embodied CO2${unit('kgCO2')}`, 'variableEmbodiedCo2'),
    num('Fixed Replacement Cost [CHF]', 'fixedReplacementCost'),
    num('Variable Replacement Cost [%]', 'variableReplacementCostPercent'),
    num(`Variable Replacement Cost${unit('CHF')}`, 'variableReplacementCostCHF'),
    num('Fixed Salvage Value [CHF]', 'fixedSalvageValue'),
    num('Variable Salvage Value [%]', 'variableSalvageValuePercent'),
    num(`Variable Salvage Value${unit('CHF')}`, 'variableSalvageValueCHF'),
    json('Cost Components (JSON)', 'costComponents'),
    text('Technology Category', 'technologyCategory'),
    text('Notes', 'notes'),
    text('Source', 'source'),
    text('Comes From Database', 'comesFromDb'),
    bool('Suggested', 'suggested'),
  ];
}
