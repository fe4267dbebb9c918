/**
 * Finds Temporal's own server (`go.temporal.io/server/cmd/server`), its SQL schema tool
 * (`cmd/tools/sql`) and the PostgreSQL schema files of the same release, or installs all three once
 * per machine into sweep's cache. This is the server a team runs in production (on PostgreSQL, with
 * TLS and authorization), unlike the CLI's dev server (./cli-binary.ts), and it is what the production
 * tests run. Lookup order and reasons: ./README.md.
 */
import { execFile } from 'node:child_process';
import { cp, mkdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { answersVersion, buildOnce, findOnPath, goInstall, isExecutable, sweepCacheDir, type CliLookupOptions } from './cli-binary.js';

/** The server release the production tests and docker-compose.yml are pinned to (Go 1.26 builds it; later ones ask for a newer Go). */
export const TEMPORAL_SERVER_VERSION = 'v1.30.4';

const GO_MODULE = 'go.temporal.io/server';
const GO_PACKAGES = [`${GO_MODULE}/cmd/server`, `${GO_MODULE}/cmd/tools/sql`];
/** The schema files inside the module (and inside an installation): one directory per database. */
const SCHEMA_SUBDIR = join('schema', 'postgresql', 'v12');

/** An installation: the two executables and the schema files that match them. */
export interface TemporalServerInstallation {
  /** `server` (the official images call it temporal-server): `server --config-file F start`. */
  server: string;
  /** `sql` (temporal-sql-tool): creates the databases and sets up and updates their schemas. */
  sqlTool: string;
  /** `<dir>/schema/postgresql/v12`, holding `temporal/versioned` and `visibility/versioned`. */
  postgresSchemaDir: string;
}

/** The cache directory: `${XDG_CACHE_HOME:-~/.cache}/sweep/temporal-server-v1.30.4/`. */
export function cachedTemporalServerDir(env: NodeJS.ProcessEnv = process.env): string {
  return join(sweepCacheDir(env), `temporal-server-${TEMPORAL_SERVER_VERSION}`);
}

const layout = (dir: string): TemporalServerInstallation => ({
  server: join(dir, 'server'), sqlTool: join(dir, 'sql'), postgresSchemaDir: join(dir, SCHEMA_SUBDIR),
});

/** An installation in TEMPORAL_SERVER_DIR (same layout as the cache), else in the cache, or undefined if there is none yet. */
export async function findTemporalServer(options: CliLookupOptions = {}): Promise<TemporalServerInstallation | undefined> {
  const env = options.env ?? process.env;
  const stderr = options.stderr ?? process.stderr;
  if (env.TEMPORAL_SERVER_DIR) {
    const given = layout(env.TEMPORAL_SERVER_DIR);
    if (await isComplete(given)) return given;
    stderr.write(
      `sweep: TEMPORAL_SERVER_DIR=${env.TEMPORAL_SERVER_DIR} does not hold a Temporal server ${TEMPORAL_SERVER_VERSION} ` +
        `(server, sql and ${SCHEMA_SUBDIR}/); looking elsewhere\n`,
    );
  }
  const cached = layout(cachedTemporalServerDir(env));
  return (await isComplete(cached)) ? cached : undefined;
}

/** Answers an installation, building it with Go into the cache (several minutes on 2 cores, once per machine) if there is none. */
export async function ensureTemporalServer(options: CliLookupOptions = {}): Promise<TemporalServerInstallation> {
  const found = await findTemporalServer(options);
  if (found) return found;
  const env = options.env ?? process.env;
  const stderr = options.stderr ?? process.stderr;
  const dir = cachedTemporalServerDir(env);
  const go = await findOnPath('go', env);
  if (!go) {
    throw new Error(
      `no Temporal server ${TEMPORAL_SERVER_VERSION} and no Go to build it with: install Go 1.25.8 or later (then ` +
        `${GO_PACKAGES.join(' and ')} are built into ${dir}), or point TEMPORAL_SERVER_DIR at a directory holding server, sql and ${SCHEMA_SUBDIR}/`,
    );
  }
  const target = layout(dir);
  await buildOnce(`${dir}.lock`, () => isComplete(target), () => install(go, dir, env, stderr), {
    onWait: (lockPath) => stderr.write(`sweep: waiting for another process installing the Temporal server (lock ${lockPath})\n`),
  });
  return target;
}

async function install(go: string, dir: string, env: NodeJS.ProcessEnv, stderr: NodeJS.WritableStream): Promise<void> {
  const started = Date.now();
  stderr.write(`sweep: building the Temporal server ${TEMPORAL_SERVER_VERSION} and its SQL tool with Go into ${dir}; this takes several minutes, once per machine\n`);
  await mkdir(dir, { recursive: true });
  await goInstall(go, dir, GO_PACKAGES.map((pkg) => `${pkg}@${TEMPORAL_SERVER_VERSION}`), `the Temporal server ${TEMPORAL_SERVER_VERSION}`, env, stderr);
  // The schema files ship in the module's source, which `go install` has just put in the module cache.
  const moduleDir = await moduleSourceDir(go, env);
  const schema = join(dir, SCHEMA_SUBDIR);
  // Copied beside and renamed into place: an interrupted copy never passes for a complete schema.
  const partial = `${schema}.${process.pid}.partial`;
  await rm(partial, { recursive: true, force: true });
  await cp(join(moduleDir, SCHEMA_SUBDIR), partial, { recursive: true });
  // The module cache is read-only; the copy must be removable by the next `rm -rf` of the cache.
  await run('chmod', ['-R', 'u+w', partial], env);
  await rm(schema, { recursive: true, force: true });
  await rename(partial, schema);
  stderr.write(`sweep: installed the Temporal server ${TEMPORAL_SERVER_VERSION} in ${Math.round((Date.now() - started) / 1000)} s\n`);
}

async function moduleSourceDir(go: string, env: NodeJS.ProcessEnv): Promise<string> {
  const result = await run(go, ['mod', 'download', '-json', `${GO_MODULE}@${TEMPORAL_SERVER_VERSION}`], { ...env, GOWORK: 'off', GOFLAGS: '-mod=mod' });
  let info: { Dir?: string; Error?: string } = {};
  try {
    info = JSON.parse(result.stdout) as typeof info;
  } catch {
    // reported below
  }
  if (!info.Dir || info.Error) {
    throw new Error(`go mod download ${GO_MODULE}@${TEMPORAL_SERVER_VERSION} named no source directory (exit ${result.code}): ${info.Error ?? ''}\n${result.stderr}`);
  }
  return info.Dir;
}

/** Both executables answer `--version` with this release, and the schema files are there. */
async function isComplete(installation: TemporalServerInstallation): Promise<boolean> {
  const versioned = await stat(join(installation.postgresSchemaDir, 'temporal', 'versioned')).then((s) => s.isDirectory(), () => false);
  if (!versioned || !(await isExecutable(installation.server)) || !(await answersVersion(installation.sqlTool))) return false;
  // The schema must match the server that reads it: another release in the same place is not this one.
  const version = await run(installation.server, ['--version'], process.env);
  return version.code === 0 && version.stdout.includes(TEMPORAL_SERVER_VERSION.slice(1));
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(command, args, { env, timeout: 120_000, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
    });
  });
}
