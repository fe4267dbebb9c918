/**
 * Shows a running study's progress: on a terminal, a bar per stage redrawn in place with counts,
 * failures and an estimate of the time left; elsewhere (logs, CI), one plain line when something
 * changed.
 */
import { STAGES, type StudyProgress } from '../../study/progress.js';

const LABELS: Record<string, string> = {
  pending: 'pending', scenario: 'scenario', patched: 'values', specs: 'specs', 'waiting-budget': 'budget wait',
  submitted: 'solving', solved: 'solved', gathered: 'done', failed: 'failed',
};

/** Variants that reached at least this stage (a variant counts in every stage it has passed). */
function reached(progress: StudyProgress, index: number): number {
  return STAGES.slice(index).reduce((sum, s) => (s === 'failed' ? sum : sum + progress.byStage[s]), 0);
}

function bar(fraction: number, width = 24): string {
  const full = Math.round(Math.max(0, Math.min(1, fraction)) * width);
  return `${'█'.repeat(full)}${'░'.repeat(width - full)}`;
}

function duration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '–';
  if (seconds < 90) return `${Math.round(seconds)} s`;
  if (seconds < 5400) return `${Math.round(seconds / 60)} min`;
  return `${(seconds / 3600).toFixed(1)} h`;
}

/**
 * Time left, from the rate at which variants have ended since the study started: one computation
 * of the study's own figures, so every view (status, watch, a second watcher) says the same.
 */
export function estimateLeft(progress: StudyProgress, now = Date.now()): string | undefined {
  const ended = progress.byStage.gathered + progress.byStage.failed;
  if (!progress.startedAt || ended === 0 || progress.done) return progress.done ? '0 s' : undefined;
  const elapsed = Math.max(0, (now - Date.parse(progress.startedAt)) / 1000);
  return duration((elapsed / ended) * (progress.variants - ended));
}

/** A study's progress as lines: a head line (with the time left), a bar per stage, what its method found, the first failures. */
export function progressLines(progress: StudyProgress, now = Date.now()): string[] {
  const eta = estimateLeft(progress, now);
  const ended = progress.byStage.gathered + progress.byStage.failed;
  const status = progress.paused ? 'paused' : progress.cancelled ? 'cancelling' : progress.waiting ?? (progress.done ? 'done' : 'running');
  const lines = [
    `${progress.studyId}: ${ended}/${progress.variants} variants ended (${progress.byStage.gathered} done, ${progress.failed} failed), ${progress.jobsRunning} jobs running, ${status}${eta ? `, ETA ${eta}` : ''}`,
  ];
  STAGES.forEach((stage, i) => {
    if (stage === 'pending' || stage === 'failed') return;
    const count = reached(progress, i);
    lines.push(`  ${LABELS[stage].padEnd(12)} ${bar(count / progress.variants)} ${String(count).padStart(6)}/${progress.variants}`);
  });
  for (const line of progress.method ?? []) lines.push(`  ${line}`);
  for (const failure of progress.failures.slice(0, 3)) lines.push(`  ✗ ${failure.key}: ${failure.reason.slice(0, 100)}`);
  return lines;
}

export class ProgressView {
  private lastPlain = '';
  private drawnLines = 0;

  constructor(private readonly out: NodeJS.WriteStream = process.stderr) {}

  private get tty(): boolean {
    return Boolean(this.out.isTTY);
  }

  show(progress: StudyProgress, now = Date.now()): void {
    const lines = progressLines(progress, now);
    if (!this.tty) {
      // The head line, and what the method has found (a search's brackets), when either changed;
      // a new estimate alone is not news worth a line.
      const news = [progressLines({ ...progress, startedAt: undefined }, now)[0], ...(progress.method ?? [])].join('\n');
      if (news !== this.lastPlain) this.out.write(`${[lines[0], ...(progress.method ?? []).map((line) => `  ${line}`)].join('\n')}\n`);
      this.lastPlain = news;
      return;
    }
    if (this.drawnLines) this.out.write(`\x1b[${this.drawnLines}F\x1b[J`);
    this.out.write(`${lines.join('\n')}\n`);
    this.drawnLines = lines.length;
  }
}
