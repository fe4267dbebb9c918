/**
 * Repeating a call after a lost answer: the Idempotency-Key lets the service recognise a repeat
 * of a write it already performed, and a call is repeated only when that cannot do harm twice.
 */
import { randomUUID } from 'node:crypto';
import { isIdempotent, type OperationSpec } from '../contract/operation.js';
import type { RequestOptions } from './client-options.js';
import type { ServiceError } from './errors.js';

/** One key per logical call, shared by all its attempts. */
export function idempotencyKeyOf(options: RequestOptions): string {
  return options.idempotencyKey ?? randomUUID();
}

/** A 429 and a request that never left were not performed, so even a write may be sent again. */
export function safeToRepeat(op: OperationSpec, error: ServiceError): boolean {
  return isIdempotent(op) || error.status === 429 || error.code === 'NOT_SENT';
}
