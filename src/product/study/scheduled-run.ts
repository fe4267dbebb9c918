/**
 * A scheduled run of a study, as a study of its own: named, written and copied apart from every
 * other run — its scenarios go to an analysis of the run (fresh copies of the base as it is at the
 * run), its results to `<output>/runs/<time>Z/`, side by side with the earlier runs'. Pure and
 * free of imports but types: the study workflow derives the run with it when it starts.
 */
import type { Study } from './schema.js';

/** Where a schedule's runs keep their results, one directory per run. */
export const RUNS_DIR = 'runs';

/**
 * The run's nominal time, `2026-11-21T02:00:00`, UTC: a schedule appends it to the workflow id it
 * starts (`…-2026-11-21T02:00:00Z`); a run started otherwise takes its start time.
 */
export function runStamp(workflowId: string, startTime?: Date): string | undefined {
  return /-(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.\d+)?Z$/.exec(workflowId)?.[1] ?? startTime?.toISOString().slice(0, 19);
}

/** The run's directory name under `runs/`: sortable, and free of characters file systems refuse. */
export const runDirName = (stamp: string) => `${stamp.replace(/:/g, '')}Z`;

interface ScheduledRun {
  study: Study;
  /** Where the schedule's runs are, this one among them. */
  runsDir: string;
  /** Keeps the run's solver jobs apart from other runs'. */
  runTag: string;
}

function scheduledRun(study: Study, stamp: string): ScheduledRun {
  const compact = stamp.replace(/[-:]/g, '').toLowerCase();
  const runsDir = `${study.output}/${RUNS_DIR}`;
  return {
    runsDir,
    runTag: compact,
    study: {
      ...study,
      name: `${study.name}-${compact}`,
      output: `${runsDir}/${runDirName(stamp)}`,
      destination: { ...study.destination, analysis: `${study.destination.analysis} ${stamp.replace('T', ' ')}Z` },
    },
  };
}

/** What a run's input says of it; the study workflow's input has these fields. */
interface RunInput {
  study: Study;
  scheduled?: boolean;
  runTag?: string;
  reuseRunsDir?: string;
}

/** A schedule's input made the input of the run `workflowId` (started at `startTime`, if its id has no time). */
export function asScheduledRun<T extends RunInput>(input: T, workflowId: string, startTime?: Date): T {
  const stamp = runStamp(workflowId, startTime);
  if (!stamp) throw new Error(`${workflowId} is not the id of a scheduled run`);
  const run = scheduledRun(input.study, stamp);
  return { ...input, scheduled: false, study: run.study, runTag: run.runTag, reuseRunsDir: run.runsDir };
}
