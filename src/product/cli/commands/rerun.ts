/**
 * `sweep rerun <study> --failed [--watch]`: runs again only the variants of an ended study that
 * failed (infeasible, time limit, service or solver error), as new solver jobs; every other
 * variant keeps its results, and the summary, CSV, plots and report are written anew over all.
 */
import { Command } from 'commander';
import { COUNTED_FAILED } from '../../study/results/manifest.js';
import { readVariantRecords } from '../../study/results/records.js';
import { ended } from '../study-ending.js';
import { CommandError, EXIT, reported, withStudy } from '../study-handle.js';
import { studyInputOf } from '../study-input.js';
import { startStudyInput } from '../studies.js';
import { followStudy } from '../watch/follow-study.js';

export function rerunCommand(): Command {
  return new Command('rerun')
    .description('Run again the variants of an ended study that failed, keeping every other result.')
    .argument('<study>', 'the study name')
    .requiredOption('--failed', 'the variants that failed (infeasible, time limit, service or solver error)')
    .option('--watch', 'follow its progress until it ends')
    .addHelpText('after', `
Exit codes: 0 started (or nothing failed), 2 the study is still running or is a search, 3 no such study.

Examples:
  $ sweep rerun demo-study --failed --watch`)
    .action(reported(async (name: string, options: { failed: true; watch?: boolean }) => withStudy(name, async ({ handle, status, temporal }) => {
      if (status === 'RUNNING') throw new CommandError(`${name} is still running: re-run its failures once it has ended (sweep watch ${name})`, EXIT.badInput);
      const input = await studyInputOf(handle);
      const { study } = input;
      if (study.variants.method === 'search') {
        throw new CommandError(`${name} is a search: each probe was chosen from the ones before, so its failures cannot be run again alone; run the study again instead`, EXIT.badInput);
      }
      const failed = [...(await readVariantRecords(study.output)).values()].filter((r) => COUNTED_FAILED.includes(r.status)).sort((a, b) => a.index - b.index);
      if (!failed.length) {
        process.stderr.write(`no variant of ${name} failed: nothing to re-run\n`);
        return;
      }
      process.stderr.write(`${name}: re-running ${failed.length} failed variant${failed.length === 1 ? '' : 's'}: ${failed.slice(0, 10).map((r) => `#${r.index}`).join(', ')}${failed.length > 10 ? ', …' : ''}\n`);
      const rerun = await startStudyInput(temporal, {
        study, studyFile: input.studyFile, gateId: input.gateId, runTag: `rerun-${new Date().toISOString().replace(/[-:.]/g, '')}`, rerun: failed.map((r) => r.index),
      });
      if (!options.watch) return;
      const result = await ended(name, rerun, followStudy(rerun));
      process.stdout.write(`${JSON.stringify(result)}\n`);
      process.stderr.write(`results: ${study.output}\n  report:   ${result.report}\n  summary:  ${result.summary}\n`);
    })));
}
