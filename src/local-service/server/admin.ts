/**
 * The admin routes: hooks for tests and benchmarks (call counters, a clock to move forward, token
 * revocation, fault injection). Each of them can lock every account out or spoil every answer, so
 * they exist only when the service is started with an admin token, answer only loopback callers
 * (a token that leaked cannot be used from another machine), and only those that send the token.
 * Every input is checked before anything changes.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyError, FastifyInstance } from 'fastify';
import type { ServiceContext } from './context.js';
import { checkFaultSettings } from './faults/settings.js';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/** Shortest admin token accepted: anything shorter could be guessed by a local process. */
export const MIN_ADMIN_TOKEN_LENGTH = 16;

/** How far the clock may be moved ahead of real time, in all: past it, dates stop being representable long before. */
export const MAX_CLOCK_OFFSET_SECONDS = 10 * 365 * 86_400;

export interface AdminState {
  /** Calls per operation id since start (the benchmark reads them). */
  calls: Map<string, number>;
}

/** Throws, naming the option and its environment variable, when an admin token is given but too weak to protect anything. */
export function checkAdminToken(token: string | undefined): void {
  if (token === undefined) return;
  if (typeof token !== 'string' || token.length < MIN_ADMIN_TOKEN_LENGTH || /\s/.test(token)) {
    throw new Error(`adminToken (SWEEP_SERVICE_ADMIN_TOKEN): must be at least ${MIN_ADMIN_TOKEN_LENGTH} characters without spaces, e.g. a random base64url string`);
  }
}

/** Compared through digests of equal length, so neither the length nor a matching prefix shows in the time taken. */
function sameToken(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected)) && given === expected;
}

class AdminInputError extends Error {}

/** The body as an object, or a 400 naming what was expected. */
function objectBody(body: unknown, example: string): Record<string, unknown> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new AdminInputError(`body: must be a JSON object such as ${example}`);
  return body as Record<string, unknown>;
}

export async function adminRoutes(app: FastifyInstance, ctx: ServiceContext, state: AdminState, adminToken: string): Promise<void> {
  checkAdminToken(adminToken);
  await app.register(
    async (admin) => {
      admin.addHook('onRequest', async (request, reply) => {
        if (!LOOPBACK.test(request.socket.remoteAddress ?? '')) {
          return reply.code(403).send({ detail: 'The admin routes answer only on loopback' });
        }
        const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
        if (!match || !sameToken(match[1], adminToken)) {
          return reply.code(401).header('www-authenticate', 'Bearer').send({ detail: 'The admin routes need the admin token: Authorization: Bearer <admin token>' });
        }
      });

      // Admin answers keep their own form ({detail}) and status: a bad input is a 400 naming the field.
      admin.setErrorHandler((error: FastifyError, request, reply) => {
        if (error instanceof AdminInputError) return reply.code(400).send({ detail: error.message });
        const status = error.statusCode ?? 500;
        if (status >= 500) {
          request.log.error({ err: error, url: request.url.split('?')[0] }, 'admin request failed');
          return reply.code(500).send({ detail: 'Internal server error' });
        }
        const invalidJson = error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY';
        return reply.code(status).send({ detail: invalidJson ? `body: is not valid JSON (${error.message})` : error.message });
      });

      admin.get('/calls', async () => Object.fromEntries(state.calls));

      admin.post('/calls/reset', async () => {
        state.calls.clear();
        return { reset: true };
      });

      admin.post('/clock/advance', async (request) => {
        const { seconds } = objectBody(request.body, '{"seconds": 3600}');
        if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds <= 0) {
          throw new AdminInputError(`seconds: must be a finite number > 0 (got ${JSON.stringify(seconds) ?? 'nothing'})`);
        }
        const aheadSeconds = Math.max(0, (ctx.clock.now() - Date.now()) / 1000);
        const room = Math.floor(MAX_CLOCK_OFFSET_SECONDS - aheadSeconds);
        if (seconds > room) {
          throw new AdminInputError(
            `seconds: must be at most ${room}: the clock may run at most ${MAX_CLOCK_OFFSET_SECONDS} s (10 years) ahead of real time, and it is ${Math.round(aheadSeconds)} s ahead`,
          );
        }
        ctx.clock.advance(seconds * 1000);
        return { now: new Date(ctx.clock.now()).toISOString() };
      });

      admin.get('/faults', async () => ({ settings: ctx.faults.settings, counts: ctx.faults.counts() }));

      // Fields given replace the current ones; the rest stay as they are (`{"rate": 0}` turns faults off).
      admin.put('/faults', async (request) => {
        const body = objectBody(request.body, '{"rate": 0.1}');
        let settings;
        try {
          settings = checkFaultSettings({ ...ctx.faults.settings, ...body }, 'faults');
        } catch (error) {
          throw new AdminInputError((error as Error).message);
        }
        ctx.faults.configure(settings);
        return { settings: ctx.faults.settings, counts: ctx.faults.counts() };
      });

      // The same answer whether the account exists or not: the route is no way to learn who has one.
      admin.post('/tokens/revoke', async (request) => {
        const { email } = objectBody(request.body, '{"email": "analyst@example.com"}');
        if (typeof email !== 'string' || email.trim() === '') throw new AdminInputError('email: must be a non-empty string');
        ctx.auth.revokeAccountTokens(email);
        return { revoked: true };
      });
    },
    { prefix: '/admin' },
  );
}
