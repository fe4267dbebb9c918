/**
 * The summary step run in a child process. At 100,000 variants it takes 330–370 MB for some 20 s;
 * in the worker that came on top of what the worker holds after the variants (its workflow cache,
 * V8's old space) and stayed as its peak. A child hands its memory back to the system when it ends,
 * and its peak is measured apart (answered here, logged by the activity).
 */
import { fork } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { SummaryStepAnswer, SummaryStepInput } from './study-results.js';

/** What the child says, in order: progress, then one `done` or `failed`. */
export type FromSummaryProcess =
  | { kind: 'progress'; variants: number }
  | { kind: 'manifest' }
  | { kind: 'done'; answer: SummaryStepAnswer; peakRssMb: number }
  | { kind: 'failed'; error: { name: string; message: string; stack?: string }; peakRssMb: number };

const CHILD = fileURLToPath(new URL('./summary-child.ts', import.meta.url));
// The sources are TypeScript: the child loads tsx's loader by its path, whatever the worker's working directory.
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
/** Enough of the child's stderr to say why it died. */
const STDERR_KEPT = 8_192;

export interface SummaryProcessOptions {
  onProgress?: (variants: number) => void;
  onManifest?: () => void;
  /** Ends the child; the promise then rejects with an AbortError. */
  signal?: AbortSignal;
}

/** Runs the summary step in a child process; answers its answer and the child's peak resident memory. */
export function summariseInChildProcess(input: SummaryStepInput, options: SummaryProcessOptions = {}): Promise<{ answer: SummaryStepAnswer; peakRssMb: number }> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) return reject(abortError());
    const child = fork(CHILD, [], { execArgv: ['--import', TSX_LOADER], stdio: ['ignore', 'inherit', 'pipe', 'ipc'], serialization: 'advanced' });
    let stderr = '';
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_KEPT);
    });
    let settled = false;
    const settle = (finish: () => void) => {
      if (settled) return;
      settled = true;
      options.signal?.removeEventListener('abort', onAbort);
      finish();
    };
    const onAbort = () => {
      child.kill('SIGKILL');
      settle(() => reject(abortError()));
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });
    child.on('message', (message: FromSummaryProcess) => {
      if (message.kind === 'progress') options.onProgress?.(message.variants);
      else if (message.kind === 'manifest') options.onManifest?.();
      else if (message.kind === 'done') settle(() => resolve({ answer: message.answer, peakRssMb: message.peakRssMb }));
      else settle(() => reject(rebuilt(message.error)));
    });
    child.on('error', (error) => settle(() => reject(error)));
    // 'close', not 'exit': it comes after every message the child sent.
    child.on('close', (code, signal) => settle(() => reject(new Error(
      `the summary step's process ended (${signal ?? `exit code ${code}`}) without an answer${stderr.trim() ? `: ${stderr.trim()}` : ''}`,
    ))));
    child.send(input);
  });
}

function abortError(): Error {
  const error = new Error('the summary step was cancelled');
  error.name = 'AbortError';
  return error;
}

/** The child's error as this process can throw it, its name kept (Temporal's failure type). */
function rebuilt(failed: Extract<FromSummaryProcess, { kind: 'failed' }>['error']): Error {
  const error = new Error(failed.message);
  error.name = failed.name;
  if (failed.stack) error.stack = failed.stack;
  return error;
}
