/** Cost components as answered: the documents' items with the contract's `categoryId` alias. */
import type { CostComponentDoc } from '../../scenario-model/documents.js';

/** AdvancedCostComponentResponseDto items. */
export function costComponentAnswers(items: readonly CostComponentDoc[]) {
  return items.map((c) => ({ ...c, categoryId: c.category ?? null }));
}
