/**
 * Draws the faults of the local service from its settings and counts those it injected. The counts
 * live in the database, so a service killed and started again (as the chaos run does) still
 * reports every fault it ever injected on that data directory.
 */
import { mulberry32 } from '../../../common/seeded-random.js';
import type { Store } from '../store/store.js';
import { type FaultSettings, type FaultTarget, KINDS_BY_TARGET, NO_FAULTS, type RequestFault } from './settings.js';

/** A fault a request is to meet, and whether before or after its operation takes effect. */
export interface DrawnFault {
  kind: RequestFault;
  after: boolean;
}

/** Kinds that only make sense once there is an answer to spoil. */
const ALWAYS_AFTER: ReadonlySet<RequestFault> = new Set(['malformed', 'truncateDownload', 'corruptDownload']);

const COUNTS_KEY = 'fault-counts';

export class FaultInjector {
  private current: FaultSettings;
  private random: () => number;
  private readonly tally: Record<string, number>;

  constructor(private readonly store: Store, settings: FaultSettings = NO_FAULTS) {
    this.current = settings;
    this.random = mulberry32(settings.seed);
    this.tally = JSON.parse(store.meta(COUNTS_KEY) ?? '{}') as Record<string, number>;
  }

  get settings(): FaultSettings {
    return this.current;
  }

  /** Replaces the settings (a new seed restarts the draws). */
  configure(settings: FaultSettings): void {
    if (settings.seed !== this.current.seed) this.random = mulberry32(settings.seed);
    this.current = settings;
  }

  /** Faults injected by kind, since the data directory was created. */
  counts(): Record<string, number> {
    return { ...this.tally };
  }

  /** Counts an injected fault (or delay). */
  record(kind: string): void {
    this.tally[kind] = (this.tally[kind] ?? 0) + 1;
    this.store.setMeta(COUNTS_KEY, JSON.stringify(this.tally));
  }

  /** The added latency of one request, in milliseconds. */
  latencyMs(): number {
    const { distribution, ms, maxMs } = this.current.latency;
    const drawn =
      distribution === 'fixed' ? ms
      : distribution === 'uniform' ? this.random() * ms
      : distribution === 'exponential' ? -Math.log(1 - this.random()) * ms
      : 0;
    return Math.min(maxMs, Math.round(drawn));
  }

  /** The fault a request meets, if any. `write` tells whether its operation changes anything. */
  draw(target: FaultTarget, write: boolean): DrawnFault | undefined {
    const { rate, kinds, afterEffect } = this.current;
    if (rate <= 0 || this.random() >= rate) return undefined;
    const candidates = KINDS_BY_TARGET[target].map((kind) => [kind, kinds[kind] ?? 1] as const).filter(([, weight]) => weight > 0);
    const total = candidates.reduce((sum, [, weight]) => sum + weight, 0);
    if (total <= 0) return undefined;
    let pick = this.random() * total;
    const [kind] = candidates.find(([, weight]) => (pick -= weight) < 0) ?? candidates[candidates.length - 1];
    const after = ALWAYS_AFTER.has(kind) || (write && this.random() < afterEffect);
    return { kind, after };
  }

  /** Whether a specs generation fails, and how long it is held back first. */
  specsFault(): { fail: boolean; delayMs: number } {
    const { failRate, delayMs } = this.current.specs;
    return { fail: failRate > 0 && this.random() < failRate, delayMs };
  }

  /** How a solver job is spoiled, if it is. */
  solverFault(): 'failed' | 'infeasible' | undefined {
    const { failRate, infeasibleRate } = this.current.solver;
    if (failRate <= 0 && infeasibleRate <= 0) return undefined;
    const draw = this.random();
    if (draw < failRate) return 'failed';
    if (draw < failRate + infeasibleRate) return 'infeasible';
    return undefined;
  }
}
