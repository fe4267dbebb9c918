import type { z } from 'zod';
import { describeProblems, toFieldProblems } from '../contract/issues.js';
import type { OperationSpec } from '../contract/operation.js';
import { RequestValidationError } from './errors.js';
import type { CallArgs } from './operation-call.js';

/**
 * Refuses, before sending, a body or query that breaks the specification's rules: the caller
 * learns which field is wrong, in the contract's words, instead of reading the service's 400.
 */
export function validateRequest(op: OperationSpec, path: string, args: CallArgs): void {
  const checks: [z.ZodType | undefined, unknown, string][] = [
    [op.body, args.body, 'body'],
    [op.query, args.query ?? {}, 'query'],
  ];
  for (const [schema, value, root] of checks) {
    if (!schema) continue;
    const result = schema.safeParse(value);
    if (!result.success) {
      throw new RequestValidationError({
        method: op.method, path, operation: op.id, retryable: false,
        message: describeProblems(toFieldProblems(result.error.issues, value), root),
      });
    }
  }
}
