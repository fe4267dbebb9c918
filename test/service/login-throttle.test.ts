/**
 * Password guessing slows down the guesser alone. Failures are counted per client address and
 * account: past five, the guessing address waits (429 with Retry-After, before its password is
 * even checked), and its wait doubles with every further failure; one address guessing across many
 * accounts waits too. The account's owner logging in from another address is never refused, and a
 * client that holds a token (a study worker) keeps working whoever guesses, from wherever.
 * Addresses are faked through fastify's inject, which sets the socket's remote address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlanningClient } from '../../src/wire/client/index.js';
import { type Service, startService } from '../../src/local-service/server/app.js';
import { DEFAULT_LOGIN_LIMITS, clientKey } from '../../src/local-service/server/login-limiter.js';
import { ALICE, BOB, tempDir } from '../support/service.js';

const TOKEN_PATH = '/backoffice/auth/ext/token';
const ATTACKER = '203.0.113.66';
const WRONG = { email: ALICE.email, password: 'not-alices-password' };

let service: Service & { url: string };
beforeAll(async () => {
  service = await startService({ dataDir: tempDir('sweep-throttle-'), users: [ALICE, BOB], solver: { optimiser: null } });
});
afterAll(() => service?.close());

/** A login from `remoteAddress`: its status, Retry-After (seconds) and how long it took. */
async function login(remoteAddress: string, credentials: { email: string; password: string }) {
  const started = performance.now();
  const answer = await service.app.inject({ method: 'POST', url: TOKEN_PATH, payload: credentials, remoteAddress });
  const retryAfter = answer.headers['retry-after'];
  return { status: answer.statusCode, retryAfter: retryAfter === undefined ? undefined : Number(retryAfter), ms: performance.now() - started, body: answer.json() };
}

/** Moves the service's clock (which the throttle reads) on, as waiting would. */
const wait = (seconds: number) => service.ctx.clock.advance(seconds * 1000);

describe('an address guessing a password', () => {
  it('is refused with 429 and Retry-After after its fifth failure, and its wait doubles with each further failure up to the cap', async () => {
    const attacker = '203.0.113.10';
    for (let i = 0; i < DEFAULT_LOGIN_LIMITS.maxFailures; i++) expect((await login(attacker, WRONG)).status, `guess ${i + 1}`).toBe(401);
    const waits: number[] = [];
    for (let round = 0; round < 12; round++) {
      const refused = await login(attacker, WRONG);
      expect(refused.status, `round ${round}`).toBe(429);
      expect(refused.body).toEqual({ detail: expect.stringMatching(/Too many failed logins from this address/) });
      // While it waits, not even the right password is checked: the wait tells nothing about a guess.
      expect((await login(attacker, ALICE)).status).toBe(429);
      waits.push(refused.retryAfter!);
      wait(refused.retryAfter!);
      expect((await login(attacker, WRONG)).status, `round ${round}, after waiting`).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 300, 300, 300]);
    // The right password, once the wait is over, is accepted (the address may be Alice's own) and forgives its failures.
    wait(300);
    expect((await login(attacker, ALICE)).status).toBe(200);
    expect((await login(attacker, WRONG)).status).toBe(401);
  });

  it('never stops Alice logging in from another address, nor a client holding a token, while it guesses 50 times', async () => {
    const client = new PlanningClient({ baseUrl: service.url, credentials: ALICE, retryBaseMs: 10 });
    try {
      await client.projects.list();
      const statuses: number[] = [];
      for (let i = 0; i < 50; i++) {
        statuses.push((await login(ATTACKER, WRONG)).status);
        if (i % 10 === 9) {
          expect((await login('198.51.100.7', ALICE)).status, `Alice after guess ${i + 1}`).toBe(200);
          expect((await login('2001:db8:1::7', ALICE)).status).toBe(200);
          await expect(client.projects.list()).resolves.toBeInstanceOf(Array);
        }
      }
      // Five guesses answered, then waits: 1 s, then 2 s more after one further guess (a slow run may get one in).
      expect(statuses.slice(0, 6)).toEqual([401, 401, 401, 401, 401, 429]);
      expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(7);
      expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(43);
      expect(client.transport.tokens.logins).toBe(1);
    } finally {
      await client.close();
    }
  });

  it('on the very address of the worker (loopback) does not stop the worker that holds its token', async () => {
    const worker = new PlanningClient({ baseUrl: service.url, credentials: BOB, retryBaseMs: 10 });
    try {
      await worker.projects.create({ projectName: 'Before the guessing', version: 'V2' });
      const statuses: number[] = [];
      for (let i = 0; i < 50; i++) {
        const answer = await fetch(`${service.url}${TOKEN_PATH}`, {
          method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: BOB.email, password: `guess-${i}` }),
        });
        statuses.push(answer.status);
        if (i % 5 === 4) await worker.projects.create({ projectName: `During guess ${i + 1}`, version: 'V2' });
      }
      expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(40);
      expect((await worker.projects.list()).map((p) => p.projectName)).toContain('During guess 50');
      expect(worker.transport.tokens.logins).toBe(1);
    } finally {
      await worker.close();
    }
  });

  it('across many accounts waits once it has failed 30 times in all, and nobody else does', async () => {
    const sprayer = '203.0.113.99';
    for (let i = 0; i < DEFAULT_LOGIN_LIMITS.maxAddressFailures; i++) {
      // Unknown accounts and known ones alike: a 401 says nothing about which exist.
      const email = i % 10 === 0 ? BOB.email : `someone-${i}@example.com`;
      expect((await login(sprayer, { email, password: `guess-${i}` })).status, `guess ${i + 1}`).toBe(401);
    }
    const refused = await login(sprayer, { email: 'yet-another@example.com', password: 'guess' });
    expect(refused.status).toBe(429);
    expect(refused.retryAfter).toBe(1);
    expect((await login(sprayer, BOB)).status).toBe(429);
    expect((await login('198.51.100.8', BOB)).status).toBe(200);
  });

  it('is forgotten once it has been quiet for the window (an hour)', async () => {
    const forgetful = '203.0.113.11';
    for (let i = 0; i < DEFAULT_LOGIN_LIMITS.maxFailures; i++) expect((await login(forgetful, WRONG)).status).toBe(401);
    expect((await login(forgetful, WRONG)).status).toBe(429);
    wait(DEFAULT_LOGIN_LIMITS.windowMs / 1000);
    for (let i = 0; i < DEFAULT_LOGIN_LIMITS.maxFailures; i++) expect((await login(forgetful, WRONG)).status, `guess ${i + 1} after the window`).toBe(401);
    expect((await login(forgetful, WRONG)).status).toBe(429);
  });

  it('is counted by its /64 when it is IPv6, and as itself when IPv4-mapped', () => {
    expect(clientKey('2001:db8:1:2:aaaa::1')).toBe(clientKey('2001:db8:1:2:ffff:eeee:dddd:cccc'));
    expect(clientKey('2001:db8:1:2::1')).not.toBe(clientKey('2001:db8:1:3::1'));
    expect(clientKey('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(clientKey('198.51.100.7')).toBe('198.51.100.7');
  });
});

