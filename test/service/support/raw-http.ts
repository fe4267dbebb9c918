/**
 * Requests sent as they are written, over real HTTP: a path goes out byte for byte (no URL
 * normalisation, so `..` and `%2f` reach the service), a body goes out as given (JSON, raw text
 * or nothing), and the answer's error message is read whichever family's form it has.
 */
import { getGlobalDispatcher } from 'undici';
import { fillPath, type OperationSpec } from '../../../src/wire/contract/operation.js';
import { SPEC_PREFIXES } from '../../../src/wire/contract/index.js';

export interface RawRequest {
  method: string;
  /** Path and query, sent unchanged. */
  path: string;
  /** A JSON value to send as `application/json`. */
  json?: unknown;
  /** Bytes to send as they are, with `contentType` if given. */
  raw?: string | Buffer;
  contentType?: string;
  /** The whole Authorization header; none when undefined. */
  authorization?: string;
  headers?: Record<string, string>;
}

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  /** The parsed body, or undefined when it is not JSON. */
  body: unknown;
  /** The error message in any family's form; FastAPI problems as `loc: msg`, joined by `; `. */
  message: string;
}

/** The message of an error body: the envelope's status, FastAPI's detail (text, object or problem list). */
export function errorMessage(body: unknown): string {
  if (body === null || typeof body !== 'object') return '';
  const { status, detail } = body as { status?: { message?: string }; detail?: unknown };
  if (status && typeof status.message === 'string') return status.message;
  if (typeof detail === 'string') return detail;
  if (Array.isArray(detail)) {
    return detail.map((p: { loc?: unknown[]; msg?: string }) => `${(p.loc ?? []).join('.')}: ${p.msg}`).join('; ');
  }
  if (detail && typeof detail === 'object' && typeof (detail as { message?: unknown }).message === 'string') {
    return (detail as { message: string }).message;
  }
  return '';
}

export async function send(baseUrl: string, request: RawRequest): Promise<RawAnswer> {
  const headers: Record<string, string> = { ...request.headers };
  if (request.authorization !== undefined) headers.authorization = request.authorization;
  let body: string | Buffer | undefined = request.raw;
  if (request.json !== undefined) {
    body = JSON.stringify(request.json);
    headers['content-type'] = 'application/json';
  }
  if (request.contentType !== undefined) headers['content-type'] = request.contentType;
  // The dispatcher is given origin and path apart, so the path is not parsed (and normalised) as a URL.
  const response = await getGlobalDispatcher().request({
    origin: new URL(baseUrl).origin, path: request.path, method: request.method as 'GET', headers, body,
  });
  const text = await response.body.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: response.statusCode, headers: response.headers, text, body: parsed, message: errorMessage(parsed) };
}

/** The path of an operation under the specification's prefixes, with its parameters and query. */
export function operationPath(op: OperationSpec, params?: Record<string, string | number>, query?: Record<string, string> | string): string {
  const search = query === undefined ? '' : `?${typeof query === 'string' ? query : new URLSearchParams(query)}`;
  return `${SPEC_PREFIXES[op.family]}${fillPath(op.path, params)}${search}`;
}

/** A bearer token of an account, from the token operation. */
export async function login(baseUrl: string, credentials: { email: string; password: string }): Promise<string> {
  const answer = await send(baseUrl, { method: 'POST', path: `${SPEC_PREFIXES.auth}/token`, json: credentials });
  if (answer.status !== 200) throw new Error(`login of ${credentials.email}: ${answer.status} ${answer.text}`);
  return (answer.body as { access_token: string }).access_token;
}
