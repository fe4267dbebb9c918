/**
 * `npm run bench:solver`: the optimiser on the demo district, each solve in its own process (so
 * peak memory is per solve), against CBC on the same model.
 *
 * 1. For each resolution (RESOLUTIONS, default LOW,MEDIUM,HIGH,FULL): the model is written once as
 *    an LP file (`sweep solve --lp`), then REPEATS times (default 2) our solve and CBC's solve of
 *    that LP file run back to back at the same relative gap, so that both see the machine in the
 *    same state. It prints the ratio CBC wall time ÷ ours for each pair, and the range. CBC gets
 *    CBC_LIMIT_SECONDS (default 660) per solve; a CBC solve that reaches it counts as that long,
 *    so its ratio is a lower bound (marked ≥).
 * 2. A 5-point cost–CO2 front at FRONT_RESOLUTION (default FULL; FRONT=0 skips it): wall time and
 *    peak memory (the solver thread's WebAssembly memory counts in the process's RSS).
 *
 * Ours is the wall time of the whole `sweep solve` process (reading the workbook, building the
 * model, solving, writing the output zip); CBC's is the wall time of `cbc <lp> solve` (reading the
 * LP file and solving). Prints tables, then one JSON line.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const workbook = process.argv[2] ?? 'examples/demo-district.xlsx';
const resolutions = (process.env.RESOLUTIONS ?? 'LOW,MEDIUM,HIGH,FULL').split(',').filter(Boolean);
const repeats = Number(process.env.REPEATS ?? 2);
const mipGapPercent = Number(process.env.MIP_GAP_PERCENT ?? 0.5);
// Long enough for FULL to reach the gap on this machine, so the figure is time to the gap, not the cap.
const timeLimitMinutes = process.env.TIME_LIMIT_MINUTES ?? '10';
const cbcLimitSeconds = Number(process.env.CBC_LIMIT_SECONDS ?? 660);
const frontResolution = process.env.FRONT_RESOLUTION ?? 'FULL';
const out = mkdtempSync(join(tmpdir(), 'sweep-bench-solver-'));

const round = (x: number, digits = 2) => Math.round(x * 10 ** digits) / 10 ** digits;
const range = (xs: number[], digits = 2) => (xs.length === 0 ? '' : `${round(Math.min(...xs), digits)}–${round(Math.max(...xs), digits)}`);

interface SweepRun {
  wallSeconds: number;
  result: Record<string, any>;
}

/** One `sweep solve` process, timed from outside; its last stdout line is the result. */
function sweep(args: string[]): SweepRun {
  const started = performance.now();
  const run = spawnSync(process.execPath, ['bin/sweep.js', 'solve', workbook, '--mip-gap', String(mipGapPercent), '--time-limit', timeLimitMinutes, '--out', out, ...args], { encoding: 'utf8', maxBuffer: 1 << 26 });
  const wallSeconds = (performance.now() - started) / 1000;
  const last = run.stdout.trim().split('\n').at(-1) ?? '';
  let result: Record<string, any>;
  try {
    result = JSON.parse(last);
  } catch {
    result = { status: `failed (exit ${run.status}): ${run.stderr.trim().split('\n').at(-1) ?? ''}` };
  }
  return { wallSeconds, result };
}

interface CbcRun {
  wallSeconds: number;
  objective?: number;
  status: string;
}

/** CBC on an LP file at the same relative gap, within its own time limit. */
function cbc(lp: string): CbcRun {
  const started = performance.now();
  const run = spawnSync('cbc', [lp, 'ratioGap', String(mipGapPercent / 100), 'sec', String(cbcLimitSeconds), 'solve'], { encoding: 'utf8', maxBuffer: 1 << 26, timeout: (cbcLimitSeconds + 120) * 1000 });
  const wallSeconds = (performance.now() - started) / 1000;
  if (run.error) return { wallSeconds, status: `failed: ${run.error.message}` };
  const text = run.stdout;
  const objective = text.match(/Objective value:\s+(-?[\d.e+-]+)/)?.[1];
  const result = text.match(/^Result - (.*)$/m)?.[1] ?? (run.status === 0 ? 'finished' : `exit ${run.status}`);
  return { wallSeconds, objective: objective === undefined ? undefined : Number(objective), status: result };
}

