/**
 * Turns failures of activity work into Temporal failures: service errors keep their class name as
 * the failure type, a 429's Retry-After becomes the next retry delay, and rule violations (a bad
 * patch, an invalid study) never retry. Every activity is idempotent (find before create, compare
 * before write), so an activity may repeat what the client must not repeat blindly: a write whose
 * answer was lost or garbled.
 */
import { ApplicationFailure, Context } from '@temporalio/activity';
import { authOperations } from '../src/api/auth.js';
import {
  AuthenticationError, ConnectionError, ResponseValidationError, ServiceError, TimeoutError,
} from '../src/client/errors.js';

interface NonRetryable {
  retryable: false;
}

const isNonRetryable = (error: unknown): error is Error & NonRetryable =>
  error instanceof Error && (error as unknown as { retryable?: unknown }).retryable === false;

/** Whether a failed call may have taken effect all the same: its answer was lost, cut short or garbled. */
export function outcomeUnknown(error: unknown): boolean {
  return (
    (error instanceof ConnectionError && error.code !== 'NOT_SENT') ||
    error instanceof TimeoutError ||
    error instanceof ResponseValidationError ||
    (error instanceof ServiceError && error.status !== undefined && error.status >= 500)
  );
}

/** Whether the same call may succeed a little later: a passing fault, or one whose outcome is unknown. */
export function passing(error: unknown): boolean {
  return error instanceof ServiceError && (error.retryable || outcomeUnknown(error));
}

/**
 * Whether doing the activity's work again can help. Besides passing faults: a token refused right
 * after the client logged in afresh (the login itself succeeded, so the credentials are good and
 * the refusal is the service's passing doing; bad credentials fail the login, never retried).
 */
function worthRetrying(error: ServiceError): boolean {
  return passing(error) || (error instanceof AuthenticationError && error.operation !== authOperations.token.id);
}

/** The Temporal failure of an error thrown by activity code. */
export function toFailure(error: unknown): unknown {
  if (error instanceof ApplicationFailure) return error;
  if (error instanceof ServiceError) {
    return ApplicationFailure.create({
      message: error.message,
      type: error.name,
      nonRetryable: !worthRetrying(error),
      details: [error.toJSON()],
      nextRetryDelay: error.retryAfterMs,
    });
  }
  if (isNonRetryable(error)) return ApplicationFailure.create({ message: error.message, type: error.name, nonRetryable: true });
  return error;
}

/** The activity's context, or undefined when the code runs outside an activity. */
function currentContext(): Context | undefined {
  try {
    return Context.current();
  } catch {
    return undefined;
  }
}

/**
 * Runs activity work, rethrowing its failure in Temporal's terms, and heartbeating while it runs: a
 * worker that dies is then noticed within the heartbeat timeout, whatever call the work was in.
 */
export async function asActivity<T>(work: () => Promise<T>): Promise<T> {
  const context = currentContext();
  const timeoutMs = context?.info.heartbeatTimeoutMs;
  const beat = context && timeoutMs ? setInterval(() => context.heartbeat(), Math.min(5_000, timeoutMs / 4)) : undefined;
  try {
    return await work();
  } catch (error) {
    throw toFailure(error);
  } finally {
    clearInterval(beat);
  }
}
