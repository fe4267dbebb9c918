/**
 * Applies injected faults to requests: latency before anything happens; error answers, resets
 * and token revocations either before the operation (nothing happened) or after it (the write is
 * kept and the answer is lost, replaced, cut short or garbled); downloads cut short or corrupted
 * while their headers still promise the whole, true file.
 */
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PathFamily } from '../../../wire/contract/operation.js';
import type { Auth } from '../auth.js';
import { errorBody } from '../http/bind.js';
import { HttpError } from '../http/errors.js';
import type { DrawnFault, FaultInjector } from './injector.js';
import type { FaultTarget, RequestFault } from './settings.js';

const STATUS: Partial<Record<RequestFault, number>> = { http500: 500, http502: 502, http503: 503, http429: 429 };

function targetOf(request: FastifyRequest): FaultTarget | undefined {
  const family = request.routeOptions.config?.family;
  if (family) return family === 'auth' ? 'token' : 'api';
  if (request.method === 'GET' && request.routeOptions.url?.startsWith('/files/')) return 'download';
  return undefined;
}

/** The account of the caller's token is what a revocation hits; a request without one is left alone. */
function revokeCallerTokens(auth: Auth, request: FastifyRequest): void {
  try {
    auth.revokeAccountTokens(auth.authenticate(request.headers.authorization).account.email);
  } catch {
    // No valid token: nothing to revoke.
  }
}

function sendStatusFault(reply: FastifyReply, family: PathFamily, status: number, retryAfterSeconds: number): string {
  if (status === 429 || status === 503) reply.header('retry-after', String(retryAfterSeconds));
  reply.code(status).header('content-type', 'application/json; charset=utf-8').removeHeader('content-length');
  return JSON.stringify(errorBody(family, new HttpError(status, `Injected fault: HTTP ${status}`)));
}

/** The first half of an answer, then an error that makes the server drop the connection. */
function cutShort(payload: unknown, reply: FastifyReply): Readable | undefined {
  const whole = typeof payload === 'string' || Buffer.isBuffer(payload) ? Buffer.from(payload) : undefined;
  const source = whole ? [whole] : payload instanceof Readable ? payload : undefined;
  if (!source) return undefined;
  const total = whole ? whole.length : Number(reply.getHeader('content-length'));
  if (whole) reply.header('content-length', String(total));
  const keep = Math.floor(total / 2);
  async function* firstHalf() {
    let sent = 0;
    for await (const chunk of source as AsyncIterable<Buffer>) {
      if (sent + chunk.length >= keep) {
        yield chunk.subarray(0, keep - sent);
        // A premature close is logged quietly by fastify: this reset is on purpose.
        throw Object.assign(new Error('Injected fault: connection reset mid-response'), { code: 'ERR_STREAM_PREMATURE_CLOSE' });
      }
      sent += chunk.length;
      yield chunk;
    }
  }
  return Readable.from(firstHalf());
}

/** The same number of bytes with one of them flipped half way through. */
function corrupt(payload: unknown, reply: FastifyReply): Readable | undefined {
  if (!(payload instanceof Readable)) return undefined;
  const at = Math.floor(Number(reply.getHeader('content-length')) / 2);
  async function* flipped() {
    let seen = 0;
    for await (const chunk of payload as AsyncIterable<Buffer>) {
      if (at >= seen && at < seen + chunk.length) {
        const copy = Buffer.from(chunk);
        copy[at - seen] ^= 0xff;
        yield copy;
      } else yield chunk;
      seen += chunk.length;
    }
  }
  return Readable.from(flipped());
}

/** Turns a value of the answer into one of another type, so the answer no longer fits its schema. */
function garble(payload: unknown): string | undefined {
  if (typeof payload !== 'string' || !payload) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(payload);
  } catch {
    return undefined;
  }
  const flip = (value: unknown): unknown =>
    typeof value === 'string' ? 12345 : typeof value === 'number' ? 'not-a-number' : typeof value === 'boolean' ? 'yes' : 42;
  /** Flips the first scalar found within a few levels; false when there is none. */
  const flipFirstScalar = (node: unknown, depth: number): boolean => {
    if (node === null || typeof node !== 'object' || depth > 3) return false;
    const entries: [string | number, unknown][] = Array.isArray(node) ? node.map((v, i) => [i, v]) : Object.entries(node);
    for (const [key, value] of entries) {
      if (value !== null && typeof value !== 'object') {
        (node as Record<string | number, unknown>)[key] = flip(value);
        return true;
      }
      if (flipFirstScalar(value, depth + 1)) return true;
    }
    return false;
  };
  const envelope = json !== null && typeof json === 'object' && !Array.isArray(json) && 'data' in json;
  const root = envelope ? (json as { data: unknown }).data : json;
  if (flipFirstScalar(root, 0)) return JSON.stringify(json);
  return JSON.stringify(envelope ? { ...(json as object), data: flip(root) } : flip(root));
}

export function installFaultHooks(app: FastifyInstance, auth: Auth, injector: FaultInjector): void {
  const afterEffect = new WeakMap<FastifyRequest, DrawnFault>();
  const familyOf = (request: FastifyRequest): PathFamily => request.routeOptions.config?.family ?? 'solver';

  app.addHook('onRequest', async (request, reply) => {
    const target = targetOf(request);
    if (!target) return;
    const delay = injector.latencyMs();
    if (delay > 0) {
      injector.record('latency');
      await sleep(delay);
    }
    const fault = injector.draw(target, request.method !== 'GET');
    if (!fault) return;
    if (fault.after) {
      afterEffect.set(request, fault);
      return;
    }
    injector.record(fault.kind);
    const status = STATUS[fault.kind];
    if (status) return reply.send(sendStatusFault(reply, familyOf(request), status, injector.settings.retryAfterSeconds));
    if (fault.kind === 'reset') {
      reply.hijack();
      request.raw.socket.destroy();
      return reply;
    }
    if (fault.kind === 'revokeTokens') revokeCallerTokens(auth, request);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const fault = afterEffect.get(request);
    if (!fault) return payload;
    afterEffect.delete(request);
    const status = STATUS[fault.kind];
    const spoiled =
      status ? sendStatusFault(reply, familyOf(request), status, injector.settings.retryAfterSeconds)
      : fault.kind === 'malformed' ? garble(payload)
      : fault.kind === 'reset' || fault.kind === 'truncateDownload' ? cutShort(payload, reply)
      : fault.kind === 'corruptDownload' ? corrupt(payload, reply)
      : undefined;
    if (fault.kind === 'revokeTokens') {
      revokeCallerTokens(auth, request);
      injector.record(fault.kind);
      return payload;
    }
    // A fault that found nothing to spoil (an empty answer to garble) is not counted.
    if (spoiled === undefined) return payload;
    injector.record(fault.kind);
    return spoiled;
  });
}
