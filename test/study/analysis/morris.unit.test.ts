import { describe, expect, it } from 'vitest';
import { type MorrisDesign, type MorrisOptions, morrisDesign, morrisIndices } from '../../../src/product/study/analysis/morris.js';

const boot = { resamples: 500, seed: 3 };
const run = (design: MorrisDesign, f: (x: number[]) => number) => design.points.map(f);

/** The design's structure, checked point by point. */
function expectValidDesign(design: MorrisDesign, o: MorrisOptions) {
  const k = o.factors;
  const p = o.levels;
  const groupOf = o.groups ?? Array.from({ length: k }, (_, i) => i);
  const g = Math.max(...groupOf) + 1;
  expect(design.groups).toBe(g);
  expect(design.levels).toBe(p);
  expect(design.delta).toBe(p / (2 * (p - 1)));
  expect(design.points).toHaveLength(o.trajectories * (g + 1));
  expect(design.trajectories).toHaveLength(o.trajectories);
  for (const point of design.points) {
    expect(point).toHaveLength(k);
    for (const x of point) {
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThanOrEqual(1);
      expect(x).toBe(Math.round(x * (p - 1)) / (p - 1)); // on the grid, bit for bit
    }
  }
  design.trajectories.forEach((trajectory, t) => {
    expect(trajectory.rows).toEqual(Array.from({ length: g + 1 }, (_, s) => t * (g + 1) + s));
    expect(trajectory.steps.map((s) => s.group).sort((a, b) => a - b)).toEqual(Array.from({ length: g }, (_, i) => i));
    trajectory.steps.forEach(({ group, delta }, s) => {
      expect(Math.abs(delta)).toBe(design.delta);
      const before = design.points[trajectory.rows[s]];
      const after = design.points[trajectory.rows[s + 1]];
      for (let i = 0; i < k; i++) {
        if (groupOf[i] === group) {
          // Every parameter of the moved group moves by the step's ±Δ: p/2 grid levels.
          expect(Math.round((after[i] - before[i]) * (p - 1))).toBe(Math.sign(delta) * (p / 2));
          expect(after[i] - before[i]).toBeCloseTo(delta, 12);
        } else {
          expect(after[i]).toBe(before[i]);
        }
      }
    });
  });
}

describe('Morris design', () => {
  it('draws r trajectories of k + 1 grid points, each step moving one parameter by ±Δ', () => {
    for (const o of [
      { factors: 5, trajectories: 10, levels: 4, seed: 1 },
      { factors: 3, trajectories: 20, levels: 6, seed: 2 },
      { factors: 1, trajectories: 2, levels: 8, seed: 3 },
    ]) expectValidDesign(morrisDesign(o), o);
  });

  it('moves the parameters of a group together, one step per group', () => {
    const o = { factors: 6, trajectories: 12, levels: 4, seed: 9, groups: [0, 1, 0, 2, 1, 0] };
    const design = morrisDesign(o);
    expectValidDesign(design, o);
    expect(design.points).toHaveLength(12 * 4);
  });

  it('uses both directions, several starting levels and every grid level', () => {
    const design = morrisDesign({ factors: 4, trajectories: 30, levels: 6, seed: 5 });
    const signs = new Set(design.trajectories.flatMap((t) => t.steps.map((s) => Math.sign(s.delta))));
    expect(signs).toEqual(new Set([1, -1]));
    expect(new Set(design.points.flat().map((x) => Math.round(x * 5)))).toEqual(new Set([0, 1, 2, 3, 4, 5]));
  });

  it('draws the same design for the same seed, and another for another seed', () => {
    const o = { factors: 4, trajectories: 8, levels: 4, seed: 77, groups: [0, 0, 1, 2] };
    expect(morrisDesign(o)).toEqual(morrisDesign({ ...o }));
    expect(morrisDesign({ ...o, seed: 78 }).points).not.toEqual(morrisDesign(o).points);
  });

  it('refuses options it cannot draw, saying why', () => {
    const ok = { factors: 3, trajectories: 4, levels: 4, seed: 1 };
    expect(() => morrisDesign({ ...ok, trajectories: 1 })).toThrow(/trajectories must be a whole number ≥ 2/);
    expect(() => morrisDesign({ ...ok, levels: 5 })).toThrow(/levels must be an even whole number ≥ 4/);
    expect(() => morrisDesign({ ...ok, levels: 2 })).toThrow(/levels must be an even whole number ≥ 4/);
    expect(() => morrisDesign({ ...ok, factors: 0 })).toThrow(/factors must be a whole number ≥ 1/);
    expect(() => morrisDesign({ ...ok, groups: [0, 1] })).toThrow(/one group per parameter \(3\), got 2/);
    expect(() => morrisDesign({ ...ok, groups: [0, 2, 2] })).toThrow(/every number used; 1 has no parameter/);
    expect(() => morrisDesign({ ...ok, groups: [0, -1, 1] })).toThrow(/group of parameter 1 must be a whole number ≥ 0/);
    expect(() => morrisDesign({ ...ok, groups: [0, 0.5, 1] })).toThrow(/group of parameter 1/);
  });
});

