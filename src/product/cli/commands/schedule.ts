/**
 * `sweep schedule create|list|describe|pause|resume|trigger|delete`: re-optimisation on a timetable,
 * as Temporal Schedules. Each run re-applies the study to the base scenario as it is then, solves
 * only the variants whose specs changed since their last run, and writes its results beside the
 * earlier runs' (`<output>/runs/<time>Z/`).
 */
import { resolve } from 'node:path';
import {
  type Client, ScheduleAlreadyRunning, type ScheduleDescription, type ScheduleHandle, ScheduleNotFoundError, ScheduleOverlapPolicy, type ScheduleSummary,
  WorkflowNotFoundError,
} from '@temporalio/client';
import { Command } from 'commander';
import { loadServiceConfig } from '../../../wire/client/config.js';
import { loadCheckedStudy } from '../study-file.js';
import { planStudy } from '../../study/plan.js';
import { runDirName, runStamp, RUNS_DIR } from '../../study/scheduled-run.js';
import type { Study } from '../../study/schema.js';
import { gateIdFor } from '../../temporal/study-queues.js';
import { STUDY_WORKFLOW, type StudyInput, type StudyResult } from '../../study/study-workflow.js';
import {
  describeTimes, ScheduleOptionError, scheduledWorkflowIdOf, scheduleIdOf, scheduleNameOf, scheduleSpec, type TimesOptions,
} from '../schedules.js';
import { CommandError, EXIT, reported, withTemporal } from '../study-handle.js';
import { taskQueueOf } from '../studies.js';
import { tableLines } from '../table.js';

export function scheduleCommand(): Command {
  return new Command('schedule')
    .description('Re-optimise a study on a timetable (Temporal Schedules): each run solves only what changed since the last.')
    .addHelpText('after', `
Examples:
  $ sweep schedule create examples/demo-study.yaml --at 02:00            # every night at 02:00 UTC
  $ sweep schedule create nightly.yaml --cron "30 1 * * mon-fri" --timezone Europe/Zurich
  $ sweep schedule list
  $ sweep schedule describe demo-study                                    # next times, recent runs, their results
  $ sweep schedule trigger demo-study                                     # a run now
  $ sweep schedule pause demo-study --note "base scenario under review"
  $ sweep schedule delete demo-study`)
    .addCommand(createCommand())
    .addCommand(listCommand())
    .addCommand(describeCommand())
    .addCommand(pauseCommand())
    .addCommand(resumeCommand())
    .addCommand(triggerCommand())
    .addCommand(deleteCommand());
}

