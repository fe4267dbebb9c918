/**
 * The main-thread handle of one HiGHS worker: loads a model into it, asks for solves and exports,
 * and interrupts a running solve through a shared flag (the worker is busy, so a message would not
 * be read until the solve ends). Ending the thread frees everything HiGHS allocated.
 */
import { Worker } from 'node:worker_threads';
import type { ModelArrays } from '../lp.js';
import type { Request, Response, SolveOrder, SolveOutcome } from './protocol.js';

/** A request without its id, for each kind of request. */
type Order = Request extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never;

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };

export class SolverThread {
  private readonly worker: Worker;
  private readonly interrupt = new Int32Array(new SharedArrayBuffer(4));
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private readonly ready: Promise<unknown>;
  private failure: Error | undefined;

  constructor() {
    this.worker = new Worker(new URL('./worker-boot.mjs', import.meta.url), {
      workerData: { entry: new URL('./highs-worker.ts', import.meta.url).href, interrupt: this.interrupt.buffer },
    });
    this.ready = new Promise((resolve, reject) => this.pending.set(0, { resolve, reject }));
    // A thread closed before it was ever asked anything (a model found infeasible while it booted)
    // rejects `ready` with no one waiting; a request would still see the failure through `ask`.
    this.ready.catch(() => undefined);
    this.worker.on('message', (response: Response) => {
      const waiting = this.pending.get(response.id);
      this.pending.delete(response.id);
      if (response.ok) waiting?.resolve(response.value);
      else waiting?.reject(new Error(response.error));
    });
    const fail = (error: Error) => {
      this.failure = error;
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`solver thread ended (code ${code})`)));
  }

  private async ask<T>(request: Order, transfer: ArrayBuffer[] = []): Promise<T> {
    await this.ready;
    if (this.failure) throw this.failure;
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage({ ...request, id }, transfer);
    });
  }

  load(model: ModelArrays): Promise<{ columns: number; rows: number }> {
    return this.ask({ type: 'load', model });
  }

  solve(order: SolveOrder): Promise<SolveOutcome> {
    return this.ask({ type: 'solve', order });
  }

  exportLp(cost: Float64Array, offset: number): Promise<string> {
    return this.ask({ type: 'lp', cost, offset });
  }

  /** Rows and columns of an irreducible infeasible subsystem of the loaded model. */
  iis(): Promise<{ rows: number[]; columns: number[] }> {
    return this.ask({ type: 'iis' });
  }

  /** Asks the running solve to stop at its next checkpoint. */
  stop(): void {
    Atomics.store(this.interrupt, 0, 1);
  }

  async close(): Promise<void> {
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
