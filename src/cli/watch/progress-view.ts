/**
 * Shows a running study's progress: on a terminal, a bar per stage redrawn in place with counts,
 * failures and an estimate of the time left; elsewhere (logs, CI), one plain line when something
 * changed.
 */
import { STAGES, type StudyProgress } from '../../../workflows/progress.js';

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

/** A study's progress as lines: a head line, a bar per stage, the first failures. */
export function progressLines(progress: StudyProgress, eta?: string): string[] {
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
  private readonly started = Date.now();

  constructor(private readonly out: NodeJS.WriteStream = process.stderr) {}

  private get tty(): boolean {
    return Boolean(this.out.isTTY);
  }

  /** Time left, from the rate at which variants have ended so far. */
  private eta(progress: StudyProgress): string {
    const ended = progress.byStage.gathered + progress.byStage.failed;
    if (ended === 0) return '–';
    const elapsed = (Date.now() - this.started) / 1000;
    return duration((elapsed / ended) * (progress.variants - ended));
  }

  show(progress: StudyProgress): void {
    const lines = progressLines(progress, this.eta(progress));
    if (!this.tty) {
      // The head line, and what the method has found (a search's brackets), when either changed;
      // a new estimate alone is not news worth a line.
      const news = [progressLines(progress)[0], ...(progress.method ?? [])].join('\n');
      if (news !== this.lastPlain) this.out.write(`${[lines[0], ...(progress.method ?? []).map((line) => `  ${line}`)].join('\n')}\n`);
      this.lastPlain = news;
      return;
    }
    if (this.drawnLines) this.out.write(`\x1b[${this.drawnLines}F\x1b[J`);
    this.out.write(`${lines.join('\n')}\n`);
    this.drawnLines = lines.length;
  }
}
