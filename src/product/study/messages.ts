/**
 * The contract's rules reworded for someone editing a study file: the contract keeps the deployed
 * service's wording (`Invalid NUMERIC…`) and zod's defaults for some enums, which say the rule in
 * terms of the database or of JavaScript rather than of the value written in the file.
 */
import type { z } from 'zod';
import { NUMERIC_RULE } from '../../wire/contract/primitives.js';

const NUMERIC = 'must have at most 5 decimals and at most 16 significant digits (the service keeps NUMERIC(16,5))';

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** The JavaScript type a value of each expected type has: YAML reads `ten` as a string, `[1]` as a list. */
const SCALAR_TYPES: Record<string, string> = { number: 'number', int: 'number', string: 'string', boolean: 'boolean' };

const kindOf = (value: unknown) => (Array.isArray(value) ? 'a list' : typeof value === 'object' ? 'a mapping' : `a ${typeof value}`);

/** The message of one issue of `input`, with `message` as toFieldProblems worded it. */
export function studyMessage(issue: z.core.$ZodIssue, message: string, input: unknown): string {
  if (message === NUMERIC_RULE) return NUMERIC;
  const value = valueAt(input, issue.path);
  if (issue.code === 'invalid_type') {
    const wanted = SCALAR_TYPES[issue.expected];
    // What was written, when it is another kind of thing altogether (not 2.5 where an integer is due).
    return wanted && value != null && typeof value !== wanted && !message.includes(', not ') ? `${message}, not ${kindOf(value)}` : message;
  }
  if (issue.code !== 'invalid_value') return message;
  // An enum or a literal reports a missing value as a wrong one.
  if (value === undefined) return 'is required';
  return message.startsWith('Invalid option') ? `must be one of ${issue.values.map(String).join(', ')}` : message;
}
