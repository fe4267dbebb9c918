/**
 * The HiGHS worker's handle on the relaxation's thread (relaxation-worker.ts): a decomposition
 * hands it a request for cuts, prices its first design over the year meanwhile, and then waits for
 * the answer synchronously (its loop is synchronous: Atomics.wait on a shared signal, then
 * receiveMessageOnPort). On two cores the relaxation's phase no longer comes before the year's
 * first pricing but beside it.
 */
import { MessageChannel, type MessagePort, Worker, receiveMessageOnPort } from 'node:worker_threads';
import type { ModelArrays } from '../lp.js';
import type { RelaxedCutsAnswer, RelaxedCutsRequest } from './relaxed-cuts.js';

export interface RelaxationRequest {
  id: number;
  request: RelaxedCutsRequest;
}

export type RelaxationAnswer = { id: number; ok: true; value: RelaxedCutsAnswer | undefined } | { id: number; ok: false; error: string };

/** What a request came to: the cuts; the relaxation's master failed; or no answer (an error, or none in time). */
export type RelaxationOutcome = { kind: 'cuts'; answer: RelaxedCutsAnswer } | { kind: 'master failed' } | { kind: 'none'; reason: string };

/**
 * Seconds past its own budget that a phase may take, from when it was begun, before the
 * decomposition goes on without it: the phase checks its clock between runs, and its last master
 * may take up to the budget again.
 */
const graceFor = (seconds: number) => 30 + seconds;

/** An outcome in a trace line. */
export function describe(outcome: RelaxationOutcome): string {
  if (outcome.kind === 'cuts') return `${outcome.answer.rows.length} cuts, lower ${outcome.answer.lower.toFixed(0)}`;
  return outcome.kind === 'none' ? `no cuts (${outcome.reason})` : outcome.kind;
}

export class RelaxationThread {
  private readonly worker: Worker;
  private readonly port: MessagePort;
  private readonly signal = new Int32Array(new SharedArrayBuffer(4));
  private nextId = 1;
  private pending: { id: number; seconds: number; deadline: number } | undefined;

  /** `interrupt`: the job's stop flag, which the relaxation's loop reads between runs. */
  constructor(relaxation: ModelArrays, interrupt: SharedArrayBuffer) {
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    this.worker = new Worker(new URL('./worker-boot.mjs', import.meta.url), {
      workerData: { entry: new URL('./relaxation-worker.ts', import.meta.url).href, relaxation, port: port2, signal: this.signal.buffer, interrupt },
      transferList: [port2],
    });
    this.worker.unref();
  }

  /** Starts the relaxation's phase for one solve; `finish` collects it. */
  begin(request: RelaxedCutsRequest): void {
    const id = this.nextId++;
    this.pending = { id, seconds: request.seconds, deadline: performance.now() + (request.seconds + graceFor(request.seconds)) * 1000 };
    this.port.postMessage({ id, request } satisfies RelaxationRequest);
  }

  /** Waits for the phase begun last and answers what it came to. */
  finish(): RelaxationOutcome {
    const pending = this.pending;
    if (!pending) return { kind: 'none', reason: 'no phase was begun' };
    this.pending = undefined;
    for (;;) {
      const seen = Atomics.load(this.signal, 0);
      // Answers to earlier phases given up on are dropped here.
      for (let got = receiveMessageOnPort(this.port); got; got = receiveMessageOnPort(this.port)) {
        const answer = got.message as RelaxationAnswer;
        if (answer.id !== pending.id) continue;
        if (!answer.ok) return { kind: 'none', reason: answer.error };
        return answer.value ? { kind: 'cuts', answer: answer.value } : { kind: 'master failed' };
      }
      const left = pending.deadline - performance.now();
      if (left <= 0) return { kind: 'none', reason: `no answer ${graceFor(pending.seconds).toFixed(0)} s past its budget` };
      Atomics.wait(this.signal, 0, seen, Math.min(left, 1000));
    }
  }

  dispose(): void {
    this.port.close();
    void this.worker.terminate();
  }
}
