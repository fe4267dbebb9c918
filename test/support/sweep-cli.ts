/** Runs the `sweep` command line as a process, the way an analyst types it. */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { inject } from 'vitest';

const SWEEP = join(import.meta.dirname, '..', '..', 'bin', 'sweep.js');

export interface CommandOutcome {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * `sweep <args>` against the test run's Temporal server, in `base` (this process's environment unless
 * told) plus `env`; answers its exit code and output.
 */
export function sweep(args: string[], env: NodeJS.ProcessEnv = {}, base: NodeJS.ProcessEnv = process.env): Promise<CommandOutcome> {
  return new Promise((resolve) => {
    execFile(process.execPath, [SWEEP, ...args], { env: { ...base, TEMPORAL_ADDRESS: inject('temporalAddress'), ...env } }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
    });
  });
}
