/**
 * The one request pipeline of the client. Every operation goes through `call`: it validates the
 * request against the contract, fills the path under the configured prefixes, attaches the bearer
 * token, logs in once more on a 401 and retries what is safe to retry. Each concern has its own
 * module; this one only composes them.
 */
import { Agent, type Dispatcher } from 'undici';
import type { PathPrefixes } from '../contract/index.js';
import { fillPath, type OperationSpec } from '../contract/operation.js';
import type { ClientOptions, RequestOptions } from './client-options.js';
import { ServiceError } from './errors.js';
import { type Connection, exchange } from './exchange.js';
import { idempotencyKeyOf, safeToRepeat } from './idempotency.js';
import { credentialsLogin } from './login.js';
import type { CallArgs, CallResult } from './operation-call.js';
import { resolvePrefixes } from './path-prefixes.js';
import { validateRequest } from './request-validation.js';
import { retryDelay, sleep } from './retry-policy.js';
import { TokenManager } from './token-manager.js';

export class Transport {
  readonly prefixes: PathPrefixes;
  readonly baseUrl: string;
  readonly tokens: TokenManager;
  private readonly connection: Connection;
  private readonly ownsDispatcher: boolean;

  constructor(private readonly options: ClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.prefixes = resolvePrefixes(options.paths);
    this.ownsDispatcher = !options.dispatcher;
    const dispatcher = options.dispatcher ?? new Agent({ connections: options.connections ?? 16, keepAliveTimeout: 30_000 });
    this.connection = { baseUrl: this.baseUrl, dispatcher, logger: options.logger };
    this.tokens = new TokenManager(credentialsLogin(options.credentials, this.prefixes.auth, (op, args, opts) => this.call(op, args, opts)), options.now);
  }

  /** The connection pool, shared with presigned file transfers. */
  get connectionPool(): Dispatcher {
    return this.connection.dispatcher;
  }

  /** Closes the connections this client opened. */
  async close(): Promise<void> {
    if (this.ownsDispatcher) await this.connection.dispatcher.close();
  }

  /** The full address of an operation, for messages and for callers that build links. */
  url(op: OperationSpec, params?: Record<string, string | number>): string {
    return `${this.baseUrl}${this.prefixes[op.family]}${fillPath(op.path, params)}`;
  }

  /** Calls one operation of the contract and answers its parsed payload. */
  async call<O extends OperationSpec>(op: O, args: CallArgs = {}, options: RequestOptions = {}): Promise<CallResult<O>> {
    const path = `${this.prefixes[op.family]}${fillPath(op.path, args.params)}`;
    if (this.options.validateRequests !== false) validateRequest(op, path, args);
    const idempotencyKey = idempotencyKeyOf(options);
    const maxRetries = options.maxRetries ?? this.options.maxRetries ?? 2;
    const timeoutMs = options.timeoutMs ?? this.options.timeoutMs ?? 120_000;
    let reauthenticated = false;

    for (let attempt = 0; ; attempt++) {
      const token = op.auth === false ? undefined : await this.tokens.token();
      try {
        return (await exchange(this.connection, { op, path, args, token, idempotencyKey, timeoutMs, signal: options.signal })) as CallResult<O>;
      } catch (error) {
        if (!(error instanceof ServiceError)) throw error;
        // A revoked or expired token: one fresh login and one retry, never a loop.
        if (error.status === 401 && token !== undefined && !reauthenticated) {
          reauthenticated = true;
          this.tokens.invalidate(token);
          attempt--;
          continue;
        }
        if (!error.retryable || !safeToRepeat(op, error) || attempt >= maxRetries) throw error;
        const delay = retryDelay(attempt, error, this.options);
        if (delay === undefined) throw error;
        this.options.logger?.warn(
          { operation: op.id, status: error.status, attempt: attempt + 1, delayMs: Math.round(delay) },
          'retrying planning-service call',
        );
        await sleep(delay, options.signal);
      }
    }
  }
}
