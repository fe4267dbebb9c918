/**
 * Serves operations of the contract. For each descriptor it registers the route under every
 * configured path-prefix set (the specification's and the deployed service's at once), then per
 * request: authenticates, validates path, query and body with the contract's schemas, calls the
 * handler, checks the payload against the contract, and writes it in the operation's reply form.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RequestPayload } from 'fastify';
import { z } from 'zod';
import type { PathPrefixes } from '../../../wire/contract/index.js';
import { describeProblems, type FieldProblem, fieldPath, toFieldProblems } from '../../../wire/contract/issues.js';
import type { OperationSpec, PathFamily, PathParamNames } from '../../../wire/contract/operation.js';
import { Guid } from '../../../wire/contract/primitives.js';
import type { Auth, TokenClaims } from '../auth.js';
import type { Account } from '../store/store.js';
import { refusedCharset, utf8Checked } from './body-encoding.js';
import { HttpError, STATUS_TEXT } from './errors.js';

export interface PagedResult<T> {
  items: T[];
  totalElements: number;
  totalPages: number;
  hasNext: boolean;
}

/**
 * The path parameters a handler receives, named by the `{…}` segments of the operation's path and
 * typed as validated: by the schema the operation gives the name, else as a Guid.
 */
export type HandlerParams<O extends OperationSpec> = {
  [K in PathParamNames<O['path']>]: O['params'] extends { readonly [P in K]: infer S extends z.ZodType } ? z.output<S> : z.output<typeof Guid>;
};

export interface HandlerInput<O extends OperationSpec> {
  params: HandlerParams<O>;
  query: O['query'] extends z.ZodObject ? z.output<O['query']> : Record<string, never>;
  body: O['body'] extends z.ZodType ? z.output<O['body']> : undefined;
  /** The caller's account; every operation but the token one has one. */
  account: Account;
  claims: TokenClaims;
  request: FastifyRequest;
}

export type HandlerResult<O extends OperationSpec> = O['reply'] extends 'paged'
  ? PagedResult<z.input<O['data']>>
  : O['reply'] extends 'none'
    ? void
    : z.input<O['data']>;

export type Handler<O extends OperationSpec> = (input: HandlerInput<O>) => HandlerResult<O> | Promise<HandlerResult<O>>;
export type Handlers<F extends Record<string, OperationSpec>> = { [K in keyof F]: Handler<F[K]> };

export interface BindOptions {
  auth: Auth;
  prefixSets: readonly PathPrefixes[];
  /** Counts calls per operation id (read through the admin route). */
  onCall?: (operationId: string) => void;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    family?: PathFamily;
  }
}

/** `/scenarios/{scenarioGuid}/network-links/{network-link-guid}` → `/scenarios/:p0/network-links/:p1`. */
export function routePath(path: string): { url: string; names: string[] } {
  const names: string[] = [];
  const url = path.replace(/\{([^}]+)\}/g, (_, name: string) => `:p${names.push(name) - 1}`);
  return { url, names };
}

function successStatus(status: number) {
  return { code: `ESP_${status}`, desc: status === 201 ? 'Created' : 'OK', message: 'Success' };
}

/** The payload of operations that only report a status. */
export const OK_STATUS = successStatus(200);

/** The body of a failure in the form of its path family. */
export function errorBody(family: PathFamily, error: HttpError): unknown {
  const status = error.status;
  if (family === 'app') {
    return { data: null, status: { code: error.options.code ?? `ESP_${status}`, desc: STATUS_TEXT[status] ?? 'Error', message: error.message } };
  }
  if (status === 422 && error.options.problems) {
    return { detail: error.options.problems.map((p) => ({ loc: p.loc, msg: p.message, type: p.type })) };
  }
  return { detail: error.message };
}

/** Writes a failure in the form of the path family it happened in. */
export function sendError(reply: FastifyReply, family: PathFamily, error: HttpError): FastifyReply {
  if (error.options.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.options.retryAfterSeconds));
  return reply.code(error.status).send(errorBody(family, error));
}

/** Validation failures: 400 with the envelope on the app family, 422 with FastAPI's detail elsewhere. */
function validationError(family: PathFamily, problems: FieldProblem[]): HttpError {
  const message = describeProblems(problems, 'request');
  return family === 'app' ? new HttpError(400, message, { problems }) : new HttpError(422, message, { problems });
}

/**
 * Parses one part of the request; problems are located FastAPI-style (`['body', 'hubs', 0]`) and
 * named without the part (`hubs[0]`), or by the parameter's name for path parameters.
 */
