/**
 * sweep on Temporal's own server as a team runs it in production (v1.30.4, built with `go install`, on
 * this machine's PostgreSQL, TLS on the frontend with client certificates required, JWT authorization
 * with keys from a JWKS endpoint), not on the CLI's dev server:
 * - a study on three worker processes, all connected through a temporal.toml profile (mTLS + API key),
 *   completes through a killed worker, a killed and restarted Temporal server and PostgreSQL's
 *   connections cut under it, with nothing lost or doubled by the chaos audit's count of the service's data;
 * - an API key the JWKS holds is accepted and a forged one refused, a client that does not trust the
 *   server's CA and one without a client certificate are refused, each with its own message and exit 4
 *   from `sweep doctor`, through both transports (grpc-js Connection and the Rust core's NativeConnection);
 * - the server's two databases are dropped at the end.
 */
import { execFile } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { WorkflowHandle } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditStudy } from '../../src/tooling/chaos/audit.js';
import { studyWorkflowId } from '../../src/product/cli/studies.js';
import { raiseBudget } from '../../src/tooling/chaos/run-chaos.js';
import { demoSweepYaml } from '../../src/tooling/harness/demo-sweep.js';
import { temporalEnv } from '../../src/tooling/harness/processes.js';
import { type LocalStack, onProductionServer, settle, startLocalStack } from '../../src/tooling/harness/stack.js';
import { parseStudy } from '../../src/product/study/load.js';
import { planStudy } from '../../src/product/study/plan.js';
import { createCertificateAuthority } from '../../src/product/temporal/certificates.js';
import { TemporalRefusedError, type RefusalKind } from '../../src/product/temporal/connection-refusal.js';
import { connectTemporal, connectWorkerConnection } from '../../src/product/temporal/connection.js';
import { type ProductionServer, startProductionServer } from '../../src/product/temporal/production-server.js';
import { loadTemporalTarget } from '../../src/product/temporal/temporal-profile.js';
import { progressQuery } from '../../src/product/study/workflow-messages.js';
import type { studyWorkflow } from '../../workflows/study.js';
import { startJwtIssuer, type JwtIssuer } from '../support/jwt-issuer.js';
import { tempDir } from '../support/service.js';
import { type CommandOutcome, sweep } from '../support/sweep-cli.js';

const VARIANTS = 12;

let dir: string;
let issuer: JwtIssuer;
let server: ProductionServer;
let stack: LocalStack;
/** Signed by the key the JWKS serves: `default` namespace admin. */
let apiKey: string;

beforeAll(async () => {
  dir = tempDir('sweep-production-');
  issuer = await startJwtIssuer();
  apiKey = issuer.sign({ sub: 'sweep-worker', permissions: ['default:admin'] });
  server = await startProductionServer({ dir: join(dir, 'temporal'), authorization: { jwksUrl: issuer.jwksUrl, adminApiKey: apiKey } });
  // The workers' profile carries the key, so it is written 0600; this process connects through the server's own.
  const workers = await server.writeProfile(join(dir, 'workers.toml'), 'workers', { apiKey });
  stack = await startLocalStack({ dir: join(dir, 'stack'), temporal: onProductionServer(server, workers, apiKey), workers: 3, instantSolveMs: 2_000 });
}, 600_000);

afterAll(async () => {
  await stack?.close().catch(() => undefined);
  await server?.drop().catch(() => undefined);
  await issuer?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
}, 120_000);

/** Runs `psql` as user postgres on 127.0.0.1 and answers its unaligned output. */
function psql(sql: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('psql', ['-h', '127.0.0.1', '-U', 'postgres', '-d', 'postgres', '-v', 'ON_ERROR_STOP=1', '-At', '-c', sql], { timeout: 30_000 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`psql: ${stderr || error.message}`));
      else resolve(stdout.trim());
    });
  });
}

/** Every run of every workflow in the namespace. */
async function listRuns(client: LocalStack['temporalClient']): Promise<{ workflowId: string; runId: string }[]> {
  const runs: { workflowId: string; runId: string }[] = [];
  for await (const execution of client.workflow.list()) runs.push({ workflowId: execution.workflowId, runId: execution.runId });
  return runs;
}

const databaseList = () => `'${server.databases.main}', '${server.databases.visibility}'`;

/** The study's stages in one line, or undefined while the server or the workers do not answer. */
async function progress(handle: WorkflowHandle<typeof studyWorkflow>): Promise<{ line: string; waiting: boolean } | undefined> {
  try {
    const p = await handle.query(progressQuery);
    return { line: Object.entries(p.byStage).filter(([, n]) => n > 0).map(([stage, n]) => `${stage} ${n}`).join(', '), waiting: p.waiting !== undefined };
  } catch {
    return undefined;
  }
}

/** Waits (at most 20 s) for the study to move on from `last`, or to wait for its budget; answers where it is. */
async function movedOn(handle: WorkflowHandle<typeof studyWorkflow>, last: string | undefined): Promise<string> {
  for (const deadline = Date.now() + 20_000; ; await sleep(250)) {
    const now = await progress(handle);
    if (now && (now.line !== last || now.waiting)) return now.line;
    if (Date.now() > deadline) return now?.line ?? 'no answer';
  }
}

