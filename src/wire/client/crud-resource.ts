/**
 * The client side of a CRUD family, generated from its operations: one method per verb, taking the
 * path parameters in the order the path names them, then the body, then the query, then the
 * request options. A family whose methods differ in more than `unwrap` and `bodyField` leaves the
 * odd verbs out (`false`) and writes them by hand in a subclass.
 */
import type { z } from 'zod';
import { CRUD_VERBS, type CrudVerb } from '../contract/crud-operations.js';
import { type BodyOf, type OperationSpec, pathParamNames } from '../contract/operation.js';
import type { RequestOptions } from './client-options.js';
import type { CallArgs, CallResult } from './operation-call.js';
import { Resource } from './resource.js';
import type { Transport } from './transport.js';

/** The named fields of a payload: loose objects also admit any string, which would let a misspelt field through. */
type NamedKeys<T> = keyof { [K in keyof T as string extends K ? never : K]: unknown };

/** Where a generated method departs from the plain form. */
export interface MethodShape<O extends OperationSpec> {
  /** Answers this field of the payload: the service wraps some lists (`{energyCarriers: […]}`). */
  unwrap?: NamedKeys<CallResult<O>>;
  /** Takes this one field of the body as the argument (a hub's name), not the whole body. */
  bodyField?: keyof BodyOf<O>;
}

type FamilyVerb<F> = keyof F & CrudVerb;
export type ResourceShape<F extends Record<string, OperationSpec>> = { [V in FamilyVerb<F>]?: false | MethodShape<F[V]> };
type ShapeOf<S, V> = V extends keyof S ? S[V] : {};

type PathParamList<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? [Name, ...PathParamList<Rest>] : [];
/**
 * Path and query values travel as text, which their schemas turn into values: the caller passes the
 * value (a profile id as a number). A body travels as JSON, which its schema reads as sent.
 */
type PathArg<O extends OperationSpec, N> = O['params'] extends { readonly [K in N & string]: infer S extends z.ZodType } ? z.output<S> : string;
type PathArgs<O extends OperationSpec, Names extends string[] = PathParamList<O['path']>> = { [I in keyof Names]: PathArg<O, Names[I]> };
type BodyArgs<O extends OperationSpec, Sh> = O['body'] extends z.ZodType
  ? Sh extends { bodyField: infer K extends keyof BodyOf<O> } ? [value: BodyOf<O>[K]] : [body: BodyOf<O>]
  : [];
type QueryArgs<O extends OperationSpec> = O['query'] extends z.ZodObject ? [query?: z.output<O['query']>] : [];
type Answer<O extends OperationSpec, Sh> = Sh extends { unwrap: infer K extends keyof CallResult<O> } ? CallResult<O>[K] : CallResult<O>;

// The method type is written out, not named, so that editors show its parameters rather than an alias.
export type CrudMethods<F extends Record<string, OperationSpec>, S> = {
  [V in FamilyVerb<F> as ShapeOf<S, V> extends false ? never : V]: (
    ...args: [...PathArgs<F[V]>, ...BodyArgs<F[V], ShapeOf<S, V>>, ...QueryArgs<F[V]>, options?: RequestOptions]
  ) => Promise<Answer<F[V], ShapeOf<S, V>>>;
};

/** A resource class with the CRUD methods of `operations`, shaped by `shape`. */
export function crudResource<F extends Record<string, OperationSpec>, const S extends ResourceShape<F> = {}>(
  operations: F, shape?: S,
): new (transport: Transport) => Resource & CrudMethods<F, S> {
  const methods = CRUD_VERBS.flatMap((verb) => {
    const methodShape = (shape as Partial<Record<CrudVerb, false | MethodShape<OperationSpec>>> | undefined)?.[verb];
    const op = operations[verb];
    return op && methodShape !== false ? [[verb, sender(op, methodShape ?? {})] as const] : [];
  });
  class CrudResource extends Resource {
    static {
      for (const [verb, send] of methods) {
        // On the prototype, as a written method would be, so that a subclass may call or override it.
        Object.defineProperty(this.prototype, verb, {
          value(this: CrudResource, ...args: unknown[]) {
            return send(this.transport, args);
          },
          writable: true,
          configurable: true,
        });
      }
    }
  }
  return CrudResource as unknown as new (transport: Transport) => Resource & CrudMethods<F, S>;
}

/** Sorts positional arguments into path parameters, body, query and options, and calls `op`. */
function sender(op: OperationSpec, { unwrap, bodyField }: MethodShape<OperationSpec>) {
  const names = pathParamNames(op.path);
  return async (transport: Transport, args: unknown[]) => {
    const call: CallArgs = {};
    if (names.length) call.params = Object.fromEntries(names.map((name, i) => [name, args[i] as string | number]));
    let next = names.length;
    if (op.body) call.body = bodyField === undefined ? args[next++] : { [bodyField]: args[next++] };
    if (op.query) {
      const query = args[next++];
      call.query = (query === undefined ? {} : query) as Record<string, unknown>;
    }
    const answer = await transport.call(op, call, args[next] as RequestOptions | undefined);
    return unwrap === undefined ? answer : (answer as Record<PropertyKey, unknown>)[unwrap];
  };
}
