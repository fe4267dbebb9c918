/**
 * `npm run bench -- --variants <n> [--latency-ms <ms>] [--solve-ms <ms>] [--workers <n>] [--temporal dev|production] [--baseline]`: a study
 * against the local service in instant-solve mode (src/tooling/bench/run-bench.ts). Progress on stderr,
 * one JSON line on stdout.
 */
import { Command, Option } from 'commander';
import { integerOption as count } from '../src/tooling/bench/integer-option.js';
import { runBench } from '../src/tooling/bench/run-bench.js';


const options = new Command('bench')
  .description('Benchmark a study against the local service in instant-solve mode, and optionally against an analyst’s sequential loop.')
  .option('--variants <n>', 'variants of the study', count(1), 100)
  .option('--samples <n>', 'a Sobol study of three parameters from N base samples (N·5 variants) instead', count(4))
  .option('--latency-ms <ms>', 'added to every service call', count(0), 0)
  .option('--solve-ms <ms>', 'how long each solver job takes (instant-solve mode)', count(0), 0)
  .option('--baseline', 'also run the variants through a sequential loop, and print the ratio of wall times')
  .option('--concurrency <n>', 'variants in flight (default: all, up to 500)', count(1))
  .option('--workers <n>', 'worker processes', count(1), 1)
  .addOption(new Option('--temporal <server>', 'the CLI\'s dev server, or Temporal\'s own server on this machine\'s PostgreSQL with mTLS').choices(['dev', 'production']).default('dev'))
  .option('--timeout <minutes>', 'longest the study may take', count(1), 120)
  .option('--dir <dir>', 'keep everything here instead of a temporary directory')
  .addHelpText('after', `
Examples:
  $ npm run bench -- --variants 100 --latency-ms 50 --solve-ms 2000 --baseline
  $ npm run bench -- --variants 10000
  $ npm run bench -- --variants 1000 --workers 3 --temporal production
  $ npm run bench -- --samples 1024           # a Sobol design of 5,120 variants`)
  .parse(process.argv)
  .opts<{
    variants: number; samples?: number; latencyMs: number; solveMs: number; baseline?: boolean; concurrency?: number; workers: number;
    temporal: 'dev' | 'production'; timeout: number; dir?: string;
  }>();

const report = await runBench({
  variants: options.variants, samples: options.samples, latencyMs: options.latencyMs, solveMs: options.solveMs, baseline: options.baseline ?? false,
  concurrency: options.concurrency, workers: options.workers, temporal: options.temporal, timeoutMinutes: options.timeout, dir: options.dir,
});
process.stdout.write(`${JSON.stringify(report)}\n`);
process.exit(report.study === 'completed' ? 0 : 1);
