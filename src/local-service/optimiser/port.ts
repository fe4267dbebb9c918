/**
 * What the service's solver jobs need from an optimiser. The service runs the job lifecycle;
 * an optimiser turns a scenario's content and the job's settings into an output file. The port is
 * the optimiser's own, so the optimiser depends on nothing of the service that drives it.
 */
import type { SolverSettings } from '../../wire/contract/solver-jobs.js';
import type { ScenarioContent } from '../scenario-model/documents.js';
import type { PointPlacement } from './settings.js';

export interface OptimisationRequest extends SolverSettings {
  jobId: string;
  scenarioName: string;
  /** The job's input, read from its input file; absent for an optimiser that reads none (`readsContent` false). */
  content?: ScenarioContent;
  /** Aborted when the job is stopped or the service shuts down. */
  signal: AbortSignal;
  /** Reports how many Pareto points are solved so far. */
  onProgress(pointsCompleted: number): void;
  /** Fail instead of solving when some input would not be honoured. */
  strict?: boolean;
  /** Where a front's interior points go: evenly in objective 2 (the default, as deployed) or where it bends. */
  pointPlacement?: PointPlacement;
}

export type OptimisationOutcome =
  /** The output file, a zip of `Solution <n>….xlsx` workbooks; warnings name inputs not honoured and capacities at an internal cap. */
  | { kind: 'solved'; output: Uint8Array; pointsCompleted: number; warnings?: string[] }
  | { kind: 'infeasible'; infeasibilityInfo: string }
  | { kind: 'failed'; message: string };

export interface Optimiser {
  /**
   * False for the benchmark's instant solve, which looks at no scenario: the runner then leaves the
   * input file unread (parsing a workbook costs more than everything else such a job does).
   */
  readonly readsContent: boolean;
  solve(request: OptimisationRequest): Promise<OptimisationOutcome>;
}
