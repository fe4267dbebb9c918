/**
 * Typed access to the service's tables. Every read of an account's data is scoped by account, so
 * another account's guid is simply not found. Writes that belong together run in `transaction`.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Db } from './database.js';

export interface Account {
  id: string;
  email: string;
  passwordHash: string;
  organizationId: string;
  subscriptionId: string;
  created: number;
}

export interface Row<Doc = Record<string, unknown>> {
  guid: string;
  accountId: string;
  name: string;
  doc: Doc;
  created: number;
  updated: number;
}

export interface ProjectRow extends Row {}
export interface AnalysisRow extends Omit<Row, 'doc'> {
  projectGuid: string;
}
export interface ScenarioRow extends Row {
  analysisGuid: string;
}
export interface ResourceRow<Doc = Record<string, unknown>> {
  guid: string;
  scenarioGuid: string;
  accountId: string;
  kind: string;
  doc: Doc;
  created: number;
  updated: number;
}
export interface ProfileRow {
  id: number;
  scenarioGuid: string;
  accountId: string;
  name: string;
  valuesSha256: string;
  created: number;
  updated: number;
}
export interface FileRow {
  id: string;
  accountId: string;
  kind: string;
  name: string;
  sha256: string;
  size: number;
  created: number;
}
export interface SpecsRow {
  scenarioGuid: string;
  state: 'pending' | 'done' | 'failed';
  fileId: string | null;
  requested: number;
  finished: number | null;
  error: string | null;
  /** `contentDigest` of the scenario the file was generated from. */
  contentDigest: string | null;
}
export interface JobRow {
  id: string;
  accountId: string;
  subscriptionId: string;
  scenarioGuid: string | null;
  batchId: string;
  status: string;
  doc: Record<string, unknown>;
  created: number;
  started: number | null;
  terminated: number | null;
  minutes: number;
  deleted: boolean;
  inputFileId: string | null;
  outputFileId: string | null;
}

type Raw = Record<string, unknown>;

const parse = (text: unknown) => JSON.parse(text as string) as Record<string, unknown>;

function toAccount(r: Raw): Account {
  return {
    id: r.id as string, email: r.email as string, passwordHash: r.password_hash as string,
    organizationId: r.organization_id as string, subscriptionId: r.subscription_id as string, created: r.created as number,
  };
}
const toProject = (r: Raw): ProjectRow => ({
  guid: r.guid as string, accountId: r.account_id as string, name: r.name as string, doc: parse(r.doc),
  created: r.created as number, updated: r.updated as number,
});
const toAnalysis = (r: Raw): AnalysisRow => ({
  guid: r.guid as string, projectGuid: r.project_guid as string, accountId: r.account_id as string,
  name: r.name as string, created: r.created as number, updated: r.updated as number,
});
const toScenario = (r: Raw): ScenarioRow => ({
  guid: r.guid as string, analysisGuid: r.analysis_guid as string, accountId: r.account_id as string,
  name: r.name as string, doc: parse(r.doc), created: r.created as number, updated: r.updated as number,
});
const toResource = (r: Raw): ResourceRow => ({
  guid: r.guid as string, scenarioGuid: r.scenario_guid as string, accountId: r.account_id as string,
  kind: r.kind as string, doc: parse(r.doc), created: r.created as number, updated: r.updated as number,
});
const toProfile = (r: Raw): ProfileRow => ({
  id: r.id as number, scenarioGuid: r.scenario_guid as string, accountId: r.account_id as string,
  name: r.name as string, valuesSha256: r.values_sha256 as string, created: r.created as number, updated: r.updated as number,
});
const toFile = (r: Raw): FileRow => ({
  id: r.id as string, accountId: r.account_id as string, kind: r.kind as string, name: r.name as string,
  sha256: r.sha256 as string, size: r.size as number, created: r.created as number,
});
const toSpecs = (r: Raw): SpecsRow => ({
  scenarioGuid: r.scenario_guid as string, state: r.state as SpecsRow['state'], fileId: r.file_id as string | null,
  requested: r.requested as number, finished: r.finished as number | null, error: r.error as string | null,
  contentDigest: (r.content_digest as string | null) ?? null,
});
const toJob = (r: Raw): JobRow => ({
  id: r.id as string, accountId: r.account_id as string, subscriptionId: r.subscription_id as string,
  scenarioGuid: r.scenario_guid as string | null, batchId: r.batch_id as string, status: r.status as string,
  doc: parse(r.doc), created: r.created as number, started: r.started as number | null,
  terminated: r.terminated as number | null, minutes: r.minutes as number, deleted: Boolean(r.deleted),
  inputFileId: r.input_file_id as string | null, outputFileId: r.output_file_id as string | null,
});

