/**
 * Variance-based sensitivity indices (Sobol' 1993): Saltelli's design of A, B and the A_B^(i)
 * matrices, and the first-order and total indices with the estimators Saltelli et al. (2010)
 * recommend, with bootstrap intervals. Pure and deterministic: workflow code draws the same design
 * and computes the same indices on every replay.
 *
 * - A. Saltelli, Making best use of model evaluations to compute sensitivity indices, Comput.
 *   Phys. Commun. 145, 280–297 (2002).
 * - A. Saltelli, P. Annoni, I. Azzini, F. Campolongo, M. Ratto and S. Tarantola, Variance based
 *   sensitivity analysis of model output. Design and estimator for the total sensitivity index,
 *   Comput. Phys. Commun. 181, 259–270 (2010).
 * - M. J. W. Jansen, Analysis of variance designs for model output, Comput. Phys. Commun. 117,
 *   35–43 (1999).
 */
import { bootstrapIntervals } from './bootstrap.js';
import { SOBOL_MAX_DIMENSIONS, sobolPoints } from './sobol-sequence.js';

export interface SaltelliDesign {
  /** A (N rows), B (N rows), then A_B^(i) for i = 0..k−1 (N rows each): N(k + 2) rows in [0, 1)^k. */
  points: number[][];
  /** N, the base samples. */
  samples: number;
  /** k, the number of parameters. */
  factors: number;
}

export interface SobolFactorIndex {
  /** S_i, the first-order index: the share of the variance that x_i explains alone. */
  first: number;
  firstInterval: [number, number];
  /** S_Ti, the total index: the share x_i has a hand in, interactions included. */
  total: number;
  totalInterval: [number, number];
}

export interface SobolResult {
  factors: SobolFactorIndex[];
  /** V, the variance of the outputs of A and B together (population variance of the 2n values). */
  variance: number;
  /** Base rows j whose whole row group (A_j, B_j and every A_B^(i)_j) has outputs. */
  rowsUsed: number;
  /** Base rows left out because a run of their row group has no output. */
  dropped: number;
  /** Every output used is the same: V = 0, and every index and interval is 0 rather than 0/0. */
  constant: boolean;
}

/** The largest N: the sequence has 2^32 points, and A and B take N of them. */
const MAX_SAMPLES = 2 ** 31;
/** n & (n − 1) clears the lowest set bit: 0 only for a power of two (exact up to 2^31 in 32-bit arithmetic). */
const isPowerOfTwo = (n: number) => Number.isInteger(n) && n >= 1 && n <= MAX_SAMPLES && (n & (n - 1)) === 0;

/**
 * Saltelli's design for first-order and total indices (Saltelli 2002; Saltelli et al. 2010,
 * section 3): A and B are N × k matrices taken from one 2k-dimensional Sobol' sequence — A the
 * first k coordinates, B the last k — so that their rows are jointly well spread, and A_B^(i) is
 * A with column i taken from B. The sequence is digitally shifted with the seed, which keeps its
 * stratification and moves it off the origin (so its first point need not be skipped). N must be
 * a power of two: only then are A and B whole (0, m, s)-type nets.
 */
export function saltelliDesign(o: { factors: number; samples: number; seed: number }): SaltelliDesign {
  const { factors: k, samples: n, seed } = o;
  const maxFactors = SOBOL_MAX_DIMENSIONS / 2;
  if (!Number.isInteger(k) || k < 1 || k > maxFactors) {
    throw new RangeError(`Sobol: factors must be a whole number from 1 to ${maxFactors} (A and B take 2k of the sequence's ${SOBOL_MAX_DIMENSIONS} dimensions), got ${k}`);
  }
  if (!(n >= 4 && isPowerOfTwo(n))) {
    throw new RangeError(`Sobol: samples N must be a power of two from 4 to 2^31 (4, 8, 16, …, 1024, 2048, …), got ${n}`);
  }
  if (!Number.isFinite(seed)) throw new RangeError(`Sobol: seed must be a finite number, got ${seed}`);
  const base = sobolPoints(2 * k, n, { shift: seed });
  const a = base.map((row) => row.slice(0, k));
  const b = base.map((row) => row.slice(k));
  const points = [...a, ...b.map((row) => [...row])];
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < n; j++) {
      const row = [...a[j]];
      row[i] = b[j][i];
      points.push(row);
    }
  }
  return { points, samples: n, factors: k };
}

/** An output the analysis can use: a run that failed has none, and a non-finite value says nothing. */
const usable = (y: number | undefined): y is number => y !== undefined && Number.isFinite(y);

/** The outputs of the used base rows, as flat columns: f(A), f(B) and f(A_B^(i)) for each i. */
interface Columns {
  fa: number[];
  fb: number[];
  fab: number[][];
}

