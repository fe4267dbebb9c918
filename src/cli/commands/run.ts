/** `sweep run`: starts a study from its file (checked first), and with --watch follows it. */
import { resolve } from 'node:path';
import { Command } from 'commander';
import { loadServiceConfig } from '../../client/config.js';
import { planLines, planStudy } from '../../study/plan.js';
import { loadCheckedStudy } from '../study-file.js';
import { connectTemporal } from '../../temporal/connection.js';
import { startStudy, temporalAddress, temporalNamespace } from '../studies.js';
import { followStudy } from '../watch/follow-study.js';

export function runCommand(): Command {
  return new Command('run')
    .description('Start a study (or attach to it if it is running), after checking its file.')
    .argument('<study-file>', 'the study, as YAML or JSON')
    .option('--watch', 'follow its progress until it ends')
    .addHelpText('after', `
Examples:
  $ sweep run examples/demo-study.yaml --watch
  $ sweep run studies/nightly.yaml            # returns once started; see: sweep watch nightly`)
    .action(async (file: string, options: { watch?: boolean }) => {
      const { study, check } = await loadCheckedStudy(resolve(file));
      const plan = planStudy(study);
      const week = check.usage && { jobs: check.usage.subscription.currentWeekCount, minutes: check.usage.subscription.currentWeekMinutes };
      process.stderr.write(`${planLines(study, plan, week).join('\n')}\n`);
      const temporal = await connectTemporal({ address: temporalAddress(), namespace: temporalNamespace() });
      try {
        const handle = await startStudy(temporal, study, resolve(file), loadServiceConfig());
        process.stderr.write(`study ${study.name}: ${plan.exact ? '' : 'at most '}${plan.variants} variants, workflow ${handle.workflowId}\n`);
        if (!options.watch) return;
        const result = await followStudy(handle);
        process.stdout.write(`${JSON.stringify(result)}\n`);
        for (const line of result.findings ?? []) process.stderr.write(`${line}\n`);
        process.stderr.write(`results: ${study.output}\n  report:   ${result.report}\n  summary:  ${result.summary}\n  manifest: ${result.manifest}\n`);
      } finally {
        await temporal.connection.close();
      }
    });
}
