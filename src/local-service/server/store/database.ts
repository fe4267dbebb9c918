/**
 * The service's embedded database: SQLite (through libsql, whose binary ships in its npm package),
 * in write-ahead-log mode in the data directory. A statement has reached the operating system when
 * it returns, so a service killed with SIGKILL loses nothing it acknowledged.
 */
import { join } from 'node:path';
import Database from 'libsql';
import { DB_FILE, prepareDataDir, tightenDatabaseFiles } from './data-dir.js';

export type Db = InstanceType<typeof Database>;

/** Schema migrations, applied in order once each; never edit a released one, append. */
const MIGRATIONS: string[] = [
  `
  CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
  CREATE TABLE accounts (
    id TEXT PRIMARY KEY,
    email TEXT NOT NULL UNIQUE COLLATE NOCASE,
    password_hash TEXT NOT NULL,
    organization_id TEXT NOT NULL,
    subscription_id TEXT NOT NULL,
    created INTEGER NOT NULL
  );
  CREATE TABLE projects (
    guid TEXT PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES accounts(id),
    name TEXT NOT NULL,
    doc TEXT NOT NULL,
    created INTEGER NOT NULL,
    updated INTEGER NOT NULL,
    UNIQUE (account_id, name)
  );
  CREATE TABLE analyses (
    guid TEXT PRIMARY KEY,
    project_guid TEXT NOT NULL REFERENCES projects(guid) ON DELETE CASCADE,
    account_id TEXT NOT NULL,
    name TEXT NOT NULL,
    created INTEGER NOT NULL,
    updated INTEGER NOT NULL
  );
  CREATE INDEX analyses_by_project ON analyses(project_guid);
  CREATE TABLE scenarios (
    guid TEXT PRIMARY KEY,
    analysis_guid TEXT NOT NULL REFERENCES analyses(guid) ON DELETE CASCADE,
    account_id TEXT NOT NULL,
    name TEXT NOT NULL,
    doc TEXT NOT NULL,
    created INTEGER NOT NULL,
    updated INTEGER NOT NULL,
    UNIQUE (analysis_guid, name)
  );
  CREATE TABLE resources (
    guid TEXT PRIMARY KEY,
    scenario_guid TEXT NOT NULL REFERENCES scenarios(guid) ON DELETE CASCADE,
    account_id TEXT NOT NULL,
    kind TEXT NOT NULL,
    doc TEXT NOT NULL,
    created INTEGER NOT NULL,
    updated INTEGER NOT NULL
  );
  CREATE INDEX resources_by_scenario ON resources(scenario_guid, kind);
  CREATE TABLE blobs (sha256 TEXT PRIMARY KEY, data BLOB NOT NULL);
  CREATE TABLE profiles (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    scenario_guid TEXT NOT NULL REFERENCES scenarios(guid) ON DELETE CASCADE,
    account_id TEXT NOT NULL,
    name TEXT NOT NULL,
    values_sha256 TEXT NOT NULL REFERENCES blobs(sha256),
    created INTEGER NOT NULL,
    updated INTEGER NOT NULL
  );
  CREATE INDEX profiles_by_scenario ON profiles(scenario_guid);
  CREATE TABLE files (
    id TEXT PRIMARY KEY,
    account_id TEXT NOT NULL,
    kind TEXT NOT NULL,
    name TEXT NOT NULL,
    sha256 TEXT NOT NULL,
    size INTEGER NOT NULL,
    created INTEGER NOT NULL
  );
  CREATE TABLE uploads (
    token TEXT PRIMARY KEY,
    account_id TEXT NOT NULL,
    expires INTEGER NOT NULL,
    file_id TEXT,
    created INTEGER NOT NULL
  );
  CREATE TABLE specs (
    scenario_guid TEXT PRIMARY KEY REFERENCES scenarios(guid) ON DELETE CASCADE,
    state TEXT NOT NULL,
    file_id TEXT,
    requested INTEGER NOT NULL,
    finished INTEGER,
    error TEXT
  );
  CREATE TABLE solver_jobs (
    id TEXT PRIMARY KEY,
    account_id TEXT NOT NULL,
    subscription_id TEXT NOT NULL,
    scenario_guid TEXT,
    batch_id TEXT NOT NULL,
    status TEXT NOT NULL,
    doc TEXT NOT NULL,
    created INTEGER NOT NULL,
    started INTEGER,
    terminated INTEGER,
    minutes INTEGER NOT NULL DEFAULT 0,
    deleted INTEGER NOT NULL DEFAULT 0,
    input_file_id TEXT,
    output_file_id TEXT
  );
  CREATE INDEX jobs_by_scenario ON solver_jobs(scenario_guid, created);
  CREATE INDEX jobs_by_subscription ON solver_jobs(subscription_id, created);
  CREATE INDEX jobs_active ON solver_jobs(status) WHERE terminated IS NULL;
  CREATE TABLE revoked_tokens (jti TEXT PRIMARY KEY, expires INTEGER NOT NULL);
  `,
  // What the specs file was generated from, so a job of an unchanged scenario solves that file.
  `ALTER TABLE specs ADD COLUMN content_digest TEXT`,
];

/**
 * Opens (creating if needed) the database under `dataDir` and brings its schema up to date. The
 * directory is checked and made private first (see data-dir.ts); `allowSharedDataDir` lets the
 * service start on one that group or others can reach.
 */
export function openDatabase(dataDir: string, options: { allowSharedDataDir?: boolean } = {}): Db {
  prepareDataDir(dataDir, { allowShared: options.allowSharedDataDir });
  const db = new Database(join(dataDir, DB_FILE));
  db.exec('PRAGMA journal_mode = WAL');
  tightenDatabaseFiles(dataDir);
  // NORMAL loses nothing on a process crash (SIGKILL); only an OS crash could drop the last commits.
  db.exec('PRAGMA synchronous = NORMAL');
  db.exec('PRAGMA foreign_keys = ON');
  db.exec('PRAGMA busy_timeout = 5000');
  db.exec('CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)');
  const row = db.prepare('SELECT version FROM schema_version').get() as { version: number } | undefined;
  let version = row?.version ?? 0;
  if (!row) db.prepare('INSERT INTO schema_version (version) VALUES (0)').run();
  for (; version < MIGRATIONS.length; version++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[version]);
      db.prepare('UPDATE schema_version SET version = ?').run(version + 1);
    })();
  }
  return db;
}
