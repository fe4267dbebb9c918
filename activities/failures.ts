/**
 * Turns failures of activity work into Temporal failures: service errors keep their class name as
 * the failure type, a 429's Retry-After becomes the next retry delay, and rule violations (a bad
 * patch, an invalid study) never retry. Every activity is idempotent (find before create, compare
 * before write), so an activity may repeat what the client must not repeat blindly: a write whose
 * answer was lost or garbled.
 *
 * And says what became of each activity, in the log, with the study, variants and workflow it
 * served (activityLogging).
 */
import { ApplicationFailure, CancelledFailure, Context, type Info } from '@temporalio/activity';
import { ApplicationFailureCategory } from '@temporalio/common';
import type { ActivityInterceptorsFactory } from '@temporalio/worker';
import type pino from 'pino';
import { authOperations } from '../src/wire/contract/auth.js';
import {
  AuthenticationError, ConnectionError, ResponseValidationError, ServiceError, TimeoutError,
} from '../src/wire/client/errors.js';
import { activityLogFields, studyIdOf, variantLogFields, withLogger } from '../src/common/log-context.js';

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

/**
 * Whether Temporal will run the activity again after this failure, as far as the worker can tell
 * (a schedule-to-close timeout may still end it sooner).
 */
export function willRetry(error: unknown, info: Pick<Info, 'attempt' | 'retryPolicy'>): boolean {
  if (error instanceof ApplicationFailure && error.nonRetryable) return false;
  const policy = info.retryPolicy;
  if (policy?.maximumAttempts && info.attempt >= policy.maximumAttempts) return false;
  const type = error instanceof ApplicationFailure ? error.type : (error as Error | undefined)?.name;
  return !(type && policy?.nonRetryableErrorTypes?.includes(type));
}

const cancelled = (context: Context, error: unknown) =>
  context.cancellationSignal.aborted && (error instanceof CancelledFailure || (error as Error | undefined)?.name === 'AbortError');

/**
 * Worker interceptors that put every activity's log lines in context: a child of `log` with the
 * study (from the workflow id), the variants (from the first argument's `variant` or `variants`),
 * the workflow, the activity type and the attempt, scoped (log-context.ts) over the activity's whole
 * run, so that deps.log and the planning client write with those fields; the activity's start and
 * completion at debug, a failure Temporal retries at warn, one it does not at error. The SDK's
 * `Context.log` gets the study and variants too.
 */
export function activityLogging(log: pino.Logger): ActivityInterceptorsFactory {
  return (context) => {
    let variants: Record<string, unknown> = {};
    return {
      inbound: {
        async execute(input, next) {
          variants = variantLogFields(input.args[0]);
          const scoped = log.child(activityLogFields(context.info, input.args[0]));
          const started = performance.now();
          const durationMs = () => Math.round(performance.now() - started);
          scoped.debug('activity started');
          try {
            const result = await withLogger(scoped, () => next(input));
            scoped.debug({ durationMs: durationMs() }, 'activity completed');
            return result;
          } catch (error) {
            if (cancelled(context, error)) {
              scoped.debug({ durationMs: durationMs() }, 'activity cancelled');
              throw error;
            }
            const retryable = willRetry(error, context.info);
            const fields = {
              retryable, durationMs: durationMs(),
              errorType: error instanceof ApplicationFailure ? error.type : (error as Error | undefined)?.name,
              error: (error as Error | undefined)?.message ?? String(error),
            };
            if (error instanceof ApplicationFailure && error.category === ApplicationFailureCategory.BENIGN) scoped.debug(fields, 'activity failed');
            else if (retryable) scoped.warn(fields, 'activity failed; Temporal will retry it');
            else scoped.error(fields, 'activity failed; no more retries');
            throw error;
          }
        },
      },
      outbound: {
        getLogAttributes(attributes, next) {
          const studyId = studyIdOf(context.info.workflowExecution?.workflowId);
          return next({ ...attributes, ...(studyId ? { studyId } : {}), ...variants });
        },
      },
    };
  };
}
