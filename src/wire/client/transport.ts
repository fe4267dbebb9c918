/**
 * The one request pipeline of the client. Every operation goes through `call`: it validates the
 * request against the contract, builds the URL under the configured path prefixes, attaches the
 * bearer token, retries what is safe to retry (waiting as the service says on 429), logs in once
 * more on a 401, unwraps the envelope and parses the payload with the operation's schema.
 */
import { randomUUID } from 'node:crypto';
import { Agent, type Dispatcher, request } from 'undici';
import { z } from 'zod';
import { DEPLOYED_PREFIXES, type PathPrefixes, SPEC_PREFIXES } from '../contract/index.js';
import { authOperations } from '../contract/auth.js';
import { describeProblems, toFieldProblems } from '../contract/issues.js';
import { fillPath, isIdempotent, type OperationSpec } from '../contract/operation.js';
import { DetailError, type Page, Status } from '../contract/primitives.js';
import {
  ConnectionError,
  errorForStatus,
  isRetryableStatus,
  RequestValidationError,
  ResponseValidationError,
  ServiceError,
  TimeoutError,
} from './errors.js';
import { TokenManager } from './token-manager.js';

export interface Credentials {
  email: string;
  password: string;
}

/** The few logger methods the client uses; pino fits. */
export interface ClientLogger {
  debug(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

export interface ClientOptions {
  /** Scheme, host and port, e.g. `http://127.0.0.1:8080` or `https://eu-north-1-api.sympheny.com`. */
  baseUrl: string;
  /** Account credentials, or a function that reads them when the first login needs them. */
  credentials?: Credentials | (() => Promise<Credentials> | Credentials);
  /** `spec` (default: /app-service, /solver-api/ext), `deployed` (/sympheny-app, /sense-api/ext), or explicit prefixes. */
  paths?: 'spec' | 'deployed' | Partial<PathPrefixes>;
  /** Retries of a retryable failure (default 2). Activities set 0 and let Temporal retry. */
  maxRetries?: number;
  /** Per attempt, headers and body (default 120 s). */
  timeoutMs?: number;
  /** First backoff delay; doubles per attempt with jitter, up to maxRetryDelayMs (defaults 500 ms, 8 s). */
  retryBaseMs?: number;
  maxRetryDelayMs?: number;
  /** Longest Retry-After the client will honour by waiting (default 5 min); longer ones fail. */
  maxRetryAfterMs?: number;
  /** Check request bodies against the specification's rules before sending (default true). */
  validateRequests?: boolean;
  /** Connections kept per origin (default 16). */
  connections?: number;
  dispatcher?: Dispatcher;
  logger?: ClientLogger;
  /** Injected clock for tests of token expiry. */
  now?: () => number;
}

export interface RequestOptions {
  signal?: AbortSignal;
  maxRetries?: number;
  timeoutMs?: number;
  /** Sent as Idempotency-Key; one per logical call, reused across its retries. */
  idempotencyKey?: string;
}

export interface CallArgs {
  params?: Record<string, string | number>;
  query?: Record<string, unknown>;
  body?: unknown;
}

export type CallResult<O extends OperationSpec> = O['reply'] extends 'paged'
  ? Page<z.output<O['data']>>
  : O['reply'] extends 'none'
    ? void
    : z.output<O['data']>;

export function resolvePrefixes(paths: ClientOptions['paths']): PathPrefixes {
  if (paths === undefined || paths === 'spec') return SPEC_PREFIXES;
  if (paths === 'deployed') return DEPLOYED_PREFIXES;
  return { ...SPEC_PREFIXES, ...paths };
}

/** Codes of failures that happen before the request reached the service: always safe to retry. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT']);
const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT']);

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

/** Reads `Retry-After` (seconds or an HTTP date) as milliseconds. */
export function parseRetryAfter(value: string | string[] | undefined, now = Date.now()): number | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text) return undefined;
  const seconds = Number(text);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export class Transport {
  readonly prefixes: PathPrefixes;
  readonly baseUrl: string;
  readonly tokens: TokenManager;
  private readonly dispatcher: Dispatcher;
  private readonly ownsDispatcher: boolean;

  constructor(private readonly options: ClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.prefixes = resolvePrefixes(options.paths);
    this.ownsDispatcher = !options.dispatcher;
    this.dispatcher =
      options.dispatcher ?? new Agent({ connections: options.connections ?? 16, keepAliveTimeout: 30_000 });
    this.tokens = new TokenManager(() => this.login(), options.now);
  }

  /** The connection pool, shared with presigned file transfers. */
  get connectionPool(): Dispatcher {
    return this.dispatcher;
  }

  /** Closes the connections this client opened. */
  async close(): Promise<void> {
    if (this.ownsDispatcher) await this.dispatcher.close();
  }

  /** The full address of an operation, for messages and for callers that build links. */
  url(op: OperationSpec, params?: Record<string, string | number>): string {
    return `${this.baseUrl}${this.prefixes[op.family]}${fillPath(op.path, params)}`;
  }

  /** Calls one operation of the contract and answers its parsed payload. */
  async call<O extends OperationSpec>(op: O, args: CallArgs = {}, options: RequestOptions = {}): Promise<CallResult<O>> {
    const path = `${this.prefixes[op.family]}${fillPath(op.path, args.params)}`;
    this.validateRequest(op, path, args);
    const idempotencyKey = options.idempotencyKey ?? randomUUID();
    const maxRetries = options.maxRetries ?? this.options.maxRetries ?? 2;
    let reauthenticated = false;

    for (let attempt = 0; ; attempt++) {
      const token = op.auth === false ? undefined : await this.tokens.token();
      try {
        return (await this.send(op, path, args, token, idempotencyKey, options)) as CallResult<O>;
      } catch (error) {
        if (!(error instanceof ServiceError)) throw error;
        // A revoked or expired token: one fresh login and one retry, never a loop.
        if (error.status === 401 && token !== undefined && !reauthenticated) {
          reauthenticated = true;
          this.tokens.invalidate(token);
          attempt--;
          continue;
        }
        const safeToRepeat = isIdempotent(op) || error.status === 429 || error.code === 'NOT_SENT';
        if (!error.retryable || !safeToRepeat || attempt >= maxRetries) throw error;
        const delay = this.retryDelay(attempt, error);
        if (delay === undefined) throw error;
        this.options.logger?.warn(
          { operation: op.id, status: error.status, attempt: attempt + 1, delayMs: Math.round(delay) },
          'retrying planning-service call',
        );
        await sleep(delay, options.signal);
      }
    }
  }

  private retryDelay(attempt: number, error: ServiceError): number | undefined {
    if (error.retryAfterMs !== undefined) {
      return error.retryAfterMs <= (this.options.maxRetryAfterMs ?? 300_000) ? error.retryAfterMs : undefined;
    }
    const base = this.options.retryBaseMs ?? 500;
    const capped = Math.min(this.options.maxRetryDelayMs ?? 8_000, base * 2 ** attempt);
    return capped * (0.75 + Math.random() * 0.25);
  }

  private validateRequest(op: OperationSpec, path: string, args: CallArgs): void {
    if (this.options.validateRequests === false) return;
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

  private async send(
    op: OperationSpec, path: string, args: CallArgs, token: string | undefined, idempotencyKey: string,
    options: RequestOptions,
  ): Promise<unknown> {
    const headers: Record<string, string> = { accept: 'application/json', 'idempotency-key': idempotencyKey };
    if (token) headers.authorization = `Bearer ${token}`;
    let body: string | undefined;
    if (args.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(args.body);
    }
    const url = `${this.baseUrl}${path}${queryString(args.query)}`;
    const timeout = options.timeoutMs ?? this.options.timeoutMs ?? 120_000;
    const started = performance.now();
    let statusCode: number;
    let responseHeaders: Record<string, string | string[] | undefined>;
    let text: string;
    try {
      const response = await request(url, {
        method: op.method, headers, body, dispatcher: this.dispatcher, signal: options.signal,
        headersTimeout: timeout, bodyTimeout: timeout,
      });
      statusCode = response.statusCode;
      responseHeaders = response.headers;
      text = await response.body.text();
    } catch (error) {
      if (options.signal?.aborted) throw error;
      throw this.transportError(op, path, error);
    }
    this.options.logger?.debug(
      { operation: op.id, method: op.method, path, status: statusCode, ms: Math.round(performance.now() - started) },
      'planning-service call',
    );
    if (statusCode < 200 || statusCode >= 300) throw this.statusError(op, path, statusCode, responseHeaders, text);
    if (op.reply === 'none') return undefined;
    return this.parseReply(op, path, statusCode, text);
  }

  private transportError(op: OperationSpec, path: string, error: unknown): ServiceError {
    const code = (error as { code?: string }).code ?? 'UNKNOWN';
    const init = {
      method: op.method, path, operation: op.id, retryable: true, cause: error,
      message: `${(error as Error).message ?? String(error)} (${code})`,
    };
    if (TIMEOUT_CODES.has(code)) return new TimeoutError({ ...init, code: NOT_SENT_CODES.has(code) ? 'NOT_SENT' : code });
    return new ConnectionError({ ...init, code: NOT_SENT_CODES.has(code) ? 'NOT_SENT' : code });
  }

  private statusError(
    op: OperationSpec, path: string, status: number, headers: Record<string, string | string[] | undefined>, text: string,
  ): ServiceError {
    const { code, message } = readErrorBody(text, status);
    return errorForStatus({
      status, method: op.method, path, code, message, operation: op.id,
      retryable: isRetryableStatus(status),
      retryAfterMs: status === 429 || status === 503 ? parseRetryAfter(headers['retry-after']) : undefined,
    });
  }

  private parseReply(op: OperationSpec, path: string, status: number, text: string): unknown {
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

  private async login() {
    const source = this.options.credentials;
    if (!source) {
      throw new ServiceError({
        method: 'POST', path: `${this.prefixes.auth}/token`, retryable: false,
        message: 'no credentials configured for the planning service',
      });
    }
    const credentials = typeof source === 'function' ? await source() : source;
    // Login may be rate limited: allow more patient retries than an ordinary call.
    const answer = await this.call(authOperations.token, { body: credentials }, { maxRetries: 5 });
    return { accessToken: answer.access_token, expiresInSeconds: answer.expires_in };
  }
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

function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
