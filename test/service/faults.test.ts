/**
 * Fault injection of the local service, one kind at a time, seen through the real client over real
 * HTTP: what each fault does to an answer, that a fault applied after the operation keeps the
 * write, that the client tells each apart (and what it may retry), and that the counts survive a
 * restart of the service.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AuthenticationError, ConnectionError, IntegrityError, InternalServerError, RateLimitError, ResponseValidationError,
} from '../../src/wire/client/index.js';
import type { FaultSettingsInput } from '../../src/local-service/server/faults/settings.js';
import { OutputFileError, readOutputZip } from '../../src/product/study/results/read-output.js';
import { buildScenario, type ScenarioFixture } from '../support/scenario-fixture.js';
import { startTestService, tempDir, type TestService } from '../support/service.js';
import { waitFor } from '../support/wait.js';

let service: TestService;
let fixture: ScenarioFixture;
const dataDir = tempDir('sweep-faults-');

beforeAll(async () => {
  service = await startTestService({ dataDir });
  fixture = await buildScenario(service.client(), { projectName: 'Faults' });
});
afterAll(() => service.close());

/** Sets the faults (only `kind`, at rate 1, unless more is given); answers the counts before. */
async function only(kind: string, extra: FaultSettingsInput = {}): Promise<Record<string, number>> {
  const weights = Object.fromEntries(['http500', 'http502', 'http503', 'http429', 'reset', 'malformed', 'revokeTokens', 'truncateDownload', 'corruptDownload'].map((k) => [k, k === kind ? 1 : 0]));
  const before = (await service.admin('/faults')) as { counts: Record<string, number> };
  await put({ rate: 1, kinds: weights, afterEffect: 0, ...extra });
  return before.counts;
}

function put(settings: FaultSettingsInput): Promise<{ status: number; body: unknown }> {
  return service.adminRequest('PUT', '/faults', settings);
}

const off = () => put({ rate: 0, latency: { distribution: 'none' }, specs: { failRate: 0, delayMs: 0 }, solver: { failRate: 0, infeasibleRate: 0 } });
const failure = (promise: Promise<unknown>) => promise.then(() => undefined, (e: unknown) => e);
/** A client that does not retry, so each fault is seen as it is. */
const bare = () => service.client({ maxRetries: 0 });
const projectNames = async () => (await service.client().projects.list()).map((p) => p.projectName);