function createCommand(): Command {
  return new Command('create')
    .description('Schedule a study from its file (checked first). Runs overlapping a run still going are skipped.')
    .argument('<study-file>', 'the study, as YAML or JSON')
    .option('--name <name>', 'the schedule name (default: the study name)')
    .option('--cron <expression>', 'five-field cron expression, e.g. "0 2 * * *"')
    .option('--at <HH:MM>', 'a time of day (with --days, on those days only)')
    .option('--days <days>', 'days of the week for --at: mon-fri, sat,sun, …')
    .option('--timezone <zone>', 'IANA time zone of the times', 'UTC')
    .option('--paused', 'create it paused')
    .addHelpText('after', `
Examples:
  $ sweep schedule create examples/demo-study.yaml --at 02:00
  $ sweep schedule create nightly.yaml --at 01:30 --days mon-fri --timezone Europe/Zurich
  $ sweep schedule create nightly.yaml --cron "0 */6 * * *" --name every-six-hours

Each run copies the base scenario as it is then, solves the variants whose specs changed since their
last run, takes over the others' results, and writes <output>/runs/<time>Z/ beside the earlier runs.`)
    .action(reported(async (file: string, options: TimesOptions & { name?: string; paused?: boolean }) => {
      const study = await studyFrom(file);
      const spec = specOf(options);
      const name = options.name ?? study.name;
      const taskQueue = taskQueueOf();
      const input: StudyInput = { study, studyFile: resolve(file), gateId: gateIdFor(loadServiceConfig(), taskQueue), scheduled: true };
      await withTemporal(async (temporal) => {
        try {
          await temporal.schedule.create({
            scheduleId: scheduleIdOf(name),
            spec,
            action: {
              type: 'startWorkflow', workflowType: STUDY_WORKFLOW, workflowId: scheduledWorkflowIdOf(study.name),
              taskQueue, args: [input],
            },
            policies: { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: '1 hour' },
            state: { paused: options.paused ?? false, note: options.paused ? 'created paused' : undefined },
            // The server answers a cron expression back as calendars: the times as given are kept here.
            memo: { study: study.name, output: study.output, variants: planStudy(study).variants, times: describeTimes(options) },
          });
        } catch (error) {
          if (error instanceof ScheduleAlreadyRunning) throw new CommandError(`a schedule named "${name}" exists already (sweep schedule delete ${name}, or --name another)`, EXIT.badInput);
          throw error;
        }
        const description = await temporal.schedule.getHandle(scheduleIdOf(name)).describe();
        const plan = planStudy(study);
        process.stdout.write(`schedule ${name}: ${plan.exact ? '' : 'at most '}${plan.variants} variants of study ${study.name}, ${timesText(description)}\n`);
        process.stdout.write(`  next runs: ${nextRuns(description).join(', ') || 'none (paused)'}\n  results:   ${study.output}/${RUNS_DIR}/<time>Z/\n`);
      });
    }));
}

function listCommand(): Command {
  return new Command('list')
    .description('The schedules: name, state, times, next run.')
    .action(reported(async () => withTemporal(async (temporal) => {
      const rows: string[][] = [];
      for await (const schedule of temporal.schedule.list()) {
        if (!schedule.scheduleId.startsWith('sweep/')) continue;
        rows.push([scheduleNameOf(schedule.scheduleId), schedule.state.paused ? 'paused' : 'active', timesText(schedule), (!schedule.state.paused && nextRuns(schedule)[0]) || '-']);
      }
      if (!rows.length) {
        process.stdout.write('no schedules yet (sweep schedule create <study-file> --at 02:00 makes one)\n');
        return;
      }
      process.stdout.write(`${tableLines(['SCHEDULE', 'STATE', 'TIMES', 'NEXT RUN (UTC)'], rows).join('\n')}\n`);
    })));
}

function describeCommand(): Command {
  return new Command('describe')
    .description("A schedule's times, state, next runs and recent runs with their results.")
    .argument('<name>', 'the schedule name')
    .action(reported(async (name: string) => withSchedule(name, async (temporal, description) => {
      const memo = description.memo as { study?: string; output?: string } | undefined;
      const lines = [
        `schedule ${name}: study ${memo?.study ?? '?'}, ${timesText(description)}`,
        `  state:     ${description.state.paused ? `paused${description.state.note ? ` (${description.state.note})` : ''}` : 'active'}; overlapping runs are skipped`,
        `  next runs: ${nextRuns(description).join(', ') || 'none'}`,
        `  runs:      ${description.info.numActionsTaken} taken, ${description.info.numActionsSkippedOverlap} skipped (overlap)`,
      ];
      const recent = description.info.recentActions.slice(-10).reverse();
      if (recent.length) lines.push('  recent runs (newest first):');
      for (const action of recent) {
        const workflowId = action.action.type === 'startWorkflow' ? action.action.workflow.workflowId : '';
        const stamp = runStamp(workflowId);
        const dir = memo?.output && stamp ? `${memo.output}/${RUNS_DIR}/${runDirName(stamp)}` : '';
        lines.push(`    ${iso(action.scheduledAt)}  ${await runOutcome(temporal, workflowId)}${dir ? `\n      results: ${dir}` : ''}`);
      }
      process.stdout.write(`${lines.join('\n')}\n`);
    })));
}

