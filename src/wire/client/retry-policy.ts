/** When a failed attempt is tried again: exponential backoff with jitter, or as long as the service asks. */
import type { ClientOptions } from './client-options.js';
import type { ServiceError } from './errors.js';

export type RetryTimings = Pick<ClientOptions, 'retryBaseMs' | 'maxRetryDelayMs' | 'maxRetryAfterMs'>;

/** Milliseconds before the attempt after `attempt` (0-based); undefined when the service asks for longer than we wait. */
export function retryDelay(attempt: number, error: ServiceError, timings: RetryTimings): number | undefined {
  if (error.retryAfterMs !== undefined) {
    return error.retryAfterMs <= (timings.maxRetryAfterMs ?? 300_000) ? error.retryAfterMs : undefined;
  }
  const base = timings.retryBaseMs ?? 500;
  const capped = Math.min(timings.maxRetryDelayMs ?? 8_000, base * 2 ** attempt);
  // Jitter, so that callers failed by one outage do not come back in step.
  return capped * (0.75 + Math.random() * 0.25);
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

/** Waits `ms`, or rejects as soon as the caller aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
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
