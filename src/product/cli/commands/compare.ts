/**
 * `sweep compare <a> <b> [--out <dir>]`: two studies' results side by side (src/product/study/results/compare.ts),
 * written as compare.xlsx, compare.csv and compare.html. Each of a and b is a results directory, or
 * the name of a study, whose results directory its study file names.
 */
import { existsSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { Command } from 'commander';
import { type ComparedStudy, writeComparison } from '../../report/compare-report.js';
import { compareManifests } from '../../study/results/compare.js';
import { MANIFEST_FILE, readManifest } from '../../study/results/manifest.js';
import { CommandError, EXIT, reported, withStudy } from '../study-handle.js';
import { studyInputOf } from '../study-input.js';

export function compareCommand(): Command {
  return new Command('compare')
    .description('Compare two studies\' results: inputs that differ, matched variants, how each objective, outcome and front moved.')
    .argument('<a>', 'a results directory, or a study name')
    .argument('<b>', 'a results directory, or a study name')
    .option('--out <dir>', 'where to write compare.xlsx, compare.csv and compare.html (default: ./compare-<a>-vs-<b>)')
    .addHelpText('after', `
Exit codes: 0 written, 2 an argument is not a results directory, 3 no such study, 4 Temporal unreachable.

Examples:
  $ sweep compare results/demo-gas-008 results/demo-gas-012
  $ sweep compare nightly-2026-11-25 nightly-2026-11-26 --out ~/reports/overnight`)
    .action(reported(async (a: string, b: string, options: { out?: string }) => {
      const first = await comparedStudy('a', a);
      const second = await comparedStudy('b', b);
      const out = resolve(options.out ?? `compare-${basename(first.dir)}-vs-${basename(second.dir)}`);
      const comparison = compareManifests(first.manifest, second.manifest);
      const written = await writeComparison(out, first, second, comparison);
      process.stdout.write([
        `${first.name} vs ${second.name}: ${comparison.inputs.length} input${comparison.inputs.length === 1 ? ' differs' : 's differ'}, ${comparison.matched.length} variants matched, ${comparison.onlyA.length} only in a, ${comparison.onlyB.length} only in b`,
        ...comparison.inputs.slice(0, 10).map((d) => `  ${d.input}: ${d.a} → ${d.b}`),
        `  report:   ${written.html}`,
        `  workbook: ${written.workbook}`,
        `  csv:      ${written.csv}`,
      ].join('\n') + '\n');
    }));
}

/** The argument's results: its directory's manifest, or the results directory of the study of that name. */
async function comparedStudy(argument: 'a' | 'b', given: string): Promise<ComparedStudy> {
  let dir = resolve(given);
  if (!existsSync(dir)) {
    if (given.includes('/')) throw new CommandError(`${argument}: ${dir} does not exist`, EXIT.badInput);
    dir = await withStudy(given, async ({ handle }) => resolve((await studyInputOf(handle)).study.output));
  } else if (!statSync(dir).isDirectory()) {
    throw new CommandError(`${argument}: ${dir} is a file, not a study's results directory`, EXIT.badInput);
  }
  if (!existsSync(join(dir, MANIFEST_FILE))) {
    throw new CommandError(`${argument}: ${dir} has no ${MANIFEST_FILE}, so it is not a study's results directory (sweep results <study> writes one)`, EXIT.badInput);
  }
  try {
    return { name: given, dir, manifest: await readManifest(dir) };
  } catch (error) {
    throw new CommandError(`${argument}: ${(error as Error).message}`, EXIT.badInput);
  }
}