describe('fault injection', () => {
  it('is off by default and refuses settings that are not valid, naming the field', async () => {
    const state = (await service.admin('/faults')) as { settings: { rate: number } };
    expect(state.settings.rate).toBe(0);
    const bad = await put({ rate: 2 } as never);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toMatch(/rate: must be ≤ 1/);
    const unknown = await put({ kinds: { http418: 1 } } as never);
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toMatch(/kinds/);
    expect(((await service.admin('/faults')) as { settings: { rate: number } }).settings.rate).toBe(0);
  });

  it('answers 500, 502 and 503 (with Retry-After) in the form of the path family', async () => {
    for (const [kind, status] of [['http500', 500], ['http502', 502], ['http503', 503]] as const) {
      await only(kind);
      const answer = await request(`${service.url}/app-service/projects`, { headers: { authorization: 'Bearer x' } });
      expect(answer.statusCode).toBe(status);
      const body = (await answer.body.json()) as { status: { code: string; message: string } };
      expect(body.status.code).toBe(`ESP_${status}`);
      expect(body.status.message).toMatch(/Injected fault/);
      expect(answer.headers['retry-after']).toBe(status === 503 ? '1' : undefined);
    }
    await off();
  });

  it('answers 429 with Retry-After, which the client waits out before it retries', async () => {
    await only('http429', { retryAfterSeconds: 0 });
    const error = await failure(bare().projects.list());
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ status: 429, retryable: true, retryAfterMs: 0 });
    await off();
  });

  it('after the operation: the write is kept although the answer says 500', async () => {
    const client = bare();
    await client.projects.list();
    await only('http500', { afterEffect: 1 });
    const error = await failure(client.projects.create({ projectName: 'Kept despite 500', version: 'V2' }));
    expect(error).toBeInstanceOf(InternalServerError);
    await off();
    expect(await projectNames()).toContain('Kept despite 500');
  });

  it('before the operation: nothing is written', async () => {
    const client = bare();
    await client.projects.list();
    await only('http503', { afterEffect: 0 });
    await expect(client.projects.create({ projectName: 'Never written', version: 'V2' })).rejects.toBeInstanceOf(InternalServerError);
    await off();
    expect(await projectNames()).not.toContain('Never written');
  });

  it('resets the connection mid-answer: a retryable connection error, and the write is kept', async () => {
    const client = bare();
    await client.projects.list();
    await only('reset', { afterEffect: 1 });
    const error = await failure(client.projects.create({ projectName: 'Kept despite reset', version: 'V2' }));
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ retryable: true, method: 'POST' });
    await off();
    expect(await projectNames()).toContain('Kept despite reset');
  });

  it('garbles an answer: the client names the operation and the field, and retries only a read', async () => {
    const client = bare();
    await client.projects.list();
    await only('malformed');
    const read = await failure(client.hubs.list(fixture.scenarioGuid));
    expect(read).toBeInstanceOf(ResponseValidationError);
    expect(read).toMatchObject({ operation: 'hubs.list', retryable: true });
    expect((read as Error).message).toMatch(/answer does not match the hubs\.list schema: data\[0\]\.\w+: /);
    const write = await failure(client.hubs.create(fixture.scenarioGuid, 'Garbled hub'));
    expect(write).toBeInstanceOf(ResponseValidationError);
    expect(write).toMatchObject({ operation: 'hubs.create', retryable: false });
    await off();
  });

  it('revokes the caller’s tokens: one fresh login, never a loop, and the next call goes through', async () => {
    const client = service.client();
    await client.projects.list();
    const logins = client.transport.tokens.logins;
    await only('revokeTokens');
    // Revoked, logged in again, revoked again: the second refusal is the answer.
    await expect(client.projects.list()).rejects.toBeInstanceOf(AuthenticationError);
    expect(client.transport.tokens.logins).toBe(logins + 1);
    await off();
    await expect(client.projects.list()).resolves.toBeInstanceOf(Array);
    expect(client.transport.tokens.logins).toBe(logins + 2);
  });

  it('adds latency drawn from its distribution', async () => {
    const client = bare();
    await client.projects.list();
    await put({ rate: 0, latency: { distribution: 'fixed', ms: 300 } });
    const started = performance.now();
    await client.projects.list();
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    await off();
  });

  it('cuts a download short or corrupts it; the client keeps neither', async () => {
    const client = service.client();
    await client.scenarios.generateSpecs([fixture.scenarioGuid]);
    const address = await waitFor(() => client.scenarios.specsFileUrl(fixture.scenarioGuid), { what: 'the specs file' });
    const dir = tempDir();
    for (const [kind, expected, text] of [['truncateDownload', ConnectionError, /interrupted|truncated/], ['corruptDownload', IntegrityError, /corrupt: sha256/]] as const) {
      await only(kind);
      const destination = join(dir, `${kind}.xlsx`);
      const error = await failure(client.files.download(address, destination));
      expect(error).toBeInstanceOf(expected);
      expect((error as Error).message).toMatch(text);
      expect((error as ConnectionError).retryable).toBe(true);
      expect(existsSync(destination)).toBe(false);
    }
    await off();
    const whole = await client.files.download(address, join(dir, 'whole.xlsx'));
    expect(whole.bytes).toBeGreaterThan(1000);
  });

  it('fails specs generation and solver jobs, or reports them infeasible', async () => {
    const client = service.client();
    await put({ rate: 0, specs: { failRate: 1, delayMs: 0 } });
    await client.scenarios.generateSpecs([fixture.scenarioGuid]);
    const ended = await waitFor(async () => {
      const s = await client.scenarios.retrieve(fixture.scenarioGuid);
      return !s.preparingExecutionV2 && s;
    }, { what: 'the specs generation to end' });
    expect(ended.readyForExecution).toBeFalsy();
    expect(await client.scenarios.specsFileUrl(fixture.scenarioGuid)).toBeNull();

    for (const [solver, expected] of [[{ failRate: 1, infeasibleRate: 0 }, { infeasibilityInfo: null, statusMsg: /Injected fault/ }], [{ failRate: 0, infeasibleRate: 1 }, { infeasibilityInfo: /Injected fault/ }]] as const) {
      await put({ rate: 0, specs: { failRate: 0, delayMs: 0 }, solver });
      const [job] = await client.solverJobs.submit([{
        name: `faulty-${solver.failRate}`, scenarioGuid: fixture.scenarioGuid, objective1: 'MIN_LIFE_CYCLE_COST', temporalResolution: 'LOW', points: 1, timeLimit: 1, mipGap: 1,
      }]);
      const done = await waitFor(async () => {
        const current = await client.solverJobs.retrieve(job.id);
        return current.terminated ? current : undefined;
      }, { timeoutMs: 60_000, what: 'the job to end' });
      expect(done.status).toBe('FAILED');
      if (expected.infeasibilityInfo) expect(done.infeasibilityInfo).toMatch(expected.infeasibilityInfo);
      else expect(done.statusMsg).toMatch(/Injected fault/);
    }
    await off();
  });

  it('counts every fault by kind, and keeps the counts across a restart', async () => {
    const counts = ((await service.admin('/faults')) as { counts: Record<string, number> }).counts;
    for (const kind of ['http500', 'http502', 'http503', 'http429', 'reset', 'malformed', 'revokeTokens', 'truncateDownload', 'corruptDownload', 'latency', 'specsFailed', 'solverFailed', 'solverInfeasible']) {
      expect(counts[kind], kind).toBeGreaterThan(0);
    }
    await service.close();
    service = await startTestService({ dataDir });
    expect(((await service.admin('/faults')) as { counts: Record<string, number> }).counts).toEqual(counts);
  });
});

describe('output zips', () => {
  it('a zip whose entry does not match its CRC-32 is refused, naming the entry', async () => {
    const { zipSync } = await import('fflate');
    const zip = zipSync({ 'Solution 1 - cost.xlsx': new TextEncoder().encode('x'.repeat(200)) }, { level: 0 });
    // Stored (level 0): the entry's bytes sit in the zip as they are; flip one.
    const at = zip.indexOf('x'.charCodeAt(0));
    zip[at + 50] ^= 0xff;
    const error = await failure(readOutputZip(zip));
    expect(error).toBeInstanceOf(OutputFileError);
    expect((error as Error).message).toMatch(/Solution 1 - cost\.xlsx does not match its CRC-32/);
  });
});
