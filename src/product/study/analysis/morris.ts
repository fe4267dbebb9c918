/**
 * Morris's elementary-effects screening (Morris 1991), with parameters moving in groups and μ* as
 * the measure of importance (Campolongo, Cariboni & Saltelli 2007). A design is r random
 * trajectories on a p-level grid in [0, 1]^k, each moving one group at a time; the analysis reads
 * one elementary effect per group from each trajectory. Screening needs r(g + 1) runs where
 * variance-based indices need thousands, which is why it comes first for expensive models.
 * Pure and deterministic (mulberry32 draws, no clock, no I/O): workflow code draws the same
 * design on every replay.
 *
 * - M. D. Morris, Factorial sampling plans for preliminary computational experiments,
 *   Technometrics 33(2), 161–174 (1991).
 * - F. Campolongo, J. Cariboni and A. Saltelli, An effective screening design for sensitivity
 *   analysis of large models, Environ. Model. Softw. 22, 1509–1518 (2007).
 */
import { mulberry32 } from '../../../common/seeded-random.js';
import { bootstrapIntervals } from './bootstrap.js';

export interface MorrisOptions {
  /** k, the number of parameters. */
  factors: number;
  /** r, the number of trajectories (at least 2). */
  trajectories: number;
  /** p, the number of grid levels per parameter (even, at least 4). */
  levels: number;
  seed: number;
  /** Each parameter's group, 0..g−1, every group used; absent: each parameter is a group of its own. */
  groups?: number[];
}

/** One step of a trajectory: the group that moved, and by how much (+Δ or −Δ, in scaled units). */
export interface MorrisStep {
  group: number;
  delta: number;
}

export interface MorrisTrajectory {
  /** The trajectory's g + 1 rows, as indices into the design's points. */
  rows: number[];
  /** Step s goes from rows[s] to rows[s + 1]. */
  steps: MorrisStep[];
}

export interface MorrisDesign {
  /** Every trajectory's points in order, r(g + 1) rows of k coordinates on the grid {0, 1/(p−1), …, 1}. */
  points: number[][];
  trajectories: MorrisTrajectory[];
  /** Δ = p / (2(p − 1)). */
  delta: number;
  /** p. */
  levels: number;
  /** g, the number of groups. */
  groups: number;
}

export interface MorrisGroupIndex {
  /** μ*: the mean of |EE| (Campolongo et al. 2007), the measure to rank by. */
  muStar: number;
  /** μ: the mean of EE; effects of both signs cancel in it. */
  mu: number;
  /** σ: the sample standard deviation of EE (n − 1; 0 for one effect): non-linearity or interactions. */
  sigma: number;
  /** Percentile bootstrap interval of μ* over the trajectories used. */
  muStarInterval: [number, number];
  /** The number of elementary effects (trajectories used). */
  effects: number;
}

export interface MorrisResult {
  groups: MorrisGroupIndex[];
  trajectoriesUsed: number;
  /** Trajectories left out because a run on them has no output. */
  dropped: number;
}

const isWhole = (x: number) => Number.isInteger(x);

/** The options checked, and each parameter's group (each its own when none are given); g. */
function checkOptions(o: MorrisOptions): { groupOf: number[]; groups: number } {
  if (!isWhole(o.factors) || o.factors < 1) throw new RangeError(`Morris: factors must be a whole number ≥ 1, got ${o.factors}`);
  if (!isWhole(o.trajectories) || o.trajectories < 2) {
    throw new RangeError(`Morris: trajectories must be a whole number ≥ 2 (μ*'s spread needs at least two), got ${o.trajectories}`);
  }
  if (!isWhole(o.levels) || o.levels < 4 || o.levels % 2 !== 0) {
    throw new RangeError(`Morris: levels must be an even whole number ≥ 4 (4, 6, 8, …), got ${o.levels}`);
  }
  if (!Number.isFinite(o.seed)) throw new RangeError(`Morris: seed must be a finite number, got ${o.seed}`);
  if (o.groups === undefined) return { groupOf: Array.from({ length: o.factors }, (_, i) => i), groups: o.factors };
  if (o.groups.length !== o.factors) {
    throw new RangeError(`Morris: groups must give one group per parameter (${o.factors}), got ${o.groups.length}`);
  }
  const bad = o.groups.findIndex((g) => !isWhole(g) || g < 0);
  if (bad >= 0) throw new RangeError(`Morris: the group of parameter ${bad} must be a whole number ≥ 0, got ${o.groups[bad]}`);
  const groups = Math.max(...o.groups) + 1;
  const used = new Set(o.groups);
  const unused = Array.from({ length: groups }, (_, g) => g).filter((g) => !used.has(g));
  if (unused.length) throw new RangeError(`Morris: groups must be numbered 0 to ${groups - 1} with every number used; ${unused.join(', ')} ${unused.length === 1 ? 'has' : 'have'} no parameter`);
  return { groupOf: [...o.groups], groups };
}

