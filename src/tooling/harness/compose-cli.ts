/**
 * Finds Docker Compose v2 (`docker compose`, a plugin of the Docker CLI), or builds it once per machine, so
 * that the stack's tests can run `docker compose config` where only the Docker client is installed.
 *
 * Lookup order: `docker compose` as the caller's Docker CLI already finds it; then a plugin directory in
 * sweep's cache, which the Docker CLI is pointed at through DOCKER_CONFIG; then a standalone v2 `docker-compose`
 * on PATH, linked into that directory; then a build from source with Go into it (several minutes, once).
 *
 * DOCKER_CONFIG stands in for ~/.docker, so under the cached plugin the Docker CLI sees none of the caller's
 * contexts or registry logins. That is harmless for `docker compose config`, which reads neither; whoever
 * runs the stack itself installs the compose plugin the usual way (Docker's docker-compose-plugin package).
 */
import { execFile, spawn } from 'node:child_process';
import { mkdir, rename, rm, symlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { buildOnce, findOnPath, sweepCacheDir } from '../../product/temporal/cli-binary.js';

/** The Compose release built when none is found. */
export const DOCKER_COMPOSE_VERSION = 'v2.40.3';

/** The oldest Compose that reads docker-compose.yml: inline `configs.content` came with 2.23.1. */
export const MIN_COMPOSE_VERSION = '2.23.1';

const GO_MODULE = 'github.com/docker/compose/v2';
// Release builds stamp this variable; without it `docker compose version` says "dev".
const GO_LDFLAGS = `-w -X ${GO_MODULE}/internal.Version=${DOCKER_COMPOSE_VERSION}`;

/** Where the lookup reads its settings and writes its notices. */
export interface ComposeLookupOptions {
  /** Supplies PATH, XDG_CACHE_HOME, DOCKER_CONFIG and the environment of `go`; default process.env. */
  env?: NodeJS.ProcessEnv;
  /** Receives notices and go's output; default process.stderr. */
  stderr?: NodeJS.WritableStream;
}

/** A working `docker compose`: run `docker` with `env` (the caller's, plus DOCKER_CONFIG when the plugin is ours). */
export interface ComposeCli {
  env: NodeJS.ProcessEnv;
  /** What `docker compose version --short` answered, e.g. "2.40.3". */
  version: string;
  /** Where the plugin came from. */
  source: 'docker' | 'cache' | 'path' | 'built';
}

/** The DOCKER_CONFIG directory whose cli-plugins/ holds the cached plugin; versioned, so a new pin builds afresh. */
export function cachedComposeConfigDir(env: NodeJS.ProcessEnv = process.env): string {
  return join(sweepCacheDir(env), `docker-compose-${DOCKER_COMPOSE_VERSION}`);
}

function cachedPluginPath(env: NodeJS.ProcessEnv): string {
  return join(cachedComposeConfigDir(env), 'cli-plugins', 'docker-compose');
}

/** Answers a working `docker compose`, or undefined if there is none yet (the Docker CLI itself is required). */
export async function findComposeCli(options: ComposeLookupOptions = {}): Promise<ComposeCli | undefined> {
  const env = options.env ?? process.env;
  const stderr = options.stderr ?? process.stderr;
  if (!(await findOnPath('docker', env))) {
    throw new Error('no `docker` on PATH: the Docker CLI is needed to run `docker compose` (Debian: apt-get install docker.io, or Docker\'s docker-ce-cli)');
  }
  const own = await composeVersion(env);
  if (own && isRecentEnough(own)) return { env, version: own, source: 'docker' };
  if (own) stderr.write(`sweep: docker compose ${own} is older than ${MIN_COMPOSE_VERSION}; looking for a newer one\n`);

  const cachedEnv = { ...env, DOCKER_CONFIG: cachedComposeConfigDir(env) };
  const cached = await composeVersion(cachedEnv);
  if (cached) return { env: cachedEnv, version: cached, source: 'cache' };

  // A standalone v2 binary is the same program as the plugin; v1 (Python, 1.x) would not answer the plugin handshake.
  const standalone = await findOnPath('docker-compose', env);
  if (standalone && isRecentEnough(await standaloneVersion(standalone))) {
    const plugin = cachedPluginPath(env);
    await mkdir(dirname(plugin), { recursive: true });
    await rm(plugin, { force: true });
    // Another process may have linked it between the two calls: the same link, so that is fine.
    await symlink(standalone, plugin).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
    const linked = await composeVersion(cachedEnv);
    if (linked) return { env: cachedEnv, version: linked, source: 'path' };
    stderr.write(`sweep: ${standalone} does not work as a Docker CLI plugin; removing the link\n`);
    await rm(plugin, { force: true });
  }
  return undefined;
}

/** Answers a working `docker compose`, building the pinned release with Go into sweep's cache if needed. */
export async function ensureComposeCli(options: ComposeLookupOptions = {}): Promise<ComposeCli> {
  const found = await findComposeCli(options);
  if (found) return found;
  const env = options.env ?? process.env;
  const stderr = options.stderr ?? process.stderr;
  const go = await findOnPath('go', env);
  if (!go) {
    throw new Error(
      'no `docker compose` and no Go to build it with: install Docker\'s docker-compose-plugin package, ' +
        `or Go (then ${GO_MODULE}@${DOCKER_COMPOSE_VERSION} is built into ${cachedComposeConfigDir(env)})`,
    );
  }
  const cachedEnv = { ...env, DOCKER_CONFIG: cachedComposeConfigDir(env) };
  let built = false;
  await buildOnce(
    `${cachedComposeConfigDir(env)}.lock`,
    async () => (await composeVersion(cachedEnv)) !== undefined,
    async () => {
      await goBuild(go, cachedPluginPath(env), env, stderr);
      built = true;
    },
    { onWait: (lockPath) => stderr.write(`sweep: waiting for another process building Docker Compose (lock ${lockPath})\n`) },
  );
  const version = await composeVersion(cachedEnv);
  if (!version) throw new Error(`built ${cachedPluginPath(env)}, but \`docker compose version\` does not answer with DOCKER_CONFIG=${cachedComposeConfigDir(env)}`);
  return { env: cachedEnv, version, source: built ? 'built' : 'cache' };
}

// ---------------------------------------------------------------------------------------------------------------
// Building with Go. `go install <pkg>@<version>` refuses Compose: its go.mod carries `exclude` directives (v2.35.1
// and v2.40.3 both do). Built as the main module, in the directory `go mod download` unpacks, they apply as in
// Compose's own release builds, and its go.sum pins every dependency.

async function goBuild(go: string, target: string, env: NodeJS.ProcessEnv, stderr: NodeJS.WritableStream): Promise<void> {
  const started = Date.now();
  stderr.write(`sweep: building Docker Compose ${DOCKER_COMPOSE_VERSION} with Go into ${target}; this takes minutes, once per machine\n`);
  // GOWORK and a caller's -mod=vendor or -mod=mod would change or break the build of a read-only module directory.
  const goEnv = { ...env, GOWORK: 'off', GOFLAGS: '-mod=readonly' };
  const download = await run(go, ['mod', 'download', '-json', `${GO_MODULE}@${DOCKER_COMPOSE_VERSION}`], { env: goEnv });
  let dir: string | undefined;
  try {
    const info = JSON.parse(download.stdout) as { Dir?: string; Error?: string };
    if (info.Error) throw new Error(info.Error);
    dir = info.Dir;
  } catch (error) {
    throw new Error(`go mod download ${GO_MODULE}@${DOCKER_COMPOSE_VERSION} failed (exit ${download.code}): ${(error as Error).message}\n${download.stderr}`);
  }
  if (!dir) throw new Error(`go mod download ${GO_MODULE}@${DOCKER_COMPOSE_VERSION} named no directory:\n${download.stdout}${download.stderr}`);

  await mkdir(dirname(target), { recursive: true });
  // Built beside the target and renamed into place: an interrupted build never leaves a truncated plugin.
  const partial = `${target}.${process.pid}.partial`;
  const build = await run(go, ['build', '-trimpath', `-ldflags=${GO_LDFLAGS}`, '-o', partial, './cmd'], { env: goEnv, cwd: dir, echo: stderr });
  if (build.code !== 0) {
    await rm(partial, { force: true });
    throw new Error(`could not build Docker Compose: go build in ${dir} failed (exit ${build.code}):\n${build.stderr}${build.stdout}`);
  }
  await rename(partial, target);
  stderr.write(`sweep: built Docker Compose ${DOCKER_COMPOSE_VERSION} in ${Math.round((Date.now() - started) / 1000)} s\n`);
}

// ---------------------------------------------------------------------------------------------------------------

interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(command: string, args: string[], options: { env: NodeJS.ProcessEnv; cwd?: string; echo?: NodeJS.WritableStream }): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: options.env, cwd: options.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      options.echo?.write(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      options.echo?.write(chunk);
    });
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Whether a Compose version ("2.40.3", "v2.40.3", "2.24.0-desktop.1") is MIN_COMPOSE_VERSION or later. */
export function isRecentEnough(version: string): boolean {
  const parts = (v: string) => (/^v?(\d+)\.(\d+)\.(\d+)/.exec(v) ?? []).slice(1).map(Number);
  const [have, want] = [parts(version), parts(MIN_COMPOSE_VERSION)];
  if (have.length < 3) return false;
  for (let i = 0; i < 3; i += 1) if (have[i] !== want[i]) return have[i] > want[i];
  return true;
}

/** `docker compose version --short` under `env`, or undefined when the Docker CLI finds no compose plugin there. */
function composeVersion(env: NodeJS.ProcessEnv): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile('docker', ['compose', 'version', '--short'], { env, timeout: 20_000 }, (error, stdout) => {
      resolve(error === null && stdout.trim() ? stdout.trim() : undefined);
    });
  });
}

function standaloneVersion(path: string): Promise<string> {
  return new Promise((resolve) => {
    execFile(path, ['version', '--short'], { timeout: 20_000 }, (error, stdout) => resolve(error === null ? stdout.trim() : ''));
  });
}
