/**
 * `sweep plan <study-file>`: what a study will cost before anything is spent — its variants, solver
 * jobs and solver minutes at most, against its budget and the account's use this week — after
 * checking the file, and its names against the base scenario where a service is configured.
 */
import { resolve } from 'node:path';
import { Command } from 'commander';
import { planLines, planStudy } from '../../study/plan.js';
import { loadCheckedStudy } from '../study-file.js';

export function planCommand(): Command {
  return new Command('plan')
    .description('Show what a study will take (variants, solver jobs, solver minutes) against its budget, without starting it.')
    .argument('<study-file>', 'the study, as YAML or JSON')
    .addHelpText('after', `
Exit codes: 0 it fits, 2 the file does not load or the study cannot fit its budget.

Examples:
  $ sweep plan examples/sensitivity-study.yaml
  $ sweep plan examples/tipping-point-study.yaml && sweep run examples/tipping-point-study.yaml --watch`)
    .action(async (file: string) => {
      const { study, check } = await loadCheckedStudy(resolve(file));
      const plan = planStudy(study);
      const week = check.usage && { jobs: check.usage.subscription.currentWeekCount, minutes: check.usage.subscription.currentWeekMinutes };
      process.stdout.write(`${planLines(study, plan, week).join('\n')}\n`);
      if (check.skipped) process.stderr.write(`note: ${check.skipped}\n`);
    });
}
