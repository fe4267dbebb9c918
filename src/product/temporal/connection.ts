/**
 * Connections to a Temporal server that may still be starting: the SDK's connect calls fail at once when
 * nothing listens yet (by design, sdk-typescript issue #344), so workers and the CLI retry here, bounded.
 */
import { quietTemporalRuntime } from './runtime.js';
import { Client, Connection } from '@temporalio/client';
import { NativeConnection } from '@temporalio/worker';
import { setTimeout as delay } from 'node:timers/promises';
import { credentialRefusal } from './connection-refusal.js';
import { tlsHandshakeError } from './tls-probe.js';
import { plainTarget, type TemporalTarget } from './temporal-profile.js';

const DEFAULT_TIMEOUT_MS = 60_000;
// Short per-attempt bound: a fresh channel notices a server that has just come up sooner than gRPC's own
// reconnect backoff on an old one would.
const ATTEMPT_MS = 2_000;
const PAUSE_MS = 250;
// An attempt that outlives its own connect timeout by this much is abandoned: under a loaded machine the SDK's
// deadline has been seen not to fire, and a waiting caller must not hang with it.
const ATTEMPT_GRACE_MS = 1_000;

/** Answers a Client for the target's namespace, retrying while the server does not answer yet (up to `timeoutMs`, default 60 s). */
export async function connectTemporal(target: TemporalTarget | string, options: { timeoutMs?: number } = {}): Promise<Client> {
  const resolved = asTarget(target);
  const connection = await connectWithRetry(resolved, { timeoutMs: options.timeoutMs });
  return new Client({ connection, namespace: resolved.namespace });
}

/** Answers a NativeConnection (for `Worker.create`) to the target, retrying while the server does not answer yet. */
export function connectWorkerConnection(target: TemporalTarget | string, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<NativeConnection> {
  const { address, connection } = asTarget(target);
  // The first native connection installs the SDK runtime: quiet it before that happens.
  quietTemporalRuntime();
  return retry(address, timeoutMs, undefined, undefined, async () => {
    const native = await NativeConnection.connect({ address, ...connection });
    try {
      // connect() checks the channel, not the credentials: ask the server once so that a refused key fails here.
      await native.workflowService.getSystemInfo({});
      return native;
    } catch (error) {
      await native.close();
      throw error;
    }
  });
}

/** Answers a client Connection to the target once the server answers getSystemInfo, retrying until `timeoutMs` or `signal`. */
export function connectWithRetry(target: TemporalTarget | string, options: { timeoutMs?: number; signal?: AbortSignal } = {}): Promise<Connection> {
  const { address, connection: secured } = asTarget(target);
  // grpc-js says a refused handshake is a connection that timed out: ask Node's TLS what it was.
  const diagnose = () => tlsHandshakeError(address, secured.tls);
  return retry(address, options.timeoutMs ?? DEFAULT_TIMEOUT_MS, options.signal, diagnose, async (remainingMs) => {
    // Connection.connect is lazy() + ensureConnected() (which calls workflowService.getSystemInfo); spelled out
    // so that a failed attempt's channel can be closed instead of leaking.
    const connection = Connection.lazy({ address, ...secured, connectTimeout: Math.min(ATTEMPT_MS, remainingMs) });
    try {
      await connection.ensureConnected();
      return connection;
    } catch (error) {
      await connection.close();
      throw error;
    }
  });
}

const asTarget = (target: TemporalTarget | string) => (typeof target === 'string' ? plainTarget(target) : target);

async function retry<T extends { close(): Promise<void> }>(
  address: string,
  timeoutMs: number,
  signal: AbortSignal | undefined,
  diagnose: (() => Promise<Error | undefined>) | undefined,
  attempt: (remainingMs: number) => Promise<T>,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    signal?.throwIfAborted();
    try {
      const remainingMs = Math.max(1, deadline - Date.now());
      return await bounded(attempt(remainingMs), Math.min(ATTEMPT_MS, remainingMs) + ATTEMPT_GRACE_MS, signal);
    } catch (error) {
      signal?.throwIfAborted();
      // A server that answers but refuses the credentials will refuse them again: say which, at once.
      const refusal = credentialRefusal(error, address) ?? credentialRefusal(await diagnose?.(), address);
      if (refusal) throw refusal;
      if (Date.now() + PAUSE_MS >= deadline) {
        throw new Error(
          `no Temporal server answered at ${address} within ${Math.round(timeoutMs / 1000)} s ` +
            `(last error: ${(error as Error).message}); start one with \`sweep dev\` or set TEMPORAL_ADDRESS`,
          { cause: error },
        );
      }
    }
    // An abort cuts the pause short; the loop's first line then throws the abort reason.
    await delay(PAUSE_MS, undefined, { signal }).catch(() => undefined);
  }
}

/**
 * Settles with `pending`, unless `signal` aborts or `limitMs` passes first; an abandoned attempt's connection
 * is closed when it arrives, so that it does not leak.
 */
function bounded<T extends { close(): Promise<void> }>(pending: Promise<T>, limitMs: number, signal?: AbortSignal): Promise<T> {
  let won = false;
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const cutOff = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${limitMs} ms`)), limitMs);
    onAbort = () => reject(signal!.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
  const answered = pending.then((connection) => {
    won = true;
    return connection;
  });
  return Promise.race([answered, cutOff]).finally(() => {
    clearTimeout(timer);
    if (onAbort) signal?.removeEventListener('abort', onAbort);
    if (!won) void pending.then((connection) => connection.close(), () => undefined);
  });
}
