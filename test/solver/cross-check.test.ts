/**
 * An independent check of the optimiser: the demo district's model, written by `sweep solve --lp`,
 * solved by GLPK (Debian's glpk-utils, installed here when missing) must give HiGHS's objective
 * within 1e-6 relative.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../support/service.js';

/** Installs glpk-utils from Debian when glpsol is not on the PATH. */
function ensureGlpsol(): void {
  if (spawnSync('glpsol', ['--version']).status === 0) return;
  const root = process.getuid?.() === 0 ? [] : ['sudo', '-n'];
  const run = (args: string[]) => execFileSync(root.length ? root[0] : args[0], root.length ? [...root.slice(1), ...args] : args.slice(1), {
    stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  run(['apt-get', 'update', '-qq']);
  run(['apt-get', 'install', '-y', '-qq', 'glpk-utils']);
}

describe('cross-check with an independent solver', () => {
  beforeAll(() => ensureGlpsol(), 300_000);

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
