/** One attempt of a call: one HTTP request and its answer, read as the operation describes it. */
import { type Dispatcher, request } from 'undici';
import type { OperationSpec } from '../contract/operation.js';
import type { ClientLogger } from './client-options.js';
import { connectionFailure, statusFailure } from './error-mapping.js';
import type { CallArgs } from './operation-call.js';
import { parseReply } from './reply-parsing.js';

export interface Connection {
  readonly baseUrl: string;
  readonly dispatcher: Dispatcher;
  readonly logger?: ClientLogger;
}

export interface Attempt {
  op: OperationSpec;
  /** The filled path under its family prefix. */
  path: string;
  args: CallArgs;
  token: string | undefined;
  idempotencyKey: string;
  /** For the headers and, separately, the body. */
  timeoutMs: number;
  signal?: AbortSignal;
}

/** Sends one attempt and answers its payload; any failure is a ServiceError, unless the caller aborted. */
export async function exchange(connection: Connection, { op, path, args, token, idempotencyKey, timeoutMs, signal }: Attempt): Promise<unknown> {
  const headers: Record<string, string> = { accept: 'application/json', 'idempotency-key': idempotencyKey };
  if (token) headers.authorization = `Bearer ${token}`;
  let body: string | undefined;
  if (args.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(args.body);
  }
  const url = `${connection.baseUrl}${path}${queryString(args.query)}`;
  const started = performance.now();
  let statusCode: number;
  let responseHeaders: Record<string, string | string[] | undefined>;
  let text: string;
  try {
    const response = await request(url, {
      method: op.method, headers, body, dispatcher: connection.dispatcher, signal,
      headersTimeout: timeoutMs, bodyTimeout: timeoutMs,
    });
    statusCode = response.statusCode;
    responseHeaders = response.headers;
    text = await response.body.text();
  } catch (error) {
    if (signal?.aborted) throw error;
    throw connectionFailure(op, path, error);
  }
  connection.logger?.debug(
    { operation: op.id, method: op.method, path, status: statusCode, ms: Math.round(performance.now() - started) },
    'planning-service call',
  );
  if (statusCode < 200 || statusCode >= 300) throw statusFailure(op, path, statusCode, responseHeaders, text);
  if (op.reply === 'none') return undefined;
  return parseReply(op, path, statusCode, text);
}

function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
