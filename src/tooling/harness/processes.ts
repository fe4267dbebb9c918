/**
 * The processes a measuring run starts (and a chaos run kills and starts again): the local service
 * and the study worker, each `sweep <command>` as an operator runs it, configured through the
 * environment (passwords never on a command line), their stderr appended to a log file so that a
 * failed run can be read afterwards.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { openSync, closeSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const SWEEP = fileURLToPath(new URL('../../../bin/sweep.js', import.meta.url));

export interface Managed {
  readonly pid: number;
  /** Resolves with how the process ended ("killed by SIGKILL", "exit code 1"). */
  readonly exited: Promise<string>;
  /** Sends `signal` (SIGKILL by default) and resolves once the process is gone. */
  kill(signal?: NodeJS.Signals): Promise<string>;
}

function manage(child: ChildProcess): Managed {
  const exited = new Promise<string>((resolve) => {
    child.once('exit', (code, signal) => resolve(signal ? `killed by ${signal}` : `exit code ${code}`));
    child.once('error', (error) => resolve(`failed to start: ${error.message}`));
  });
  return {
    pid: child.pid ?? -1,
    exited,
    async kill(signal = 'SIGKILL') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Runs `sweep <args>` with its stderr appended to `logFile`; `stdout` is piped when `readLine` wants it. */
function spawnSweep(args: string[], env: NodeJS.ProcessEnv, logFile: string, pipeStdout: boolean): ChildProcess {
  const log = openSync(logFile, 'a');
  try {
    return spawn(process.execPath, [SWEEP, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', pipeStdout ? 'pipe' : log, log] });
  } finally {
    closeSync(log); // the child holds its own descriptor
  }
}

/** The local service; resolves once it listens, with its address. `adminToken` turns its admin routes on. */
export async function startServiceProcess(options: {
  dataDir: string; port: number; users: string; faults: object; solverThreads?: number; instantSolveMs?: number; logFile: string;
  adminToken?: string;
}): Promise<Managed & { url: string }> {
  const args = ['service', '--data-dir', options.dataDir, '--port', String(options.port)];
  if (options.solverThreads !== undefined) args.push('--solver-threads', String(options.solverThreads));
  if (options.instantSolveMs !== undefined) args.push('--instant-solve', String(options.instantSolveMs));
  const child = spawnSweep(
    args,
    {
      SWEEP_SERVICE_USERS: options.users, SWEEP_SERVICE_FAULTS: JSON.stringify(options.faults), SWEEP_LOG_LEVEL: 'warn',
      SWEEP_SERVICE_ADMIN_TOKEN: options.adminToken ?? '',
    },
    options.logFile, true,
  );
  const managed = manage(child);
  const lines = createInterface({ input: child.stdout! });
  const url = await new Promise<string>((resolve, reject) => {
    lines.on('line', (line) => {
      const match = /^listening on (\S+)/.exec(line);
      if (match) resolve(match[1]);
    });
    void managed.exited.then((how) => reject(new Error(`the local service ended before it listened (${how}); see ${options.logFile}`)));
  });
  return { ...managed, url };
}

/** How a worker process reaches Temporal: a plain address (a dev server), or a profile of a `temporal.toml` file (mTLS, API key). */
export type WorkerTemporal = { address: string } | { profile: { file: string; name: string } };

// Connection settings of this process's own environment must not leak into a worker meant for another server:
// TEMPORAL_ADDRESS would override the profile's address. Set empty, which sweep reads as unset.
const TEMPORAL_VARIABLES = [
  'TEMPORAL_ADDRESS', 'TEMPORAL_NAMESPACE', 'TEMPORAL_API_KEY', 'TEMPORAL_PROFILE', 'TEMPORAL_CONFIG_FILE', 'TEMPORAL_TLS',
  'TEMPORAL_TLS_CLIENT_CERT_PATH', 'TEMPORAL_TLS_CLIENT_KEY_PATH', 'TEMPORAL_TLS_SERVER_CA_CERT_PATH', 'TEMPORAL_TLS_SERVER_NAME',
  'TEMPORAL_TLS_CLIENT_CERT_DATA', 'TEMPORAL_TLS_CLIENT_KEY_DATA', 'TEMPORAL_TLS_SERVER_CA_CERT_DATA', 'TEMPORAL_TLS_DISABLE_HOST_VERIFICATION',
];

/** The environment that points a sweep process at `temporal`, and nowhere else. */
export function temporalEnv(temporal: WorkerTemporal): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = Object.fromEntries(TEMPORAL_VARIABLES.map((name) => [name, '']));
  if ('address' in temporal) env.TEMPORAL_ADDRESS = temporal.address;
  else Object.assign(env, { TEMPORAL_CONFIG_FILE: temporal.profile.file, TEMPORAL_PROFILE: temporal.profile.name });
  return env;
}

/** A study worker (`sweep worker`), logged in with credentials from its environment. */
export function startWorkerProcess(options: {
  temporal: WorkerTemporal; taskQueue: string; serviceUrl: string; email: string; password: string; logFile: string;
}): Managed {
  return manage(spawnSweep(['worker'], {
    ...temporalEnv(options.temporal), SWEEP_TASK_QUEUE: options.taskQueue, SWEEP_LOG_LEVEL: 'warn',
    SWEEP_SERVICE_URL: options.serviceUrl, SWEEP_SERVICE_EMAIL: options.email, SWEEP_SERVICE_PASSWORD: options.password,
  }, options.logFile, false));
}
