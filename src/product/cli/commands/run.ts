/** `sweep run`: starts a study from its file (checked first), and with --watch follows it. */
import { resolve } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { type Client, WorkflowNotFoundError } from '@temporalio/client';
import { Command } from 'commander';
import { loadServiceConfig } from '../../../wire/client/config.js';
import { planLines, planStudy } from '../../study/plan.js';
import type { Study } from '../../study/schema.js';
import { loadCheckedStudy } from '../study-file.js';
import { ended } from '../study-ending.js';
import { CommandError, EXIT, reported, withTemporal } from '../study-handle.js';
import { studyInputOf } from '../study-input.js';
import { startStudy, studyWorkflowId } from '../studies.js';
import { followStudy } from '../watch/follow-study.js';

/**
 * A study of this name already running from other contents is not this study: attaching to it would
 * show another study's progress as this file's. The same contents (from this file or a copy) attach.
 */
async function refuseAnotherOfTheName(temporal: Client, study: Study): Promise<void> {
  const handle = temporal.workflow.getHandle(studyWorkflowId(study.name));
  const description = await handle.describe().catch((error: unknown) => {
    if (error instanceof WorkflowNotFoundError) return undefined;
    throw error;
  });
  if (description?.status.name !== 'RUNNING') return;
  const running = await studyInputOf(handle);
  // As the running study's input went through Temporal: JSON, without the fields that are undefined.
  const mine = JSON.parse(JSON.stringify(study)) as Study;
  if (isDeepStrictEqual(running.study, mine)) return;
  const differ = (Object.keys(mine) as (keyof Study)[]).filter((key) => !isDeepStrictEqual(running.study[key], mine[key]));
  throw new CommandError(
    `a different study named "${study.name}" is running, started from ${running.studyFile} (this file differs in ${differ.join(', ')}): `
    + `wait for it to end (sweep watch ${study.name}), cancel it (sweep cancel ${study.name}), or give this study another name.`,
    EXIT.badInput,
  );
}

export function runCommand(): Command {
  return new Command('run')
    .description('Start a study (or attach to it if the same study is running), after checking its file.')
    .argument('<study-file>', 'the study, as YAML or JSON')
    .option('--watch', 'follow its progress until it ends')
    .addHelpText('after', `
Examples:
  $ sweep run examples/demo-study.yaml --watch
  $ sweep run studies/nightly.yaml            # returns once started; see: sweep watch nightly`)
    .action(reported(async (file: string, options: { watch?: boolean }) => {
      const { study, check } = await loadCheckedStudy(resolve(file));
      if (check.skipped) process.stderr.write(`note: ${check.skipped}\n`);
      const plan = planStudy(study);
      const week = check.usage && { jobs: check.usage.subscription.currentWeekCount, minutes: check.usage.subscription.currentWeekMinutes };
      await withTemporal(async (temporal) => {
        await refuseAnotherOfTheName(temporal, study);
        process.stderr.write(`${planLines(study, plan, week).join('\n')}\n`);
        const handle = await startStudy(temporal, study, resolve(file), loadServiceConfig());
        process.stderr.write(`study ${study.name}: ${plan.exact ? '' : 'at most '}${plan.variants} variants, workflow ${handle.workflowId}\n`);
        if (!options.watch) return;
        const result = await ended(study.name, handle, followStudy(handle));
        process.stdout.write(`${JSON.stringify(result)}\n`);
        for (const line of result.findings ?? []) process.stderr.write(`${line}\n`);
        process.stderr.write(`results: ${study.output}\n  report:   ${result.report}\n  summary:  ${result.summary}\n  manifest: ${result.manifest}\n`);
      });
    }));
}
