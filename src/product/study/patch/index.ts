/** Applying a study variant's parameter values to its scenario copy. */
export { applyAssignment, type ApplyInput } from './apply.js';
export { checkAssignment, type CheckInput, firstAssignment, scaledValues } from './check.js';
export { scenarioNames } from './names.js';
export { PatchError } from './errors.js';
export type { PatchResult } from './plan.js';
