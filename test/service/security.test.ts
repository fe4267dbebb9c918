/**
 * The local service's defences, over real HTTP: every operation but the token one refuses a
 * missing, malformed, foreign, tampered, unsigned, expired or revoked token; every operation that
 * takes an identifier in its path answers another account exactly as it answers a made-up
 * identifier; presigned addresses are refused when unsigned, tampered or expired, and upload
 * addresses serve once; bodies over the limits are refused; no file route reads or writes outside
 * the data directory; the admin routes exist only when the service is started with an admin token,
 * answer only loopback callers that send it, and check every input before changing anything.
 * (The data directory's permissions and login throttling have tests of their own: data-dir.test.ts,
 * login-throttle.test.ts.)
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allOperations } from '../../src/wire/contract/index.js';
import { pathParamNames, type OperationSpec } from '../../src/wire/contract/operation.js';
import { PlanningClient } from '../../src/wire/client/index.js';
import { buildService, type Service, startService } from '../../src/local-service/server/app.js';
import { DOWNLOAD_TTL_MS, UPLOAD_TTL_MS } from '../../src/local-service/server/files/file-store.js';
import { buildScenario } from '../support/scenario-fixture.js';
import { ALICE, BOB, startTestService, tempDir, type TestService } from '../support/service.js';
import { waitFor } from '../support/wait.js';
import { census } from './support/census.js';
import { claimsOf, unsigned, withClaims, withTamperedSignature } from './support/forged-tokens.js';
import { login, type RawAnswer, type RawRequest, send } from './support/raw-http.js';
import { NOT_IDENTIFIERS, sampleBody, sampleParams, sampleRequest, type SampleWorld } from './support/sample-requests.js';

const TOKEN_TTL_SECONDS = 3600;
const BODY_LIMIT = 1024 * 1024;
const UPLOAD_LIMIT = 64 * 1024;
const PLANTED = 'PLANTED NEXT TO THE DATA DIRECTORY';
const ADMIN_TOKEN = randomBytes(24).toString('base64url');
const asAdmin = `Bearer ${ADMIN_TOKEN}`;

let root: string;
let dataDir: string;
let service: Service & { url: string };
let alice: PlanningClient;
let bob: PlanningClient;
let world: SampleWorld;
let elsewhere: TestService;

const advanceClock = async (seconds: number) => {
  const answer = await send(service.url, { method: 'POST', path: '/admin/clock/advance', json: { seconds }, authorization: asAdmin });
  expect(answer.status).toBe(200);
};
const protectedOps = allOperations.filter((op) => op.auth !== false);
/** The form of a 401 in the operation's family. */
const unauthorizedBody = (op: OperationSpec) =>
  op.family === 'app' ? { data: null, status: expect.objectContaining({ code: 'ESP_401' }) } : { detail: expect.any(String) };

