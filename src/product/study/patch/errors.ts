/** The one failure of applying an assignment that is the study's own to fix, never the service's. */

/** A parameter's target does not exist (resource, mode, carrier, hub or field) or its value cannot apply; retrying cannot help. */
export class PatchError extends Error {
  /** Read by the activity's error mapping: a missing target stays missing on every attempt. */
  readonly retryable = false;

  constructor(readonly parameter: string, problem: string) {
    super(`parameter "${parameter}": ${problem}`);
    this.name = 'PatchError';
  }
}
