/** `sweep pause|resume|cancel|budget <study>`: messages to a running study. */
import { WorkflowUpdateFailedError } from '@temporalio/client';
import type { SignalDefinition } from '@temporalio/common';
import { Command, InvalidArgumentError } from 'commander';
import type { BudgetLimits } from '../../study/budget-ledger.js';
import { pauseSignal, resumeSignal, setBudgetUpdate } from '../../study/workflow-messages.js';
import { CommandError, EXIT, type FoundStudy, limitText, reported, withStudy } from '../study-handle.js';

function running(name: string, found: FoundStudy): void {
  if (found.status !== 'RUNNING') throw new CommandError(`study "${name}" is not running (it is ${found.status.toLowerCase()})`, EXIT.badInput);
}

/** A command that sends `signal` to a running study and says what it did. */
function signalCommand(name: string, description: string, signal: SignalDefinition<[]>, said: (study: string) => string, example = ''): Command {
  return new Command(name)
    .description(description)
    .argument('<study>', 'the study name')
    .addHelpText('after', example && `\nExample:\n  ${example}`)
    .action(reported(async (study: string) => withStudy(study, async (found) => {
      running(study, found);
      await found.handle.signal(signal);
      process.stdout.write(`${said(study)}\n`);
    })));
}

export const pauseCommand = () => signalCommand(
  'pause', 'Hold a running study before its next step (running solver jobs go on; nothing new starts).', pauseSignal,
  (study) => `study ${study}: paused (sweep resume ${study} lets it go on)`, '$ sweep pause demo-study && sweep resume demo-study',
);

export const resumeCommand = () => signalCommand('resume', 'Let a paused study go on.', resumeSignal, (study) => `study ${study}: resumed`);

export function cancelCommand(): Command {
  return new Command('cancel')
    .description('Cancel a study: its running solver jobs are stopped, every variant is recorded, and the results are written.')
    .argument('<study>', 'the study name')
    .action(reported(async (name: string) => withStudy(name, async (found) => {
      running(name, found);
      await found.handle.cancel();
      process.stdout.write(`study ${name}: cancelling (its jobs are stopped and its results written; sweep status ${name} shows when it has ended)\n`);
    })));
}

/** A budget limit from the command line: a whole number ≥ 0, or "unlimited" (kept as the word: commander turns a parsed null into ''). */
function limit(option: string) {
  return (value: string): number | 'unlimited' => {
    if (value === 'unlimited') return value;
    const n = Number(value);
    if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n)) throw new InvalidArgumentError(`${option} must be a whole number ≥ 0 or "unlimited"`);
    return n;
  };
}

export function budgetCommand(): Command {
  return new Command('budget')
    .description("Change a running study's solver budget (jobs and solver minutes it may use); takes effect at once.")
    .argument('<study>', 'the study name')
    .option('--jobs <n>', 'solver jobs in all ("unlimited" for no limit)', limit('--jobs'))
    .option('--minutes <m>', 'solver minutes in all ("unlimited" for no limit)', limit('--minutes'))
    .option('--jobs-per-week <n>', 'solver jobs per week', limit('--jobs-per-week'))
    .option('--minutes-per-week <m>', 'solver minutes per week', limit('--minutes-per-week'))
    .addHelpText('after', '\nExamples:\n  $ sweep budget nightly --jobs 200 --minutes 6000\n  $ sweep budget nightly --minutes unlimited')
    .action(reported(async (name: string, options: Partial<Record<keyof BudgetLimits, number | 'unlimited'>>) => {
      const update: Partial<BudgetLimits> = Object.fromEntries(
        Object.entries(options).filter(([, v]) => v !== undefined).map(([field, v]) => [field, v === 'unlimited' ? null : v]),
      );
      if (!Object.keys(update).length) throw new CommandError('give at least one of --jobs, --minutes, --jobs-per-week, --minutes-per-week', EXIT.badInput);
      await withStudy(name, async (found) => {
        running(name, found);
        const budget = await found.handle.executeUpdate(setBudgetUpdate, { args: [update] }).catch((error: unknown) => {
          // The study's own refusal is in the cause; "Workflow Update failed" says nothing.
          if (error instanceof WorkflowUpdateFailedError) throw new CommandError(`the study refused the budget: ${(error.cause as Error | undefined)?.message ?? error.message}`, EXIT.badInput);
          throw error;
        });
        process.stdout.write(
          `study ${name}: budget now ${limitText(budget.jobs)} jobs, ${limitText(budget.minutes)} minutes ` +
            `(per week: ${limitText(budget.jobsPerWeek)} jobs, ${limitText(budget.minutesPerWeek)} minutes)\n`,
        );
      });
    }));
}