describe('a production Temporal server: v1.30.4 on PostgreSQL, mTLS, JWT authorization', () => {
  it('completes a study on three mTLS workers through a killed worker, a Temporal restart and cut PostgreSQL connections, losing and doubling nothing', async () => {
    const started = Date.now();
    const name = 'production-sweep';
    const yamlWith = (budget?: { jobs: number; minutes: number; waitForRaise?: boolean }) =>
      demoSweepYaml({ name, variants: VARIANTS, output: join(dir, 'results'), withProfile: true, concurrency: 6, budget });
    const planned = planStudy(parseStudy(yamlWith()));
    const full = { jobs: planned.jobs, minutes: planned.minutes };
    // Held one job short of its end until every event has happened (the chaos run's device): a fast study
    // would otherwise end before them.
    const held = planned.jobs - 1;
    const { study, handle } = await stack.startStudy(name, yamlWith({ jobs: held, minutes: (held * planned.minutes) / planned.jobs, waitForRaise: true }));
    const result = settle(handle, Date.now() + 8 * 60_000);
    const log: string[] = [];

    let at = await movedOn(handle, undefined);
    await stack.killWorker(1);
    log.push(`worker killed (SIGKILL) at ${at}`);
    at = await movedOn(handle, at);
    await stack.restartTemporal();
    log.push(`Temporal server killed (SIGKILL) and started again at ${at}`);
    at = await movedOn(handle, at);
    const cut = Number(await psql(
      `SELECT count(*) FROM (SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname IN (${databaseList()}) AND pid <> pg_backend_pid()) AS cut`,
    ));
    log.push(`${cut} PostgreSQL connections terminated at ${at}`);
    expect(cut, log.join('\n')).toBeGreaterThan(0);
    at = await movedOn(handle, at);
    await raiseBudget(handle, full, (line) => log.push(line));

    const outcome = await result;
    const audit = await auditStudy(stack.client, { ...study, budget: { ...study.budget, ...full } }, join(dir, 'audit'));
    const summary = JSON.stringify({ outcome, wallSeconds: Math.round((Date.now() - started) / 100) / 10, ...audit, log });
    console.log(`production study: ${summary}`);
    expect(outcome, summary).toBe('completed');
    expect(audit.problems, summary).toEqual([]);
    expect(audit, summary).toMatchObject({
      variants: VARIANTS, variantsTerminal: VARIANTS, variantsDone: VARIANTS, lostVariants: 0, duplicateScenarios: 0, duplicateSolverJobs: 0,
      budgetOverrun: 0, outputFilesMismatched: 0,
    });
    expect(audit.outputFilesVerified, summary).toBe(VARIANTS);
    // Every variant went through the three workers' shared task queue on this server: its history is here.
    const described = await stack.temporalClient.workflow.getHandle(handle.workflowId).describe();
    expect(described.status.name).toBe('COMPLETED');
    // The workers' key went to their connections only: not into a history of the study or a log of the stack.
    const histories = await Promise.all((await listRuns(stack.temporalClient)).map((run) =>
      stack.temporalClient.workflow.getHandle(run.workflowId, run.runId).fetchHistory().then((history) => JSON.stringify(history))));
    expect(histories.length).toBeGreaterThan(VARIANTS / 6);
    for (const history of histories) expect(history).not.toContain(apiKey);
    for (const log of ['worker.log', 'service.log']) expect(readFileSync(join(dir, 'stack', 'logs', log), 'utf8')).not.toContain(apiKey);
  }, 600_000);

  describe('who may connect', () => {
    /** The server's profile (mTLS, no key) with `extra` over it, as a process environment. */
    const envOf = (extra: Record<string, string> = {}) => ({ ...temporalEnv({ profile: server.profile }), ...extra });

    /** Connects both ways a sweep process does and answers each refusal (or 'connected'). */
    async function bothTransports(env: NodeJS.ProcessEnv): Promise<{ connection: RefusalKind | 'connected' | string; native: RefusalKind | 'connected' | string; messages: string[] }> {
      const messages: string[] = [];
      const outcome = async (attempt: () => Promise<{ close(): Promise<void> }>) => {
        try {
          await (await attempt()).close();
          return 'connected';
        } catch (error) {
          messages.push((error as Error).message);
          return error instanceof TemporalRefusedError ? error.kind : `not a refusal: ${(error as Error).message}`;
        }
      };
      const connection = await outcome(async () => (await connectTemporal(loadTemporalTarget(env), { timeoutMs: 15_000 })).connection);
      const native = await outcome(() => connectWorkerConnection(loadTemporalTarget(env), 15_000));
      return { connection, native, messages };
    }

    /** `sweep doctor` with the stack's service and `env` for Temporal, and none of this process's own settings. */
    function doctor(env: NodeJS.ProcessEnv): Promise<CommandOutcome> {
      const base = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(SWEEP_|TEMPORAL_|XDG_CONFIG_HOME$)/.test(key)));
      return sweep(['doctor', '--timeout', '15'], {
        SWEEP_CREDENTIALS_FILE: join(dir, 'absent.json'), SWEEP_SERVICE_URL: stack.service.url,
        SWEEP_SERVICE_EMAIL: stack.account.email, SWEEP_SERVICE_PASSWORD: stack.account.password, ...env,
      }, base);
    }

    const temporalLine = (run: CommandOutcome) => run.stdout.split('\n').find((line) => /^(ok  |FAIL) temporal /.test(line)) ?? `no temporal line in:\n${run.stdout}${run.stderr}`;

    it('accepts an API key the JWKS endpoint vouches for: a client over mTLS lists workflows, and sweep doctor passes', async () => {
      const client = await connectTemporal(loadTemporalTarget(envOf({ TEMPORAL_API_KEY: apiKey })), { timeoutMs: 15_000 });
      try {
        const { executions } = await client.workflowService.listWorkflowExecutions({ namespace: 'default', pageSize: 100 });
        expect(executions.map((e) => e.execution?.workflowId)).toContain(studyWorkflowId('production-sweep'));
      } finally {
        await client.connection.close();
      }
      expect((await bothTransports(envOf({ TEMPORAL_API_KEY: apiKey }))).native).toBe('connected');
      const run = await doctor(envOf({ TEMPORAL_API_KEY: apiKey }));
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(temporalLine(run)).toMatch(/^ok   temporal +127\.0\.0\.1:\d+, namespace default; profile sweep .*auth API key, mTLS/);
      expect(issuer.fetches).toBeGreaterThan(0);
    }, 120_000);

    it('refuses a key signed by another key, saying the key was refused and never printing it (exit 4)', async () => {
      const forged = issuer.forger().sign({ sub: 'intruder', permissions: ['default:admin'] });
      const env = envOf({ TEMPORAL_API_KEY: forged });
      const both = await bothTransports(env);
      expect(both, JSON.stringify(both)).toMatchObject({ connection: 'credentials', native: 'credentials' });
      for (const message of both.messages) expect(message).not.toContain(forged);
      const run = await doctor(env);
      expect(run.code, run.stdout + run.stderr).toBe(4);
      expect(temporalLine(run)).toMatch(/^FAIL temporal +the Temporal server at 127\.0\.0\.1:\d+ refused sweep's credentials \(API key rejected or missing/);
      expect(run.stdout + run.stderr).not.toContain(forged);
      expect(run.stdout + run.stderr).not.toContain(apiKey);
    }, 120_000);

    it('refuses a client that does not trust the server\'s CA, naming the CA setting (exit 4)', async () => {
      const otherCa = await createCertificateAuthority(join(dir, 'other-ca'), 'other-ca');
      const env = envOf({ TEMPORAL_API_KEY: apiKey, TEMPORAL_TLS_SERVER_CA_CERT_PATH: otherCa.cert });
      const both = await bothTransports(env);
      expect(both, JSON.stringify(both)).toMatchObject({ connection: 'server-certificate', native: 'server-certificate' });
      const run = await doctor(env);
      expect(run.code, run.stdout + run.stderr).toBe(4);
      expect(temporalLine(run)).toMatch(/^FAIL temporal +the Temporal server at 127\.0\.0\.1:\d+ presented a certificate sweep does not trust \(wrong or missing server CA/);
    }, 120_000);

    it('refuses a client without a client certificate, naming the client certificate settings (exit 4)', async () => {
      const profile = await server.writeProfile(join(dir, 'no-client-cert.toml'), 'no-client-cert', { apiKey, clientCertificate: false });
      const env = temporalEnv({ profile });
      const both = await bothTransports(env);
      expect(both, JSON.stringify(both)).toMatchObject({ connection: 'client-certificate', native: 'client-certificate' });
      const run = await doctor(env);
      expect(run.code, run.stdout + run.stderr).toBe(4);
      expect(temporalLine(run)).toMatch(/^FAIL temporal +the Temporal server at 127\.0\.0\.1:\d+ refused the TLS handshake: it wants a client certificate it trusts/);
      expect(run.stdout + run.stderr).not.toContain(apiKey);
    }, 120_000);
  });

  it('ran every service to the end: the system workers reached the internal frontend, and no start failed', async () => {
    // A server whose system workers cannot connect keeps answering clients for a minute, then gives up.
    const log = readFileSync(server.logPath, 'utf8');
    expect(log).not.toMatch(/error creating sdk client|start failed|Unable to start server/);
    expect(await Promise.race([server.exited, sleep(0).then(() => 'running')])).toBe('running');
  });

  it('drops its two databases', async () => {
    await stack.close();
    await server.drop();
    expect(await psql(`SELECT count(*) FROM pg_database WHERE datname IN (${databaseList()})`)).toBe('0');
  }, 120_000);
});
