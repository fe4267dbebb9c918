/** What a client is configured with, and what each call may override. */
import type { Dispatcher } from 'undici';
import type { PathPrefixes } from '../contract/index.js';

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
