import { describe, expect, it } from 'vitest';
import { type SaltelliDesign, type SobolResult, saltelliDesign, sobolIndices } from '../../../src/product/study/analysis/sobol.js';

const RESAMPLES = 1000;
/** 4 decimals, or 3 significant digits for the tiny indices of the G function's last inputs. */
const fmt = (x: number) => (x === 0 || Math.abs(x) >= 0.001 ? x.toFixed(4) : x.toExponential(2)).padStart(9);
const interval = ([lo, hi]: [number, number]) => `[${fmt(lo)}, ${fmt(hi)}]`;

/** The estimates, their intervals and the analytic values, as a table to quote. */
function table(title: string, result: SobolResult, first: number[], total: number[], ms: number): string {
  const rows = result.factors.map((f, i) => `x${i + 1}  ${fmt(first[i])} ${fmt(f.first)}  ${interval(f.firstInterval)}  ${fmt(total[i])} ${fmt(f.total)}  ${interval(f.totalInterval)}`);
  return [
    `${title} (${ms.toFixed(0)} ms for design, runs and indices)`,
    `     S1 exact   S1 est.  95 % interval            ST exact   ST est.  95 % interval`,
    ...rows,
  ].join('\n');
}

function expectWithin(result: SobolResult, first: number[], total: number[], tolerance: number) {
  result.factors.forEach((f, i) => {
    expect(f.firstInterval[0]).toBeLessThanOrEqual(first[i]);
    expect(f.firstInterval[1]).toBeGreaterThanOrEqual(first[i]);
    expect(f.totalInterval[0]).toBeLessThanOrEqual(total[i]);
    expect(f.totalInterval[1]).toBeGreaterThanOrEqual(total[i]);
    expect(Math.abs(f.first - first[i])).toBeLessThan(tolerance);
    expect(Math.abs(f.total - total[i])).toBeLessThan(tolerance);
  });
}

