/**
 * `npm run bench:solver`: solves the demo district at LOW, MEDIUM, HIGH and FULL, each in its own
 * process (so peak memory is per resolution), and prints the model size, solve time and peak
 * memory of each as a table, then one JSON line.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const workbook = process.argv[2] ?? 'examples/demo-district.xlsx';
const resolutions = (process.env.RESOLUTIONS ?? 'LOW,MEDIUM,HIGH,FULL').split(',');
// Long enough for FULL to reach the gap on this machine, so the figure is time to the gap, not the cap.
const timeLimitMinutes = process.env.TIME_LIMIT_MINUTES ?? '10';
const out = mkdtempSync(join(tmpdir(), 'sweep-bench-solver-'));
const rows = [];
for (const resolution of resolutions) {
  const started = performance.now();
  const run = spawnSync(process.execPath, ['bin/sweep.js', 'solve', workbook, '--resolution', resolution, '--mip-gap', '0.5', '--time-limit', timeLimitMinutes, '--out', out], { encoding: 'utf8' });
  const wall = (performance.now() - started) / 1000;
  const last = run.stdout.trim().split('\n').at(-1) ?? '{}';
  const result = JSON.parse(last);
  rows.push({
    resolution, typicalDays: result.typicalDays, variables: result.variables, constraints: result.constraints, binaries: result.binaries,
    solveSeconds: result.seconds, wallSeconds: Math.round(wall * 100) / 100, peakRssMb: result.peakRssMb, status: result.status,
    mipGapPercent: result.solutions?.[0]?.mipGap === undefined ? undefined : Math.round(result.solutions[0].mipGap * 10_000) / 100,
    lifeCycleCost: result.solutions?.[0]?.objectives?.MIN_LIFE_CYCLE_COST,
  });
  process.stderr.write(`${resolution}: ${result.status} in ${result.seconds} s\n`);
}
console.table(rows);
console.log(JSON.stringify({ workbook, rows }));
