/**
 * The client's pipeline against the real local service: login shared and reused, a revoked or
 * expired token replaced by exactly one fresh login, no login loop, a rate-limited login waiting
 * as told, path families, presigned transfers without the bearer token, and typed errors.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Agent, type Dispatcher } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AuthenticationError, ConnectionError, NotFoundError, PlanningClient, RateLimitError, ServiceError,
} from '../../src/wire/client/index.js';
import { parseRetryAfter } from '../../src/wire/client/retry-policy.js';
import { ALICE, startTestService, tempDir, type TestService } from '../support/service.js';

/** A connection pool that records the path and headers of every request it sends. */
function recordingDispatcher() {
  const seen: { method: string; path: string; authorization: boolean }[] = [];
  const dispatcher = new Agent().compose((dispatch) => (options, handler) => {
    const headers = (options.headers ?? {}) as Record<string, string>;
    seen.push({ method: options.method, path: options.path, authorization: Object.keys(headers).some((h) => h.toLowerCase() === 'authorization') });
    return dispatch(options, handler);
  });
  return { dispatcher: dispatcher as unknown as Dispatcher, seen };
}

let service: TestService;
beforeAll(async () => {
  service = await startTestService({ tokenTtlSeconds: 3600 });
});
afterAll(() => service.close());

describe('authentication', () => {
  it('shares one login between concurrent calls and reuses the token', async () => {
    const client = service.client();
    await Promise.all([client.projects.list(), client.projects.list(), client.solverJobs.usage()]);
    await client.projects.list();
    expect(client.transport.tokens.logins).toBe(1);
  });

  it('logs in once more and succeeds when the token was revoked', async () => {
    const client = service.client();
    await client.projects.list();
    await service.admin('/tokens/revoke', { email: ALICE.email });
    await expect(client.projects.list()).resolves.toBeInstanceOf(Array);
    expect(client.transport.tokens.logins).toBe(2);
  });

  it('logs in once more and succeeds when the service considers the token expired', async () => {
    const client = service.client();
    await client.projects.list();
    // The service's clock moves past the token's lifetime; the client's clock does not.
    await service.admin('/clock/advance', { seconds: 7200 });
    await expect(client.projects.list()).resolves.toBeInstanceOf(Array);
    expect(client.transport.tokens.logins).toBe(2);
  });

  it('renews the token before expires_in runs out, by its own clock', async () => {
    let now = Date.now();
    const client = service.client({ now: () => now });
    await client.projects.list();
    now += 3599 * 1000;
    await client.projects.list();
    expect(client.transport.tokens.logins).toBe(2);
  });

  it('fails with a non-retryable AuthenticationError on wrong credentials, after one attempt', async () => {
    const { dispatcher, seen } = recordingDispatcher();
    const client = service.client({ credentials: { email: ALICE.email, password: 'wrong' }, dispatcher });
    const error = await client.projects.list().then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect((error as AuthenticationError).retryable).toBe(false);
    expect((error as AuthenticationError).status).toBe(401);
    expect(seen.filter((r) => r.path.endsWith('/token'))).toHaveLength(1);
    expect(seen.filter((r) => r.path.includes('/projects'))).toHaveLength(0);
  });

  it('never loops: when the token is refused again after the fresh login, the 401 is the answer', async () => {
    const seen: string[] = [];
    // Every /projects request reaches the service with a corrupted token, so even the retry is refused.
    const corrupting = new Agent().compose((dispatch) => (options, handler) => {
      seen.push(options.path);
      if (options.path.includes('/projects')) {
        options = { ...options, headers: { ...(options.headers as Record<string, string>), authorization: 'Bearer corrupted.token.value' } };
      }
      return dispatch(options, handler);
    });
    const client = service.client({ dispatcher: corrupting as unknown as Dispatcher });
    const error = await client.projects.list().then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect((error as AuthenticationError).retryable).toBe(false);
    expect(seen.filter((p) => p.endsWith('/token'))).toHaveLength(2);
    expect(seen.filter((p) => p.includes('/projects'))).toHaveLength(2);
  });
});

