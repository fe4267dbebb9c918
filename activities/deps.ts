/** What the activities need from the worker that runs them: the service client, Temporal, a logger. */
import type { Client } from '@temporalio/client';
import type pino from 'pino';
import type { PlanningClient } from '../src/wire/client/index.js';

export interface ActivityDeps {
  /** Logged in with the worker's own credentials: they never pass through workflows. */
  service: PlanningClient;
  temporal: () => Promise<Client>;
  taskQueue: string;
  /**
   * Inside an activity, writes with that activity's study, variants, workflow and attempt (the
   * worker passes a contextualLogger, and activityLogging scopes each run).
   */
  log: pino.Logger;
}
