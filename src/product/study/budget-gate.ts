/**
 * The budget gate workflow as the code that starts or asks it knows it: its workflow type name, its
 * input and the requests it queues. The activity that starts the gate (activities/setup.ts) starts
 * it by this name, so activities import nothing from workflows/; workflows/budget-gate.ts implements
 * it under the same name (test/workflows/workflow-names.test.ts checks they agree). Types only
 * besides the name: workflow code and activities both import it.
 */
import type { LedgerState } from './budget-ledger.js';

/** The gate's workflow type: the name of the function in workflows/budget-gate.ts, as the worker registers it. */
export const BUDGET_GATE_WORKFLOW = 'budgetGateWorkflow';

export interface BudgetRequest {
  /** Unique per request; the grant names it. */
  requestId: string;
  studyId: string;
  /** Workflow to signal the grant to (a batch of the study). */
  replyTo: string;
  jobs: number;
  /** Each job's time limit: the minutes it reserves until it ends. */
  minutesEach: number;
}

/** Empty when the gate starts; carried through continue-as-new. */
export interface BudgetGateInput {
  state?: LedgerState;
  pending?: BudgetRequest[];
  active?: string[];
}

/** The gate workflow's signature, for starting it by name with its input type-checked. */
export type BudgetGateWorkflow = (input?: BudgetGateInput) => Promise<void>;