describe('rate-limited login', () => {
  it('waits as the 429 says and then logs in', async () => {
    const limited = await startTestService({ loginLimits: { maxFailures: 2, windowMs: 1500 } });
    try {
      const wrong = limited.client({ credentials: { email: ALICE.email, password: 'nope' } });
      for (let i = 0; i < 2; i++) await expect(wrong.projects.list()).rejects.toBeInstanceOf(AuthenticationError);
      const raw = await fetch(`${limited.url}/backoffice/auth/ext/token`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ALICE),
      });
      expect(raw.status).toBe(429);
      const retryAfter = Number(raw.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(await raw.json()).toHaveProperty('detail');

      const started = Date.now();
      const client = limited.client();
      await expect(client.projects.list()).resolves.toBeInstanceOf(Array);
      // The successful login came only after the service's window let the email in again.
      expect(Date.now() - started).toBeGreaterThanOrEqual(500);
      expect(client.transport.tokens.logins).toBe(1);
    } finally {
      await limited.close();
    }
  });

  it('gives up when told to wait longer than it is willing to', async () => {
    const limited = await startTestService({ loginLimits: { maxFailures: 1, baseDelayMs: 600_000 } });
    try {
      await expect(limited.client({ credentials: { email: ALICE.email, password: 'nope' } }).projects.list()).rejects.toBeInstanceOf(AuthenticationError);
      const error = await limited.client({ maxRetryAfterMs: 1000 }).projects.list().then(() => undefined, (e: unknown) => e);
      expect(error).toBeInstanceOf(RateLimitError);
      expect((error as RateLimitError).retryable).toBe(true);
      expect((error as RateLimitError).retryAfterMs).toBeGreaterThan(1000);
    } finally {
      await limited.close();
    }
  });

  it('reads Retry-After as seconds or as a date', () => {
    expect(parseRetryAfter('3')).toBe(3000);
    expect(parseRetryAfter(new Date(Date.now() + 10_000).toUTCString())).toBeGreaterThan(8000);
    expect(parseRetryAfter(undefined)).toBeUndefined();
  });
});

describe('path families', () => {
  it('speaks the specification’s paths by default and the deployed ones by one option', async () => {
    const spec = recordingDispatcher();
    await service.client({ dispatcher: spec.dispatcher }).solverJobs.usage();
    expect(spec.seen.map((r) => r.path)).toContain('/solver-api/ext/solver/jobs/usage');

    const deployed = recordingDispatcher();
    const client = service.client({ paths: 'deployed', dispatcher: deployed.dispatcher });
    const project = await client.projects.create({ projectName: 'Deployed paths', version: 'V2' });
    await client.solverJobs.usage();
    expect(deployed.seen.map((r) => r.path)).toEqual(
      expect.arrayContaining(['/backoffice/auth/ext/token', '/sympheny-app/projects', '/sense-api/ext/solver/jobs/usage']),
    );
    expect(deployed.seen.some((r) => r.path.startsWith('/app-service'))).toBe(false);
    expect((await service.client().projects.retrieve(project.projectGuid)).projectName).toBe('Deployed paths');
  });
});

describe('presigned transfers', () => {
  it('uploads and downloads without the Authorization header', async () => {
    const { dispatcher, seen } = recordingDispatcher();
    const client = service.client({ dispatcher });
    const address = await client.scenarios.uploadAddress();
    const bytes = new TextEncoder().encode('not really a workbook');
    await client.files.upload(address, bytes);
    const upload = seen.find((r) => r.method === 'PUT' && r.path.startsWith('/uploads/'));
    expect(upload?.authorization).toBe(false);
    // A presigned address is single-use.
    await expect(client.files.upload(address, bytes)).rejects.toMatchObject({ status: 409 });
  });

  it('streams a download to a file and refuses a tampered address', async () => {
    const dir = tempDir();
    const client = service.client();
    const address = await client.scenarios.uploadAddress();
    const tampered = address.replace(/signature=[^&]+/, 'signature=forged');
    const path = join(dir, 'upload.bin');
    await writeFile(path, 'payload');
    await expect(client.files.upload(tampered, { path })).rejects.toMatchObject({ status: 403 });
    await client.files.upload(address, { path });
    expect(await readFile(path, 'utf8')).toBe('payload');
  });
});

describe('errors', () => {
  it('turns a 404 into a typed, non-retryable error with status, method, path, code and message', async () => {
    const client = service.client();
    const guid = crypto.randomUUID();
    const error = await client.scenarios.retrieve(guid).then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ status: 404, method: 'GET', path: `/app-service/scenario/${guid}`, code: 'ESP_404', retryable: false });
    expect((error as ServiceError).serviceMessage).toMatch(guid);
  });

  it('reads FastAPI-style error bodies of the solver family', async () => {
    const error = await service.client().solverJobs.retrieve(crypto.randomUUID()).then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as ServiceError).serviceMessage).toMatch(/not found/i);
  });

  it('reports a service that cannot be reached as a retryable connection error, without retrying forever', async () => {
    const client = new PlanningClient({ baseUrl: 'http://127.0.0.1:9', credentials: ALICE, maxRetries: 1, retryBaseMs: 1 });
    const error = await client.projects.list().then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as ConnectionError).retryable).toBe(true);
    expect((error as ConnectionError).code).toBe('NOT_SENT');
    await client.close();
  });

  it('keeps secrets out of error messages', async () => {
    const client = service.client({ credentials: { email: ALICE.email, password: 'a-wrong-password-42' } });
    const error = await client.projects.list().then(() => undefined, (e: unknown) => e);
    expect(JSON.stringify(error)).not.toContain('a-wrong-password-42');
    expect(String(error)).not.toContain('a-wrong-password-42');
  });
});
