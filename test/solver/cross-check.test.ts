/**
 * An independent check of the optimiser: the demo district's model, written by `sweep solve --lp`,
 * solved by GLPK (Debian's glpk-utils, installed here when missing) must give HiGHS's objective
 * within 1e-6 relative.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureDebianPackage } from '../support/debian-package.js';
import { tempDir } from '../support/service.js';

describe('cross-check with an independent solver', () => {
  beforeAll(() => ensureDebianPackage('glpsol', 'glpk-utils'), 300_000);

  it('GLPK finds the objective HiGHS found for the demo district', () => {
    const dir = tempDir('sweep-crosscheck-');
    const lp = join(dir, 'district.lp');
    const solved = spawnSync(process.execPath, [
      'bin/sweep.js', 'solve', 'examples/demo-district.xlsx', '--resolution', 'LOW', '--mip-gap', '0.00001', '--lp', lp, '--out', dir,
    ], { encoding: 'utf8' });
    expect(solved.status, solved.stderr).toBe(0);
    const result = JSON.parse(solved.stdout.trim().split('\n').at(-1)!);
    const highs = result.solutions[0].objectives.MIN_LIFE_CYCLE_COST as number;

    const report = join(dir, 'glpk.txt');
    const glpk = spawnSync('glpsol', ['--lp', lp, '--mipgap', '0', '-o', report], { encoding: 'utf8' });
    expect(glpk.status, glpk.stdout).toBe(0);
    const text = readFileSync(report, 'utf8');
    expect(text).toMatch(/Status:\s+INTEGER OPTIMAL/);
    const objective = Number(/Objective:\s+\S+ = (\S+)/.exec(text)![1]);
    expect(Math.abs(objective - highs) / Math.abs(highs)).toBeLessThan(1e-6);
  }, 300_000);
});
