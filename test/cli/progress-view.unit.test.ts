/**
 * Progress as every view shows it: one computation from the study's state (the workflow's query
 * answers it), the time left from the study's own start — so two watchers, started at different
 * moments, say the same at the same moment — and "waiting for solver budget" only when the budget
 * holds the study, not while its jobs run and the rest await their grant.
 */
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ProgressView, estimateLeft, progressLines } from '../../src/product/cli/watch/progress-view.js';
import { type ProgressState, type StudyProgress, studyProgress } from '../../src/product/study/progress.js';

const state = (over: Partial<ProgressState> = {}): ProgressState => ({
  startedAt: '2026-11-25T10:00:00.000Z', nextOffset: 10, inFlight: [0], finishedCounts: {}, failures: [], failed: 0, paused: false,
  budget: { jobs: 10, minutes: null, jobsPerWeek: null, minutesPerWeek: null },
  reports: [{ offset: 0, counts: { gathered: 4, submitted: 2, 'waiting-budget': 4 }, failures: [], failed: 0, jobsRunning: 2 }],
  ...over,
});

/** A view writing into a buffer, as on a pipe (no terminal). */
function plainView() {
  const out = new PassThrough();
  let text = '';
  out.on('data', (chunk) => (text += String(chunk)));
  return { view: new ProgressView(out as unknown as NodeJS.WriteStream), text: () => text };
}

describe('progress', () => {
  it('does not call a study held by its budget while its jobs run and the rest await their grant', () => {
    expect(studyProgress('s', 10, state(), false).waiting).toBeUndefined();
    const held = state({ reports: [{ offset: 0, counts: { gathered: 6, 'waiting-budget': 4 }, failures: [], failed: 0, jobsRunning: 0 }] });
    expect(studyProgress('s', 10, held, false).waiting).toBe('waiting for solver budget');
  });

  it('estimates the time left from the study\'s start, the same in every view at the same moment', () => {
    const progress: StudyProgress = studyProgress('s', 10, state(), false);
    const now = Date.parse('2026-11-25T10:02:00.000Z');
    // 4 of 10 ended in 120 s: 6 more at 30 s each.
    expect(estimateLeft(progress, now)).toBe('3 min');
    const [early, late] = [plainView(), plainView()];
    early.view.show(progress, now);
    late.view.show(progress, now);
    expect(early.text()).toBe(late.text());
    expect(early.text()).toContain('s: 4/10 variants ended (4 done, 0 failed), 2 jobs running, running, ETA 3 min');
    expect(progressLines(progress, now)[0]).toBe(early.text().split('\n')[0]);
  });

  it('writes a plain line only when something but the estimate changed', () => {
    const progress = studyProgress('s', 10, state(), false);
    const { view, text } = plainView();
    view.show(progress, Date.parse('2026-11-25T10:02:00.000Z'));
    view.show(progress, Date.parse('2026-11-25T10:02:30.000Z'));
    expect(text().trim().split('\n')).toHaveLength(1);
  });
});
