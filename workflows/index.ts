/** The workflows the worker registers. */
export { budgetGateWorkflow } from './budget-gate.js';
export { studyWorkflow } from './study.js';
export { variantBatchWorkflow } from './variant-batch.js';