beforeAll(async () => {
  // The data directory sits in a sandbox of its own, so files planted beside it are ours alone.
  root = tempDir('sweep-security-');
  dataDir = join(root, 'data');
  writeFileSync(join(root, 'outside.txt'), PLANTED);
  // Started directly rather than through startTestService: the tests need its context, to sign
  // addresses with its key and to plant a file record the way a corrupted database would hold it.
  service = await startService({
    dataDir, users: [ALICE, BOB], tokenTtlSeconds: TOKEN_TTL_SECONDS, bodyLimitBytes: BODY_LIMIT, maxUploadBytes: UPLOAD_LIMIT,
    solver: { optimiser: null }, adminToken: ADMIN_TOKEN,
  });
  alice = new PlanningClient({ baseUrl: service.url, credentials: ALICE, retryBaseMs: 10 });
  bob = new PlanningClient({ baseUrl: service.url, credentials: BOB, retryBaseMs: 10 });
  const f = await buildScenario(alice);
  const [job] = await alice.solverJobs.submit([{
    name: 'private', objective1: 'MIN_OM', scenarioGuid: f.scenarioGuid, temporalResolution: 'LOW', points: 1, timeLimit: 1, mipGap: 1,
  }]);
  await waitFor(async () => (await alice.solverJobs.retrieve(job.id)).terminated, { what: 'the fixture job to end' });
  world = { f, jobId: job.id };
  elsewhere = await startTestService();
});
afterAll(async () => {
  await Promise.all([alice?.close(), bob?.close()]);
  await service?.close();
  await elsewhere?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('authentication on every operation', () => {
  /** Sends every protected operation's well-formed request with this Authorization header: all 401, nothing changes. */
  async function refusedEverywhere(authorization: string | undefined, expectMessage?: RegExp, change: (r: RawRequest) => RawRequest = (r) => r) {
    const before = await census([alice, bob], world.f);
    for (const op of protectedOps) {
      const answer = await send(service.url, { ...change(sampleRequest(op, world)), authorization });
      expect(answer.status, `${op.id}: ${answer.text.slice(0, 200)}`).toBe(401);
      expect(answer.body, op.id).toEqual(unauthorizedBody(op));
      if (expectMessage) expect(answer.message, op.id).toMatch(expectMessage);
    }
    expect(await census([alice, bob], world.f)).toEqual(before);
  }

  it('leaves only the token operation open', () => {
    expect(allOperations.filter((op) => op.auth === false).map((op) => op.id)).toEqual(['auth.token']);
    expect(protectedOps).toHaveLength(94);
  });

  it('sends well-formed requests: every sample body passes its operation’s schema', () => {
    for (const op of allOperations.filter((o) => o.body)) {
      const result = op.body!.safeParse(sampleBody(op, world));
      expect(result.success, `${op.id}: ${result.error?.message}`).toBe(true);
    }
  });

  it('reaches every operation with the sample requests when the token is good (reads answer 200)', async () => {
    const token = await login(service.url, ALICE);
    for (const op of protectedOps.filter((o) => o.method === 'GET')) {
      const answer = await send(service.url, { ...sampleRequest(op, world), authorization: `Bearer ${token}` });
      expect(answer.status, `${op.id}: ${answer.text.slice(0, 200)}`).toBe(200);
    }
  });

  it('refuses a request without an Authorization header', () => refusedEverywhere(undefined, /Not authenticated/));

  it('refuses malformed Authorization headers', async () => {
    const basic = `Basic ${Buffer.from(`${ALICE.email}:${ALICE.password}`).toString('base64')}`;
    for (const header of ['Bearer', 'Bearer ', 'Bearer not-a-token', 'Bearer a.b', 'Bearer a.b.c.d', 'Bearer ...', basic, 'token']) {
      await refusedEverywhere(header);
    }
  });

  it('refuses a token signed by another service’s key', async () => {
    const foreign = await login(elsewhere.url, ALICE);
    await refusedEverywhere(`Bearer ${foreign}`, /Invalid token/);
  });

  it('refuses a token with a tampered signature, tampered claims or no signature', async () => {
    const token = await login(service.url, ALICE);
    const bobs = claimsOf(await login(service.url, BOB));
    await refusedEverywhere(`Bearer ${withTamperedSignature(token)}`, /Invalid token/);
    await refusedEverywhere(`Bearer ${withClaims(token, { sub: bobs.sub, email: bobs.email })}`, /Invalid token/);
    await refusedEverywhere(`Bearer ${withClaims(token, { exp: Number(claimsOf(token).exp) + 86_400 })}`, /Invalid token/);
    await refusedEverywhere(`Bearer ${unsigned(token)}`, /Invalid token/);
  });

  it('refuses a token once the service’s clock has passed its expiry', async () => {
    const token = await login(service.url, ALICE);
    await advanceClock(TOKEN_TTL_SECONDS + 1);
    await refusedEverywhere(`Bearer ${token}`, /expired/);
  });

  it('refuses a revoked token', async () => {
    const token = await login(service.url, BOB);
    expect((await send(service.url, { method: 'POST', path: '/admin/tokens/revoke', json: { email: BOB.email }, authorization: asAdmin })).status).toBe(200);
    await refusedEverywhere(`Bearer ${token}`, /revoked/);
  });

  it('answers 401 before reading the body: a stranger’s body that is not JSON changes nothing', async () => {
    await refusedEverywhere(undefined, /Not authenticated/, (r) => (r.json === undefined ? r : { ...r, json: undefined, raw: '{"half":', contentType: 'application/json' }));
    await refusedEverywhere(undefined, /Not authenticated/, (r) => (r.json === undefined ? r : { ...r, json: undefined, raw: '<xml/>', contentType: 'application/xml' }));
  });
});

describe('account isolation on every operation with an identifier in its path', () => {
  const identifiers = (op: OperationSpec) => pathParamNames(op.path).filter((name) => !NOT_IDENTIFIERS.has(name));
  const guarded = allOperations.filter((op) => identifiers(op).length > 0);
  /** An identifier of nothing, of the parameter's form. */
  const madeUp = (name: string) => (name === 'profileId' ? 2 ** 40 + Math.floor(Math.random() * 1e6) : crypto.randomUUID());
  /** The message with every identifier of the request written as its parameter's name. */
  const normalised = (answer: RawAnswer, params: Record<string, string | number>) =>
    Object.entries(params).reduce((message, [name, value]) => message.split(String(value)).join(`{${name}}`), answer.message);

  it('covers every operation whose path names something of an account', () => {
    const unguarded = allOperations.filter((op) => pathParamNames(op.path).length > 0 && !guarded.includes(op)).map((op) => op.id);
    expect(unguarded).toEqual(['demandDatabase.calculate']);
    expect(guarded.length).toBeGreaterThanOrEqual(60);
  });

  it("answers another account's identifiers 404, word for word as made-up ones, and changes nothing", async () => {
    const token = await login(service.url, BOB);
    const before = await census([alice], world.f);
    for (const op of guarded) {
      const theirs = sampleRequest(op, world);
      const aliceParams = pick(sampleParams(op, world), identifiers(op));
      const made = Object.fromEntries(identifiers(op).map((name) => [name, madeUp(name)]));
      const answerTheirs = await send(service.url, { ...theirs, authorization: `Bearer ${token}` });
      const answerMadeUp = await send(service.url, { ...sampleRequest(op, world, made), authorization: `Bearer ${token}` });
      expect(answerTheirs.status, `${op.id}: ${answerTheirs.text.slice(0, 200)}`).toBe(404);
      expect(answerMadeUp.status, op.id).toBe(404);
      expect(normalised(answerTheirs, aliceParams), op.id).toBe(normalised(answerMadeUp, made));
      expect(answerTheirs.message, op.id).toMatch(/not found/);
    }
    expect(await census([alice], world.f)).toEqual(before);
  });

  it("refuses another account's identifiers in bodies and queries without telling them from made-up ones", async () => {
    const before = await census([alice], world.f);
    const own = await buildOwnScenario(bob);
    const upload = await alice.scenarios.uploadAddress();
    await alice.files.upload(upload, new TextEncoder().encode('Alice’s workbook'));
    const madeUpUpload = upload.replace(/uploads\/[^?]+/, `uploads/${crypto.randomUUID()}`);
    const [scenario, analysis] = [world.f.scenarioGuid, world.f.analysisGuid];
    const attempts: [string, (guid: string, upload: string) => Promise<unknown>, [string, string]][] = [
      ['specs', (guid) => bob.scenarios.generateSpecs([guid]), [scenario, upload]],
      ['copy into', (guid) => bob.scenarios.copy(own.scenarioGuid, { analysisDestinationGuid: guid }), [analysis, upload]],
      ['submit', (guid) => bob.solverJobs.submit([job(guid)]), [scenario, upload]],
      ['excel create', (_, address) => bob.scenarios.createFromExcel(own.analysisGuid, { s3PresignedUrl: address, scenarioName: 'Stolen' }), [scenario, upload]],
      ['excel replace', (_, address) => bob.scenarios.replaceFromExcel(own.scenarioGuid, address), [scenario, upload]],
    ];
    for (const [what, attempt, [guid, address]] of attempts) {
      const refusal = (g: string, u: string) => attempt(g, u).then(() => undefined, (e: unknown) => e);
      const [a, b] = [await refusal(guid, address), await refusal(crypto.randomUUID(), madeUpUpload)];
      expect(a, what).toMatchObject({ status: (b as { status: number }).status });
      const text = (e: unknown) => String((e as { serviceMessage: string }).serviceMessage).replace(/[0-9a-f-]{36}/g, '{guid}');
      expect(text(a), what).toBe(text(b));
      expect([400, 404], what).toContain((a as { status: number }).status);
    }
    expect(await bob.solverJobs.getScenarios([world.f.scenarioGuid])).toEqual([]);
    expect(await census([alice], world.f)).toEqual(before);
  });
});

const pick = <T>(record: Record<string, T>, keys: readonly string[]) => Object.fromEntries(keys.map((k) => [k, record[k]]));

const job = (scenarioGuid: string) => ({
  name: 'intruder', objective1: 'MIN_OM' as const, scenarioGuid, temporalResolution: 'LOW' as const, points: 1, timeLimit: 1, mipGap: 1,
});

async function buildOwnScenario(client: PlanningClient) {
  const project = await client.projects.create({ projectName: `Own ${crypto.randomUUID()}`, version: 'V2' });
  const analysis = await client.analyses.create(project.projectGuid, 'Own analysis');
  const scenario = await client.scenarios.create(analysis.analysisGuid, 'Own scenario');
  return { analysisGuid: analysis.analysisGuid, scenarioGuid: scenario.scenarioGuid };
}


describe('presigned addresses', () => {
  /** A fresh presigned address of the fixture's specs file, as a path with its query. */
  async function specsAddress(): Promise<URL> {
    await alice.scenarios.generateSpecs([world.f.scenarioGuid]);
    return new URL(await waitFor(() => alice.scenarios.specsFileUrl(world.f.scenarioGuid), { what: 'the specs file' }));
  }
  const pathOf = (url: URL) => `${url.pathname}${url.search}`;
  const withQuery = (url: URL, change: Record<string, string | null>) => {
    const copy = new URL(url);
    for (const [name, value] of Object.entries(change)) {
      if (value === null) copy.searchParams.delete(name);
      else copy.searchParams.set(name, value);
    }
    return copy;
  };
  const tamper = (signature: string) => `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
  const filesIn = () => readdirSync(join(dataDir, 'files')).sort();

  it('serves a download to its address alone, without a bearer token', async () => {
    const url = await specsAddress();
    const good = await download(url);
    expect(good.status).toBe(200);
    expect(createHash('sha256').update(good.bytes).digest('hex')).toBe(good.headers['x-checksum-sha256']);

    const signature = url.searchParams.get('signature')!;
    const token = await login(service.url, ALICE);
    const refused: [string, RawRequest][] = [
      ['no query', { method: 'GET', path: url.pathname }],
      ['no signature', { method: 'GET', path: pathOf(withQuery(url, { signature: null })) }],
      ['no expiry', { method: 'GET', path: pathOf(withQuery(url, { expires: null })) }],
      ['tampered signature', { method: 'GET', path: pathOf(withQuery(url, { signature: tamper(signature) })) }],
      ['later expiry', { method: 'GET', path: pathOf(withQuery(url, { expires: String(Number(url.searchParams.get('expires')) + 86_400_000) })) }],
      ['another file', { method: 'GET', path: pathOf(new URL(url.href.replace(/\/files\/[^/]+/, `/files/${crypto.randomUUID()}`))) }],
      ['a bearer token instead of a signature', { method: 'GET', path: url.pathname, authorization: `Bearer ${token}` }],
    ];
    for (const [what, request] of refused) {
      const answer = await send(service.url, request);
      expect(answer.status, what).toBe(403);
      expect(answer.message, what).toMatch(/invalid or has expired/);
    }
  });

  it('refuses a download address whose time has passed', async () => {
    const url = await specsAddress();
    expect((await send(service.url, { method: 'GET', path: pathOf(url) })).status).toBe(200);
    await advanceClock(DOWNLOAD_TTL_MS / 1000 + 1);
    expect((await send(service.url, { method: 'GET', path: pathOf(url) })).status).toBe(403);
  });

  it('takes one upload per address, and only at the address as issued', async () => {
    const url = new URL(await alice.scenarios.uploadAddress());
    const signature = url.searchParams.get('signature')!;
    const put = (path: string, bytes = 'workbook bytes') => send(service.url, { method: 'PUT', path, raw: bytes, contentType: 'application/octet-stream' });
    const before = filesIn();
    for (const [what, path] of [
      ['no query', url.pathname],
      ['no signature', pathOf(withQuery(url, { signature: null }))],
      ['tampered signature', pathOf(withQuery(url, { signature: tamper(signature) }))],
      ['later expiry', pathOf(withQuery(url, { expires: String(Number(url.searchParams.get('expires')) + 86_400_000) }))],
      ['another token', pathOf(new URL(url.href.replace(/\/uploads\/[^?]+/, `/uploads/${crypto.randomUUID()}`)))],
    ]) {
      const answer = await put(path);
      expect(answer.status, what).toBe(403);
      expect(answer.message, what).toMatch(/invalid or has expired/);
    }
    expect(filesIn()).toEqual(before);
    expect((await put(pathOf(url))).status).toBe(200);
    const again = await put(pathOf(url), 'other bytes');
    expect(again.status).toBe(409);
    expect(again.message).toMatch(/uploaded to this address already/);
    expect(filesIn()).toHaveLength(before.length + 1);
  });

  it('refuses an upload address whose time has passed', async () => {
    const url = new URL(await alice.scenarios.uploadAddress());
    await advanceClock(UPLOAD_TTL_MS / 1000 + 1);
    const answer = await send(service.url, { method: 'PUT', path: pathOf(url), raw: 'late', contentType: 'application/octet-stream' });
    expect(answer.status).toBe(403);
  });
});

describe('requests refused before routing', () => {
  it('are answered in the family’s error form: a malformed percent-encoding, an overlong path', async () => {
    const token = await login(service.url, ALICE);
    const malformed = await send(service.url, { method: 'GET', path: '/app-service/projects/%zz', authorization: `Bearer ${token}` });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ data: null, status: { code: 'ESP_400' } });
    const solver = await send(service.url, { method: 'GET', path: '/solver-api/ext/solver/jobs/%zz', authorization: `Bearer ${token}` });
    expect(solver.status).toBe(400);
    expect(solver.body).toEqual({ detail: expect.any(String) });
  });
});

describe('body limits', () => {
  it('answers 413 to a JSON body over the limit, in each family, and reads one just under it', async () => {
    const token = await login(service.url, ALICE);
    const hub = (length: number): RawRequest => ({ ...sampleRequest(allOperations.find((o) => o.id === 'hubs.create')!, world), json: { hubName: 'H'.repeat(length) } });
    const over = await send(service.url, { ...hub(BODY_LIMIT), authorization: `Bearer ${token}` });
    expect(over.status).toBe(413);
    expect(over.message).toMatch(new RegExp(`body is larger than the limit of ${BODY_LIMIT} bytes`));
    // Just under the limit the body is read and judged on its content.
    const under = await send(service.url, { ...hub(BODY_LIMIT - 100), authorization: `Bearer ${token}` });
    expect(under.status).toBe(400);
    expect(under.message).toMatch(/hubName: must be at most 100 characters/);

    const submit = allOperations.find((o) => o.id === 'solverJobs.submit')!;
    const big = await send(service.url, { ...sampleRequest(submit, world), json: [{ ...job(world.f.scenarioGuid), name: 'J'.repeat(BODY_LIMIT) }], authorization: `Bearer ${token}` });
    expect(big.status).toBe(413);
    expect(big.body).toEqual({ detail: expect.stringMatching(/larger than the limit/) });
  });

  it('answers 413 to an upload over maxUploadBytes, naming that limit, and keeps the address usable', async () => {
    const url = new URL(await alice.scenarios.uploadAddress());
    const path = `${url.pathname}${url.search}`;
    const before = readdirSync(join(dataDir, 'files')).length;
    const over = await send(service.url, { method: 'PUT', path, raw: Buffer.alloc(UPLOAD_LIMIT + 1, 1), contentType: 'application/octet-stream' });
    expect(over.status).toBe(413);
    expect(over.message).toBe(`the upload is larger than the limit of ${UPLOAD_LIMIT} bytes`);
    expect(readdirSync(join(dataDir, 'files'))).toHaveLength(before);
    const fits = await send(service.url, { method: 'PUT', path, raw: Buffer.alloc(UPLOAD_LIMIT, 1), contentType: 'application/octet-stream' });
    expect(fits.status).toBe(200);
  });
});

describe('no way out of the data directory through the file routes', () => {
  const outside = () => join(root, 'outside.txt');
  /** Ids that would name something outside `data/files` if they were joined to it. */
  const hostileIds = () => [
    '../../outside.txt', '../outside.txt', '../service.db', '../../data/service.db', '..\\..\\outside.txt', outside(), '/etc/passwd',
    '..', '.', 'not-a-uuid', `${crypto.randomUUID()}/../../../outside.txt`, '\0',
  ];
  const leaked = (answer: RawAnswer) => answer.text.includes(PLANTED) || answer.text.includes('SQLite format 3') || answer.text.includes('root:x:0:0');
  const snapshot = () => ({
    root: readdirSync(root).sort(),
    data: readdirSync(dataDir).filter((n) => !/^service\.db-(wal|shm)$/.test(n)).sort(),
    files: readdirSync(join(dataDir, 'files')).sort(),
    outside: readFileSync(outside(), 'utf8'),
  });

  it('reads nothing outside, whatever the encoding of the id', async () => {
    const paths = hostileIds().flatMap((id) => [
      `/files/${encodeURIComponent(id)}/x`,
      `/files/${encodeURIComponent(encodeURIComponent(id))}/x`,
      `/files/${encodeURIComponent(id).replace(/\./g, '%2E')}/x`,
      `/files/x/${encodeURIComponent(id)}`,
    ]).concat(['/files/../../outside.txt', '/files/..%2F..%2Foutside.txt', '/files/%2e%2e/%2e%2e/outside.txt', '/files/....//....//outside.txt']);
    for (const path of paths) {
      const answer = await send(service.url, { method: 'GET', path });
      expect(answer.status, path).toBeGreaterThanOrEqual(400);
      expect(leaked(answer), path).toBe(false);
    }
  });

  it('reads nothing outside even behind a genuine signature, or a record that names a path', async () => {
    const account = service.ctx.store.accountByEmail(ALICE.email)!;
    for (const id of hostileIds()) {
      // A record under that id, as a corrupted or hostile database row would be.
      if (!service.ctx.store.file(id)) {
        service.ctx.store.insertFile({ id, accountId: account.id, kind: 'specs', name: 'x.xlsx', sha256: '', size: PLANTED.length, created: Date.now() });
      }
      const address = service.ctx.files.downloadAddress({ id, name: 'x.xlsx' });
      const query = address.slice(address.indexOf('?'));
      const answer = await send(service.url, { method: 'GET', path: `/files/${encodeURIComponent(id)}/x.xlsx${query}` });
      expect(answer.status, id).toBe(404);
      expect(leaked(answer), id).toBe(false);
    }
  });

  it('writes nothing outside, and nothing at all, through refused uploads', async () => {
    const before = snapshot();
    const paths = hostileIds().flatMap((id) => [
      `/uploads/${encodeURIComponent(id)}?expires=99999999999999&signature=x`,
      `/uploads/${encodeURIComponent(encodeURIComponent(id))}`,
    ]).concat(['/uploads/../../outside.txt', '/uploads/..%2F..%2Foutside.txt', '/uploads/..%2Fservice.db']);
    for (const path of paths) {
      const answer = await send(service.url, { method: 'PUT', path, raw: 'OVERWRITTEN', contentType: 'application/octet-stream' });
      expect(answer.status, path).toBeGreaterThanOrEqual(400);
    }
    expect(snapshot()).toEqual(before);
  });
});

describe('admin routes', () => {
  let local: Service;
  let localDir: string;
  let aliceToken: string;
  beforeAll(async () => {
    localDir = tempDir('sweep-admin-');
    local = await buildService({ dataDir: localDir, users: [ALICE], solver: { optimiser: null }, adminToken: ADMIN_TOKEN });
    const answer = await local.app.inject({ method: 'POST', url: '/backoffice/auth/ext/token', payload: ALICE, remoteAddress: '127.0.0.1' });
    aliceToken = answer.json<{ access_token: string }>().access_token;
  });
  afterAll(async () => {
    await local?.close();
    rmSync(localDir, { recursive: true, force: true });
  });

  const ADMIN_ROUTES = [
    { method: 'GET' as const, url: '/admin/calls' },
    { method: 'POST' as const, url: '/admin/calls/reset' },
    { method: 'POST' as const, url: '/admin/clock/advance', payload: { seconds: 86_400 } },
    { method: 'POST' as const, url: '/admin/tokens/revoke', payload: { email: ALICE.email } },
    { method: 'GET' as const, url: '/admin/faults' },
    { method: 'PUT' as const, url: '/admin/faults', payload: { rate: 1 } },
  ];
  const admin = (route: { method: 'GET' | 'POST' | 'PUT'; url: string; payload?: object }, authorization = asAdmin) =>
    local.app.inject({ ...route, remoteAddress: '127.0.0.1', headers: { authorization } });

  /** What an admin route could change: the clock, the faults, the call counters, Alice's token. */
  async function adminState(service: Service, token: string) {
    let tokenWorks = true;
    try {
      service.ctx.auth.authenticate(`Bearer ${token}`);
    } catch {
      tokenWorks = false;
    }
    return {
      // `|| 0`: a clock read a millisecond before Date.now() rounds to −0, which toEqual tells from 0.
      clockAheadSeconds: Math.round((service.ctx.clock.now() - Date.now()) / 1000) || 0,
      faults: JSON.stringify(service.ctx.faults.settings),
      calls: JSON.stringify(Object.fromEntries(service.admin.calls)),
      tokenWorks,
    };
  }

  it('do not exist when the service is started without an admin token: 404 as an unknown route, and nothing changes', async () => {
    const dir = tempDir('sweep-no-admin-');
    const plain = await buildService({ dataDir: dir, users: [ALICE], solver: { optimiser: null } });
    try {
      const login = await plain.app.inject({ method: 'POST', url: '/backoffice/auth/ext/token', payload: ALICE, remoteAddress: '127.0.0.1' });
      const token = login.json<{ access_token: string }>().access_token;
      const before = await adminState(plain, token);
      const unknown = await plain.app.inject({ method: 'GET', url: '/admin/no-such-route', remoteAddress: '127.0.0.1' });
      expect(unknown.statusCode).toBe(404);
      for (const route of ADMIN_ROUTES) {
        for (const authorization of [undefined, asAdmin, `Bearer ${token}`]) {
          const answer = await plain.app.inject({ ...route, remoteAddress: '127.0.0.1', headers: authorization ? { authorization } : {} });
          expect(answer.statusCode, `${route.method} ${route.url}`).toBe(404);
          expect(answer.json(), route.url).toEqual({ detail: `no operation ${route.method} ${route.url}` });
        }
      }
      expect(await adminState(plain, token)).toEqual(before);
    } finally {
      await plain.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuse a too short admin token at start, naming the option', async () => {
    await expect(buildService({ dataDir: join(localDir, 'never'), adminToken: 'short' })).rejects.toThrow(/adminToken \(SWEEP_SERVICE_ADMIN_TOKEN\): must be at least 16 characters/);
  });

  it('refuse a loopback caller without the admin token or with a wrong one, 401, and change nothing', async () => {
    const before = await adminState(local, aliceToken);
    const wrong = [
      undefined, 'Bearer', `Bearer ${ADMIN_TOKEN.slice(0, -1)}`, `Bearer ${ADMIN_TOKEN}x`, `Bearer ${randomBytes(24).toString('base64url')}`,
      ADMIN_TOKEN, `Basic ${Buffer.from(`admin:${ADMIN_TOKEN}`).toString('base64')}`, `Bearer ${aliceToken}`,
    ];
    for (const route of ADMIN_ROUTES) {
      for (const authorization of wrong) {
        const answer = await local.app.inject({ ...route, remoteAddress: '127.0.0.1', headers: authorization === undefined ? {} : { authorization } });
        expect(answer.statusCode, `${route.url} with ${authorization?.slice(0, 12)}`).toBe(401);
        expect(answer.json(), route.url).toEqual({ detail: expect.stringMatching(/need the admin token/) });
      }
    }
    expect(await adminState(local, aliceToken)).toEqual(before);
  });

  it('refuse every admin route to a caller from another machine, even with the admin token, and do nothing for it', async () => {
    const before = await adminState(local, aliceToken);
    for (const remoteAddress of ['10.1.2.3', '192.168.1.20', '::ffff:10.1.2.3', '2001:db8::1']) {
      for (const route of ADMIN_ROUTES) {
        for (const headers of [{}, { authorization: asAdmin }, { authorization: asAdmin, 'x-forwarded-for': '127.0.0.1', 'x-real-ip': '127.0.0.1', forwarded: 'for=127.0.0.1' }]) {
          const answer = await local.app.inject({ ...route, remoteAddress, headers });
          expect(answer.statusCode, `${remoteAddress} ${route.url}`).toBe(403);
          expect(answer.json(), route.url).toEqual({ detail: expect.stringMatching(/only on loopback/) });
        }
      }
    }
    expect(await adminState(local, aliceToken)).toEqual(before);
  });

  it('answer loopback callers that send the admin token', async () => {
    for (const remoteAddress of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
      const answer = await local.app.inject({ method: 'GET', url: '/admin/calls', remoteAddress, headers: { authorization: asAdmin } });
      expect(answer.statusCode, remoteAddress).toBe(200);
    }
    expect((await send(service.url, { method: 'GET', path: '/admin/calls', authorization: asAdmin })).status).toBe(200);
    expect((await send(service.url, { method: 'GET', path: '/admin/calls' })).status).toBe(401);
  });

  it('refuse a clock advance that is not a finite number > 0 or goes past ten years, 400, and the clock does not move', async () => {
    const before = await adminState(local, aliceToken);
    const refused: [unknown, RegExp][] = [
      [{ seconds: 1e15 }, /seconds: must be at most \d+: the clock may run at most 315360000 s \(10 years\) ahead/],
      [{ seconds: 315_360_001 }, /seconds: must be at most/],
      [{ seconds: 0 }, /seconds: must be a finite number > 0/],
      [{ seconds: -60 }, /seconds: must be a finite number > 0/],
      [{ seconds: '60' }, /seconds: must be a finite number > 0/],
      [{ seconds: null }, /seconds: must be a finite number > 0/],
      [{}, /seconds: must be a finite number > 0/],
      [[60], /body: must be a JSON object/],
    ];
    for (const [payload, message] of refused) {
      const answer = await admin({ method: 'POST', url: '/admin/clock/advance', payload: payload as object });
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.json<{ detail: string }>().detail, JSON.stringify(payload)).toMatch(message);
    }
    // JSON reads 1e400 as Infinity; a body that is not JSON at all is a 400 in the admin form too.
    for (const [raw, message] of [['{"seconds": 1e400}', /seconds: must be a finite number > 0/], ['{"seconds":', /body: is not valid JSON/]] as const) {
      const answer = await local.app.inject({
        method: 'POST', url: '/admin/clock/advance', payload: raw, remoteAddress: '127.0.0.1', headers: { authorization: asAdmin, 'content-type': 'application/json' },
      });
      expect(answer.statusCode, raw).toBe(400);
      expect(answer.json<{ detail: string }>().detail, raw).toMatch(message);
    }
    expect(await adminState(local, aliceToken)).toEqual(before);
    // The service still works: tokens are not expired and projects can be created (today's 1e15 left neither).
    const created = await local.app.inject({
      method: 'POST', url: '/app-service/projects', payload: { projectName: 'After the refused advance', version: 'V2' },
      headers: { authorization: `Bearer ${aliceToken}` }, remoteAddress: '127.0.0.1',
    });
    expect(created.statusCode, created.body).toBe(201);
  });

  it('refuse advances that would take the clock past ten years in all', async () => {
    const dir = tempDir('sweep-clock-');
    const throwaway = await buildService({ dataDir: dir, users: [], solver: { optimiser: null }, adminToken: ADMIN_TOKEN });
    try {
      const advance = (seconds: number) => throwaway.app.inject({
        method: 'POST', url: '/admin/clock/advance', payload: { seconds }, remoteAddress: '127.0.0.1', headers: { authorization: asAdmin },
      });
      expect((await advance(9 * 365 * 86_400)).statusCode).toBe(200);
      const ahead = throwaway.ctx.clock.now() - Date.now();
      const past = await advance(2 * 365 * 86_400);
      expect(past.statusCode).toBe(400);
      expect(past.json<{ detail: string }>().detail).toMatch(/seconds: must be at most 3153\d{4}: .* it is 28382\d{4} s ahead/);
      expect(Math.abs(throwaway.ctx.clock.now() - Date.now() - ahead)).toBeLessThan(1000);
    } finally {
      await throwaway.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('answer a token revocation alike for a known and an unknown email, and refuse one without an email', async () => {
    const unknown = await admin({ method: 'POST', url: '/admin/tokens/revoke', payload: { email: 'nobody-here@example.com' } });
    const known = await admin({ method: 'POST', url: '/admin/tokens/revoke', payload: { email: ALICE.email } });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(unknown.headers['content-length']).toBe(known.headers['content-length']);
    expect((await adminState(local, aliceToken)).tokenWorks).toBe(false);
    for (const payload of [{}, { email: '' }, { email: 5 }]) {
      const answer = await admin({ method: 'POST', url: '/admin/tokens/revoke', payload });
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.json<{ detail: string }>().detail).toMatch(/^email: must be a non-empty string/);
    }
    const again = await local.app.inject({ method: 'POST', url: '/backoffice/auth/ext/token', payload: ALICE, remoteAddress: '127.0.0.1' });
    aliceToken = again.json<{ access_token: string }>().access_token;
  });

  it('refuse fault settings that are not valid, 400 naming the field, and keep the faults as they were', async () => {
    const before = await adminState(local, aliceToken);
    for (const [payload, message] of [[{ rate: 2 }, /rate: must be ≤ 1/], [[1], /body: must be a JSON object/], [{ kinds: { http418: 1 } }, /kinds/]] as const) {
      const answer = await admin({ method: 'PUT', url: '/admin/faults', payload: payload as object });
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.json<{ detail: string }>().detail).toMatch(message);
    }
    expect(await adminState(local, aliceToken)).toEqual(before);
  });

  it('are on in `sweep service` only when SWEEP_SERVICE_ADMIN_TOKEN is in its environment, and then need that token', async () => {
    /** `sweep service` with this environment; answers what GET /admin/calls gets without and with the admin token. */
    const statuses = async (env: NodeJS.ProcessEnv) => {
      const dir = tempDir('sweep-admin-cli-');
      const child = spawn(process.execPath, [join(import.meta.dirname, '..', '..', 'bin', 'sweep.js'), 'service', '--data-dir', dir, '--port', '0'], {
        env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'],
      });
      try {
        const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
        const url = /listening on (\S+)/.exec(line)![1];
        return [
          (await send(url, { method: 'GET', path: '/admin/calls' })).status,
          (await send(url, { method: 'GET', path: '/admin/calls', authorization: asAdmin })).status,
        ];
      } finally {
        child.kill('SIGKILL');
        rmSync(dir, { recursive: true, force: true });
      }
    };
    expect(await statuses({ SWEEP_SERVICE_ADMIN_TOKEN: undefined })).toEqual([404, 404]);
    expect(await statuses({ SWEEP_SERVICE_ADMIN_TOKEN: ADMIN_TOKEN })).toEqual([401, 200]);
  });

  const external = Object.values(networkInterfaces()).flat().find((i) => i && !i.internal && i.family === 'IPv4')?.address;
  it.skipIf(!external)('refuse a real connection over a non-loopback interface, even with the admin token', async () => {
    const exposedDir = tempDir('sweep-exposed-');
    const exposed = await startService({ dataDir: exposedDir, host: external, users: [], adminToken: ADMIN_TOKEN });
    try {
      expect(exposed.url).toContain(external);
      const answer = await send(exposed.url, { method: 'POST', path: '/admin/clock/advance', json: { seconds: 60 }, authorization: asAdmin });
      expect(answer.status).toBe(403);
    } finally {
      await exposed.close();
      rmSync(exposedDir, { recursive: true, force: true });
    }
  });
});

/** A download's bytes and headers, through fetch as a browser would. */
async function download(url: URL) {
  const response = await fetch(new URL(`${url.pathname}${url.search}`, service.url));
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()), headers: Object.fromEntries(response.headers) };
}
