/**
 * The relaxation's thread: holds the year's relaxation over segments and its operation LP for the
 * length of a job, and answers each request for cuts (relaxed-cuts.ts) on its port, raising the
 * shared signal after each answer so that the decomposition, waiting synchronously, wakes.
 */
import loadHighs from 'highs';
import { type MessagePort, workerData } from 'node:worker_threads';
import type { ModelArrays } from '../lp.js';
import { RelaxedCuts } from './relaxed-cuts.js';
import type { RelaxationAnswer, RelaxationRequest } from './relaxation-thread.js';

const port = workerData.port as MessagePort;
const signal = new Int32Array(workerData.signal as SharedArrayBuffer);
const interrupt = new Int32Array(workerData.interrupt as SharedArrayBuffer);

const ready: Promise<RelaxedCuts> = loadHighs().then((highs) => new RelaxedCuts(highs, workerData.relaxation as ModelArrays));
ready.catch(() => undefined);

function answer(message: RelaxationAnswer): void {
  port.postMessage(message);
  Atomics.add(signal, 0, 1);
  Atomics.notify(signal, 0);
}

port.on('message', async ({ id, request }: RelaxationRequest) => {
  try {
    const cuts = await ready;
    answer({ id, ok: true, value: cuts.run(request, () => Atomics.load(interrupt, 0) !== 0) });
  } catch (error) {
    answer({ id, ok: false, error: (error as Error).message ?? String(error) });
  }
});