/**
 * V, then V_i and V_Ti for each factor, over the base rows `rows` (indices into the columns; a
 * bootstrap resample may repeat them):
 *   V    = the population variance of the 2n values f(A)_j and f(B)_j;
 *   V_i  = (1/n) Σ_j f(B)_j (f(A_B^(i))_j − f(A)_j)   (Saltelli et al. 2010, table 2, (b));
 *   V_Ti = (1/(2n)) Σ_j (f(A)_j − f(A_B^(i))_j)²      (Jansen 1999; the total estimator Saltelli et al. 2010 recommend).
 */
function partialVariances(c: Columns, rows: readonly number[]): { v: number; first: number[]; total: number[] } {
  const n = rows.length;
  let sum = 0;
  for (const j of rows) sum += c.fa[j] + c.fb[j];
  const mean = sum / (2 * n);
  let squares = 0;
  for (const j of rows) squares += (c.fa[j] - mean) ** 2 + (c.fb[j] - mean) ** 2;
  const first: number[] = [];
  const total: number[] = [];
  for (const fab of c.fab) {
    let vi = 0;
    let vti = 0;
    for (const j of rows) {
      const d = fab[j] - c.fa[j];
      vi += c.fb[j] * d;
      vti += d * d;
    }
    first.push(vi / n);
    total.push(vti / (2 * n));
  }
  return { v: squares / (2 * n), first, total };
}

/**
 * First-order and total Sobol' indices S_i = V_i / V and S_Ti = V_Ti / V (estimators as in
 * {@link partialVariances}), with percentile bootstrap intervals: the used base rows j are
 * resampled with replacement, each with its whole row group, and V is recomputed on every
 * resample along with V_i and V_Ti. outputs[i] is the model's output at design.points[i];
 * undefined (or not finite) means that run failed, and a base row j is used only when f(A)_j,
 * f(B)_j and every f(A_B^(i))_j are there (the others are counted in `dropped`).
 *
 * When every used output is the same, V = 0 and the indices would be 0/0: they are answered as
 * 0 with intervals [0, 0] and `constant: true`. Small N gives estimates below 0 or above 1; they
 * are reported as computed. NaN is answered where nothing can be estimated: no row used (every
 * index), V = 0 while some A_B output differs (every index; A and B missed what moves the output),
 * or fewer than two rows used (the intervals). Resamples on which V = 0 are left out of the
 * percentiles.
 */
export function sobolIndices(
  design: SaltelliDesign,
  outputs: (number | undefined)[],
  options: { resamples: number; seed: number; confidence?: number },
): SobolResult {
  const { samples: n, factors: k } = design;
  if (design.points.length !== n * (k + 2)) {
    throw new RangeError(`Sobol: a design of N = ${n} and k = ${k} has N(k + 2) = ${n * (k + 2)} points, this one ${design.points.length}`);
  }
  if (outputs.length !== design.points.length) {
    throw new RangeError(`Sobol: outputs must hold one value per design point (${design.points.length}), got ${outputs.length}`);
  }
  const columns: Columns = { fa: [], fb: [], fab: Array.from({ length: k }, () => []) };
  let dropped = 0;
  for (let j = 0; j < n; j++) {
    const group = [outputs[j], outputs[n + j], ...Array.from({ length: k }, (_, i) => outputs[(2 + i) * n + j])];
    if (!group.every(usable)) {
      dropped++;
      continue;
    }
    columns.fa.push(group[0] as number);
    columns.fb.push(group[1] as number);
    for (let i = 0; i < k; i++) columns.fab[i].push(group[2 + i] as number);
  }
  const used = n - dropped;
  const all = Array.from({ length: used }, (_, j) => j);

  const first0 = columns.fa[0];
  const constant = used > 0 && [columns.fa, columns.fb, ...columns.fab].every((column) => column.every((y) => y === first0));
  if (constant) {
    return {
      factors: Array.from({ length: k }, () => ({ first: 0, firstInterval: [0, 0], total: 0, totalInterval: [0, 0] })),
      variance: 0, rowsUsed: used, dropped, constant: true,
    };
  }
  if (used === 0) {
    return {
      factors: Array.from({ length: k }, () => ({ first: Number.NaN, firstInterval: [Number.NaN, Number.NaN], total: Number.NaN, totalInterval: [Number.NaN, Number.NaN] })),
      variance: Number.NaN, rowsUsed: 0, dropped, constant: false,
    };
  }

  /** [S_1 … S_k, S_T1 … S_Tk]; NaN where V = 0 (x/0 is not an index). */
  const ratios = ({ v, first, total }: { v: number; first: number[]; total: number[] }) => [...first, ...total].map((x) => (v > 0 ? x / v : Number.NaN));
  const indices = (rows: readonly number[]) => ratios(partialVariances(columns, rows));
  const estimate = partialVariances(columns, all);
  const point = ratios(estimate);
  const intervals = bootstrapIntervals(used, 2 * k, indices, options);
  return {
    factors: Array.from({ length: k }, (_, i) => ({
      first: point[i], firstInterval: intervals[i], total: point[k + i], totalInterval: intervals[k + i],
    })),
    variance: estimate.v,
    rowsUsed: used,
    dropped,
    constant: false,
  };
}
