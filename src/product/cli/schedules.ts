/**
 * Nightly (or any periodic) re-optimisation as Temporal Schedules: when a schedule's times are,
 * as the analyst gives them (`--cron`, or `--at` with `--days`), and how it is told apart from
 * other schedules. Pure: the commands under commands/schedule.ts do the talking to Temporal.
 */
import type { CalendarSpec, DayOfWeek, ScheduleSpec } from '@temporalio/client';

export const scheduleIdOf = (name: string) => `sweep/${name}`;
export const scheduleNameOf = (scheduleId: string) => scheduleId.replace(/^sweep\//, '');
/** The schedule appends each run's time to this: `study/<name>/scheduled-2026-11-21T02:00:00Z`. */
export const scheduledWorkflowIdOf = (name: string) => `study/${name}/scheduled`;

export interface TimesOptions {
  cron?: string;
  at?: string;
  days?: string;
  timezone?: string;
}

const DAYS: Record<string, DayOfWeek> = {
  mon: 'MONDAY', tue: 'TUESDAY', wed: 'WEDNESDAY', thu: 'THURSDAY', fri: 'FRIDAY', sat: 'SATURDAY', sun: 'SUNDAY',
};
const DAY_ORDER = Object.keys(DAYS);

/** A problem with the options, named by option and rule. */
export class ScheduleOptionError extends Error {}

/** The schedule's times: a cron expression, or a calendar at a time of day on some days; UTC unless told. */
export function scheduleSpec(options: TimesOptions): ScheduleSpec {
  const timezone = options.timezone ?? 'UTC';
  if (!validTimezone(timezone)) throw new ScheduleOptionError(`--timezone: "${timezone}" is not an IANA time zone (e.g. UTC, Europe/Zurich)`);
  if (options.cron !== undefined && (options.at !== undefined || options.days !== undefined)) {
    throw new ScheduleOptionError('give either --cron or --at (with --days), not both');
  }
  if (options.cron !== undefined) {
    const fields = options.cron.trim().split(/\s+/);
    if (fields.length !== 5) throw new ScheduleOptionError(`--cron: "${options.cron}" must have 5 fields (minute hour day-of-month month day-of-week), e.g. "0 2 * * *"`);
    return { cronExpressions: [fields.join(' ')], timezone };
  }
  if (options.at === undefined) throw new ScheduleOptionError('give the times: --cron "<expression>" or --at HH:MM [--days mon-fri]');
  const time = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec(options.at);
  if (!time) throw new ScheduleOptionError(`--at: "${options.at}" must be a time of day as HH:MM (00:00 to 23:59)`);
  const calendar: CalendarSpec = { hour: Number(time[1]), minute: Number(time[2]) };
  if (options.days !== undefined) calendar.dayOfWeek = daysOf(options.days);
  return { calendars: [calendar], timezone };
}

/** The times as the analyst gave them. */
export function describeTimes(options: TimesOptions): string {
  if (options.cron !== undefined) return `cron "${options.cron.trim().split(/\s+/).join(' ')}"`;
  return `at ${options.at}${options.days ? ` on ${options.days}` : ' every day'}`;
}

/** `mon-fri`, `sat,sun` or `mon,wed-fri`. */
function daysOf(text: string): DayOfWeek[] {
  const days = new Set<DayOfWeek>();
  for (const part of text.toLowerCase().split(',').map((p) => p.trim())) {
    const [from, to = from] = part.split('-');
    const a = DAY_ORDER.indexOf(from.slice(0, 3));
    const b = DAY_ORDER.indexOf(to.slice(0, 3));
    if (a < 0 || b < 0 || b < a) throw new ScheduleOptionError(`--days: "${part}" is not a day or a range of days (mon..sun, e.g. mon-fri or sat,sun)`);
    for (let d = a; d <= b; d++) days.add(DAYS[DAY_ORDER[d]]);
  }
  return [...days];
}

function validTimezone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