export class Store {
  constructor(readonly db: Db) {}

  /** Runs `fn` in one transaction: all of its writes land, or none. */
  transaction<T>(fn: () => T): T {
    return this.db.transaction(fn)();
  }

  private one(sql: string, ...args: unknown[]): Raw | undefined {
    return this.db.prepare(sql).get(...args) as Raw | undefined;
  }
  private many(sql: string, ...args: unknown[]): Raw[] {
    return this.db.prepare(sql).all(...args) as Raw[];
  }
  private run(sql: string, ...args: unknown[]): number {
    return Number(this.db.prepare(sql).run(...args).changes);
  }

  // ----- meta -----------------------------------------------------------------------------------

  meta(key: string): string | undefined {
    return this.one('SELECT value FROM meta WHERE key = ?', key)?.value as string | undefined;
  }
  setMeta(key: string, value: string): void {
    this.run('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value', key, value);
  }

  // ----- accounts -------------------------------------------------------------------------------

  accountByEmail(email: string): Account | undefined {
    const r = this.one('SELECT * FROM accounts WHERE email = ?', email);
    return r && toAccount(r);
  }
  accountById(id: string): Account | undefined {
    const r = this.one('SELECT * FROM accounts WHERE id = ?', id);
    return r && toAccount(r);
  }
  /** Creates the account, or sets its password when it exists. */
  upsertAccount(email: string, passwordHash: string, now: number): Account {
    const existing = this.accountByEmail(email);
    if (existing) {
      this.run('UPDATE accounts SET password_hash = ? WHERE id = ?', passwordHash, existing.id);
      return { ...existing, passwordHash };
    }
    const account: Account = {
      id: randomUUID(), email, passwordHash, organizationId: randomUUID(), subscriptionId: randomUUID(), created: now,
    };
    this.run(
      'INSERT INTO accounts (id, email, password_hash, organization_id, subscription_id, created) VALUES (?, ?, ?, ?, ?, ?)',
      account.id, email, passwordHash, account.organizationId, account.subscriptionId, now,
    );
    return account;
  }

  // ----- projects, analyses, scenarios ----------------------------------------------------------

  projects(accountId: string): ProjectRow[] {
    return this.many('SELECT * FROM projects WHERE account_id = ? ORDER BY created, rowid', accountId).map(toProject);
  }
  project(accountId: string, guid: string): ProjectRow | undefined {
    const r = this.one('SELECT * FROM projects WHERE guid = ? AND account_id = ?', guid, accountId);
    return r && toProject(r);
  }
  projectByName(accountId: string, name: string): ProjectRow | undefined {
    const r = this.one('SELECT * FROM projects WHERE name = ? AND account_id = ?', name, accountId);
    return r && toProject(r);
  }
  insertProject(p: ProjectRow): void {
    this.run(
      'INSERT INTO projects (guid, account_id, name, doc, created, updated) VALUES (?, ?, ?, ?, ?, ?)',
      p.guid, p.accountId, p.name, JSON.stringify(p.doc), p.created, p.updated,
    );
  }
  deleteProject(guid: string): void {
    this.run('DELETE FROM projects WHERE guid = ?', guid);
  }

  analyses(projectGuid: string, limit = -1, offset = 0): AnalysisRow[] {
    return this.many('SELECT * FROM analyses WHERE project_guid = ? ORDER BY created, rowid LIMIT ? OFFSET ?', projectGuid, limit, offset).map(toAnalysis);
  }
  countAnalyses(projectGuid: string): number {
    return this.one('SELECT count(*) AS n FROM analyses WHERE project_guid = ?', projectGuid)!.n as number;
  }
  analysis(accountId: string, guid: string): AnalysisRow | undefined {
    const r = this.one('SELECT * FROM analyses WHERE guid = ? AND account_id = ?', guid, accountId);
    return r && toAnalysis(r);
  }
  insertAnalysis(a: AnalysisRow): void {
    this.run(
      'INSERT INTO analyses (guid, project_guid, account_id, name, created, updated) VALUES (?, ?, ?, ?, ?, ?)',
      a.guid, a.projectGuid, a.accountId, a.name, a.created, a.updated,
    );
  }
  deleteAnalysis(guid: string): void {
    this.run('DELETE FROM analyses WHERE guid = ?', guid);
  }

