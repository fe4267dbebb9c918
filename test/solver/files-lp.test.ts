/**
 * The LP file: its section headers are the ones every LP reader knows (only header lines change,
 * never a variable that happens to be called `bin`), and asking for it does not change how the
 * model is solved: a full-year MIP written with `--lp` is still solved by decomposition, to the same
 * optimum, and CBC solves the written file to that optimum too.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { writeScenarioWorkbook } from '../../src/local-service/specs-workbook/write-workbook.js';
import { portableLp } from '../../src/local-service/optimiser/lp.js';
import { ensureDebianPackage } from '../support/debian-package.js';
import { tempDir } from '../support/service.js';
import { cbcObjective } from './support/cbc.js';
import { heatingCase } from './support/content.js';

describe('portable LP section headers', () => {
  it('renames bin and gen, drops empty sections, and leaves variables named like sections alone', () => {
    const highs = [
      '\\ File written by HiGHS .lp file handler', 'min', ' obj: +1 x +2 bin +3 gen', 'st', ' c0: +1 x +1 bin +1 gen >= 1',
      'bounds', ' x <= 4', ' gen <= 3', 'bin', ' bin', 'gen', ' gen', 'semi', 'end',
    ].join('\n');
    expect(portableLp(highs).split('\n')).toEqual([
      '\\ File written by HiGHS .lp file handler', 'min', ' obj: +1 x +2 bin +3 gen', 'st', ' c0: +1 x +1 bin +1 gen >= 1',
      'bounds', ' x <= 4', ' gen <= 3', 'Binaries', ' bin', 'Generals', ' gen', 'end',
    ]);
    expect(portableLp('min\n obj: +1 x\nst\n c0: +1 x >= 1\nbin\ngen\nsemi\nend\n')).toBe('min\n obj: +1 x\nst\n c0: +1 x >= 1\nend\n');
  });
});

describe('--lp at FULL', () => {
  const dir = tempDir('sweep-files-lp-');
  const workbook = join(dir, 'boilers.xlsx');
  /** `sweep solve` at FULL, with or without an LP file: its JSON line. */
  const solve = (lp?: string) => {
    const run = spawnSync(process.execPath, [
      'bin/sweep.js', 'solve', workbook, '--resolution', 'FULL', '--mip-gap', '0.01', '--out', join(dir, lp ? 'with' : 'without'), ...(lp ? ['--lp', lp] : []),
    ], { encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    return JSON.parse(run.stdout.trim().split('\n').at(-1)!) as { notes: string[]; binaries: number; solutions: { objectives: Record<string, number> }[] };
  };

  beforeAll(async () => {
    ensureDebianPackage('cbc', 'coinor-cbc');
    const { b, hub, gas, heat } = heatingCase();
    // The cheap boiler's fixed cost makes its installation a binary: a MIP, which FULL decomposes.
    b.conversion('Cheap boiler', [hub], { [gas]: 100 }, { [heat]: 90 }, { variableInvestmentCost: 100, fixedInvestmentCost: 3000, lifetime: 1 });
    b.conversion('Dear boiler', [hub], { [gas]: 100 }, { [heat]: 90 }, { variableInvestmentCost: 500, lifetime: 1 });
    writeFileSync(workbook, await writeScenarioWorkbook(b.build(), { scenarioName: 'boilers' }));
  });

  it('solves by decomposition with and without the LP file, to the hand-computed optimum, and CBC agrees on the file', () => {
    const lp = join(dir, 'boilers.lp');
    const without = solve();
    const withLp = solve(lp);
    expect(withLp.binaries).toBeGreaterThan(0);
    for (const result of [without, withLp]) expect(result.notes.join('\n')).toMatch(/solved by decomposition: \d+ designs priced/);
    // The cheap boiler pays: 3,000 + 10 kW × 100 against 10 kW × 500; 87,600 kWh of heat from gas at 90 % and 0.10 CHF/kWh.
    const expected = 4000 + (87_600 * 0.1) / 0.9;
    expect(without.solutions[0].objectives.MIN_LIFE_CYCLE_COST).toBeCloseTo(expected, 2);
    expect(withLp.solutions[0].objectives.MIN_LIFE_CYCLE_COST).toBeCloseTo(expected, 2);
    expect(readFileSync(lp, 'utf8')).toMatch(/^Binaries$/m);
    expect(cbcObjective(lp)).toBeCloseTo(expected, 2);
  }, 600_000);
});
