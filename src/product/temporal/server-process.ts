/** What the dev server and the production server share as child processes: how they stop, and what their logs say. */
import type { ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';

const LOG_TAIL_LINES = 40;

/** Sends `signal` (SIGTERM by default), then SIGKILL after `graceMs`; resolves once the process has exited. */
export async function stopChild(child: ChildProcess, exited: Promise<string>, graceMs: number, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  child.kill(signal);
  let timer: NodeJS.Timeout | undefined;
  const escalate = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve();
    }, graceMs);
  });
  await Promise.race([exited, escalate]);
  clearTimeout(timer);
  await exited;
}

/** The last lines a server wrote to `logPath` since byte `from`, for the message of a server that did not start. */
export async function logTail(logPath: string, from: number): Promise<string> {
  const text = (await readFile(logPath)).subarray(from).toString();
  return text.trimEnd().split('\n').slice(-LOG_TAIL_LINES).join('\n') || '(empty)';
}