  scenarios(analysisGuid: string): ScenarioRow[] {
    return this.many('SELECT * FROM scenarios WHERE analysis_guid = ? ORDER BY created, rowid', analysisGuid).map(toScenario);
  }
  scenario(accountId: string, guid: string): ScenarioRow | undefined {
    const r = this.one('SELECT * FROM scenarios WHERE guid = ? AND account_id = ?', guid, accountId);
    return r && toScenario(r);
  }
  /** A scenario by guid whoever owns it: for the service's own background work, never for requests. */
  scenarioByGuid(guid: string): ScenarioRow | undefined {
    const r = this.one('SELECT * FROM scenarios WHERE guid = ?', guid);
    return r && toScenario(r);
  }
  scenarioByName(analysisGuid: string, name: string): ScenarioRow | undefined {
    const r = this.one('SELECT * FROM scenarios WHERE analysis_guid = ? AND name = ?', analysisGuid, name);
    return r && toScenario(r);
  }
  insertScenario(s: ScenarioRow): void {
    this.run(
      'INSERT INTO scenarios (guid, analysis_guid, account_id, name, doc, created, updated) VALUES (?, ?, ?, ?, ?, ?, ?)',
      s.guid, s.analysisGuid, s.accountId, s.name, JSON.stringify(s.doc), s.created, s.updated,
    );
  }
  updateScenario(guid: string, fields: { name?: string; doc?: Record<string, unknown>; updated: number }): void {
    const current = this.one('SELECT name, doc FROM scenarios WHERE guid = ?', guid)!;
    this.run(
      'UPDATE scenarios SET name = ?, doc = ?, updated = ? WHERE guid = ?',
      fields.name ?? current.name, fields.doc ? JSON.stringify(fields.doc) : current.doc, fields.updated, guid,
    );
  }
  /** Marks a scenario changed (its content was edited). */
  touchScenario(guid: string, now: number): void {
    this.run('UPDATE scenarios SET updated = ? WHERE guid = ?', now, guid);
  }
  deleteScenario(guid: string): void {
    this.run('DELETE FROM scenarios WHERE guid = ?', guid);
  }

  // ----- scenario resources (hubs, carriers, stages, technologies, …) ----------------------------

  resources(scenarioGuid: string, kind?: string): ResourceRow[] {
    const rows = kind
      ? this.many('SELECT * FROM resources WHERE scenario_guid = ? AND kind = ? ORDER BY created, rowid', scenarioGuid, kind)
      : this.many('SELECT * FROM resources WHERE scenario_guid = ? ORDER BY created, rowid', scenarioGuid);
    return rows.map(toResource);
  }
  resource(accountId: string, kind: string, guid: string): ResourceRow | undefined {
    const r = this.one('SELECT * FROM resources WHERE guid = ? AND kind = ? AND account_id = ?', guid, kind, accountId);
    return r && toResource(r);
  }
  insertResource(r: ResourceRow): void {
    this.run(
      'INSERT INTO resources (guid, scenario_guid, account_id, kind, doc, created, updated) VALUES (?, ?, ?, ?, ?, ?, ?)',
      r.guid, r.scenarioGuid, r.accountId, r.kind, JSON.stringify(r.doc), r.created, r.updated,
    );
  }
  updateResource(guid: string, doc: Record<string, unknown>, updated: number): void {
    this.run('UPDATE resources SET doc = ?, updated = ? WHERE guid = ?', JSON.stringify(doc), updated, guid);
  }
  deleteResource(guid: string): void {
    this.run('DELETE FROM resources WHERE guid = ?', guid);
  }
  deleteScenarioContent(scenarioGuid: string): void {
    this.run('DELETE FROM resources WHERE scenario_guid = ?', scenarioGuid);
    this.run('DELETE FROM profiles WHERE scenario_guid = ?', scenarioGuid);
  }

  // ----- profiles and their values --------------------------------------------------------------

