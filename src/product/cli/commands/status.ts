/** `sweep status <study>` and `sweep list`: where studies stand, as an analyst reads it. */
import { Command, InvalidArgumentError } from 'commander';
import { progressQuery } from '../../study/workflow-messages.js';
import type { StudyProgress } from '../../study/progress.js';
import { STUDY_WORKFLOW } from '../../study/study-workflow.js';
import { limitText, reported, withStudy, withTemporal } from '../study-handle.js';
import { tableLines } from '../table.js';
import { progressLines } from '../watch/progress-view.js';
import { endingLines } from '../study-ending.js';

export function statusCommand(): Command {
  return new Command('status')
    .description("A study's state: variants per stage, failures, jobs running, budget; or, once it has ended, its totals and results.")
    .argument('<study>', 'the study name')
    .addHelpText('after', '\nExample:\n  $ sweep status demo-study')
    .action(reported(async (name: string) => withStudy(name, async ({ handle, status }) => {
      if (status === 'RUNNING') {
        const progress: StudyProgress = await handle.query(progressQuery);
        process.stdout.write(`${progressLines(progress).join('\n')}\n${budgetLine(progress)}\n`);
        return;
      }
      process.stdout.write(`${(await endingLines(name, handle, status)).join('\n')}\n`);
    })));
}

function budgetLine(progress: StudyProgress): string {
  return `  budget: ${limitText(progress.budget.jobs)} jobs, ${limitText(progress.budget.minutes)} solver minutes`;
}

function positiveCount(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 1) throw new InvalidArgumentError('--limit must be a whole number ≥ 1');
  return n;
}

export function listCommand(): Command {
  return new Command('list')
    .description('The studies Temporal knows, newest first: name, state, when started.')
    .option('--limit <n>', 'at most this many', positiveCount, 50)
    .action(reported(async (options: { limit: number }) => withTemporal(async (temporal) => {
      const rows: string[][] = [];
      // One row per study, not per run: a long study continues as new under the same id.
      const seen = new Set<string>();
      for await (const execution of temporal.workflow.list({ query: `WorkflowType = '${STUDY_WORKFLOW}'` })) {
        if (seen.has(execution.workflowId)) continue;
        seen.add(execution.workflowId);
        rows.push([execution.workflowId.replace(/^study\//, ''), execution.status.name.toLowerCase(), execution.startTime.toISOString().replace(/\.\d+Z$/, 'Z')]);
        if (rows.length >= options.limit) break;
      }
      if (!rows.length) {
        process.stdout.write('no studies yet (sweep run <study-file> starts one)\n');
        return;
      }
      process.stdout.write(`${tableLines(['STUDY', 'STATE', 'STARTED (UTC)'], rows).join('\n')}\n`);
    })));
}
