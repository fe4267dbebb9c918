/**
 * The main-thread handle of one HiGHS worker: loads a model into it, asks for solves and exports,
 * and interrupts a running solve through a shared flag (the worker is busy, so a message would not
 * be read until the solve ends). Ending the thread frees everything HiGHS allocated.
 *
 * A watchdog holds every solve to its time limit: HiGHS does not always stop at its own (a cold
 * operation LP of a full-year decomposition once ran 7 minutes past a 4-minute limit), so when a
 * solve runs past its limit, or past a stop, by more than a grace, the thread is ended and the
 * solve answers the best solution it had posted as progress. The job keeps its answer and its
 * deadline whatever HiGHS does; the thread's later solves answer at once, without a solution.
 */
import { Worker } from 'node:worker_threads';
import type { ModelArrays } from '../lp.js';
import type { Request, SolveOrder, SolveOutcome, WorkerMessage } from './protocol.js';

/** A request without its id, for each kind of request. */
type Order = Request extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never;

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  /** For a solve: when it began, and the best solution it has posted so far. */
  solve?: { began: number; best?: SolveOutcome; onProgress?: (best: SolveOutcome) => void };
}

export interface SolverThreadOptions {
  /**
   * Seconds a solve may run past its time limit before the thread is ended: a fixed part, plus a
   * share of the limit (HiGHS checks its clock between iterations, a decomposition between runs).
   */
  graceSeconds?: number;
}

/** What a solve may run past its limit: 15 s and 5 % of the limit (a decomposition's last run may take a few seconds). */
const graceFor = (limit: number, fixed: number) => fixed + 0.05 * Math.max(0, limit);
const DEFAULT_GRACE_SECONDS = 15;
const LONGEST_TIMER_MS = 2 ** 31 - 1;

export class SolverThread {
  private readonly worker: Worker;
  private readonly interrupt = new Int32Array(new SharedArrayBuffer(4));
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private readonly ready: Promise<unknown>;
  private failure: Error | undefined;
  /** Set once the watchdog has ended the thread: what the later solves answer. */
  private ended: { status: 'time-limit' | 'interrupted'; reason: string } | undefined;
  private readonly graceSeconds: number;
  private stopTimer: NodeJS.Timeout | undefined;

  constructor(options: SolverThreadOptions = {}) {
    this.graceSeconds = options.graceSeconds ?? DEFAULT_GRACE_SECONDS;
    this.worker = new Worker(new URL('./worker-boot.mjs', import.meta.url), {
      workerData: { entry: new URL('./highs-worker.ts', import.meta.url).href, interrupt: this.interrupt.buffer },
    });
    this.ready = new Promise((resolve, reject) => this.pending.set(0, { resolve, reject }));
    // A thread closed before it was ever asked anything (a model found infeasible while it booted)
    // rejects `ready` with no one waiting; a request would still see the failure through `ask`.
    this.ready.catch(() => undefined);
    this.worker.on('message', (message: WorkerMessage) => {
      const waiting = this.pending.get(message.id);
      if ('progress' in message) {
        if (waiting?.solve) {
          waiting.solve.best = message.progress;
          waiting.solve.onProgress?.(message.progress);
        }
        return;
      }
      this.pending.delete(message.id);
      if (message.ok) waiting?.resolve(message.value);
      else waiting?.reject(new Error(message.error));
    });
    const fail = (error: Error) => {
      this.failure ??= error;
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`solver thread ended (code ${code})`)));
  }

  private async ask<T>(request: Order, transfer: ArrayBuffer[] = [], solve?: Pending['solve']): Promise<T> {
    await this.ready;
    if (this.failure) throw this.failure;
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject, solve });
      this.worker.postMessage({ ...request, id }, transfer);
    });
  }

  /** Loads a model, and for a decomposition its relaxation (engine/decomposition.ts). */
  load(model: ModelArrays, relaxation?: ModelArrays): Promise<{ columns: number; rows: number }> {
    return this.ask({ type: 'load', model, relaxation });
  }

  /**
   * Solves the loaded model; `onProgress` hears each better solution as the solve finds it (a
   * decomposition posts its best designs). Past its limit and the grace, the thread is ended
   * and the solve answers its last progress.
   */
  async solve(order: SolveOrder, onProgress?: (best: SolveOutcome) => void): Promise<SolveOutcome> {
    if (this.ended) return { status: this.ended.status, seconds: 0, message: this.ended.reason };
    const seconds = order.timeLimitSeconds + graceFor(order.timeLimitSeconds, this.graceSeconds);
    // Node fires a timer longer than 2³¹−1 ms (24.8 days) at once: a limit that long gets no watchdog.
    const watchdog = seconds * 1000 <= LONGEST_TIMER_MS ? setTimeout(() => this.end('time-limit', order.timeLimitSeconds), Math.max(0, seconds) * 1000) : undefined;
    try {
      return await this.ask<SolveOutcome>({ type: 'solve', order }, [], { began: performance.now(), onProgress });
    } finally {
      clearTimeout(watchdog);
    }
  }

  exportLp(cost: Float64Array, offset: number): Promise<string> {
    return this.ask({ type: 'lp', cost, offset });
  }

  /** Rows and columns of an irreducible infeasible subsystem of the loaded model. */
  iis(): Promise<{ rows: number[]; columns: number[] }> {
    return this.ask({ type: 'iis' });
  }

  /** Asks the running solve to stop at its next checkpoint; a solve that does not within the grace is ended. */
  stop(): void {
    Atomics.store(this.interrupt, 0, 1);
    this.stopTimer ??= setTimeout(() => this.end('interrupted', 0), this.graceSeconds * 1000);
  }

  /**
   * Ends the thread now: a running solve answers the best solution it has posted (without one,
   * none), marked with how far past `limitSeconds` it ran; later solves answer at once.
   */
  end(status: 'time-limit' | 'interrupted', limitSeconds: number): void {
    if (this.ended) return;
    const reason = status === 'time-limit' ? 'the solver thread ran past its time limit and was ended' : 'the solver thread did not stop when asked and was ended';
    this.ended = { status, reason };
    for (const [id, waiting] of this.pending) {
      if (!waiting.solve) continue;
      this.pending.delete(id);
      const seconds = (performance.now() - waiting.solve.began) / 1000;
      const best = waiting.solve.best;
      waiting.resolve({ ...best, status, seconds, message: reason, overranBySeconds: Math.max(0, seconds - limitSeconds) } satisfies SolveOutcome);
    }
    void this.worker.terminate();
  }

  async close(): Promise<void> {
    clearTimeout(this.stopTimer);
    await this.worker.terminate();
  }
}

/** Runs `work` on a fresh solver thread that `signal` stops; the thread (and its memory) ends with it. */
export async function withSolverThread<T>(signal: AbortSignal | undefined, work: (thread: SolverThread) => Promise<T>): Promise<T> {
  const thread = new SolverThread();
  const onAbort = () => thread.stop();
  signal?.addEventListener('abort', onAbort);
  try {
    return await work(thread);
  } finally {
    signal?.removeEventListener('abort', onAbort);
    await thread.close();
  }
}
