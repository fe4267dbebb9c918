/**
 * Names that code outside the workflows starts them by: the activity that starts an account's budget
 * gate (activities/setup.ts) and the CLI, schedules and tooling that start studies name the workflow
 * type by a constant (src/product/study/budget-gate.ts, study-workflow.ts), since they import no
 * workflow code; each must be the name the worker registers the workflow under.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { BUDGET_GATE_WORKFLOW, type BudgetGateWorkflow } from '../../src/product/study/budget-gate.js';
import { STUDY_WORKFLOW, type StudyWorkflow } from '../../src/product/study/study-workflow.js';
import * as registered from '../../workflows/index.js';

describe('workflow names', () => {
  it('starts the budget gate by the name and input the worker registers it with', () => {
    expect(registered.budgetGateWorkflow.name).toBe(BUDGET_GATE_WORKFLOW);
    expect(Object.keys(registered)).toContain(BUDGET_GATE_WORKFLOW);
    expectTypeOf(registered.budgetGateWorkflow).toExtend<BudgetGateWorkflow>();
  });

  it('starts studies by the name and signature the worker registers the study workflow with', () => {
    expect(registered.studyWorkflow.name).toBe(STUDY_WORKFLOW);
    expect(Object.keys(registered)).toContain(STUDY_WORKFLOW);
    expectTypeOf(registered.studyWorkflow).toEqualTypeOf<StudyWorkflow>();
  });
});
