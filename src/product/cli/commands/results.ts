/**
 * `sweep results <study> [--out <dir>]`: the study's results as an analyst reads them — the summary
 * workbook, the CSV, the plots and report.html — written afresh from the variants' records, also
 * while the study runs (what has ended so far; the rest is listed as pending).
 */
import { cp } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Command } from 'commander';
import { variantCount } from '../../study/expand.js';
import { probeVariants } from '../../study/search/run.js';
import { searchQuery } from '../../study/workflow-messages.js';
import { collectManifest } from '../../study/results/collect.js';
import { writeStudyResults } from '../../report/study-results.js';
import { reported, withStudy } from '../study-handle.js';
import { studyInputOf } from '../study-input.js';
import { failureReason } from '../study-ending.js';

export function resultsCommand(): Command {
  return new Command('results')
    .description("Write a study's summary workbook, CSV, plots and report.html (by default into its own results directory).")
    .argument('<study>', 'the study name')
    .option('--out <dir>', 'write them (and the output files) here instead')
    .addHelpText('after', `
Examples:
  $ sweep results demo-study                 # refresh results/demo-study/report.html, summary.xlsx, results.csv, plots/
  $ sweep results demo-study --out ~/reports/demo-study  # a copy to share, output zips included`)
    .action(reported(async (name: string, options: { out?: string }) => withStudy(name, async ({ handle, status, description }) => {
      const input = await studyInputOf(handle);
      const { study } = input;
      const out = resolve(options.out ?? study.output);
      // A search's variants are its probes so far, which only the study knows.
      const searches = study.variants.method === 'search' ? (await handle.query(searchQuery)) ?? [] : undefined;
      // A study that ended without running every variant says, on each of them, why not.
      const notRun = status === 'FAILED' ? `the study failed: ${await handle.result().then(() => '', failureReason)}`
        : status === 'CANCELED' ? 'the study was cancelled before the variant started'
        : status === 'RUNNING' || status === 'COMPLETED' ? undefined : `the study was ${status.toLowerCase().replace(/_/g, ' ')}`;
      const manifest = await collectManifest({
        ...(notRun ? { notRun } : {}),
        study, studyFile: input.studyFile, outputDir: study.output, manifestDir: out, variantCount: variantCount(study),
        ...(searches ? { searches, probes: probeVariants(study, { searches }) } : {}),
        startedAt: input.state?.startedAt ?? description.startTime.toISOString(),
        finishedAt: status === 'RUNNING' ? null : (description.closeTime ?? new Date()).toISOString(),
      });
      if (out !== resolve(study.output)) {
        // The manifest names each variant's files relative to the results directory: they come along.
        await cp(join(study.output, 'variants'), join(out, 'variants'), { recursive: true, force: true }).catch((error: NodeJS.ErrnoException) => {
          if (error.code !== 'ENOENT') throw error;
        });
      }
      const written = await writeStudyResults(out, manifest);
      const { variants, done, failed, pending } = manifest.totals;
      const state = status === 'RUNNING' ? ` (still running: ${pending} pending)` : status === 'COMPLETED' ? '' : ` (${status.toLowerCase()})`;
      process.stdout.write([
        `${name}: ${done}/${variants} variants done, ${failed} failed${state}`,
        `  report:  ${written.report}`,
        `  summary: ${written.summary}`,
        `  csv:     ${written.csv}`,
        `  plots:   ${written.plots.length / 2} (SVG and PNG) in ${join(out, 'plots')}`,
      ].join('\n') + '\n');
    })));
}
