/**
 * The data directory's permissions. It holds the token-signing secret (in service.db) and every
 * account's files, so another local account that could read it could sign a token the service
 * accepts for anyone. The directory is created 0700 and everything in it 0600/0700 whatever the
 * process umask; a directory that group or others can reach is refused unless the operator says
 * it is meant to be shared.
 */
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

export const DB_FILE = 'service.db';
/** The database and the files SQLite keeps beside it in write-ahead-log mode. */
export const DB_FILES = [DB_FILE, `${DB_FILE}-wal`, `${DB_FILE}-shm`] as const;
export const PRIVATE_DIR = 0o700;
export const PRIVATE_FILE = 0o600;

/** Permission bits group or others hold on a path, or on what it links to (0 when none, or when it does not exist). */
function sharedBits(path: string): number {
  try {
    return statSync(path).mode & 0o077;
  } catch {
    return 0;
  }
}

const octal = (mode: number) => `0${(mode & 0o777).toString(8)}`;

/** Creates a directory (not its parents) as 0700 whatever the umask: chmod, since mkdir's mode is masked. */
export function makePrivateDir(dir: string): void {
  if (existsSync(dir)) return;
  mkdirSync(dirname(dir), { recursive: true });
  mkdirSync(dir, { mode: PRIVATE_DIR });
  chmodSync(dir, PRIVATE_DIR);
}

/**
 * Makes `dataDir` ready: created 0700 if missing; if it exists and group or others can reach it
 * or the database files in it, refused with the path, its mode and the fix, unless `allowShared`.
 * The database file is created empty 0600 before SQLite opens it, because SQLite gives the WAL
 * and shared-memory files it creates the database file's mode.
 */
export function prepareDataDir(dataDir: string, options: { allowShared?: boolean } = {}): void {
  const dir = resolve(dataDir);
  if (existsSync(dir)) {
    if (!statSync(dir).isDirectory()) throw new Error(`data directory ${dir}: is not a directory`);
    // Windows has no POSIX modes to judge (its ACLs are the operator's business).
    if (!options.allowShared && process.platform !== 'win32') refuseShared(dir);
  } else {
    makePrivateDir(dir);
  }
  const db = join(dir, DB_FILE);
  if (!existsSync(db)) closeSync(openSync(db, 'a', PRIVATE_FILE));
  tightenDatabaseFiles(dir);
}

/** The database files as 0600 (SQLite may have created the WAL and shared-memory files since). */
export function tightenDatabaseFiles(dataDir: string): void {
  for (const name of DB_FILES) {
    const path = join(dataDir, name);
    if (existsSync(path) && (statSync(path).mode & 0o777) !== PRIVATE_FILE) chmodSync(path, PRIVATE_FILE);
  }
}

function refuseShared(dir: string): void {
  const exposed = [dir, ...DB_FILES.map((name) => join(dir, name)), join(dir, 'files')]
    .filter((path) => sharedBits(path) !== 0)
    .map((path) => `${path} is mode ${octal(statSync(path).mode)}`);
  if (exposed.length === 0) return;
  throw new Error(
    `data directory ${dir}: other local accounts can reach it (${exposed.join('; ')}); it holds the token-signing ` +
      `secret and every account's files, so the service will not start on it. Fix: chmod -R go= '${dir}' ` +
      `(or chmod 700 '${dir}'), or start with --allow-shared-data-dir (ServiceOptions.allowSharedDataDir) if it is meant to be shared.`,
  );
}
