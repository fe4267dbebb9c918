/**
 * `npm run chaos -- --variants <n> --kills <k> --fault-rate <r>`: a study run through faults, worker
 * kills and server restarts (src/tooling/chaos/run-chaos.ts), checked against the service's own data.
 * Progress on stderr; one JSON line on stdout; exit code 1 when anything was lost, doubled or
 * overspent, or the study did not complete.
 */
import { Command, InvalidArgumentError, Option } from 'commander';
import { integerOption as count } from '../src/tooling/bench/integer-option.js';
import { ANALYSIS_METHODS, type AnalysisMethod } from '../src/tooling/harness/demo-sweep.js';
import { chaosPassed, runChaos } from '../src/tooling/chaos/run-chaos.js';

const share = (value: string) => {
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0 || n > 1) throw new InvalidArgumentError('expected a number from 0 to 1');
  return n;
};

const options = new Command('chaos')
  .description('Run a study through injected faults, worker kills and server restarts, then check it against the service.')
  .addOption(new Option('--method <method>', 'the study: a sweep of --variants variants, or an analysis study of the demo district').choices(['sweep', ...ANALYSIS_METHODS]).default('sweep'))
  .option('--variants <n>', 'variants of the study (a sweep)', count(1), 20)
  .option('--kills <k>', 'times the worker is killed with SIGKILL', count(0), 5)
  .option('--fault-rate <r>', 'share of requests that meet a fault', share, 0.1)
  .option('--job-fault-rate <r>', 'share of specs generations and solver jobs that fail (default: a third of --fault-rate)', share)
  .option('--seed <n>', 'seed of the faults and of the moments of the kills (default: from the clock)', count(0))
  .option('--max-gap <s>', 'each kill or restart comes up to this many seconds after the study last moved on', count(1), 12)
  .option('--timeout <minutes>', 'longest the study may take', count(1), 60)
  .option('--dir <dir>', 'keep everything (databases, logs, results) here instead of a temporary directory')
  .option('--undisturbed', 'the same study with no fault, no kill and no restart: the run to compare a chaos run with')
  .addHelpText('after', `
Example:
  $ npm run chaos -- --variants 50 --kills 10 --fault-rate 0.1
  $ npm run chaos -- --method search --kills 3 --job-fault-rate 0 --seed 7
  $ npm run chaos -- --method search --undisturbed --seed 7     # the run to compare it with`)
  .parse(process.argv)
  .opts<{ undisturbed?: boolean; method: 'sweep' | AnalysisMethod; variants: number; kills: number; faultRate: number; jobFaultRate?: number; seed?: number; maxGap: number; timeout: number; dir?: string }>();

const calm = options.undisturbed ?? false;
const report = await runChaos({
  method: options.method, variants: options.variants, kills: calm ? 0 : options.kills, faultRate: calm ? 0 : options.faultRate,
  jobFaultRate: calm ? 0 : options.jobFaultRate, restarts: !calm,
  seed: options.seed ?? Date.now() % 1_000_000, maxGapSeconds: options.maxGap, timeoutMinutes: options.timeout, dir: options.dir,
});
process.stdout.write(`${JSON.stringify(report)}\n`);
process.exit(chaosPassed(report) ? 0 : 1);
