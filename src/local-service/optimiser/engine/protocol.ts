/** Messages between the solver thread's handle and the HiGHS worker. */
import type { ModelArrays } from '../lp.js';

/** Values of some columns, by index. */
export interface ColumnValues {
  indices: Int32Array;
  values: Float64Array;
}

export interface SolveOrder {
  /** Dense objective coefficients (minimised) and constant. */
  cost: Float64Array;
  offset: number;
  /** Row bounds to set before solving (the epsilon constraint of a Pareto step). */
  rows: { index: number; lower: number; upper: number }[];
  timeLimitSeconds: number;
  /**
   * For a decomposition: stop improving after this many seconds once a solution is known; until
   * then it may go on to `timeLimitSeconds`. A front gives each point a share of its time this way,
   * and a point whose first design takes longer than its share still gets one.
   */
  targetSeconds?: number;
  mipRelGap: number;
  /** A partial start for the MIP: values of some columns (HiGHS completes the rest or drops it). */
  start?: ColumnValues;
  /**
   * Solve by decomposition (engine/decomposition.ts) when the model allows it, from this design
   * (values of design columns); the worker falls back to the whole MIP when decomposition cannot.
   * `relaxation`: the same order for the relaxation loaded with the model (its own columns and rows).
   * `incumbent`: a whole solution known to meet the order's rows (a front's inner point mixed from
   * its ends): the answer until a better design is priced.
   */
  decompose?: { start?: ColumnValues; relaxation?: RelaxedOrder; incumbent?: Float64Array };
}

/** An order as the relaxation of the model takes it: its own columns and rows. */
export interface RelaxedOrder {
  cost: Float64Array;
  rows: SolveOrder['rows'];
}

/** Seconds an order aims at: its target when it has one, never past its time limit. */
export function targetOf(order: SolveOrder): number {
  return Math.min(order.targetSeconds ?? Infinity, order.timeLimitSeconds);
}

export type SolveStatus = 'optimal' | 'infeasible' | 'unbounded' | 'infeasible-or-unbounded' | 'time-limit' | 'interrupted' | 'error';

export interface SolveOutcome {
  status: SolveStatus;
  /** Present when a feasible solution exists (also at a time limit with an incumbent). */
  colValue?: Float64Array;
  objective?: number;
  mipGap?: number;
  seconds: number;
  message?: string;
  /** Set when decomposition solved it: the number of designs priced. */
  iterations?: number;
  /** Set when decomposition's start left demand unmet: the factor on its capacities that first met it. */
  startScaledBy?: number;
  /**
   * Set when the solve ran past its time limit (or a stop) by more than the thread's grace and the
   * parent ended the thread: seconds past the limit. The answer is then the best solution the solve
   * had posted (its progress), if any.
   */
  overranBySeconds?: number;
}

export type Request =
  /** `relaxation`: the model's relaxation over segments, whose cuts a decomposition takes first (same design columns, in order). */
  | { id: number; type: 'load'; model: ModelArrays; relaxation?: ModelArrays }
  | { id: number; type: 'solve'; order: SolveOrder }
  | { id: number; type: 'lp'; cost: Float64Array; offset: number }
  | { id: number; type: 'iis' };

export type Response = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: string };

/** A running solve's best solution so far, posted whenever it improves. */
export interface Progress {
  id: number;
  progress: SolveOutcome;
}

export type WorkerMessage = Response | Progress;
