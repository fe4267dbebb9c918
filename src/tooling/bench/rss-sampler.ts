/**
 * Processes' resident memory sampled through a run, so that a benchmark says when the peak came
 * and what the run was doing then, not only how high it went (VmHWM, read once at the end).
 */
import type { StudyProgress } from '../../product/study/progress.js';
import { residentMb } from './process-usage.js';

export interface RssPeak {
  mb: number;
  /** Since sampling started. */
  seconds: number;
  /** What the run was doing, as `phase` said at that sample. */
  phase: string;
  pid: number;
}

export interface RssSampling {
  /** The highest sample so far. */
  peak(): RssPeak | undefined;
  /** Takes a last sample and stops. */
  stop(): RssPeak | undefined;
}

/**
 * Reads the resident memory of each of `pids()` (asked at every sample: a worker may be replaced)
 * every `everyMs`. A process that has ended is skipped; `read` is for tests.
 */
export function sampleRss(pids: () => number[], phase: () => string, everyMs: number, read: (pid: number) => number = residentMb): RssSampling {
  const started = performance.now();
  let peak: RssPeak | undefined;
  const sample = () => {
    for (const pid of pids()) {
      let mb: number;
      try {
        mb = read(pid);
      } catch {
        continue;
      }
      if (Number.isFinite(mb) && (!peak || mb > peak.mb)) peak = { mb, seconds: Math.round((performance.now() - started) / 1000), phase: phase(), pid };
    }
  };
  sample();
  const timer = setInterval(sample, everyMs);
  timer.unref();
  return {
    peak: () => peak,
    stop: () => {
      clearInterval(timer);
      sample();
      return peak;
    },
  };
}

/** What a study was doing at its last progress report: its summary step runs once every variant has ended. */
export function studyPhase(progress: Pick<StudyProgress, 'variants' | 'byStage'> | undefined): string {
  if (!progress) return 'starting';
  const ended = progress.byStage.gathered + progress.byStage.failed;
  return ended === progress.variants ? 'summary (every variant ended)' : `variants (${ended} of ${progress.variants} ended)`;
}
