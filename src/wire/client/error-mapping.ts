/** Turns what went wrong on the wire (a refused connection, an error status and its body) into the client's typed errors. */
import { z } from 'zod';
import type { OperationSpec } from '../contract/operation.js';
import { DetailError, Status } from '../contract/primitives.js';
import { ConnectionError, errorForStatus, isRetryableStatus, type ServiceError, TimeoutError } from './errors.js';
import { parseRetryAfter } from './retry-policy.js';

/** Codes of failures that happen before the request reached the service: always safe to retry. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT']);
const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT']);

/** A request that got no answer: refused, reset, timed out, unresolvable. */
export function connectionFailure(op: OperationSpec, path: string, error: unknown): ServiceError {
  const code = (error as { code?: string }).code ?? 'UNKNOWN';
  const init = {
    method: op.method, path, operation: op.id, retryable: true, cause: error,
    message: `${(error as Error).message ?? String(error)} (${code})`,
  };
  if (TIMEOUT_CODES.has(code)) return new TimeoutError({ ...init, code: NOT_SENT_CODES.has(code) ? 'NOT_SENT' : code });
  return new ConnectionError({ ...init, code: NOT_SENT_CODES.has(code) ? 'NOT_SENT' : code });
}

/** A non-2xx answer, with the service's code and message and how long it asked us to wait. */
export function statusFailure(
  op: OperationSpec, path: string, status: number, headers: Record<string, string | string[] | undefined>, text: string,
): ServiceError {
  const { code, message } = readErrorBody(text, status);
  return errorForStatus({
    status, method: op.method, path, code, message, operation: op.id,
    retryable: isRetryableStatus(status),
    retryAfterMs: status === 429 || status === 503 ? parseRetryAfter(headers['retry-after']) : undefined,
  });
}

/** Reads `{data, status: {code, message}}` or `{detail}` bodies; falls back to the status text. */
export function readErrorBody(text: string, status: number): { code?: string; message: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { message: text.trim().slice(0, 500) || `HTTP ${status}` };
  }
  const detail = DetailError.safeParse(json);
  if (detail.success) {
    const d = detail.data.detail;
    if (typeof d === 'string') return { message: d };
    if (Array.isArray(d)) return { code: `HTTP_${status}`, message: d.map((e) => `${e.loc.join('.')}: ${e.msg}`).join('; ') };
    return { code: d.code ?? undefined, message: d.message };
  }
  const envelope = z.looseObject({ status: Status }).safeParse(json);
  if (envelope.success) {
    return { code: envelope.data.status.code, message: envelope.data.status.message ?? envelope.data.status.desc ?? `HTTP ${status}` };
  }
  return { message: text.slice(0, 500) };
}