/** A command acting on one schedule by name: `act` does it and answers what to say. */
function onSchedule<O extends object>(command: string, description: string, act: (handle: ScheduleHandle, name: string, options: O) => Promise<string>): Command {
  return new Command(command)
    .description(description)
    .argument('<name>', 'the schedule name')
    .action(reported(async (name: string, options: O) => withSchedule(name, async (temporal) => {
      process.stdout.write(`schedule ${name}: ${await act(temporal.schedule.getHandle(scheduleIdOf(name)), name, options)}\n`);
    })));
}

const pauseCommand = () => onSchedule<{ note?: string }>('pause', 'Stop starting runs (a run going on goes on).', async (handle, name, options) => {
  await handle.pause(options.note ?? 'paused with sweep schedule pause');
  return `paused (sweep schedule resume ${name} starts it again)`;
}).option('--note <text>', 'why, shown by describe');

const resumeCommand = () => onSchedule('resume', 'Start runs again at the next time.', async (handle) => {
  await handle.unpause('resumed with sweep schedule resume');
  return `active, next run ${nextRuns(await handle.describe())[0] ?? '-'}`;
});

const triggerCommand = () => onSchedule('trigger', 'A run now (skipped if a run is still going).', async (handle, name) => {
  await handle.trigger();
  return `run triggered (sweep schedule describe ${name} shows it)`;
});

const deleteCommand = () => onSchedule('delete', 'Delete a schedule; its runs\' results stay on disk, and a run going on goes on.', async (handle) => {
  await handle.delete();
  return 'deleted';
});

/** The study, checked in full and against the service (where one is configured) before a schedule is made of it. */
async function studyFrom(file: string): Promise<Study> {
  return (await loadCheckedStudy(resolve(file))).study;
}

function specOf(options: TimesOptions) {
  try {
    return scheduleSpec(options);
  } catch (error) {
    if (error instanceof ScheduleOptionError) throw new CommandError(error.message, EXIT.badInput);
    throw error;
  }
}

async function withSchedule(name: string, act: (temporal: Client, description: ScheduleDescription) => Promise<void>): Promise<void> {
  return withTemporal(async (temporal) => {
    let description: ScheduleDescription;
    try {
      description = await temporal.schedule.getHandle(scheduleIdOf(name)).describe();
    } catch (error) {
      if (error instanceof ScheduleNotFoundError) throw new CommandError(`no schedule named "${name}" (sweep schedule list shows them)`, EXIT.notFound);
      throw error;
    }
    await act(temporal, description);
  });
}

/** How a run went: running, or its totals once it has ended. */
async function runOutcome(temporal: Client, workflowId: string): Promise<string> {
  const handle = temporal.workflow.getHandle(workflowId);
  try {
    const status = (await handle.describe()).status.name;
    if (status !== 'COMPLETED') return status.toLowerCase().replace(/_/g, ' ');
    const { totals } = (await handle.result()) as StudyResult;
    const reused = totals.reused ? `, ${totals.reused} unchanged (results taken over)` : '';
    return `completed: ${totals.done}/${totals.variants} done${reused}, ${totals.failed} failed`;
  } catch (error) {
    if (error instanceof WorkflowNotFoundError) return 'no longer kept by Temporal';
    throw error;
  }
}

function timesText(schedule: Pick<ScheduleSummary, 'memo' | 'spec'>): string {
  const times = (schedule.memo as { times?: string } | undefined)?.times ?? 'times set outside sweep';
  return `${times} (${schedule.spec?.timezone ?? 'UTC'})`;
}

function nextRuns(schedule: Pick<ScheduleSummary, 'info'>): string[] {
  return schedule.info.nextActionTimes.slice(0, 3).map(iso);
}

const iso = (date: Date) => date.toISOString().replace(/\.\d+Z$/, 'Z');
