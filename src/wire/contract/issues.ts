/**
 * Turns zod issues into messages that name the field and the rule (`hubs[0].hubGuid: is required`),
 * the same way in the client, which refuses bad requests before sending them, and in the service,
 * which answers them with 400 or 422.
 */
import type { z } from 'zod';

export interface FieldProblem {
  /** Dotted path with indexes: `conversionTechnologyModes[0].energyCarriers`; empty for the root. */
  field: string;
  /** The path as a list, as FastAPI's `loc`. */
  loc: (string | number)[];
  message: string;
  type: string;
}

export function fieldPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out ? `.${String(key)}` : String(key);
  }
  return out;
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value: unknown = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** Says "is required" or "must not be null" where zod would only say the expected type. */
export function toFieldProblems(issues: readonly z.core.$ZodIssue[], input: unknown): FieldProblem[] {
  return issues.map((issue) => {
    const loc = issue.path.map((k) => (typeof k === 'number' ? k : String(k)));
    let message = issue.message;
    if (issue.code === 'invalid_type') {
      const value = valueAt(input, issue.path);
      if (value === undefined) message = 'is required';
      else if (value === null) message = 'must not be null';
      else if (/^Invalid input/.test(message)) message = `must be ${issue.expected === 'object' ? 'an object' : `a ${issue.expected}`}, not ${typeName(value)}`;
    } else if (issue.code === 'invalid_value') {
      // An enumerated field left out is missing, not a wrong option.
      const value = valueAt(input, issue.path);
      if (value === undefined) message = 'is required';
      else if (value === null) message = 'must not be null';
    } else if (issue.code === 'unrecognized_keys') {
      message = `has unknown field(s): ${issue.keys.join(', ')}`;
    }
    return { field: fieldPath(issue.path), loc, message, type: issue.code };
  });
}

/** One line naming every problem: `name: must not be empty; stages[0]: must be a UUID`. */
export function describeProblems(problems: readonly FieldProblem[], root = 'body'): string {
  return problems.map((p) => `${p.field || root}: ${p.message}`).join('; ');
}