describe('under a guessing loop', () => {
  it('refuses the guesser, and Alice logging in every 100 ms from elsewhere always succeeds, promptly', async () => {
    const attacker = '203.0.113.200';
    const attempts = 200;
    const attacked = { 401: 0, 429: 0, other: 0 };
    let guessing = true;
    const guesses = (async () => {
      for (let i = 0; i < attempts; i++) {
        const { status } = await login(attacker, { email: ALICE.email, password: `guess-${i}` });
        if (status === 401 || status === 429) attacked[status]++;
        else attacked.other++;
        // Yields to the event loop between guesses, as separate requests would.
        await new Promise((resolve) => setImmediate(resolve));
      }
      guessing = false;
    })();
    const legitimate: { status: number; ms: number }[] = [];
    const started = performance.now();
    while (guessing || legitimate.length < 5) {
      legitimate.push(await login('198.51.100.20', ALICE));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await guesses;
    const figures = {
      attackerAttempts: attempts, refused429: attacked[429], wrongPassword401: attacked[401], other: attacked.other,
      attackSeconds: Number(((performance.now() - started) / 1000).toFixed(2)),
      aliceLogins: legitimate.length, aliceSucceeded: legitimate.filter((l) => l.status === 200).length,
      aliceWorstMs: Math.round(Math.max(...legitimate.map((l) => l.ms))), aliceMedianMs: Math.round(legitimate.map((l) => l.ms).sort((a, b) => a - b)[Math.floor(legitimate.length / 2)]),
    };
    console.log(`login throttle under a guessing loop: ${JSON.stringify(figures)}`);
    expect(attacked.other).toBe(0);
    expect(attacked[401]).toBeLessThanOrEqual(DEFAULT_LOGIN_LIMITS.maxFailures + 2);
    expect(attacked[429]).toBeGreaterThanOrEqual(attempts - DEFAULT_LOGIN_LIMITS.maxFailures - 2);
    expect(figures.aliceSucceeded).toBe(legitimate.length);
    expect(figures.aliceWorstMs).toBeLessThan(1000);
  });
});
