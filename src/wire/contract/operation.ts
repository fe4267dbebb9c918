/**
 * An operation of the planning service, described once: method, path, the shapes of its path
 * parameters, query, body and payload, how the payload is wrapped, and its success status. The
 * client calls operations and the service serves them from these same descriptors, so the two
 * cannot disagree on a path, a status or a shape.
 */
import { z } from 'zod';

/** The four path families; each has a configurable prefix (spec vs deployed names). */
export type PathFamily = 'auth' | 'app' | 'solver' | 'gis';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * How the payload travels: inside the `{data, status}` envelope, inside the paged envelope, bare
 * (token, solver, GIS), or not at all ("201, no body").
 */
export type Reply = 'envelope' | 'paged' | 'bare' | 'none';

/** Names of the `{…}` segments of a path template. */
export type PathParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParamNames<Rest>
  : never;

export type PathParams<P extends string> = [PathParamNames<P>] extends [never]
  ? undefined
  : { [K in PathParamNames<P>]: string | number };

export interface OperationSpec {
  /** Stable id, `<family>.<verb>` (e.g. `projects.create`); used by handlers, counters and tests. */
  readonly id: string;
  readonly family: PathFamily;
  readonly method: HttpMethod;
  /** The path after the family prefix, written as in the specification (`/projects/{guid}`). */
  readonly path: string;
  /** Schemas of path parameters that are not plain non-empty strings (UUIDs, int64, enums). */
  readonly params?: Readonly<Record<string, z.ZodType>>;
  readonly query?: z.ZodObject;
  readonly body?: z.ZodType;
  /** The payload: `data` of an envelope, the item of a paged envelope, or the bare body. */
  readonly data: z.ZodType;
  readonly reply: Reply;
  readonly status: 200 | 201;
  /** False only for the token operation. */
  readonly auth?: boolean;
  /**
   * Whether repeating the request after a lost answer is harmless. Defaults to true for GET, PUT
   * and DELETE and false for POST; reads sent as POST and the non-idempotent copy PUT override it.
   */
  readonly idempotent?: boolean;
  /** One sentence for docs and errors. */
  readonly summary: string;
}

/** Declares an operation, keeping its literal path and schema types for the client's signatures. */
export function operation<const O extends OperationSpec>(spec: O): O {
  return spec;
}

export function isIdempotent(op: OperationSpec): boolean {
  return op.idempotent ?? op.method !== 'POST';
}

export type BodyOf<O extends OperationSpec> = O['body'] extends z.ZodType ? z.input<O['body']> : undefined;
export type QueryOf<O extends OperationSpec> = O['query'] extends z.ZodObject ? z.input<O['query']> : undefined;
export type DataOf<O extends OperationSpec> = z.output<O['data']>;

/** Path parameter names in order of appearance. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
}

/** Fills a path template, percent-encoding every value; refuses missing or empty values. */
export function fillPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') {
      throw new TypeError(`path parameter ${name} is required`);
    }
    return encodeURIComponent(String(value));
  });
}
