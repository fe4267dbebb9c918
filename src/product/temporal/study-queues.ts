/**
 * Where studies run: the task queue workers poll by default, and the budget gate of an account on a
 * queue. The CLI starts studies with these; the worker (worker.ts) polls them.
 */
import { createHash } from 'node:crypto';
import type { ServiceConfig } from '../../wire/client/config.js';

export const DEFAULT_TASK_QUEUE = 'sweep-studies';

/**
 * The budget gate of the account a configuration logs in to, on a task queue: one per service
 * address, account and queue. The gate runs its activities (the account's usage) on its queue, so
 * it must live on a queue that workers of this account poll; a gate started by another queue's
 * workers (the demo's, say) would wait for a worker that may never come back.
 */
export function gateIdFor(config: Pick<ServiceConfig, 'baseUrl' | 'credentials'>, taskQueue: string): string {
  const account = createHash('sha256').update(`${config.baseUrl}|${config.credentials.email.toLowerCase()}`).digest('hex').slice(0, 16);
  return `budget-gate/${account}/${taskQueue}`;
}
