/**
 * Finds the Temporal CLI (`temporal`, whose `server start-dev` is our Temporal server), or installs it
 * once per machine. Lookup order and reasons: ./README.md.
 */
import { spawn, execFile } from 'node:child_process';
import { constants } from 'node:fs';
import { access, mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import { homedir, hostname } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';

/** The CLI release the project is pinned to: later tags carry a go.mod `replace` that `go install` refuses. */
export const TEMPORAL_CLI_VERSION = 'v1.5.1';

const GO_PACKAGE = 'github.com/temporalio/cli/cmd/temporal';
// Release builds stamp this variable; without it `temporal --version` says 0.0.0-DEV.
const GO_LDFLAGS = `-ldflags=-X github.com/temporalio/cli/temporalcli.Version=${TEMPORAL_CLI_VERSION.slice(1)}`;

/** Where the lookup reads its settings and writes its notices. */
export interface CliLookupOptions {
  /** Supplies TEMPORAL_CLI, PATH, XDG_CACHE_HOME and the environment of `go`; default process.env. */
  env?: NodeJS.ProcessEnv;
  /** Receives notices and go's output (never stdout, which `sweep dev` keeps for its address line); default process.stderr. */
  stderr?: NodeJS.WritableStream;
}

/** sweep's cache directory, outside the repository so that every checkout on the machine shares what is built once. */
export function sweepCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  // `||`, not `??`: the XDG spec treats an empty XDG_CACHE_HOME as unset.
  return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'sweep');
}

/** The cached binary's path. */
export function cachedTemporalCliPath(env: NodeJS.ProcessEnv = process.env): string {
  return join(sweepCacheDir(env), `temporal-${TEMPORAL_CLI_VERSION}`, 'temporal');
}

/** Answers the path of a usable Temporal CLI (TEMPORAL_CLI, then PATH, then the cache), or undefined if there is none yet. */
export async function findTemporalCli(options: CliLookupOptions = {}): Promise<string | undefined> {
  const env = options.env ?? process.env;
  const stderr = options.stderr ?? process.stderr;
  if (env.TEMPORAL_CLI) {
    if (await isExecutable(env.TEMPORAL_CLI)) return env.TEMPORAL_CLI;
    stderr.write(`sweep: TEMPORAL_CLI=${env.TEMPORAL_CLI} is not an executable file; looking elsewhere\n`);
  }
  const onPath = await findOnPath('temporal', env);
  if (onPath && (await answersVersion(onPath))) return onPath;
  // Checked by running it too: a build interrupted while go copied the binary leaves a truncated file.
  const cached = cachedTemporalCliPath(env);
  if (await answersVersion(cached)) return cached;
  return undefined;
}

/** Answers the path of a usable Temporal CLI, building it with Go (or, without Go, downloading it) into the cache if needed. */
export async function ensureTemporalCli(options: CliLookupOptions = {}): Promise<string> {
  const found = await findTemporalCli(options);
  if (found) return found;
  const env = options.env ?? process.env;
  const stderr = options.stderr ?? process.stderr;
  const target = cachedTemporalCliPath(env);
  const go = await findOnPath('go', env);
  await buildOnce(
    `${dirname(target)}.lock`,
    () => answersVersion(target),
    () => (go ? installCli(go, dirname(target), env, stderr) : downloadWithSdk(dirname(target), stderr)),
    { onWait: (lockPath) => stderr.write(`sweep: waiting for another process installing the Temporal CLI (lock ${lockPath})\n`) },
  );
  return target;
}

// ---------------------------------------------------------------------------------------------------------------
// Building with Go (the normal way here: Go and its module proxy are reachable, GitHub releases are not).

function installCli(go: string, gobin: string, env: NodeJS.ProcessEnv, stderr: NodeJS.WritableStream): Promise<void> {
  stderr.write(`sweep: building the Temporal CLI ${TEMPORAL_CLI_VERSION} with Go into ${gobin}; this takes several minutes, once per machine\n`);
  return goInstall(go, gobin, [GO_LDFLAGS, `${GO_PACKAGE}@${TEMPORAL_CLI_VERSION}`], 'the Temporal CLI', env, stderr);
}

/**
 * Runs `go install <installArgs>` with GOBIN=`gobin`, streaming go's output to `stderr`; on failure tries once more
 * with GOFLAGS=-mod=mod GOTOOLCHAIN=local, and then throws with both outputs, naming `what` could not be built.
 */
export async function goInstall(
  go: string, gobin: string, installArgs: string[], what: string, env: NodeJS.ProcessEnv, stderr: NodeJS.WritableStream,
): Promise<void> {
  const first = await runGo(go, installArgs, { ...env, GOBIN: gobin }, stderr);
  if (first.code === 0) return;
  // A go.work or vendor directory in the caller's tree, or a toolchain switch that needs the network, can break
  // the first attempt; these two settings rule both out.
  stderr.write('sweep: go install failed; retrying with GOFLAGS=-mod=mod GOTOOLCHAIN=local\n');
  const second = await runGo(go, installArgs, { ...env, GOBIN: gobin, GOFLAGS: '-mod=mod', GOTOOLCHAIN: 'local' }, stderr);
  if (second.code === 0) return;
  throw new Error(
    `could not build ${what}: go install ${installArgs.filter((arg) => !arg.startsWith('-')).join(' ')} failed twice.\n` +
      `first attempt (exit ${first.code}):\n${first.output}\n` +
      `second attempt, GOFLAGS=-mod=mod GOTOOLCHAIN=local (exit ${second.code}):\n${second.output}`,
  );
}

