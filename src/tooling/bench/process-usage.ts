/**
 * What a live process has used so far, from /proc (Linux): its resident memory (now and at its peak)
 * and its CPU time, so that a benchmark can say which process a run was waiting on.
 */
import { readdirSync, readFileSync } from 'node:fs';

// sysconf(_SC_CLK_TCK): 100 on every Linux build Node supports.
const CLOCK_TICKS_PER_SECOND = 100;

/** The peak resident memory of a live process, in MB. */
export const peakRssMb = (pid: number): number => statusMb(readFileSync(`/proc/${pid}/status`, 'utf8'), 'VmHWM');

/** The resident memory of a live process now, in MB. */
export const residentMb = (pid: number): number => statusMb(readFileSync(`/proc/${pid}/status`, 'utf8'), 'VmRSS');

/** A memory line of /proc/<pid>/status in MB: VmHWM the peak resident memory, VmRSS the present one. */
export function statusMb(status: string, field: 'VmHWM' | 'VmRSS'): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
  return match ? Math.round(Number(match[1]) / 1024) : Number.NaN;
}

/** User + system CPU time of a live process (its own, not its children's), in seconds. */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may hold spaces and parentheses: count fields after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of the whole line, 12 and 13 after the name.
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}

/** The processes a live process has started and that still run (any of its threads may have started them). */
export function childPids(pid: number): number[] {
  let threads: string[];
  try {
    threads = readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
  return threads.flatMap((thread) => {
    try {
      return readFileSync(`/proc/${pid}/task/${thread}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
    } catch {
      return [];
    }
  });
}
