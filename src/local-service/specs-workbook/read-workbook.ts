/**
 * Reads a scenario workbook in a worker thread, so that neither a large one (seconds of exceljs)
 * nor a hostile one holds the event loop that every other request is answered on.
 *
 * Threads are kept between reads, because one takes about 0.6 s to start (tsx and exceljs load in
 * it): at most MAX_THREADS, reads served in order of arrival. A thread idle for IDLE_MS, whose
 * heap grew past RECYCLE_HEAP_BYTES during a read, or that refused a workbook as too large, is
 * ended, which gives its memory back at once;
 * a read that exhausts a thread's heap (HEAP_LIMIT_MB) ends that thread, not the service.
 */
import { Worker } from 'node:worker_threads';
import type { ScenarioContent } from '../scenario-model/documents.js';
import type { ReadRequest, ReadResponse } from './read-protocol.js';
import { WorkbookError } from './workbook-error.js';

const MAX_THREADS = 2;
const IDLE_MS = 30_000;
/** A thread that read a workbook of a dozen profiles stays under this; one that read more is not kept holding it. */
const RECYCLE_HEAP_BYTES = 128 * 1024 * 1024;
/** A workbook at the size limit takes about 650 MB of heap in exceljs; this is the margin for what the checks miss. */
const HEAP_LIMIT_MB = 1536;

/** The solver's thread bootstrap: it registers tsx in the new thread, then loads the entry. */
const BOOT = new URL('../optimiser/engine/worker-boot.mjs', import.meta.url);
const ENTRY = new URL('./read-worker.ts', import.meta.url).href;

interface Job {
  id: number;
  bytes: Uint8Array;
  resolve: (content: ScenarioContent) => void;
  reject: (error: Error) => void;
}

interface Thread {
  worker: Worker;
  job?: Job;
  idleTimer?: NodeJS.Timeout;
}

const threads = new Set<Thread>();
const queue: Job[] = [];
let nextId = 1;

/** The content of a scenario workbook; throws a WorkbookError (status 400 or 413) locating its problems. */
export function readScenarioWorkbook(bytes: Uint8Array): Promise<ScenarioContent> {
  return new Promise((resolve, reject) => {
    queue.push({ id: nextId++, bytes, resolve, reject });
    pump();
  });
}

function pump(): void {
  while (queue.length) {
    let thread = [...threads].find((t) => !t.job);
    if (!thread) {
      if (threads.size >= MAX_THREADS) return;
      thread = start();
    }
    run(thread, queue.shift()!);
  }
}

function run(thread: Thread, job: Job): void {
  clearTimeout(thread.idleTimer);
  thread.job = job;
  // A waiting read keeps the process alive (a CLI that only reads a workbook); an idle thread does not.
  thread.worker.ref();
  // A copy is moved to the thread: the caller keeps its bytes (Buffer#slice would be a view, and moving it would empty the caller's).
  const bytes = new Uint8Array(job.bytes);
  thread.worker.postMessage({ id: job.id, bytes } satisfies ReadRequest, [bytes.buffer]);
}

function start(): Thread {
  const worker = new Worker(BOOT, { workerData: { entry: ENTRY }, resourceLimits: { maxOldGenerationSizeMb: HEAP_LIMIT_MB } });
  const thread: Thread = { worker };
  threads.add(thread);
  worker.on('message', (response: ReadResponse) => {
    const job = thread.job;
    thread.job = undefined;
    if (job?.id === response.id) settle(job, response);
    // A thread that refused a workbook for its size has just inflated up to the limit: its heap is not kept either.
    const tooLarge = !response.ok && response.workbook?.status === 413;
    if (tooLarge || response.heapBytes > RECYCLE_HEAP_BYTES) end(thread);
    else rest(thread);
    pump();
  });
  worker.on('error', (error: Error & { code?: string }) => fail(thread, error));
  worker.on('exit', (code) => fail(thread, new Error(`the workbook reading thread ended (exit code ${code})`)));
  return thread;
}

function settle(job: Job, response: ReadResponse): void {
  if (response.ok) return job.resolve(response.content);
  if (response.workbook) {
    const { sheet, row, column, problem, status } = response.workbook;
    return job.reject(new WorkbookError(sheet, row, column, problem, status));
  }
  job.reject(new Error(`reading the workbook failed: ${response.message}`));
}

function rest(thread: Thread): void {
  thread.worker.unref();
  thread.idleTimer = setTimeout(() => end(thread), IDLE_MS).unref();
}

function end(thread: Thread): void {
  clearTimeout(thread.idleTimer);
  threads.delete(thread);
  void thread.worker.terminate();
}

/** A thread that died (out of memory, or failing to start) fails its read and makes room for another. */
function fail(thread: Thread, error: Error & { code?: string }): void {
  clearTimeout(thread.idleTimer);
  threads.delete(thread);
  const job = thread.job;
  thread.job = undefined;
  if (job) {
    job.reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY'
      ? new WorkbookError('(workbook)', undefined, undefined, `reading it takes more than the ${HEAP_LIMIT_MB} MB of memory a workbook may use`, 413)
      : error);
  }
  pump();
}
