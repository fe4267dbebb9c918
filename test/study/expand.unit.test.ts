import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  type Sweep, type VariantsSpec, expandVariants, variantAt, variantCount, variantKey, variantLabel,
} from '../../src/product/study/expand.js';
import { loadStudyFile, parseStudy } from '../../src/product/study/load.js';
import type { Parameter, ParameterValue } from '../../src/product/study/target.js';

const EXAMPLE = resolve(import.meta.dirname, '../../examples/demo-study.yaml');

const target = { kind: 'conversionTechnology' as const, name: 'Heat pump', field: 'variableInvestmentCost' };
const param = (name: string, values: ParameterValue[]): Parameter => ({ name, target, operation: 'set', values });
const ranged = (name: string, min: number, max: number): Parameter => ({ name, target, operation: 'set', range: { min, max } });
const spec = (over: Partial<VariantsSpec>): VariantsSpec => ({ method: 'grid', samples: null, seed: null, list: null, ...over });
const sweep = (parameters: readonly Parameter[], variants: Partial<VariantsSpec> = {}, name = 's'): Sweep => ({ name, parameters, variants: spec(variants) });
const range = (n: number, from = 0) => Array.from({ length: n }, (_, i) => from + i);

const grid345 = sweep([param('a', range(3)), param('b', range(4, 10)), param('c', range(5, 100))]);
const lhs = sweep([ranged('x', 0, 100), ranged('y', -5, 5), ranged('z', 500, 1900)], { method: 'latin-hypercube', samples: 25, seed: 42 });