describe('Morris indices', () => {
  // x3 cannot affect the output; x1 enters linearly; x2 non-linearly.
  const f = ([x1, x2]: number[]) => 3 * x1 + x2 * x2;

  it('gives an input that cannot move the output μ* = μ = σ = 0 exactly, with interval [0, 0]', () => {
    const design = morrisDesign({ factors: 3, trajectories: 20, levels: 6, seed: 11 });
    const result = morrisIndices(design, run(design, f), boot);
    const dummy = result.groups[2];
    expect(dummy).toEqual({ muStar: 0, mu: 0, sigma: 0, muStarInterval: [0, 0], effects: 20 });
    expect(Object.is(dummy.mu, 0) && Object.is(dummy.muStarInterval[0], 0)).toBe(true); // not −0
    expect(result.trajectoriesUsed).toBe(20);
    expect(result.dropped).toBe(0);
  });

  it('gives a linear input μ* = μ = its coefficient and σ = 0 (analytic: EE = 3 on every step)', () => {
    // p = 4: the grid values and Δ round so that every EE is 3 bit for bit.
    const design = morrisDesign({ factors: 3, trajectories: 15, levels: 4, seed: 12 });
    const x1 = morrisIndices(design, run(design, f), boot).groups[0];
    expect(x1).toEqual({ muStar: 3, mu: 3, sigma: 0, muStarInterval: [3, 3], effects: 15 });
    // p = 8: the same up to the last bit of the grid's floating-point values.
    const fine = morrisDesign({ factors: 3, trajectories: 15, levels: 8, seed: 12 });
    const x1fine = morrisIndices(fine, run(fine, f), boot).groups[0];
    expect(x1fine.muStar).toBeCloseTo(3, 12);
    expect(x1fine.mu).toBeCloseTo(3, 12);
    expect(x1fine.sigma).toBeLessThan(1e-12);
  });

  it('gives a quadratic input the analytic EE 2x + Δ, μ = μ* > 0 and σ > 0, and the sign of a decreasing input', () => {
    const design = morrisDesign({ factors: 3, trajectories: 20, levels: 4, seed: 13 });
    const result = morrisIndices(design, run(design, ([x1, x2, x3]) => x2 * x2 - 2 * x3 + 0 * x1), boot);
    const x2 = result.groups[1];
    // EE = ((x + Δ)² − x²)/Δ = 2x + Δ with x the lower end of the step, x ∈ {0, 1/3}: 2/3 or 4/3.
    const lows = design.trajectories.map((t) => {
      const s = t.steps.findIndex((step) => step.group === 1);
      return Math.min(design.points[t.rows[s]][1], design.points[t.rows[s + 1]][1]);
    });
    const expected = lows.map((x) => 2 * x + design.delta);
    const mean = expected.reduce((a, b) => a + b, 0) / expected.length;
    expect(x2.mu).toBeCloseTo(mean, 12);
    expect(x2.muStar).toBeCloseTo(mean, 12);
    expect(x2.sigma).toBeGreaterThan(0);
    expect(x2.muStarInterval[0]).toBeLessThanOrEqual(x2.muStar);
    expect(x2.muStarInterval[1]).toBeGreaterThanOrEqual(x2.muStar);
    expect(result.groups[2].mu).toBeCloseTo(-2, 12);
    expect(result.groups[2].muStar).toBeCloseTo(2, 12);
    expect(result.groups[0]).toEqual({ muStar: 0, mu: 0, sigma: 0, muStarInterval: [0, 0], effects: 20 });
  });

  it('with groups: a group holding only the dummy has μ* = 0, a group holding x1 moves as one', () => {
    // Parameters x1, x2, x3, x4; groups {x1, x4}, {x2}, {x3}; x3 is ignored, x4 enters as 5·x4.
    const o = { factors: 4, trajectories: 10, levels: 4, seed: 14, groups: [0, 1, 2, 0] };
    const design = morrisDesign(o);
    const result = morrisIndices(design, run(design, ([x1, x2, , x4]) => 3 * x1 + x2 * x2 + 5 * x4), boot);
    expect(result.groups).toHaveLength(3);
    expect(result.groups[2]).toEqual({ muStar: 0, mu: 0, sigma: 0, muStarInterval: [0, 0], effects: 10 });
    // Both parameters of group 0 move by the same ±Δ: EE = 3 + 5.
    expect(result.groups[0].mu).toBeCloseTo(8, 12);
    expect(result.groups[0].sigma).toBeLessThan(1e-12);
  });

  it('leaves out and counts trajectories with a failed run', () => {
    const design = morrisDesign({ factors: 3, trajectories: 10, levels: 4, seed: 15 });
    const outputs: (number | undefined)[] = run(design, f);
    outputs[design.trajectories[2].rows[1]] = undefined;
    outputs[design.trajectories[7].rows[3]] = undefined;
    outputs[design.trajectories[7].rows[0]] = Number.NaN;
    const result = morrisIndices(design, outputs, boot);
    expect(result.dropped).toBe(2);
    expect(result.trajectoriesUsed).toBe(8);
    expect(result.groups.every((g) => g.effects === 8)).toBe(true);
    // The same numbers as a design without those two trajectories at all.
    const kept = design.trajectories.filter((_, t) => t !== 2 && t !== 7);
    const points = kept.flatMap((t) => t.rows.map((r) => design.points[r]));
    const reduced: MorrisDesign = {
      ...design, points, trajectories: kept.map((t, i) => ({ rows: t.rows.map((_, s) => i * 4 + s), steps: t.steps })),
    };
    const alone = morrisIndices(reduced, points.map(f), boot);
    expect(result.groups.map((g) => [g.muStar, g.mu, g.sigma])).toEqual(alone.groups.map((g) => [g.muStar, g.mu, g.sigma]));
    // Every trajectory failed: nothing to estimate.
    const none = morrisIndices(design, design.points.map(() => undefined), boot);
    expect(none.dropped).toBe(10);
    expect(none.groups[0].muStar).toBeNaN();
    expect(none.groups[0].effects).toBe(0);
  });

  it('answers the same result for the same seed', () => {
    const design = morrisDesign({ factors: 3, trajectories: 10, levels: 4, seed: 16 });
    const outputs = run(design, f);
    expect(morrisIndices(design, outputs, boot)).toEqual(morrisIndices(design, [...outputs], { ...boot }));
  });

  it('refuses outputs that do not match the design', () => {
    const design = morrisDesign({ factors: 3, trajectories: 4, levels: 4, seed: 1 });
    expect(() => morrisIndices(design, [1, 2, 3], boot)).toThrow(/one value per design point \(16\), got 3/);
  });
});
