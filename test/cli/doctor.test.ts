/**
 * `sweep doctor` as an operator runs it (a process, against the test run's Temporal server and real
 * local services): every check passing, each kind of failure with its line and exit code, and the
 * password in no output whatever fails.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEPLOYED_PREFIXES } from '../../src/wire/contract/index.js';
import { describeConnectionFailure } from '../../src/product/cli/commands/doctor.js';
import { ALICE, startTestService, tempDir, type TestService } from '../support/service.js';
import { type CommandOutcome, sweep } from '../support/sweep-cli.js';

type Run = CommandOutcome;

let both: TestService;
let deployedOnly: TestService;
let dir: string;

beforeAll(async () => {
  both = await startTestService();
  deployedOnly = await startTestService({ prefixSets: [DEPLOYED_PREFIXES] });
  dir = tempDir('sweep-doctor-');
});
afterAll(async () => {
  await both?.close();
  await deployedOnly?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/**
 * Runs `sweep doctor` with only the given configuration: none of the developer's SWEEP_* or
 * TEMPORAL_* variables, no credentials file unless the test writes one.
 */
function doctor(env: Record<string, string>, ...args: string[]): Promise<Run> {
  const base = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(SWEEP_|TEMPORAL_|XDG_CONFIG_HOME$)/.test(key)));
  return sweep(['doctor', ...args], { SWEEP_CREDENTIALS_FILE: join(dir, 'absent.json'), ...env }, base);
}

const fromEnv = (url: string, password = ALICE.password) => ({ SWEEP_SERVICE_URL: url, SWEEP_SERVICE_EMAIL: ALICE.email, SWEEP_SERVICE_PASSWORD: password });

function expectNoSecret(run: Run, ...secrets: string[]): void {
  for (const secret of secrets) {
    expect(run.stdout.includes(secret), `stdout holds ${secret}`).toBe(false);
    expect(run.stderr.includes(secret), `stderr holds ${secret}`).toBe(false);
  }
}

/** The line of one check. */
function line(run: Run, check: string): string {
  const found = run.stdout.split('\n').find((l) => new RegExp(`^(ok  |FAIL|skip) ${check} `).test(l));
  expect(found, `no ${check} line in:\n${run.stdout}\n${run.stderr}`).toBeDefined();
  return found!;
}