const pairsRows = [];
for (const resolution of resolutions) {
  const lp = join(out, `demo-${resolution}.lp`);
  // Only the LP file is wanted from this run: a minute's limit keeps it short.
  const written = sweep(['--resolution', resolution, '--lp', lp, '--time-limit', '1']);
  // Older LP writers named the sections `bin` and `gen`, which CBC takes for variable names: it then
  // solves the relaxation, and the comparison would be with an easier problem. Say so.
  const text = readFileSync(lp, 'utf8');
  const binaries = /^(Binaries|Binary|Bin)\s*$/im.test(text) && !/^bin\s*$/m.test(text);
  const pairs: { ours: number; oursSolve: number; cbc: number; cbcCapped: boolean; ratio: number }[] = [];
  let last: SweepRun = written;
  let lastCbc: CbcRun | undefined;
  for (let i = 0; i < repeats; i++) {
    const ours = sweep(['--resolution', resolution]);
    const theirs = cbc(lp);
    const cbcCapped = !/Optimal/i.test(theirs.status);
    pairs.push({ ours: ours.wallSeconds, oursSolve: ours.result.seconds, cbc: theirs.wallSeconds, cbcCapped, ratio: theirs.wallSeconds / ours.wallSeconds });
    process.stderr.write(`${resolution} pair ${i + 1}: ours ${round(ours.wallSeconds)} s (${ours.result.status}), CBC ${round(theirs.wallSeconds)} s (${theirs.status}), ratio ${cbcCapped ? '≥ ' : ''}${round(theirs.wallSeconds / ours.wallSeconds)}\n`);
    last = ours;
    lastCbc = theirs;
  }
  const r = last.result;
  const ours = r.solutions?.[0]?.objectives?.MIN_LIFE_CYCLE_COST;
  pairsRows.push({
    resolution, typicalDays: r.typicalDays, variables: r.variables, constraints: r.constraints, binaries: r.binaries,
    lpHasBinaries: binaries, status: r.status,
    mipGapPercent: r.solutions?.[0]?.mipGap === undefined ? undefined : round(r.solutions[0].mipGap * 100, 2),
    oursWallSeconds: range(pairs.map((p) => p.ours)), oursSolveSeconds: range(pairs.map((p) => p.oursSolve)), peakRssMb: r.peakRssMb,
    cbcWallSeconds: range(pairs.map((p) => p.cbc)), cbcStatus: lastCbc?.status,
    ratio: `${pairs.some((p) => p.cbcCapped) ? '≥ ' : ''}${range(pairs.map((p) => p.ratio))}`,
    lifeCycleCost: ours === undefined ? undefined : round(ours, 2), cbcObjective: lastCbc?.objective,
  });
}
if (pairsRows.length > 0) console.table(pairsRows);

let front: Record<string, unknown> | undefined;
if (process.env.FRONT !== '0') {
  const run = sweep(['--resolution', frontResolution, '--objective2', 'MIN_CO2_EMISSIONS', '--points', '5']);
  const r = run.result;
  front = {
    resolution: frontResolution, points: r.solutions?.length, status: r.status, reason: r.reason, wallSeconds: round(run.wallSeconds), solveSeconds: r.seconds, peakRssMb: r.peakRssMb,
    notes: (r.notes ?? []).filter((n: string) => /decomposition|Pareto|time limit|typical-day|end is within/.test(n)),
    front: (r.solutions ?? []).map((s: any) => ({
      status: s.status, gapPercent: s.mipGap === undefined ? null : round(s.mipGap * 100), cost: round(s.objectives.MIN_ANNUALIZED_COST, 0), co2: round(s.objectives.MIN_CO2_EMISSIONS, 0),
    })),
  };
  process.stderr.write(`${frontResolution} front: ${r.status}${r.reason ? ` (${r.reason})` : ''}, ${r.solutions?.length ?? 0} points in ${round(run.wallSeconds)} s, peak ${r.peakRssMb} MB\n`);
  console.table(front.front as object[]);
}
console.log(JSON.stringify({ workbook, mipGapPercent, repeats, pairs: pairsRows, front }));
