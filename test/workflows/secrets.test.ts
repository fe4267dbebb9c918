/**
 * Secrets stay secret: the account password, the bearer tokens and the service's admin token
 * appear nowhere in the workflow histories of a study (fetched through the Temporal client), in the
 * worker's and the service's logs (at debug level, through faults, revoked tokens and failed jobs),
 * in the results files, or in error messages.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/common/logger.js';
import { PlanningClient } from '../../src/wire/client/index.js';
import { serviceLogger } from '../../src/local-service/server/app.js';
import { studyWorkflow } from '../../workflows/index.js';
import { buildScenario } from '../support/scenario-fixture.js';
import { ALICE } from '../support/service.js';
import { startStudyEnv, type StudyEnv } from '../support/study-env.js';

/** A bearer token of the local service (or any JWT): three base64url parts, the first a JSON header. */
const JWT = /eyJ[\w-]{8,}\.[\w-]{8,}\.[\w-]{8,}/;

function expectNoSecret(text: string, where: string): void {
  expect(text.includes(ALICE.password), `${where} holds the password`).toBe(false);
  const adminToken = env?.service.adminToken;
  if (adminToken) expect(text.includes(adminToken), `${where} holds the service's admin token`).toBe(false);
  expect(JWT.exec(text)?.[0], `${where} holds a token`).toBeUndefined();
  expect(/Bearer\s+\S/i.test(text), `${where} holds an Authorization header`).toBe(false);
  expect(/signature=[\w-]{10,}/.test(text), `${where} holds a presigned address's signature`).toBe(false);
}

/** Every text inside a file: itself, or the entries of a zip (and of the workbooks inside it). */
function textsOf(bytes: Uint8Array, name: string): [string, string][] {
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) {
    return Object.entries(unzipSync(bytes)).flatMap(([entry, content]) => textsOf(content, `${name}!${entry}`));
  }
  return [[name, strFromU8(bytes, true)]];
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

const serviceLines: string[] = [];
const workerLines: string[] = [];
const capture = (lines: string[]) => ({ write: (line: string) => void lines.push(line) });
let env: StudyEnv;

beforeAll(async () => {
  env = await startStudyEnv({ logger: serviceLogger('debug', capture(serviceLines)) });
  await buildScenario(env.service.client(), { projectName: 'Secrets', scenarioName: 'Base' });
});
afterAll(() => env?.close());

describe('secrets', () => {
  it('are redacted from every logged object, however deep', () => {
    const lines: string[] = [];
    const log = createLogger({ level: 'debug', destination: capture(lines) });
    log.warn({ password: ALICE.password, credentials: ALICE, req: { headers: { authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJlLXNpZ25hdHVyZQ' } } }, 'x');
    log.error({ answer: { access_token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJlLXNpZ25hdHVyZQ' } }, 'y');
    expect(lines).toHaveLength(2);
    for (const line of lines) expectNoSecret(line, 'a log line');
    expect(lines[0]).toContain('[redacted]');
  });

  it('appear nowhere in the histories, logs and results of a study run through faults', async () => {
    const worker = await env.startWorker({ log: createLogger({ level: 'debug', destination: capture(workerLines) }) });
    // Faults once the base exists: errors, resets, garbled answers, revoked tokens, failed jobs.
    const put = await env.service.adminRequest('PUT', '/faults', { rate: 0.15, kinds: { revokeTokens: 3 }, retryAfterSeconds: 0, seed: 3, solver: { failRate: 0.3 } });
    expect(put.status).toBe(200);

    const { study, file } = env.study(`
version: 1
name: secrets
base: { project: Secrets, analysis: Base analysis, scenario: Base }
destination: { analysis: Secrets study }
parameters:
  - { name: boiler_cost, target: { kind: conversionTechnology, name: Gas boiler, field: variableInvestmentCost }, values: [150, 400, 900] }
variants: { method: grid }
solver: { objective1: MIN_LIFE_CYCLE_COST, points: 1, temporalResolution: LOW, timeLimit: 2, mipGap: 1 }
concurrency: 3
output: out-secrets
`);
    const handle = await env.temporal.workflow.start(studyWorkflow, { workflowId: `study/${study.name}`, taskQueue: env.taskQueue, args: [env.input(study, file)] });
    const result = await handle.result();
    expect(result.totals.variants).toBe(3);
    await worker.stop();
    const counts = ((await env.service.admin('/faults')) as { counts: Record<string, number> }).counts;
    expect(counts.revokeTokens ?? 0, JSON.stringify(counts)).toBeGreaterThan(0);

    // Every run of every workflow of the study, and of the account's budget gate.
    let histories = 0;
    for (const id of [`study/${study.name}`, `study/${study.name}/batch-0`, env.gateId]) {
      for await (const execution of env.temporal.workflow.list({ query: `WorkflowId = '${id}'` })) {
        const history = await env.temporal.workflow.getHandle(id, execution.runId).fetchHistory();
        expectNoSecret(JSON.stringify(history), `the history of ${id} (${execution.runId})`);
        histories++;
      }
    }
    expect(histories).toBeGreaterThanOrEqual(3);

    expect(workerLines.length).toBeGreaterThan(10);
    for (const line of workerLines) expectNoSecret(line, 'the worker log');
    expect(serviceLines.length).toBeGreaterThan(0);
    for (const line of serviceLines) expectNoSecret(line, 'the service log');

    const files = filesUnder(study.output);
    expect(files.some((f) => f.endsWith('results.zip'))).toBe(true);
    for (const path of files) for (const [name, text] of textsOf(readFileSync(path), path)) expectNoSecret(text, name);
  }, 300_000);

  it('appear in no error message, whatever fails', async () => {
    const wrong = { email: ALICE.email, password: `${ALICE.password}-but-wrong` };
    const client = new PlanningClient({ baseUrl: env.service.url, credentials: wrong, maxRetries: 0 });
    const failure = await client.projects.list().then(() => undefined, (e: unknown) => e as Error);
    expect(failure).toBeInstanceOf(Error);
    for (const text of [failure!.message, String(failure), JSON.stringify(failure), failure!.stack ?? '']) {
      expect(text.includes(wrong.password)).toBe(false);
      expectNoSecret(text, 'an error');
    }
    await client.close();
  });
});
