/** Reads an answer as its operation describes it: unwraps the envelope or the page and checks the payload's schema. */
import { z } from 'zod';
import { describeProblems, toFieldProblems } from '../contract/issues.js';
import { isIdempotent, type OperationSpec } from '../contract/operation.js';
import { type Page, Status } from '../contract/primitives.js';
import { ResponseValidationError } from './errors.js';

const replySchemas = new WeakMap<OperationSpec, z.ZodType>();

/** The schema of the whole answer body of an operation, built once per operation. */
function replySchema(op: OperationSpec): z.ZodType {
  let schema = replySchemas.get(op);
  if (!schema) {
    schema =
      op.reply === 'envelope' ? z.looseObject({ data: op.data, status: Status.nullish() })
      : op.reply === 'paged'
        ? z.looseObject({
            data: z.array(op.data),
            status: Status.nullish(),
            totalElements: z.int().nullish(),
            totalPages: z.int().nullish(),
            hasNext: z.boolean().nullish(),
          })
        : op.data;
    replySchemas.set(op, schema);
  }
  return schema;
}

/** The payload of a 2xx answer; a body that is not JSON or breaks the schema is a ResponseValidationError. */
export function parseReply(op: OperationSpec, path: string, status: number, text: string): unknown {
  const fail = (message: string) =>
    new ResponseValidationError({
      status, method: op.method, path, operation: op.id, message,
      // A garbled answer to a read may be a passing fault; a garbled answer to a write is not
      // safe to repeat blindly.
      retryable: isIdempotent(op),
    });
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw fail(`answer is not JSON (${text.length} bytes${text.length ? `, starts ${JSON.stringify(text.slice(0, 40))}` : ''})`);
  }
  const result = replySchema(op).safeParse(json);
  if (!result.success) {
    throw fail(`answer does not match the ${op.id} schema: ${describeProblems(toFieldProblems(result.error.issues, json), 'answer')}`);
  }
  const parsed = result.data as { data?: unknown; totalElements?: number; totalPages?: number; hasNext?: boolean };
  if (op.reply === 'envelope') return parsed.data;
  if (op.reply === 'paged') {
    const items = parsed.data as unknown[];
    return {
      items,
      totalElements: parsed.totalElements ?? items.length,
      totalPages: parsed.totalPages ?? 1,
      hasNext: parsed.hasNext ?? false,
    } satisfies Page<unknown>;
  }
  return parsed;
}
