/** What every handler of the local service can reach. */
import type pino from 'pino';
import type { Auth } from './auth.js';
import type { Clock } from './clock.js';
import type { FaultInjector } from './faults/injector.js';
import type { FileStore } from './files/file-store.js';
import type { Store } from './store/store.js';

export interface PlanLimits {
  maxStages: number;
  maxParetoPoints: number;
  weeklyJobs: number;
  weeklyMinutes: number;
  totalJobs: number;
  totalMinutes: number;
}

export interface ServiceContext {
  store: Store;
  clock: Clock;
  auth: Auth;
  files: FileStore;
  log: pino.Logger;
  plan: PlanLimits;
  /** Address clients reach the service at: the base of presigned and frontend addresses. */
  publicUrl: () => string;
  /** Starts asynchronous specs generation of the scenarios (set once the specs queue exists). */
  requestSpecs: (scenarioGuids: string[]) => void;
  /** Wakes the solver-job runner after a submission. */
  wakeSolver: () => void;
  /** Injected faults (none unless configured). */
  faults: FaultInjector;
}
