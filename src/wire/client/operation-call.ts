/** What a call of a contract operation takes and answers. */
import type { z } from 'zod';
import type { OperationSpec } from '../contract/operation.js';
import type { Page } from '../contract/primitives.js';
import type { RequestOptions } from './client-options.js';

export interface CallArgs {
  params?: Record<string, string | number>;
  query?: Record<string, unknown>;
  body?: unknown;
}

export type CallResult<O extends OperationSpec> = O['reply'] extends 'paged'
  ? Page<z.output<O['data']>>
  : O['reply'] extends 'none'
    ? void
    : z.output<O['data']>;

export type OperationCaller = <O extends OperationSpec>(op: O, args?: CallArgs, options?: RequestOptions) => Promise<CallResult<O>>;