describe('Saltelli design', () => {
  it('lays out A, B and each A_B^(i) (A with column i from B): N(k + 2) rows in [0, 1)', () => {
    const n = 16;
    const k = 3;
    const design = saltelliDesign({ factors: k, samples: n, seed: 5 });
    expect(design.samples).toBe(n);
    expect(design.factors).toBe(k);
    expect(design.points).toHaveLength(n * (k + 2));
    expect(design.points.flat().every((x) => x >= 0 && x < 1)).toBe(true);
    const a = design.points.slice(0, n);
    const b = design.points.slice(n, 2 * n);
    for (let i = 0; i < k; i++) {
      for (let j = 0; j < n; j++) {
        expect(design.points[(2 + i) * n + j]).toEqual(a[j].map((x, c) => (c === i ? b[j][i] : x)));
      }
    }
    // A and B together are one stratified 2k-dimensional net: each column of A and of B hits every 1/N interval once.
    for (const m of [a, b]) for (let c = 0; c < k; c++) expect(new Set(m.map((row) => Math.floor(row[c] * n))).size).toBe(n);
  });

  it('draws the same design for the same seed, and another for another seed', () => {
    expect(saltelliDesign({ factors: 4, samples: 8, seed: 1 })).toEqual(saltelliDesign({ factors: 4, samples: 8, seed: 1 }));
    expect(saltelliDesign({ factors: 4, samples: 8, seed: 1 }).points).not.toEqual(saltelliDesign({ factors: 4, samples: 8, seed: 2 }).points);
  });

  it('refuses N that is not a power of two ≥ 4, and more factors than the sequence has dimensions for', () => {
    for (const samples of [0, 2, 3, 6, 100, 1000, 4.5]) {
      expect(() => saltelliDesign({ factors: 2, samples, seed: 1 })).toThrow(/samples N must be a power of two from 4 to 2\^31 \(4, 8, 16, …/);
    }
    expect(() => saltelliDesign({ factors: 0, samples: 8, seed: 1 })).toThrow(/factors must be a whole number from 1 to 64/);
    expect(() => saltelliDesign({ factors: 65, samples: 8, seed: 1 })).toThrow(/from 1 to 64 \(A and B take 2k/);
    expect(saltelliDesign({ factors: 64, samples: 4, seed: 1 }).points).toHaveLength(4 * 66);
  });
});

describe('Sobol indices', () => {
  it('recovers the Ishigami function\'s analytic indices (a = 7, b = 0.1) within their 95 % intervals', () => {
    const a = 7;
    const b = 0.1;
    const pi = Math.PI;
    // Analytic partial variances of f = sin x1 + a sin² x2 + b x3⁴ sin x1, x ~ U(−π, π)³ (Ishigami & Homma 1990).
    const v1 = (1 + (b * pi ** 4) / 5) ** 2 / 2;
    const v2 = a ** 2 / 8;
    const v13 = (b ** 2 * pi ** 8 * 8) / 225;
    const v = a ** 2 / 8 + (b * pi ** 4) / 5 + (b ** 2 * pi ** 8) / 18 + 1 / 2;
    expect(v1 + v2 + v13).toBeCloseTo(v, 12);
    const first = [v1 / v, v2 / v, 0];
    const total = [(v1 + v13) / v, v2 / v, v13 / v];
    // The literature's rounded values.
    [0.3139, 0.4424, 0].forEach((s, i) => expect(first[i]).toBeCloseTo(s, 4));
    [0.5576, 0.4424, 0.2437].forEach((s, i) => expect(total[i]).toBeCloseTo(s, 4));

    const started = performance.now();
    const design = saltelliDesign({ factors: 3, samples: 2 ** 13, seed: 2024 });
    const f = (u: number[]) => {
      const [x1, x2, x3] = u.map((ui) => -pi + 2 * pi * ui);
      return Math.sin(x1) + a * Math.sin(x2) ** 2 + b * x3 ** 4 * Math.sin(x1);
    };
    const result = sobolIndices(design, design.points.map(f), { resamples: RESAMPLES, seed: 2024 });
    const ms = performance.now() - started;
    console.log(table(`Ishigami, N = 2^13 = 8192 base samples (${design.points.length} runs), ${RESAMPLES} resamples, seed 2024`, result, first, total, ms));
    expect(result.rowsUsed).toBe(2 ** 13);
    expect(result.constant).toBe(false);
    expect(result.variance).toBeCloseTo(v, 1);
    expectWithin(result, first, total, 0.03);
  });

  it('recovers the Sobol\' G function\'s analytic first and total indices (k = 6, a = 0, 1, 4.5, 9, 99, 99)', () => {
    const a = [0, 1, 4.5, 9, 99, 99];
    const vi = a.map((ai) => 1 / (3 * (1 + ai) ** 2));
    const v = vi.reduce((p, x) => p * (1 + x), 1) - 1;
    const first = vi.map((x) => x / v);
    const total = vi.map((x, i) => (x * vi.reduce((p, y, j) => (j === i ? p : p * (1 + y)), 1)) / v);

    const started = performance.now();
    const design = saltelliDesign({ factors: 6, samples: 2 ** 13, seed: 2024 });
    const g = (x: number[]) => x.reduce((p, xi, i) => (p * (Math.abs(4 * xi - 2) + a[i])) / (1 + a[i]), 1);
    const result = sobolIndices(design, design.points.map(g), { resamples: RESAMPLES, seed: 2024 });
    const ms = performance.now() - started;
    console.log(table(`G function, N = 2^13 = 8192 base samples (${design.points.length} runs), ${RESAMPLES} resamples, seed 2024`, result, first, total, ms));
    expectWithin(result, first, total, 0.03);
  });

  /** A small model with an input that does nothing: y = x1 + 2 x2² + 0 x3. */
  const small = (): { design: SaltelliDesign; outputs: (number | undefined)[] } => {
    const design = saltelliDesign({ factors: 3, samples: 64, seed: 8 });
    return { design, outputs: design.points.map(([x1, x2]) => x1 + 2 * x2 * x2) };
  };

  it('gives an input that does nothing S = ST = 0 exactly', () => {
    const { design, outputs } = small();
    const x3 = sobolIndices(design, outputs, { resamples: 200, seed: 1 }).factors[2];
    expect(x3).toEqual({ first: 0, firstInterval: [0, 0], total: 0, totalInterval: [0, 0] });
  });

  it('leaves out and counts base rows with a failed run anywhere in their row group', () => {
    const { design, outputs } = small();
    const n = design.samples;
    const failed = [...outputs];
    failed[3] = undefined; // A_3
    failed[n + 10] = undefined; // B_10
    failed[4 * n + 20] = Number.NaN; // A_B^(2)_20
    const result = sobolIndices(design, failed, { resamples: 200, seed: 1 });
    expect(result.dropped).toBe(3);
    expect(result.rowsUsed).toBe(n - 3);
    // The other outputs of a dropped row group do not count: garbage there changes nothing.
    const garbage = failed.map((y, i) => ([3, 10, 20].includes(i % n) && y !== undefined && !Number.isNaN(y) ? 1e9 : y));
    expect(sobolIndices(design, garbage, { resamples: 200, seed: 1 })).toEqual(result);
    expect(result.factors.every((f) => Number.isFinite(f.first) && Number.isFinite(f.total))).toBe(true);
  });

  it('answers 0 with [0, 0] and constant: true for an output that never changes', () => {
    const { design } = small();
    const result = sobolIndices(design, design.points.map(() => 42.5), { resamples: 100, seed: 1 });
    expect(result).toEqual({
      factors: Array.from({ length: 3 }, () => ({ first: 0, firstInterval: [0, 0], total: 0, totalInterval: [0, 0] })),
      variance: 0, rowsUsed: 64, dropped: 0, constant: true,
    });
  });

  it('answers NaN, not a number it cannot know, when every row failed', () => {
    const { design } = small();
    const result = sobolIndices(design, design.points.map(() => undefined), { resamples: 100, seed: 1 });
    expect(result.rowsUsed).toBe(0);
    expect(result.dropped).toBe(64);
    expect(result.constant).toBe(false);
    expect(result.factors[0].first).toBeNaN();
  });

  it('answers the same result for the same seed; another bootstrap seed moves only the intervals', () => {
    const { design, outputs } = small();
    const result = sobolIndices(design, outputs, { resamples: 200, seed: 1 });
    expect(sobolIndices(design, [...outputs], { resamples: 200, seed: 1 })).toEqual(result);
    const other = sobolIndices(design, outputs, { resamples: 200, seed: 2 });
    expect(other.factors.map((f) => [f.first, f.total])).toEqual(result.factors.map((f) => [f.first, f.total]));
    expect(other.factors[0].firstInterval).not.toEqual(result.factors[0].firstInterval);
  });

  it('refuses outputs that do not match the design', () => {
    const { design, outputs } = small();
    expect(() => sobolIndices(design, outputs.slice(1), { resamples: 10, seed: 1 })).toThrow(/one value per design point \(320\), got 319/);
    expect(() => sobolIndices({ ...design, samples: 32 }, outputs, { resamples: 10, seed: 1 })).toThrow(/has N\(k \+ 2\) = 160 points, this one 320/);
  });
});
