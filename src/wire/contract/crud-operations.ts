/**
 * The list/retrieve/create/update/delete operations of a resource family, declared by what differs
 * between families (path, shapes, summary). The verb fixes the id, the method and the success
 * status; the service's irregular paths (`/v2_1/…`, singular and plural nouns) leave nothing else
 * to derive.
 */
import type { OperationSpec } from './operation.js';

const CRUD_METHODS = { list: 'GET', retrieve: 'GET', create: 'POST', update: 'PUT', delete: 'DELETE' } as const;
const CRUD_STATUSES = { list: 200, retrieve: 200, create: 201, update: 200, delete: 200 } as const;

export type CrudVerb = keyof typeof CRUD_METHODS;
export const CRUD_VERBS = Object.keys(CRUD_METHODS) as CrudVerb[];

/** A CRUD operation as declared: its path family and reply default to the app envelope. */
export type CrudOperationSpec = Omit<OperationSpec, 'id' | 'method' | 'family' | 'reply' | 'status'> &
  Partial<Pick<OperationSpec, 'family' | 'reply' | 'status'>>;

type Derived<R extends string, V extends CrudVerb> = {
  readonly id: `${R}.${V}`;
  readonly family: 'app';
  readonly method: (typeof CRUD_METHODS)[V];
  readonly reply: 'envelope';
  readonly status: (typeof CRUD_STATUSES)[V];
};

/** Each descriptor is the declared fields over the derived ones, written out flat so that editors show its fields. */
export type CrudOperations<R extends string, S extends Partial<Record<CrudVerb, CrudOperationSpec>>> = {
  [V in keyof S & CrudVerb]: {
    readonly [K in keyof Derived<R, V> | keyof S[V]]: K extends keyof S[V] ? S[V][K] : K extends keyof Derived<R, V> ? Derived<R, V>[K] : never;
  };
};

/**
 * Completes the declared operations of `resource` (the id prefix, e.g. `hubs`). Declarations keep
 * their literal types, the path above all: handlers and the client read parameter names from it.
 */
export function crudOperations<const R extends string, const S extends Partial<Record<CrudVerb, CrudOperationSpec>>>(
  resource: R, specs: S,
): CrudOperations<R, S> {
  const entries = Object.entries(specs).map(([verb, spec]) => {
    const v = verb as CrudVerb;
    return [v, { id: `${resource}.${v}`, family: 'app', method: CRUD_METHODS[v], reply: 'envelope', status: CRUD_STATUSES[v], ...spec }];
  });
  return Object.fromEntries(entries) as CrudOperations<R, S>;
}
