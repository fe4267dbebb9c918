/**
 * An independent check of the optimiser: the demo district's model, written by `sweep solve --lp`,
 * solved by GLPK and by CBC (Debian's glpk-utils and coinor-cbc, installed here when missing) must
 * give HiGHS's objective within 1e-6 relative. CBC also checks the file itself: it reads section
 * headers it does not know (HiGHS's `bin`, `gen`) as variable names and then solves the relaxation,
 * which would come out lower than the MIP optimum.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureDebianPackage } from '../support/debian-package.js';
import { tempDir } from '../support/service.js';
import { cbcObjective } from './support/cbc.js';

describe('cross-check with independent solvers', () => {
  const dir = tempDir('sweep-crosscheck-');
  const lp = join(dir, 'district.lp');
  let highs: number;

  beforeAll(() => {
    ensureDebianPackage('glpsol', 'glpk-utils');
    ensureDebianPackage('cbc', 'coinor-cbc');
    const solved = spawnSync(process.execPath, [
      'bin/sweep.js', 'solve', 'examples/demo-district.xlsx', '--resolution', 'LOW', '--mip-gap', '0.00001', '--lp', lp, '--out', dir,
    ], { encoding: 'utf8' });
    expect(solved.status, solved.stderr).toBe(0);
    const result = JSON.parse(solved.stdout.trim().split('\n').at(-1)!);
    highs = result.solutions[0].objectives.MIN_LIFE_CYCLE_COST as number;
  }, 600_000);

  it('the LP file names its integer sections as every reader knows them', () => {
    const headers = readFileSync(lp, 'utf8').split('\n').filter((line) => /^\S/.test(line) && !line.startsWith('\\'));
    expect(headers).toEqual(['min', 'st', 'bounds', 'Binaries', 'end']);
  });

  it('GLPK finds the objective HiGHS found for the demo district', () => {
    const report = join(dir, 'glpk.txt');
    const glpk = spawnSync('glpsol', ['--lp', lp, '--mipgap', '0', '-o', report], { encoding: 'utf8' });
    expect(glpk.status, glpk.stdout).toBe(0);
    const text = readFileSync(report, 'utf8');
    expect(text).toMatch(/Status:\s+INTEGER OPTIMAL/);
    const objective = Number(/Objective:\s+\S+ = (\S+)/.exec(text)![1]);
    expect(Math.abs(objective - highs) / Math.abs(highs)).toBeLessThan(1e-6);
  }, 300_000);

  it('CBC reads the same file as a MIP and finds the objective HiGHS found', () => {
    const objective = cbcObjective(lp);
    expect(Math.abs(objective - highs) / Math.abs(highs)).toBeLessThan(1e-6);
  }, 600_000);
});
