/**
 * `sweep compare`, run as an analyst runs it (a process), on results directories of two runs that
 * differ in a gas price: it writes the workbook (read back by a strict reader), the CSV and a
 * report with both fronts; bad arguments are refused by name with nothing written. What the
 * comparison itself finds is in compare.unit.test.ts.
 */
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeManifest } from '../../src/product/study/results/manifest.js';
import { ensureStrictReader, readStrictly } from '../support/strict-xlsx.js';
import { sweep } from '../support/sweep-cli.js';
import { run } from './compare-fixture.js';

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