/**
 * r trajectories of g + 1 points each (Morris 1991, with groups as in Campolongo et al. 2007):
 *
 *   B* = J x* + (Δ/2) [ (2 B G^T − J) D* + J ] (with P* ordering the groups)
 *
 * where x* is a random base point on the levels {0, …, 1 − Δ}, B is the (g+1) × g strictly lower
 * triangular matrix of ones (row t has the first t groups moved), G the k × g group matrix,
 * P* a random order of the groups and D* random signs. A parameter is at x*_i while its group has
 * not moved and at x*_i + Δ after (sign +1), or the other way round (sign −1), so every point stays
 * in [0, 1] and each step moves exactly one group, all of its parameters by the same ±Δ.
 *
 * One sign per group rather than per parameter (Campolongo et al. draw D* per parameter, and then
 * the sign of a group's effect means nothing and only μ* is read): here the parameters of a group
 * always move the same way, so a group's μ is the effect of raising the group together.
 *
 * Coordinates are computed as an integer level / (p − 1), never by adding Δ to a float, so equal
 * points of different trajectories are bit-identical and a caller can solve each once.
 * Draws from mulberry32(seed), per trajectory in this order: the k base levels, the g signs, then
 * the order of the groups (Fisher–Yates).
 */
export function morrisDesign(o: MorrisOptions): MorrisDesign {
  const { groupOf, groups } = checkOptions(o);
  const p = o.levels;
  const k = o.factors;
  const half = p / 2; // Δ in levels: Δ = p/(2(p−1)) = (p/2) · 1/(p−1).
  const random = mulberry32(o.seed);
  const draw = (n: number) => Math.floor(random() * n);
  const delta = p / (2 * (p - 1));
  const points: number[][] = [];
  const trajectories: MorrisTrajectory[] = [];
  for (let t = 0; t < o.trajectories; t++) {
    const base = Array.from({ length: k }, () => draw(half)); // x*: levels 0 … p/2 − 1.
    const up = Array.from({ length: groups }, () => random() < 0.5); // D*: +1 (up) or −1.
    const order = Array.from({ length: groups }, (_, g) => g); // P*.
    for (let i = groups - 1; i > 0; i--) {
      const j = draw(i + 1);
      [order[i], order[j]] = [order[j], order[i]];
    }
    const moved = new Array<boolean>(groups).fill(false);
    const level = (i: number) => base[i] + (moved[groupOf[i]] === up[groupOf[i]] ? half : 0);
    const rows = [points.length];
    points.push(Array.from({ length: k }, (_, i) => level(i) / (p - 1)));
    const steps: MorrisStep[] = [];
    for (const g of order) {
      moved[g] = true;
      rows.push(points.length);
      points.push(Array.from({ length: k }, (_, i) => level(i) / (p - 1)));
      steps.push({ group: g, delta: up[g] ? delta : -delta });
    }
    trajectories.push({ rows, steps });
  }
  return { points, trajectories, delta, levels: p, groups };
}

/** An output the analysis can use: a run that failed has none, and a non-finite value says nothing. */
const usable = (y: number | undefined): y is number => y !== undefined && Number.isFinite(y);

const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

/**
 * μ*, μ and σ of each group's elementary effects (Morris 1991; μ* from Campolongo et al. 2007),
 * with a bootstrap interval of μ* over the trajectories (resampled with replacement, all groups
 * from the same resamples). outputs[i] is the model's output at design.points[i]; undefined (or
 * not finite) means that run failed, and a trajectory with any such run is left out entirely
 * (counted in `dropped`): its remaining effects are not of the same random base point.
 *
 * EE = (f(after) − f(before)) / δ, with δ the step's signed ±Δ, so EE has the sign of raising the
 * group. A group whose every EE is exactly 0 gets μ* = μ = σ = 0 and, from two trajectories on,
 * the interval [0, 0] exactly. With no trajectory left, μ*, μ and σ are NaN; with one, σ is 0
 * and the interval is [NaN, NaN] (a bootstrap of one item says nothing about spread).
 */
export function morrisIndices(
  design: MorrisDesign,
  outputs: (number | undefined)[],
  options: { resamples: number; seed: number; confidence?: number },
): MorrisResult {
  if (outputs.length !== design.points.length) {
    throw new RangeError(`Morris: outputs must hold one value per design point (${design.points.length}), got ${outputs.length}`);
  }
  // effects[g][t]: the elementary effect of group g on the t-th trajectory used.
  const effects: number[][] = Array.from({ length: design.groups }, () => []);
  let dropped = 0;
  for (const trajectory of design.trajectories) {
    const ys = trajectory.rows.map((row) => outputs[row]);
    if (!ys.every(usable)) {
      dropped++;
      continue;
    }
    trajectory.steps.forEach(({ group, delta }, s) => {
      const change = (ys[s + 1] as number) - (ys[s] as number);
      // 0 / −Δ is −0: an input that cannot move the output answers +0.
      effects[group].push(change === 0 ? 0 : change / delta);
    });
  }
  const used = design.trajectories.length - dropped;
  const absolute = effects.map((ee) => ee.map(Math.abs));
  const intervals = bootstrapIntervals(used, design.groups, (sample) => absolute.map((abs) => {
    let sum = 0;
    for (const t of sample) sum += abs[t];
    return sum / sample.length;
  }), options);
  return {
    groups: effects.map((ee, g) => {
      const mu = mean(ee);
      const sigma = ee.length > 1 ? Math.sqrt(ee.reduce((s, x) => s + (x - mu) ** 2, 0) / (ee.length - 1)) : ee.length ? 0 : Number.NaN;
      return { muStar: mean(absolute[g]), mu, sigma, muStarInterval: intervals[g], effects: ee.length };
    }),
    trajectoriesUsed: used,
    dropped,
  };
}