describe('variant expansion', () => {
  it('expands the same file the same way every time', async () => {
    const [first, second] = [await loadStudyFile(EXAMPLE), await loadStudyFile(EXAMPLE)];
    const variants = expandVariants(first);
    expect(variants).toHaveLength(6);
    expect(expandVariants(second)).toEqual(variants);
    expect(new Set(variants.map((v) => v.key)).size).toBe(6);
    for (const v of variants) {
      expect(v.key).toMatch(/^v-[0-9a-f]{12}$/);
      expect(v.name).toBe(`demo-study-${v.key}`);
    }
  });

  it('keys by the values alone: FNV-1a 64 of the sorted assignment, top 48 bits, never to change', () => {
    // FNV-1a 64 of "[]" (the empty assignment) is 0x09612b07b5ecb5a5 by any reference implementation.
    expect(variantKey({})).toBe('v-09612b07b5ec');
    expect(variantKey({ hp_cost: 800, gas_price: 0.09 })).toBe('v-38427cd87edb');
    expect(variantKey({ gas_price: 0.09, hp_cost: 800 })).toBe('v-38427cd87edb');
    expect(variantKey({ hp_cost: 800, gas_price: 0.1 })).not.toBe('v-38427cd87edb');
    expect(variantKey({ a: '800' })).not.toBe(variantKey({ a: 800 }));
    expect(variantKey({ a: true })).not.toBe(variantKey({ a: 'true' }));
  });

  it('gives the same keys whatever the order of the parameters in the file', () => {
    const text = readFileSync(EXAMPLE, 'utf8');
    const hp = text.slice(text.indexOf('  - name: hp_cost'), text.indexOf('  - name: gas_price'));
    const swapped = text.replace(hp, '').replace('  # More kinds of parameter', `${hp}  # More kinds of parameter`);
    const reordered = parseStudy(swapped);
    expect(reordered.parameters.map((p) => p.name)).toEqual(['gas_price', 'hp_cost']);
    const byKey = (s: Sweep) => new Map(expandVariants(s).map((v) => [v.key, v.assignment]));
    const original = byKey(parseStudy(text));
    const other = byKey(reordered);
    expect([...other.keys()].sort()).toEqual([...original.keys()].sort());
    for (const [key, assignment] of other) expect(assignment).toEqual({ ...original.get(key) });
  });

  it('orders a grid with the first parameter varying slowest', () => {
    const variants = expandVariants(sweep([param('a', [1, 2]), param('b', ['x', 'y', 'z'])]));
    expect(variants.map((v) => v.assignment)).toEqual([
      { a: 1, b: 'x' }, { a: 1, b: 'y' }, { a: 1, b: 'z' }, { a: 2, b: 'x' }, { a: 2, b: 'y' }, { a: 2, b: 'z' },
    ]);
    expect(variants.map((v) => v.index)).toEqual(range(6));
    expect(variantCount(grid345)).toBe(60);
    expect(new Set(expandVariants(grid345).map((v) => v.key)).size).toBe(60);
  });

  it('zips lists side by side and takes a list as given, in parameter order', () => {
    const zip = sweep([param('a', [1, 2, 3]), param('b', [true, false, true])], { method: 'zip' });
    expect(expandVariants(zip).map((v) => v.assignment)).toEqual([{ a: 1, b: true }, { a: 2, b: false }, { a: 3, b: true }]);
    const list = sweep([param('a', []), param('b', [])], { method: 'list', list: [{ b: 'x', a: 1 }, { a: 2, b: 'y' }] });
    const variants = expandVariants(list);
    expect(variants.map((v) => v.assignment)).toEqual([{ a: 1, b: 'x' }, { a: 2, b: 'y' }]);
    expect(variantLabel(variants[0].assignment)).toBe('a=1, b=x');
  });

  it('hits every stratum of every range exactly once in a Latin hypercube', () => {
    const variants = expandVariants(lhs);
    expect(variants).toHaveLength(25);
    for (const p of lhs.parameters) {
      const { min, max } = p.range!;
      const width = (max - min) / 25;
      const values = variants.map((v) => v.assignment[p.name] as number);
      for (const value of values) expect(Math.round(value * 1e5) / 1e5).toBe(value);
      // Sorted, the k-th value lies in the k-th stratum (up to the rounding to 5 decimals).
      [...values].sort((a, b) => a - b).forEach((value, k) => {
        expect(value).toBeGreaterThanOrEqual(min + k * width - 5e-6);
        expect(value).toBeLessThanOrEqual(min + (k + 1) * width + 5e-6);
      });
    }
  });

  it('samples from its seed: the same seed the same design, another seed another', () => {
    const again = sweep(lhs.parameters.map((p) => ({ ...p })), { method: 'latin-hypercube', samples: 25, seed: 42 });
    expect(expandVariants(again)).toEqual(expandVariants(lhs));
    const other = sweep(lhs.parameters, { method: 'latin-hypercube', samples: 25, seed: 43 });
    expect(expandVariants(other).map((v) => v.key)).not.toEqual(expandVariants(lhs).map((v) => v.key));
  });

  it('computes any one variant alone, equal to the expanded list', () => {
    for (const study of [grid345, lhs]) {
      const all = expandVariants(study);
      for (let i = 0; i < all.length; i++) expect(variantAt(study, i)).toEqual(all[i]);
      // A fresh object, as a workflow that reloaded its study would hold.
      const fresh = structuredClone(study);
      expect(variantAt(fresh, all.length - 1)).toEqual(all.at(-1));
    }
    expect(() => variantAt(grid345, 60)).toThrow(RangeError);
    expect(() => variantAt(grid345, -1)).toThrow(RangeError);
    expect(() => variantAt(grid345, 1.5)).toThrow(RangeError);
  });

  it('keeps scenario names within 100 characters, even for a long study name', () => {
    const long = sweep([param('a', [1, 2])], {}, 'x'.repeat(200));
    for (const v of expandVariants(long)) {
      expect(v.name.length).toBeLessThanOrEqual(100);
      expect(v.name.endsWith(`-${v.key}`)).toBe(true);
    }
    const longest = parseStudy(readFileSync(EXAMPLE, 'utf8').replace('name: demo-study', `name: ${'d'.repeat(40)}`));
    expect(expandVariants(longest)[0].name).toHaveLength(40 + 1 + 14);
  });

  it('expands 10 000 variants well under a second, and batches of them cheaply', () => {
    const big = sweep([param('a', range(10)), param('b', range(10)), param('c', range(100))]);
    const started = performance.now();
    const variants = expandVariants(big);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(variants).toHaveLength(10_000);
    expect(new Set(variants.map((v) => v.key)).size).toBe(10_000);
    const batchStart = performance.now();
    const batch = range(100, 9_000).map((i) => variantAt(big, i));
    expect(performance.now() - batchStart).toBeLessThan(100);
    expect(batch).toEqual(variants.slice(9_000, 9_100));
  });

  it('imports, through every module it reaches, nothing but types and our own dependency-free code, so that workflow code may bundle it', () => {
    // Workflow code replays expansion (and the designs behind it): no Node module, no package, no I/O.
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const imports = readFileSync(file, 'utf8').split('\n').filter((line) => /^import\b/.test(line) && !/^import type /.test(line));
      for (const line of imports) {
        const from = /from '([^']+)'/.exec(line)?.[1];
        expect(from, `${file}: ${line}`).toMatch(/^\.\.?\//);
        visit(resolve(dirname(file), from!.replace(/\.js$/, '.ts')));
      }
    };
    visit(resolve(import.meta.dirname, '../../src/product/study/expand.ts'));
    expect([...seen].map((f) => f.replace(/^.*\/src\//, 'src/')).sort()).toEqual([
      'src/common/seeded-random.ts', 'src/product/study/analysis/bootstrap.ts', 'src/product/study/analysis/morris.ts', 'src/product/study/analysis/sobol-sequence.ts',
      'src/product/study/analysis/sobol.ts', 'src/product/study/designs.ts', 'src/product/study/expand.ts',
    ]);
  });
});
