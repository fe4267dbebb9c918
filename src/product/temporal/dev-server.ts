/**
 * Runs `temporal server start-dev` as a child process with its state in a data directory, so that a
 * restarted server on the same directory resumes every workflow.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, open } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { ensureTemporalCli } from './cli-binary.js';
import { connectWithRetry } from './connection.js';
import { logTail, stopChild } from './server-process.js';

const HOST = '127.0.0.1';
const STOP_GRACE_MS = 10_000;

/** Options of `startDevServer` (and of `ensureTemporalServer` when it has to start one). */
export interface DevServerOptions {
  /** Holds the SQLite database (temporal.db) and the server's log (temporal.log); created if missing. */
  dataDir: string;
  /** Frontend gRPC port; absent or 0 picks a free one. */
  port?: number;
  /** Web UI port; absent or 0 picks a free one. Ignored when headless. */
  uiPort?: number;
  /** Runs without the Web UI. */
  headless?: boolean;
  /** A namespace to create besides `default` (which always exists). */
  namespace?: string;
  /** The server's log level; default warn. */
  logLevel?: 'debug' | 'info' | 'warn' | 'error' | 'never';
  /** The `temporal` executable; default `ensureTemporalCli()`. */
  cli?: string;
  /** How long to wait for the frontend to answer; default 60 s. */
  startTimeoutMs?: number;
  /** Dynamic configuration (`KEY=JSON` each), e.g. a lower continue-as-new threshold for tests. */
  dynamicConfig?: string[];
}

/** A Temporal server to use: one started here, or one that was already running. */
export interface TemporalServer {
  /** host:port of the frontend gRPC service. */
  address: string;
  /** The Web UI, when there is one. */
  uiUrl?: string;
  /** The server process; absent for a server that this process did not start. */
  pid?: number;
  /** Stops the server if this process started it (SIGTERM, then SIGKILL after 10 s); resolves once it has exited. */
  stop(): Promise<void>;
}

/** A dev server started by this process. */
export interface DevServer extends TemporalServer {
  pid: number;
  /** Resolves, with a description such as "exit code 1", when the server process ends for any reason. */
  exited: Promise<string>;
}

/** Tries of a start on ports picked here, when the one picked was taken before the server bound it. */
const PORT_RACE_TRIES = 3;

/** Starts a dev server persisting to `<dataDir>/temporal.db` and resolves once its frontend answers. */
export async function startDevServer(options: DevServerOptions): Promise<DevServer> {
  const cli = options.cli ?? (await ensureTemporalCli());
  await mkdir(options.dataDir, { recursive: true });
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(cli, options);
    } catch (error) {
      // A free port is found by binding and releasing it; another process (another server's own
      // internal ports) can take it before the CLI binds it. Only ports picked here are tried again.
      const picked = !options.port && (options.headless || !options.uiPort);
      if (!(error instanceof PortTakenError) || !picked || attempt >= PORT_RACE_TRIES) throw error;
    }
  }
}

class PortTakenError extends Error {}

async function startOnce(cli: string, options: DevServerOptions): Promise<DevServer> {
  const port = await usablePort(options.port);
  const uiPort = options.headless ? undefined : await usablePort(options.uiPort);
  const address = `${HOST}:${port}`;
  const args = ['server', 'start-dev', '--db-filename', join(options.dataDir, 'temporal.db'), '--ip', HOST, '--port', String(port)];
  args.push(...(uiPort === undefined ? ['--headless'] : ['--ui-port', String(uiPort)]));
  if (options.namespace && options.namespace !== 'default') args.push('--namespace', options.namespace);
  args.push('--log-level', options.logLevel ?? 'warn');
  for (const value of options.dynamicConfig ?? []) args.push('--dynamic-config-value', value);

  // Appended, not truncated: the log of an earlier run explains what a restarted server found.
  const logPath = join(options.dataDir, 'temporal.log');
  const log = await open(logPath, 'a');
  const logStart = (await log.stat()).size;
  let child: ChildProcess;
  let exited: Promise<string>;
  try {
    child = spawn(cli, args, { stdio: ['ignore', log.fd, log.fd] });
    // Listened for before anything is awaited: a CLI that fails at once may exit while the log closes,
    // and an 'exit' emitted before there is a listener is never seen again.
    exited = new Promise<string>((resolve) => {
      child.once('error', (error) => resolve(`failed to start: ${error.message}`));
      child.once('exit', (code, signal) => resolve(signal ? `killed by ${signal}` : `exit code ${code}`));
    });
  } finally {
    await log.close(); // the child holds its own copy of the descriptor
  }
  const stop = () => stopChild(child, exited, STOP_GRACE_MS);

  const childGone = new AbortController();
  void exited.then((how) => childGone.abort(new Error(`the server process ended (${how}) before answering`)));
  try {
    await waitForTemporal(address, options.startTimeoutMs ?? 60_000, childGone.signal);
  } catch (error) {
    await stop();
    const tail = await logTail(logPath, logStart);
    const message = `temporal dev server on ${address} did not start: ${(error as Error).message}\n--- last lines of ${logPath} ---\n${tail}`;
    throw /address already in use/i.test(tail) ? new PortTakenError(message) : new Error(message);
  }
  return { address, uiUrl: uiPort === undefined ? undefined : `http://${HOST}:${uiPort}`, pid: child.pid!, stop, exited };
}

/** Uses the server at env TEMPORAL_ADDRESS if one answers there, and otherwise starts a dev server. */
export async function ensureTemporalServer(options: DevServerOptions & { env?: NodeJS.ProcessEnv }): Promise<TemporalServer> {
  const existing = (options.env ?? process.env).TEMPORAL_ADDRESS;
  if (existing) {
    try {
      // Short: a server someone pointed us at is either up or not; this is not a start-up wait.
      await waitForTemporal(existing, 3_000);
      // Someone else's server: not ours to stop.
      return { address: existing, stop: async () => {} };
    } catch {
      process.stderr.write(`sweep: nothing answers at TEMPORAL_ADDRESS=${existing}; starting a dev server\n`);
    }
  }
  return startDevServer(options);
}

/** Resolves once the Temporal frontend at `address` answers getSystemInfo; throws after `deadlineMs` milliseconds or when `signal` aborts. */
export async function waitForTemporal(address: string, deadlineMs: number, signal?: AbortSignal): Promise<void> {
  const connection = await connectWithRetry(address, { timeoutMs: deadlineMs, signal });
  await connection.close();
}


/**
 * A free port when none is asked for; otherwise the asked port, checked first: if another server already
 * listens there, waiting for "our" frontend would succeed against that one instead.
 */
function usablePort(requested: number | undefined): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new Error(`port ${requested} on ${HOST} is already in use`) : error),
    );
    probe.listen(requested || 0, HOST, () => {
      const { port: bound } = probe.address() as { port: number };
      probe.close(() => resolve(bound));
    });
  });
}

