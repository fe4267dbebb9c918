/**
 * The benchmark's memory figures: a line of /proc/<pid>/status read as MB, the highest sampled
 * resident memory with the time and phase it came in, and the phase a study's progress says it is in.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { statusMb } from '../../src/tooling/bench/process-usage.js';
import { sampleRss, studyPhase } from '../../src/tooling/bench/rss-sampler.js';

const STATUS = 'Name:\tnode\nVmPeak:\t 1500000 kB\nVmHWM:\t  614400 kB\nVmRSS:\t  409600 kB\nRssAnon:\t  300000 kB\n';

describe('statusMb', () => {
  it('reads the line asked for, in MB', () => {
    expect(statusMb(STATUS, 'VmHWM')).toBe(600);
    expect(statusMb(STATUS, 'VmRSS')).toBe(400);
    expect(statusMb('Name:\tnode\n', 'VmRSS')).toBeNaN();
  });
});

describe('sampleRss', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps the highest sample of any process, with when and in which phase it came', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'performance'] });
    const memory: Record<number, number[]> = { 1: [100, 300, 200], 2: [150, 250, 350] };
    let phase = 'starting';
    const sampling = sampleRss(() => [1, 2], () => phase, 1000, (pid) => memory[pid].shift() ?? Number.NaN);
    expect(sampling.peak()).toEqual({ mb: 150, seconds: 0, phase: 'starting', pid: 2 });
    phase = 'variants';
    vi.advanceTimersByTime(1000);
    expect(sampling.peak()).toEqual({ mb: 300, seconds: 1, phase: 'variants', pid: 1 });
    phase = 'summary';
    vi.advanceTimersByTime(1000);
    expect(sampling.stop()).toEqual({ mb: 350, seconds: 2, phase: 'summary', pid: 2 });
  });

  it('skips a process that has ended, and stops sampling when stopped', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'performance'] });
    let reads = 0;
    const sampling = sampleRss(() => [1, 2], () => 'running', 1000, (pid) => {
      reads++;
      if (pid === 1) throw new Error('ENOENT');
      return 42;
    });
    expect(sampling.stop()).toMatchObject({ mb: 42, pid: 2 });
    const after = reads;
    vi.advanceTimersByTime(5000);
    expect(reads).toBe(after);
  });
});

describe('studyPhase', () => {
  const byStage = (gathered: number, failed: number, submitted: number) => ({ pending: 0, scenario: 0, patched: 0, specs: 0, 'waiting-budget': 0, submitted, solved: 0, gathered, failed });

  it('is the summary once every variant has ended, failed or gathered', () => {
    expect(studyPhase(undefined)).toBe('starting');
    expect(studyPhase({ variants: 10, byStage: byStage(6, 1, 3) })).toBe('variants (7 of 10 ended)');
    expect(studyPhase({ variants: 10, byStage: byStage(8, 2, 0) })).toBe('summary (every variant ended)');
  });
});
