/**
 * `sweep solve`: solves a scenario workbook (a specs file) on this machine, without the service,
 * writes the same output zip a solver job produces, and prints as its last line one JSON object
 * with every solution's objective values, the model's size and the solve time.
 */
import { readFile, mkdir, writeFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { Command, InvalidArgumentError, Option } from 'commander';
import { OBJECTIVES, type Objective, TEMPORAL_RESOLUTIONS, type TemporalResolution } from '../../wire/contract/values.js';
import { parseScenarioWorkbook } from '../specs-workbook/parse-workbook.js';
import { optimise } from '../optimiser/optimise.js';
import { POINT_PLACEMENTS, type PointPlacement } from '../optimiser/settings.js';
import { outputZip } from '../optimiser/output-files.js';
import { solutionReport } from '../optimiser/results.js';
import { runNotes } from '../optimiser/run-notes.js';
import { ownPeakRssMb } from '../../common/peak-memory.js';

const number = (what: string, min: number, max = Number.POSITIVE_INFINITY) => (value: string) => {
  const n = Number(value);
  if (!Number.isFinite(n) || n < min || n > max) throw new InvalidArgumentError(`${what} must be a number from ${min}${Number.isFinite(max) ? ` to ${max}` : ''}`);
  return n;
};

interface SolveOptions {
  resolution: TemporalResolution;
  objective1: Objective;
  objective2?: Objective;
  points: number;
  timeLimit: number;
  mipGap: number;
  out: string;
  lp?: string;
  partLoadBinaries: number;
  paretoPlacement: PointPlacement;
  strict?: boolean;
}

export function solveCommand(): Command {
  return new Command('solve')
    .description('Solve a scenario workbook locally (no service) and write the output zip of its solutions.')
    .argument('<workbook>', 'a scenario workbook in the specs layout (.xlsx)')
    .addOption(new Option('--resolution <resolution>', 'temporal resolution').choices(TEMPORAL_RESOLUTIONS).default('LOW'))
    .addOption(new Option('--objective1 <objective>', 'first objective').choices(OBJECTIVES).default('MIN_LIFE_CYCLE_COST'))
    .addOption(new Option('--objective2 <objective>', 'second objective: trace a Pareto front').choices(OBJECTIVES))
    .option('--points <n>', 'Pareto points (with --objective2)', number('points', 1, 10), 1)
    .option('--time-limit <minutes>', 'solver time for all points together', number('time limit', 0.01), 30)
    .option('--mip-gap <percent>', 'relative MIP gap in percent', number('MIP gap', 0, 100), 0.1)
    .option('--out <dir>', 'directory for the output zip', '.')
    .option('--lp <file>', 'also write the model (objective 1) in CPLEX LP format')
    .addOption(new Option('--pareto-placement <placement>', 'interior Pareto points evenly in objective 2, or where the front bends').choices(POINT_PLACEMENTS).default('even'))
    .option('--part-load-binaries <n>', 'hourly on/off binaries allowed for minimum part load and up/down times (default: relaxed)', number('part-load binaries', 0), 0)
    .option('--strict', 'refuse to solve (exit 1) when the optimiser would not honour some input, naming each')
    .addHelpText('after', `
Examples:
  $ sweep solve examples/demo-district.xlsx
  $ sweep solve examples/demo-district.xlsx --objective2 MIN_CO2_EMISSIONS --points 5 --out results/
  $ sweep solve examples/demo-district.xlsx --objective2 MIN_CO2_EMISSIONS --points 5 --pareto-placement bend
  $ sweep solve examples/demo-district.xlsx --resolution FULL --lp district.lp`)
    .action(async (workbook: string, opts: SolveOptions) => {
      // Parsed here, not in the service's reading thread: nothing else waits on this process, and the
      // thread's start (its own tsx and exceljs) cost 0.4–1.2 s of every solve.
      const content = await parseScenarioWorkbook(await readFile(workbook));
      const scenarioName = basename(workbook).replace(/\.xlsx$/i, '');
      const settings = {
        objective1: opts.objective1, objective2: opts.objective2 ?? null, points: opts.objective2 ? opts.points : 1,
        resolution: opts.resolution, timeLimitMinutes: opts.timeLimit, mipGapPercent: opts.mipGap, partLoadBinaries: opts.partLoadBinaries,
        pointPlacement: opts.paretoPlacement,
        strict: opts.strict === true,
      };
      process.stderr.write(`solving ${workbook} at ${opts.resolution}…\n`);
      const result = await optimise(content, settings, {
        onProgress: (n) => process.stderr.write(`  solution ${n} of ${settings.points}\n`),
        onLp: opts.lp ? (text) => writeFile(opts.lp!, text) : undefined,
      });
      const peakRssMb = ownPeakRssMb();
      if (result.kind !== 'solved') {
        const reason = result.kind === 'infeasible' ? result.info : result.kind === 'failed' ? result.message : 'stopped';
        process.stderr.write(`${reason}\n`);
        process.stdout.write(`${JSON.stringify({ status: result.kind, reason, seconds: result.seconds, peakRssMb })}\n`);
        process.exitCode = result.kind === 'infeasible' ? 3 : 1;
        return;
      }
      const reports = result.points.map((p) => solutionReport(result.ctx, p));
      const { notes, warnings } = runNotes(result);
      for (const warning of warnings) process.stderr.write(`warning: ${warning}\n`);
      const zip = await outputZip(reports, result.ctx.time, { ...settings, scenarioName, solveSeconds: result.seconds, notes });
      await mkdir(opts.out, { recursive: true });
      const output = resolve(join(opts.out, `${scenarioName} - results.zip`));
      await writeFile(output, zip);
      process.stderr.write(`wrote ${output}\n`);
      const { lp, time } = result.ctx;
      process.stdout.write(`${JSON.stringify({
        status: result.incomplete ? 'time-limit' : 'optimal', resolution: opts.resolution, typicalDays: time.typical?.count ?? 365, timeSteps: time.steps,
        variables: lp.columns, constraints: lp.rows, binaries: lp.binaries, buildSeconds: round(result.buildSeconds),
        seconds: round(result.seconds), peakRssMb, output, notes, warnings,
        solutions: result.points.map((p) => ({ index: p.index, status: p.status, mipGap: p.mipGap, objectives: p.objectives })),
      })}\n`);
    });
}

const round = (n: number) => Math.round(n * 1000) / 1000;