  /** Stores 8760 values once by content; copies of a scenario share them. */
  putValues(values: Float64Array): string {
    const bytes = Buffer.from(values.buffer, values.byteOffset, values.byteLength);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    this.run('INSERT OR IGNORE INTO blobs (sha256, data) VALUES (?, ?)', sha256, bytes);
    return sha256;
  }
  values(sha256: string): Float64Array {
    const data = this.one('SELECT data FROM blobs WHERE sha256 = ?', sha256)!.data as Uint8Array;
    const copy = new Uint8Array(data.byteLength);
    copy.set(data);
    return new Float64Array(copy.buffer);
  }
  profiles(scenarioGuid: string): ProfileRow[] {
    return this.many('SELECT * FROM profiles WHERE scenario_guid = ? ORDER BY id', scenarioGuid).map(toProfile);
  }
  profile(accountId: string, scenarioGuid: string, id: number): ProfileRow | undefined {
    const r = this.one('SELECT * FROM profiles WHERE id = ? AND scenario_guid = ? AND account_id = ?', id, scenarioGuid, accountId);
    return r && toProfile(r);
  }
  insertProfile(p: Omit<ProfileRow, 'id'>): number {
    const result = this.db
      .prepare('INSERT INTO profiles (scenario_guid, account_id, name, values_sha256, created, updated) VALUES (?, ?, ?, ?, ?, ?)')
      .run(p.scenarioGuid, p.accountId, p.name, p.valuesSha256, p.created, p.updated);
    return Number(result.lastInsertRowid);
  }
  updateProfile(id: number, name: string, valuesSha256: string, updated: number): void {
    this.run('UPDATE profiles SET name = ?, values_sha256 = ?, updated = ? WHERE id = ?', name, valuesSha256, updated, id);
  }
  deleteProfile(id: number): void {
    this.run('DELETE FROM profiles WHERE id = ?', id);
  }
  /** Removes value blobs no profile uses any more. */
  collectUnusedValues(): number {
    return this.run('DELETE FROM blobs WHERE sha256 NOT IN (SELECT values_sha256 FROM profiles)');
  }

  // ----- files, uploads, specs ------------------------------------------------------------------

  insertFile(f: FileRow): void {
    this.run(
      'INSERT INTO files (id, account_id, kind, name, sha256, size, created) VALUES (?, ?, ?, ?, ?, ?, ?)',
      f.id, f.accountId, f.kind, f.name, f.sha256, f.size, f.created,
    );
  }
  file(id: string): FileRow | undefined {
    const r = this.one('SELECT * FROM files WHERE id = ?', id);
    return r && toFile(r);
  }

  insertUpload(token: string, accountId: string, expires: number, created: number): void {
    this.run('INSERT INTO uploads (token, account_id, expires, created) VALUES (?, ?, ?, ?)', token, accountId, expires, created);
  }
  upload(token: string): { token: string; accountId: string; expires: number; fileId: string | null } | undefined {
    const r = this.one('SELECT * FROM uploads WHERE token = ?', token);
    return r && { token: r.token as string, accountId: r.account_id as string, expires: r.expires as number, fileId: r.file_id as string | null };
  }
  /** Attaches the uploaded file to its address; false if the address was used already. */
  completeUpload(token: string, fileId: string): boolean {
    return this.run('UPDATE uploads SET file_id = ? WHERE token = ? AND file_id IS NULL', fileId, token) === 1;
  }
  deleteUnusedUploads(accountId: string): void {
    this.run('DELETE FROM uploads WHERE account_id = ? AND file_id IS NULL', accountId);
  }

  specs(scenarioGuid: string): SpecsRow | undefined {
    const r = this.one('SELECT * FROM specs WHERE scenario_guid = ?', scenarioGuid);
    return r && toSpecs(r);
  }
  pendingSpecs(): SpecsRow[] {
    return this.many("SELECT * FROM specs WHERE state = 'pending' ORDER BY requested, rowid").map(toSpecs);
  }
  requestSpecs(scenarioGuid: string, now: number): void {
    this.run(
      `INSERT INTO specs (scenario_guid, state, requested) VALUES (?, 'pending', ?)
       ON CONFLICT(scenario_guid) DO UPDATE SET state = 'pending', file_id = NULL, requested = excluded.requested, finished = NULL, error = NULL`,
      scenarioGuid, now,
    );
  }
  /** Records a finished generation unless a newer request superseded it. */
  finishSpecs(scenarioGuid: string, requested: number, outcome: { fileId: string; contentDigest: string } | { error: string }, now: number): boolean {
    const done = 'fileId' in outcome;
    return (
      this.run(
        "UPDATE specs SET state = ?, file_id = ?, content_digest = ?, error = ?, finished = ? WHERE scenario_guid = ? AND requested = ? AND state = 'pending'",
        done ? 'done' : 'failed', done ? outcome.fileId : null, done ? outcome.contentDigest : null,
        done ? null : outcome.error, now, scenarioGuid, requested,
      ) === 1
    );
  }

