/**
 * How long every activity the workflows schedule may take and how it is retried, declared once: each
 * workflow module proxies its activities at its top with these. The values travel in every scheduled
 * activity's command; a replay does not compare them, but every running study's next activities take
 * the new ones, so change them knowingly.
 */
import type { ActivityOptions, RetryPolicy } from '@temporalio/workflow';

/** A passing fault of the service, or of a worker, is tried again for about half an hour. */
const RETRY: RetryPolicy = { initialInterval: '1s', backoffCoefficient: 2, maximumInterval: '1 minute', maximumAttempts: 30 };

// A worker killed mid-activity is noticed when the heartbeat timeout fires: every activity
// heartbeats every few seconds while it runs (activities/failures.ts), whatever call it is in.
const HEARTBEAT_TIMEOUT = '20 seconds';

/** Calls answered at once: a specs request, a submission, a last look at jobs or their stop, a record of outcomes. */
export const QUICK: ActivityOptions = { startToCloseTimeout: '2 minutes', heartbeatTimeout: HEARTBEAT_TIMEOUT, retry: RETRY };

/** Calls that work or wait long: a study's setup and summary, scenario copies and patches, the long polls of specs and jobs. */
export const STEADY: ActivityOptions = { startToCloseTimeout: '30 minutes', heartbeatTimeout: HEARTBEAT_TIMEOUT, retry: RETRY };

/** Outputs fetched and read: longer, and fewer attempts, since an output that cannot be had after ten is recorded as the variant's failure. */
export const TRANSFERS: ActivityOptions = { startToCloseTimeout: '60 minutes', heartbeatTimeout: HEARTBEAT_TIMEOUT, retry: { ...RETRY, maximumAttempts: 10 } };

/** A scheduled run's notice: a webhook that stays down for about an hour is given up on, and the run says so. */
export const NOTICE: ActivityOptions = {
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '10s', backoffCoefficient: 2, maximumInterval: '10 minutes', maximumAttempts: 10 },
};

/** The budget gate's look at the account's weekly usage: tried until it answers. */
export const USAGE: ActivityOptions = {
  startToCloseTimeout: '1 minute',
  heartbeatTimeout: HEARTBEAT_TIMEOUT,
  retry: { initialInterval: '2s', backoffCoefficient: 2, maximumInterval: '1 minute' },
};