function collect(schema: z.ZodType, value: unknown, loc: (string | number)[], problems: FieldProblem[]): unknown {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  for (const p of toFieldProblems(result.error.issues, value)) {
    const path = [...loc.slice(1), ...p.loc];
    problems.push({ ...p, loc: [...loc, ...p.loc], field: fieldPath(path) || String(loc[0]) });
  }
  return undefined;
}

/** The caller of each authenticated request, found before its body is read. */
const callers = new WeakMap<FastifyRequest, { account: Account; claims: TokenClaims }>();

/** `application/json` and its `+json` relatives, with or without parameters. */
const JSON_CONTENT_TYPE = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i;

/** Registers the routes of one family of operations. */
export function bindOperations<F extends Record<string, OperationSpec>>(
  app: FastifyInstance, operations: F, handlers: Handlers<F>, options: BindOptions,
): void {
  for (const [key, op] of Object.entries(operations)) {
    const handler = handlers[key as keyof F] as unknown as Handler<OperationSpec>;
    const { url, names } = routePath(op.path);
    const urls = new Set(options.prefixSets.map((prefixes) => `${prefixes[op.family]}${url}`));
    for (const fullUrl of urls) {
      app.route({
        method: op.method,
        url: fullUrl,
        config: { family: op.family },
        // Before the body is read: a caller without a valid token is answered 401 whatever it sent,
        // and neither costs the parsing of its body nor learns how that body would have been judged.
        onRequest: async (request) => {
          options.onCall?.(op.id);
          if (op.auth !== false) callers.set(request, options.auth.authenticate(request.headers.authorization));
          // Bodies are JSON: fastify alone would read text/plain as a string (answered "must be an
          // object") and refuse other types with a bare "Unsupported Media Type" that names nothing.
          const type = request.headers['content-type'];
          if (op.body && type !== undefined) {
            if (!JSON_CONTENT_TYPE.test(type)) throw new HttpError(415, `body: must be JSON (content-type application/json), not ${type}`);
            const refused = refusedCharset(type);
            if (refused) throw new HttpError(415, refused);
          }
        },
        // Fastify would decode invalid UTF-8 into U+FFFD and store it; the bytes are checked first.
        ...(op.body && {
          preParsing: async (_request: FastifyRequest, _reply: FastifyReply, payload: RequestPayload) =>
            utf8Checked(payload, (problem) => validationError(op.family, [{ field: 'body', loc: ['body'], message: problem, type: 'utf8_invalid' }])),
        }),
        handler: async (request, reply) => {
          try {
            const { account, claims } = callers.get(request) ?? {};
            const problems: FieldProblem[] = [];
            const rawParams = request.params as Record<string, string>;
            const params: Record<string, unknown> = {};
            names.forEach((name, i) => {
              params[name] = collect(op.params?.[name] ?? Guid, rawParams[`p${i}`], ['path', name], problems);
            });
            const query = op.query ? collect(op.query, request.query ?? {}, ['query'], problems) : {};
            const body = op.body ? collect(op.body, request.body, ['body'], problems) : undefined;
            if (problems.length) throw validationError(op.family, problems);

            const payload = await handler({ params, query, body, account: account!, claims: claims!, request } as never);
            return send(reply, op, payload, request);
          } catch (error) {
            if (error instanceof HttpError) return sendError(reply, op.family, error);
            throw error;
          }
        },
      });
    }
  }
}

function send(reply: FastifyReply, op: OperationSpec, payload: unknown, request: FastifyRequest) {
  if (op.reply === 'none') return reply.code(op.status).send();
  const items = op.reply === 'paged' ? (payload as PagedResult<unknown>).items : payload;
  // The answer must match the contract; a mismatch is our bug and must not reach a client.
  const check = (op.reply === 'paged' ? z.array(op.data) : op.data).safeParse(items);
  if (!check.success) {
    request.log.error({ operation: op.id, problems: toFieldProblems(check.error.issues, items) }, 'answer does not match the contract');
    throw new Error(`answer of ${op.id} does not match its schema`);
  }
  reply.code(op.status);
  // A bare string is still JSON (a quoted string); fastify would send it as text/plain.
  if (op.reply === 'bare') return typeof payload === 'string' ? reply.type('application/json').send(JSON.stringify(payload)) : reply.send(payload);
  if (op.reply === 'paged') {
    const page = payload as PagedResult<unknown>;
    return reply.send({
      data: page.items, status: successStatus(op.status),
      totalElements: page.totalElements, totalPages: page.totalPages, hasNext: page.hasNext,
    });
  }
  return reply.send({ data: payload, status: successStatus(op.status) });
}