/** A port nothing listens on (one that was free a moment ago). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function writeCredentials(name: string, text: string): string {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
}

// Each test starts one or two sweep processes; several run at once, and a loaded machine slows each.
describe.concurrent('sweep doctor', { timeout: 120_000 }, () => {
  it('passes every check against a reachable Temporal and service, from the environment', async () => {
    const run = await doctor(fromEnv(both.url));
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(line(run, 'configuration')).toBe(`ok   configuration from environment (SWEEP_SERVICE_*): ${both.url}, paths spec, as ${ALICE.email}`);
    expect(line(run, 'temporal')).toBe(`ok   temporal      ${inject('temporalAddress')}, namespace default; no profile file, auth none`);
    expect(line(run, 'service')).toMatch(/^ok   service +http:\/\/127\.0\.0\.1:\d+ answers on the spec paths \(\/solver-api\/ext\/solver\/jobs\/usage → 401 before login\)$/);
    expect(line(run, 'login')).toBe(`ok   login         logged in as ${ALICE.email}`);
    expect(line(run, 'usage')).toMatch(/^ok   usage +this week 0 jobs, 0 solver minutes \(yours: 0 jobs, 0 minutes\); in all 0 jobs, 0 minutes$/);
    expect(run.stdout).toMatch(/all checks passed\n$/);
    expectNoSecret(run, ALICE.password);
  });

  it('passes from a credentials file on the deployed paths, and names the file', async () => {
    const file = writeCredentials('deployed.json', JSON.stringify({ baseUrl: deployedOnly.url, ...ALICE, paths: 'deployed' }));
    const run = await doctor({ SWEEP_CREDENTIALS_FILE: file });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(line(run, 'configuration')).toBe(`ok   configuration from ${file}: ${deployedOnly.url}, paths deployed, as ${ALICE.email}`);
    expect(line(run, 'service')).toContain('answers on the deployed paths (/sense-api/ext/solver/jobs/usage → 401 before login)');
    expectNoSecret(run, ALICE.password);
  });

  it('fails the Temporal check with exit 4 and its address when nothing listens there', async () => {
    const address = `127.0.0.1:${await closedPort()}`;
    const run = await doctor({ ...fromEnv(both.url), TEMPORAL_ADDRESS: address }, '--timeout', '1');
    expect(run.code).toBe(4);
    expect(line(run, 'temporal')).toMatch(new RegExp(`^FAIL temporal +no Temporal server answered at ${address.replace(/\./g, '\\.')} within 1 s`));
    // The service does not depend on Temporal: still checked, and fine.
    expect(line(run, 'usage')).toMatch(/^ok   usage/);
    expect(run.stdout).toContain('1 of 5 checks failed');
    expectNoSecret(run, ALICE.password);
  });

  it('fails on a namespace the server does not have, with exit 2', async () => {
    const run = await doctor({ ...fromEnv(both.url), TEMPORAL_NAMESPACE: 'no-such-namespace' });
    expect(run.code).toBe(2);
    expect(line(run, 'temporal')).toContain('has no namespace "no-such-namespace": set TEMPORAL_NAMESPACE');
  });

  it('fails the login with exit 5 on a wrong password, which appears nowhere', async () => {
    const wrong = 'Wrong-Zebra-Password-77';
    const run = await doctor(fromEnv(both.url, wrong));
    expect(run.code).toBe(5);
    expect(line(run, 'service')).toMatch(/^ok   service/);
    expect(line(run, 'login')).toMatch(/^FAIL login +the service refused the email\/password from environment \(SWEEP_SERVICE_\*\) \(HTTP 401: .+\): check SWEEP_SERVICE_EMAIL and SWEEP_SERVICE_PASSWORD$/);
    expect(line(run, 'usage')).toBe('skip usage         skipped: needs a login');
    expectNoSecret(run, wrong, ALICE.password);
  });

  it('fails with exit 2 without any configuration, naming the variables and the credentials file', async () => {
    const run = await doctor({});
    expect(run.code).toBe(2);
    const config = line(run, 'configuration');
    for (const name of ['SWEEP_SERVICE_URL', 'SWEEP_SERVICE_EMAIL', 'SWEEP_SERVICE_PASSWORD', join(dir, 'absent.json')]) expect(config).toContain(name);
    expect(line(run, 'temporal')).toMatch(/^ok   temporal/);
    for (const check of ['service', 'login', 'usage']) expect(line(run, check)).toMatch(/^skip .* skipped: needs the configuration$/);
  });

  it('says which variables are missing when the environment configures the service only in part', async () => {
    const run = await doctor({ SWEEP_SERVICE_URL: both.url });
    expect(run.code).toBe(2);
    expect(line(run, 'configuration')).toContain('SWEEP_SERVICE_EMAIL and SWEEP_SERVICE_PASSWORD not set (only SWEEP_SERVICE_URL), so the environment is not used');
  });

  it('fails with exit 2 on a credentials file that is not JSON, without quoting it', async () => {
    const secret = 'hunter2-in-a-broken-file';
    const file = writeCredentials('broken.json', `{"baseUrl": "${both.url}", "email": "${ALICE.email}", "password": ${secret}}`);
    const run = await doctor({ SWEEP_CREDENTIALS_FILE: file });
    expect(run.code).toBe(2);
    expect(line(run, 'configuration')).toContain(`${file} is not valid JSON`);
    expectNoSecret(run, secret);
    // JSON.parse's own message would have quoted it: the guard above is not vacuous.
    expect(() => JSON.parse(`{"password": ${secret}}`)).toThrow(/hunter2/);
  });

  it('fails with exit 2 on a credentials file with a bad field, naming the field', async () => {
    const badUrl = writeCredentials('bad-url.json', JSON.stringify({ baseUrl: 'not an address', ...ALICE }));
    const run = await doctor({ SWEEP_CREDENTIALS_FILE: badUrl });
    expect(run.code).toBe(2);
    expect(line(run, 'configuration')).toContain(`${badUrl}: baseUrl: must be the service address`);
    expectNoSecret(run, ALICE.password);

    const noEmail = writeCredentials('no-email.json', JSON.stringify({ baseUrl: both.url, email: '', password: ALICE.password }));
    const second = await doctor({ SWEEP_CREDENTIALS_FILE: noEmail });
    expect(second.code).toBe(2);
    expect(line(second, 'configuration')).toContain(`${noEmail}: email: must not be empty`);
    expectNoSecret(second, ALICE.password);
  });

  it('fails with exit 2 on the wrong path family, saying which one answers', async () => {
    const run = await doctor(fromEnv(deployedOnly.url));
    expect(run.code).toBe(2);
    expect(line(run, 'service')).toMatch(/^FAIL service +http:\/\/.*\/solver-api\/ext\/solver\/jobs\/usage → 404, but the deployed paths answer \(\/sense-api\/ext\/solver\/jobs\/usage → 401\): set SWEEP_SERVICE_PATHS to deployed$/);
    expect(line(run, 'login')).toBe('skip login         skipped: needs the planning service');
  });

  it('fails with exit 4 when the service address refuses connections', async () => {
    const port = await closedPort();
    const run = await doctor(fromEnv(`http://127.0.0.1:${port}`));
    expect(run.code).toBe(4);
    expect(line(run, 'service')).toContain(`connection refused at 127.0.0.1:${port}: nothing listens there`);
    expectNoSecret(run, ALICE.password);
  });

  it('fails with exit 4 when https meets a plain-HTTP service', async () => {
    const run = await doctor(fromEnv(both.url.replace(/^http:/, 'https:')));
    expect(run.code).toBe(4);
    expect(line(run, 'service')).toMatch(/TLS handshake with 127\.0\.0\.1:\d+ failed \(.+\): the server does not speak TLS there: use http:\/\//);
  });

  it('fails with exit 4 when the service accepts the connection and never answers', async () => {
    const sockets: Socket[] = [];
    const silent: Server = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    try {
      const run = await doctor(fromEnv(`http://127.0.0.1:${port}`), '--timeout', '1');
      expect(run.code).toBe(4);
      expect(line(run, 'service')).toContain(`timeout: no answer from 127.0.0.1:${port} within 1 s`);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('fails with exit 2 when the address redirects, naming where to', async () => {
    const target = new URL(both.url);
    const redirecting = createHttpServer((req, res) => res.writeHead(301, { location: `${both.url}${req.url}` }).end());
    await new Promise<void>((resolve) => redirecting.listen(0, '127.0.0.1', resolve));
    const { port } = redirecting.address() as { port: number };
    try {
      const run = await doctor(fromEnv(`http://127.0.0.1:${port}`));
      expect(run.code).toBe(2);
      expect(line(run, 'service')).toContain(`→ 301, redirected to ${target.origin}/solver-api/ext/solver/jobs/usage: set SWEEP_SERVICE_URL to ${target.origin}`);
    } finally {
      await new Promise((resolve) => redirecting.close(resolve));
    }
  });

  it('refuses a --timeout that is not a number of seconds', async () => {
    const run = await doctor({}, '--timeout', 'soon');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--timeout must be a number of seconds');
  });
});

describe('describeConnectionFailure', () => {
  const url = new URL('https://api.example.test/x');
  it('names DNS failures, with the host', () => {
    expect(describeConnectionFailure(Object.assign(new Error('getaddrinfo ENOTFOUND api.example.test'), { code: 'ENOTFOUND' }), url, 5000))
      .toBe('DNS: no host named "api.example.test" (is the address spelt right?)');
    expect(describeConnectionFailure(Object.assign(new Error('x'), { code: 'EAI_AGAIN' }), url, 5000)).toMatch(/^DNS: looking up "api.example.test" failed for now/);
  });
  it('finds the code of a connection failure wrapped in an aggregate, with the default port', () => {
    const inner = Object.assign(new Error('connect ECONNREFUSED ::1:443'), { code: 'ECONNREFUSED' });
    expect(describeConnectionFailure(new AggregateError([inner]), url, 5000)).toMatch(/^connection refused at api\.example\.test:443:/);
  });
  it('tells an untrusted certificate from a server without TLS', () => {
    expect(describeConnectionFailure(Object.assign(new Error('self-signed certificate'), { code: 'DEPTH_ZERO_SELF_SIGNED_CERT' }), url, 5000))
      .toContain('its certificate is not trusted here');
  });
});
