/**
 * Names that code outside the workflows starts them by: the activity that starts an account's budget
 * gate (activities/setup.ts) names its workflow type by a constant (src/product/study/budget-gate.ts),
 * since activities import no workflow code; it must be the name the worker registers the gate under.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { BUDGET_GATE_WORKFLOW, type BudgetGateWorkflow } from '../../src/product/study/budget-gate.js';
import * as registered from '../../workflows/index.js';

describe('workflow names', () => {
  it('starts the budget gate by the name and input the worker registers it with', () => {
    expect(registered.budgetGateWorkflow.name).toBe(BUDGET_GATE_WORKFLOW);
    expect(Object.keys(registered)).toContain(BUDGET_GATE_WORKFLOW);
    expectTypeOf(registered.budgetGateWorkflow).toExtend<BudgetGateWorkflow>();
  });
});
