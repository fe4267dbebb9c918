import { DEPLOYED_PREFIXES, type PathPrefixes, SPEC_PREFIXES } from '../contract/index.js';
import type { ClientOptions } from './client-options.js';

/** The path prefixes of each family: a named set, or the specification's with some replaced. */
export function resolvePrefixes(paths: ClientOptions['paths']): PathPrefixes {
  if (paths === undefined || paths === 'spec') return SPEC_PREFIXES;
  if (paths === 'deployed') return DEPLOYED_PREFIXES;
  return { ...SPEC_PREFIXES, ...paths };
}