/** Runs `go install`, streaming its output to `stderr` and keeping it for the error message. */
function runGo(go: string, installArgs: string[], env: NodeJS.ProcessEnv, stderr: NodeJS.WritableStream): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(go, ['install', ...installArgs], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      stderr.write(chunk);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, output }));
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Fallback for machines with internet access and no Go: the SDK's own download. Not exercised on our machines
// (no route to temporal.download), so it is kept apart and leans on the SDK as much as possible.
//
// How the SDK fetches its `cached-download` executable (@temporalio/testing 1.24 ephemeral-server.ts passes
// { downloadDir, version } to @temporalio/core-bridge, whose Rust core does the work in
// sdk-core/crates/sdk-core/src/ephemeral_server/mod.rs, `get_or_download`): it asks
// https://temporal.download/cli/<version>?arch=amd64|arm64&platform=linux|darwin&format=tar.gz for an archive
// URL, streams the archive, extracts the `temporal` binary to `<downloadDir>/temporal-<version>.downloading` and
// renames it to `<downloadDir>/temporal-<version>`. That code runs only as part of starting a dev server, so we
// start one (and stop it at once) with the download directory set to our cache, then move the binary to the
// path the lookup expects.

async function downloadWithSdk(dir: string, stderr: NodeJS.WritableStream): Promise<void> {
  stderr.write(`sweep: no Go on PATH; downloading the Temporal CLI ${TEMPORAL_CLI_VERSION} through @temporalio/testing into ${dir}\n`);
  await mkdir(dir, { recursive: true });
  const { TestWorkflowEnvironment } = await import('@temporalio/testing');
  const environment = await TestWorkflowEnvironment.createLocal({
    server: { executable: { type: 'cached-download', downloadDir: dir, version: TEMPORAL_CLI_VERSION } },
  });
  await environment.teardown();
  await rename(join(dir, `temporal-${TEMPORAL_CLI_VERSION}`), join(dir, 'temporal'));
}

// ---------------------------------------------------------------------------------------------------------------
// The build lock: several test workers (processes) may all find the cache empty at once.

/** How `buildOnce` treats a lock held by someone else. */
export interface BuildLockOptions {
  /** A lock older than this is taken over (its holder is presumed dead); default 30 minutes. */
  staleMs?: number;
  /** How often a waiting process re-checks the lock and the build; default 500 ms. */
  pollMs?: number;
  /** Called once when the lock is found held by another process. */
  onWait?: (lockPath: string) => void;
}

/** Runs `build` unless `isBuilt()` already holds, under an O_EXCL lock file so that concurrent processes never build twice. */
export async function buildOnce(
  lockPath: string,
  isBuilt: () => Promise<boolean>,
  build: () => Promise<void>,
  options: BuildLockOptions = {},
): Promise<void> {
  const staleMs = options.staleMs ?? 30 * 60_000;
  let waited = false;
  for (;;) {
    if (await isBuilt()) return;
    await mkdir(dirname(lockPath), { recursive: true });
    const lock = await open(lockPath, 'wx').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'EEXIST') return undefined;
      throw error;
    });
    if (lock) {
      try {
        await lock.writeFile(`${process.pid}@${hostname()}\n`);
        await lock.close();
        // The previous holder may have finished between our check and our lock.
        if (!(await isBuilt())) await build();
        return;
      } finally {
        await rm(lockPath, { force: true });
      }
    }
    if (await takeOverIfStale(lockPath, staleMs)) continue;
    if (!waited) options.onWait?.(lockPath);
    waited = true;
    // The wait is bounded: the holder removes the lock when done, or it goes stale.
    await delay(options.pollMs ?? 500);
  }
}

/**
 * Removes the lock if it is older than `staleMs` or its holder (a process on this host) is gone, so that a
 * build interrupted by Ctrl-C does not block the next one for half an hour. Answers whether the lock is gone.
 */
async function takeOverIfStale(lockPath: string, staleMs: number): Promise<boolean> {
  const info = await stat(lockPath).catch(() => undefined);
  if (!info) return true;
  const [pid, host] = (await readFile(lockPath, 'utf8').catch(() => '')).trim().split('@');
  const holderGone = host === hostname() && Number(pid) > 0 && !isAlive(Number(pid));
  if (!holderGone && Date.now() - info.mtimeMs <= staleMs) return false;
  await rm(lockPath, { force: true });
  return true;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

// ---------------------------------------------------------------------------------------------------------------

/** Whether `path` is an executable regular file. */
export async function isExecutable(path: string): Promise<boolean> {
  try {
    const info = await stat(path);
    await access(path, constants.X_OK);
    return info.isFile();
  } catch {
    return false;
  }
}

/** The first executable file `name` on env's PATH. */
export async function findOnPath(name: string, env: NodeJS.ProcessEnv): Promise<string | undefined> {
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (dir && (await isExecutable(join(dir, name)))) return join(dir, name);
  }
  return undefined;
}

/** Whether `path --version` runs and exits 0 (a truncated or foreign binary does not). */
export function answersVersion(path: string): Promise<boolean> {
  return new Promise((resolve) => {
    execFile(path, ['--version'], { timeout: 10_000 }, (error) => resolve(error === null));
  });
}
