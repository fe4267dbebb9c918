/** `sweep run`: starts a study from its file (checked first), and with --watch follows it. */
import { resolve } from 'node:path';
import { Command } from 'commander';
import { loadServiceConfig } from '../../client/config.js';
import { loadStudyFile, StudyFileError } from '../../study/load.js';
import { variantCount } from '../../study/expand.js';
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
      let study;
      try {
        study = await loadStudyFile(resolve(file));
      } catch (error) {
        if (error instanceof StudyFileError) {
          process.stderr.write(`${error.message}\n`);
          process.exit(2);
        }
        throw error;
      }
      const temporal = await connectTemporal({ address: temporalAddress(), namespace: temporalNamespace() });
      try {
        const handle = await startStudy(temporal, study, resolve(file), loadServiceConfig());
        process.stderr.write(`study ${study.name}: ${variantCount(study)} variants, workflow ${handle.workflowId}\n`);
        if (!options.watch) return;
        const result = await followStudy(handle);
        process.stdout.write(`${JSON.stringify(result)}\n`);
        process.stderr.write(`results: ${study.output}\n  report:   ${result.report}\n  summary:  ${result.summary}\n  manifest: ${result.manifest}\n`);
      } finally {
        await temporal.connection.close();
      }
    });
}
