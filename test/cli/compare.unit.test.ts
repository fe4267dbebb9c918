/**
 * `sweep compare`: two runs of one study that differ in a gas price set for the whole run (a
 * parameter of one value) match variant for variant, the gas price is named as the input that
 * differs, and each objective's move is the difference of the two manifests' numbers. Run as an
 * analyst runs it (a process), on results directories; bad arguments are refused by name with
 * nothing written.
 */
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareManifests, movesTable } from '../../src/product/study/results/compare.js';
import { type Manifest, writeManifest } from '../../src/product/study/results/manifest.js';
import { studyManifest } from '../report/study-fixture.js';
import { ensureStrictReader, readStrictly } from '../support/strict-xlsx.js';
import { sweep } from '../support/sweep-cli.js';

/** A run of the fixture study with the gas price held at `price` and every cost `factor` times the fixture's. */
function run(price: number, factor: number, variants = 6): Omit<Manifest, 'totals'> {
  const { totals: _, ...manifest } = studyManifest({ variants });
  manifest.parameters.push({ name: 'gas_price', kind: 'impex', target: 'impex "Gas supply" → energyPriceCHFkWh', operation: 'set' });
  for (const v of manifest.variants) {
    v.parameters.gas_price = price;
    for (const s of v.solutions) s.objectives.MIN_LIFE_CYCLE_COST *= factor;
  }
  return manifest;
}

describe('compareManifests', () => {
  it('matches variants on the parameters both sweep, and names a one-value parameter that differs as an input', () => {
    const [a, b] = [run(0.08, 1), run(0.12, 1.1)];
    const comparison = compareManifests({ ...a, totals: { variants: 6, done: 5, failed: 1, pending: 0 } }, { ...b, totals: { variants: 6, done: 5, failed: 1, pending: 0 } });
    expect(comparison.inputs).toEqual([{ input: 'parameter gas_price: values', a: '0.08', b: '0.12' }]);
    expect(comparison.matchedOn).toEqual(['heat_pump_cost', 'insulation']);
    expect(comparison.matched).toHaveLength(6);
    expect(comparison.onlyA).toEqual([]);
    const third = comparison.matched[2];
    const costs = third.points.filter((p) => p.objective === 'MIN_LIFE_CYCLE_COST');
    expect(costs.map((p) => p.point)).toEqual([1, 2, 3]);
    for (const p of costs) expect(p.b / p.a).toBeCloseTo(1.1, 12);
    // CO2 did not move.
    for (const p of third.points.filter((x) => x.objective === 'MIN_CO2_EMISSIONS')) expect(p.b).toBe(p.a);
    const table = movesTable(comparison);
    const change = table.columns.findIndex((c) => c.header === 'Change [%]');
    const row = table.rows.find((r) => r[0] === '400' && r[1] === 'passive house' && r[6] === 'Life-cycle cost, point 1')!;
    expect(row[change] as number).toBeCloseTo(10, 9);
  });

  it('lists the variants one study has and the other has not', () => {
    const a = { ...run(0.08, 1, 9), totals: { variants: 9, done: 8, failed: 1, pending: 0 } };
    const b = { ...run(0.08, 1, 6), totals: { variants: 6, done: 5, failed: 1, pending: 0 } };
    const comparison = compareManifests(a, b);
    expect(comparison.inputs).toEqual([{ input: 'parameter heat_pump_cost: values', a: '400, 800, 1200', b: '400, 800' }]);
    expect(comparison.matched).toHaveLength(6);
    expect(comparison.onlyA.map((v) => v.index)).toEqual([6, 7, 8]);
    expect(comparison.onlyB).toEqual([]);
  });
});

describe('sweep compare', () => {
  it('writes the workbook, the CSV and a report with both fronts, from two results directories', async () => {
    const root = mkdtempSync(join(tmpdir(), 'sweep-compare-'));
    const [a, b] = [join(root, 'gas-008'), join(root, 'gas-012')];
    await writeManifest(a, run(0.08, 1));
    await writeManifest(b, run(0.12, 1.1));
    const out = join(root, 'out');
    const result = await sweep(['compare', a, b, '--out', out]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('1 input differs, 6 variants matched, 0 only in a, 0 only in b');
    expect(result.stdout).toContain('  parameter gas_price: values: 0.08 → 0.12');
    const csv = (await readFile(join(out, 'compare.csv'), 'utf8')).trim().split('\r\n');
    // Five variants with three Pareto points of four objectives each, and the failed one's row.
    expect(csv).toHaveLength(1 + 5 * 3 * 4 + 1);
    const html = await readFile(join(out, 'compare.html'), 'utf8');
    expect(html).toContain('<td>parameter gas_price: values</td><td>0.08</td><td>0.12</td>');
    expect(html).toContain('6 variants match on heat_pump_cost, insulation; 0 only in A, 0 only in B.');
    expect(html).toMatch(/<svg[^>]*aria-label="The two studies&#39; fronts: Life-cycle cost vs CO2 emissions"/);
    ensureStrictReader();
    const [reading] = readStrictly([join(out, 'compare.xlsx')]);
    expect(reading.problems).toEqual([]);
    expect(reading.sheets).toEqual(['Inputs', 'Changes', 'Unmatched']);
  }, 300_000);

  it('refuses an argument that is not a results directory, naming it, and writes nothing', async () => {
    const root = mkdtempSync(join(tmpdir(), 'sweep-compare-'));
    const a = join(root, 'a');
    await writeManifest(a, run(0.08, 1));
    const empty = join(root, 'empty');
    writeFileSync(join(root, 'file.txt'), 'x');
    mkdirSync(empty);
    const out = join(root, 'out');
    const missing = await sweep(['compare', a, join(root, 'nowhere'), '--out', out]);
    expect(missing).toMatchObject({ code: 2, stderr: expect.stringContaining(`b: ${join(root, 'nowhere')} does not exist`) });
    const notResults = await sweep(['compare', empty, a, '--out', out]);
    expect(notResults).toMatchObject({ code: 2, stderr: expect.stringContaining(`a: ${empty} has no manifest.json`) });
    writeFileSync(join(empty, 'manifest.json'), JSON.stringify({ version: 'other', variants: 'none' }));
    const otherFormat = await sweep(['compare', a, empty, '--out', out]);
    expect(otherFormat).toMatchObject({ code: 2, stderr: expect.stringMatching(/b: .*manifest\.json is not a valid study manifest/) });
    expect(existsSync(out)).toBe(false);
  }, 60_000);
});
