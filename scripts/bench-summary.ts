/**
 * `npm run bench:summary -- --variants <n> [--dir <dir>]`: the summary step of a study of n variants
 * (manifest, summary workbook, CSV, plots, report) alone, over records shaped as a real run's; prints
 * its wall time and peak resident memory (src/tooling/bench/summary-bench.ts).
 */
import { Command } from 'commander';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { integerOption } from '../src/tooling/bench/integer-option.js';
import { STUDY_JSON, summariseAlone, syntheticResults } from '../src/tooling/bench/summary-bench.js';

const options = new Command('bench:summary')
  .description('the summary step of a study of n variants, alone: wall time and peak RSS')
  .option('--variants <n>', 'variants of the study', integerOption(1), 100_000)
  .option('--dir <dir>', 'keep everything here instead of a temporary directory')
  .option('--reuse', 'summarise the records already in --dir again, without making them')
  .parse(process.argv)
  .opts<{ variants: number; dir?: string; reuse?: boolean }>();

const dir = options.dir ?? (await mkdtemp(join(tmpdir(), 'sweep-bench-summary-')));
const say = (line: string) => process.stderr.write(`${line}\n`);
const studyFile = options.reuse ? join(dir, STUDY_JSON) : await syntheticResults(dir, options.variants, say);
say('bench:summary: the summary step, in a process of its own…');
const report = { ...(await summariseAlone(dir, studyFile, options.variants)), dir };
process.stdout.write(`${JSON.stringify(report)}\n`);