  // ----- solver jobs ----------------------------------------------------------------------------

  insertJob(j: JobRow): void {
    this.run(
      `INSERT INTO solver_jobs (id, account_id, subscription_id, scenario_guid, batch_id, status, doc, created, input_file_id)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      j.id, j.accountId, j.subscriptionId, j.scenarioGuid, j.batchId, j.status, JSON.stringify(j.doc), j.created, j.inputFileId,
    );
  }
  job(accountId: string, id: string): JobRow | undefined {
    const r = this.one('SELECT * FROM solver_jobs WHERE id = ? AND account_id = ? AND deleted = 0', id, accountId);
    return r && toJob(r);
  }
  jobById(id: string): JobRow | undefined {
    const r = this.one('SELECT * FROM solver_jobs WHERE id = ?', id);
    return r && toJob(r);
  }
  /** Jobs of the given scenarios, newest first. */
  jobsOfScenarios(accountId: string, scenarioGuids: string[], limit: number): JobRow[] {
    if (scenarioGuids.length === 0) return [];
    const marks = scenarioGuids.map(() => '?').join(',');
    return this.many(
      `SELECT * FROM solver_jobs WHERE account_id = ? AND deleted = 0 AND scenario_guid IN (${marks})
       ORDER BY created DESC, rowid DESC LIMIT ?`,
      accountId, ...scenarioGuids, limit,
    ).map(toJob);
  }
  activeJobs(): JobRow[] {
    return this.many('SELECT * FROM solver_jobs WHERE terminated IS NULL ORDER BY created, rowid').map(toJob);
  }
  updateJob(id: string, fields: Partial<Pick<JobRow, 'status' | 'doc' | 'started' | 'terminated' | 'minutes' | 'inputFileId' | 'outputFileId'>>): void {
    const sets: string[] = [];
    const args: unknown[] = [];
    const columns: Record<string, string> = {
      status: 'status', doc: 'doc', started: 'started', terminated: 'terminated', minutes: 'minutes', inputFileId: 'input_file_id', outputFileId: 'output_file_id',
    };
    for (const [key, value] of Object.entries(fields)) {
      sets.push(`${columns[key]} = ?`);
      args.push(key === 'doc' ? JSON.stringify(value) : value);
    }
    if (sets.length) this.run(`UPDATE solver_jobs SET ${sets.join(', ')} WHERE id = ?`, ...args, id);
  }
  markJobDeleted(id: string): void {
    this.run('UPDATE solver_jobs SET deleted = 1 WHERE id = ?', id);
  }
  /** Job counts and solver minutes of a subscription (or of one account) since `since`. */
  usage(filter: { subscriptionId?: string; accountId?: string }, since = 0): { count: number; minutes: number } {
    const [column, value] = filter.accountId ? ['account_id', filter.accountId] : ['subscription_id', filter.subscriptionId];
    const r = this.one(`SELECT count(*) AS n, coalesce(sum(minutes), 0) AS m FROM solver_jobs WHERE ${column} = ? AND created >= ?`, value, since)!;
    return { count: r.n as number, minutes: r.m as number };
  }
  historyCount(accountId: string): number {
    return this.one('SELECT count(*) AS n FROM solver_jobs WHERE account_id = ? AND deleted = 0', accountId)!.n as number;
  }

  // ----- tokens ---------------------------------------------------------------------------------

  revokeToken(jti: string, expires: number): void {
    this.run('INSERT OR IGNORE INTO revoked_tokens (jti, expires) VALUES (?, ?)', jti, expires);
  }
  isRevoked(jti: string): boolean {
    return this.one('SELECT 1 AS x FROM revoked_tokens WHERE jti = ?', jti) !== undefined;
  }
  forgetExpiredRevocations(now: number): void {
    this.run('DELETE FROM revoked_tokens WHERE expires < ?', now);
  }
}
