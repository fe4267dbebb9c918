/** What applying one group of parameters found, and the one write it needs, if any. */

/** One parameter's outcome: the variant's value before and the value it holds after. */
export interface PatchResult {
  parameter: string;
  changed: boolean;
  /** The field's value; for a profile, its annual total. */
  before: unknown;
  after: unknown;
}

/** The results of a group of parameters on one resource, and its update when a value differs. */
export interface Plan {
  results: PatchResult[];
  write?: () => Promise<unknown>;
}
