/**
 * The solver usage report: jobs and solver minutes of the subscription and of the user, in total
 * and in the current week, with what the subscription used beyond its plan. Every job ever
 * submitted counts, deleted ones too: deleting a job does not give its usage back.
 */
import type { Usage } from '../../../wire/contract/solver-jobs.js';
import type { ServiceContext } from '../context.js';
import type { Account } from '../store/store.js';

const DAY_MS = 86_400_000;

/** Monday 00:00 UTC of the week that holds `now` (milliseconds since the epoch). */
export function weekStart(now: number): number {
  const midnight = Math.floor(now / DAY_MS) * DAY_MS;
  const daysSinceMonday = (new Date(midnight).getUTCDay() + 6) % 7;
  return midnight - daysSinceMonday * DAY_MS;
}

const overage = (used: number, limit: number) => Math.max(0, used - limit);

/** The usage report of an account, counted on the service clock (which the admin route can move). */
export function usageReport(ctx: ServiceContext, account: Account): Usage {
  const { store, plan } = ctx;
  const since = weekStart(ctx.clock.now());
  const subscription = { subscriptionId: account.subscriptionId };
  const user = { accountId: account.id };
  const subscriptionTotal = store.usage(subscription);
  const subscriptionWeek = store.usage(subscription, since);
  const userTotal = store.usage(user);
  const userWeek = store.usage(user, since);
  return {
    subscription: {
      totalCountOverage: overage(subscriptionTotal.count, plan.totalJobs),
      totalMinutesOverage: overage(subscriptionTotal.minutes, plan.totalMinutes),
      weeklyCountOverage: overage(subscriptionWeek.count, plan.weeklyJobs),
      weeklyMinutesOverage: overage(subscriptionWeek.minutes, plan.weeklyMinutes),
      totalCount: subscriptionTotal.count,
      totalMinutes: subscriptionTotal.minutes,
      currentWeekCount: subscriptionWeek.count,
      currentWeekMinutes: subscriptionWeek.minutes,
    },
    user: {
      totalCount: userTotal.count,
      totalMinutes: userTotal.minutes,
      currentWeekCount: userWeek.count,
      currentWeekMinutes: userWeek.minutes,
      historyCount: store.historyCount(account.id),
    },
  };
}
