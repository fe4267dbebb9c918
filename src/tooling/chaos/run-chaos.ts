/**
 * A chaos run: a real study on this machine — its own Temporal dev server, the local service as
 * a process with faults injected, a worker as a process — during which the worker is killed with
 * SIGKILL at random moments and started again, and the Temporal server and the service are each
 * killed and started again once. Then the study's outcome is checked against the service's data.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { mulberry32 } from '../../common/seeded-random.js';
import { type AnalysisMethod, demoAnalysisYaml, demoSweepYaml } from '../harness/demo-sweep.js';
import { parseStudy } from '../../product/study/load.js';
import { planStudy } from '../../product/study/plan.js';
import { readManifest, type AnalysisRecord } from '../../product/study/results/manifest.js';
import { settle, startLocalStack } from '../harness/stack.js';
import type { FaultSettingsInput } from '../../local-service/server/faults/settings.js';
import type { WorkflowHandle } from '@temporalio/client';
import { progressQuery, setBudgetUpdate } from '../../product/study/workflow-messages.js';
import type { StudyWorkflow } from '../../product/study/study-workflow.js';
import { auditStudy, type ChaosAudit } from './audit.js';

export interface ChaosOptions {
  /** The study: a zip sweep of `variants` variants (the default), or an analysis study of the demo district. */
  method?: 'sweep' | AnalysisMethod;
  /** Variants of a sweep (an analysis study's method decides its own). */
  variants: number;
  /** Kill and restart the Temporal server and the service once each (default true); false, with no kills and no faults, is an undisturbed run to compare with. */
  restarts?: boolean;
  kills: number;
  /** Share of requests that meet a fault (HTTP errors, resets, garbled answers, revoked tokens, spoiled downloads). */
  faultRate: number;
  /** Share of specs generations and of solver jobs that fail (default: a third of the fault rate each). */
  jobFaultRate?: number;
  seed: number;
  /** Where everything is kept (a new temporary directory by default). */
  dir?: string;
  /** Longest the study may take once started. */
  timeoutMinutes: number;
  /** Each event (a kill, a restart) comes up to this many seconds after the study last moved on, or after the event before (default 12). */
  maxGapSeconds?: number;
  /** Progress lines go here (stderr by default). */
  say?: (line: string) => void;
}

export interface ChaosReport extends Omit<ChaosAudit, 'problems'> {
  faultsInjected: Record<string, number>;
  kills: { planned: number; survived: number };
  restarts: { temporal: number; service: number };
  study: string;
  /** What an analysis study's method found (its indices or brackets), to compare with an undisturbed run. */
  analysis?: AnalysisRecord;
  wallSeconds: number;
  seed: number;
  dir: string;
  problems: string[];
}

/** Whether a run kept every promise: nothing lost, nothing doubled, no budget overrun, every event survived. */
export function chaosPassed(report: ChaosReport): boolean {
  return report.problems.length === 0 && report.lostVariants === 0 && report.duplicateScenarios === 0 && report.duplicateSolverJobs === 0
    && report.budgetOverrun === 0 && report.outputFilesMismatched === 0 && report.study === 'completed';
}

/** Stage counts in one short line: `scenario 10, patched 5, done 3`. */
function compact(byStage: Record<string, number>): string {
  return Object.entries(byStage).filter(([, n]) => n > 0).map(([stage, n]) => `${stage} ${n}`).join(', ');
}

type Event = 'kill-worker' | 'restart-temporal' | 'restart-service';

/** The events of a run in a seeded random order: every worker kill and one restart of each server. */
function schedule(kills: number, restarts: boolean, random: () => number): Event[] {
  const events: Event[] = [...Array<Event>(kills).fill('kill-worker'), ...(restarts ? ['restart-temporal', 'restart-service'] as Event[] : [])];
  for (let i = events.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [events[i], events[j]] = [events[j], events[i]];
  }
  return events;
}

/** Raises the study's budget by Update, trying again while a restarted Temporal server comes back. */
export async function raiseBudget(handle: WorkflowHandle<StudyWorkflow>, budget: { jobs: number; minutes: number }, say: (line: string) => void): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await handle.executeUpdate(setBudgetUpdate, { args: [budget] });
      say(`chaos: every event done; budget raised to ${budget.jobs} jobs, ${budget.minutes} minutes`);
      return;
    } catch (error) {
      if (attempt >= 30) throw error;
      await sleep(1_000);
    }
  }
}

export async function runChaos(options: ChaosOptions): Promise<ChaosReport> {
  const say = options.say ?? ((line: string) => process.stderr.write(`${line}\n`));
  const started = Date.now();
  const random = mulberry32(options.seed);
  const dir = options.dir ?? (await mkdtemp(join(tmpdir(), 'sweep-chaos-')));
  const jobFaultRate = options.jobFaultRate ?? options.faultRate / 3;
  const faults: FaultSettingsInput = {
    rate: options.faultRate, afterEffect: 0.5, retryAfterSeconds: 1, seed: options.seed,
    latency: { distribution: 'exponential', ms: 20, maxMs: 1_000 },
    specs: { failRate: jobFaultRate, delayMs: 0 },
    solver: { failRate: jobFaultRate / 2, infeasibleRate: jobFaultRate / 2 },
  };
  const stack = await startLocalStack({ dir, faults, solverThreads: 2 });
  say(`chaos: Temporal ${stack.temporal.address}, service ${stack.service.url}, everything under ${dir}`);
  let survived = 0;
  const restarts = { temporal: 0, service: 0 };
  try {
    // A budget of exactly one job and one solver minute's worth per variant: a single duplicate shows as
    // an overrun. It starts short, so that the study waits for budget until every event has happened (a
    // fast study would otherwise end before them); then it is raised to the full budget.
    const name = `chaos-${options.method && options.method !== 'sweep' ? `${options.method}-` : ''}${options.seed}`;
    const restartsPlanned = options.restarts ?? true;
    const yamlWith = (budget?: { jobs: number; minutes: number; waitForRaise?: boolean }) => (options.method && options.method !== 'sweep'
      ? demoAnalysisYaml({ method: options.method, name, seed: options.seed, output: join(dir, 'results'), concurrency: 10, budget, description: `Chaos run of a ${options.method} study (seed ${options.seed})` })
      : demoSweepYaml({
        name, variants: options.variants, output: join(dir, 'results'), withProfile: true, concurrency: 10, budget,
        description: `Chaos run of ${options.variants} variants (seed ${options.seed})`,
      }));
    const planned = planStudy(parseStudy(yamlWith()));
    const minutesEach = planned.minutes / planned.jobs;
    const fullBudget = { jobs: planned.jobs, minutes: planned.minutes };
    // A search holds at half its probes: its probes come one after another, each waiting for the one before.
    const heldJobs = options.method === 'search' ? Math.ceil(planned.jobs / 2) : planned.jobs - 1;
    const held = restartsPlanned && heldJobs >= 1 && heldJobs < planned.jobs;
    const { study, handle } = await stack.startStudy(name, yamlWith(held ? { jobs: heldJobs, minutes: heldJobs * minutesEach, waitForRaise: true } : fullBudget));
    say(`chaos: study ${study.name}, ${planned.exact ? '' : 'at most '}${planned.jobs} variants; faults at rate ${options.faultRate}, ${options.kills} worker kills planned`);

    const result = settle(handle, Date.now() + options.timeoutMinutes * 60_000);
    let finished = false;
    void result.finally(() => (finished = true));
    const progress = () => handle.query(progressQuery).then((p) => compact(p.byStage), () => undefined);
    const reporter = setInterval(() => void progress().then((p) => p && !finished && say(`chaos: ${p}`)), 15_000);
    try {
      let last = await progress();
      for (const event of schedule(options.kills, restartsPlanned, random)) {
        // Each event waits for the study to have moved on since the one before (or for maxGap
        // seconds), then for a random moment more: events spread over the study, each finding work
        // under way, and all of them fit in even a short one.
        const gapMs = (options.maxGapSeconds ?? 12) * 1000;
        for (const patience = Date.now() + gapMs; !finished && Date.now() < patience; ) {
          const now = await progress();
          if (now !== undefined && now !== last) break;
          await Promise.race([sleep(1_000), result]);
        }
        await Promise.race([sleep(random() * gapMs), result]);
        if (finished) break;
        const at = (await progress()) ?? 'no answer';
        if (event === 'kill-worker') {
          await stack.killWorker();
          say(`chaos: worker killed (${++survived}/${options.kills}) at ${at}`);
        } else if (event === 'restart-temporal') {
          await stack.restartTemporal();
          restarts.temporal++;
          say(`chaos: Temporal dev server killed and started again at ${at}`);
        } else {
          await stack.restartService();
          restarts.service++;
          say(`chaos: local service killed and started again at ${at}`);
        }
        last = at;
      }
      if (held && !finished) await raiseBudget(handle, fullBudget, say);
    } finally {
      clearInterval(reporter);
    }
    const outcome = await result;
    say(`chaos: study ${outcome}; checking it against the service's data`);
    await stack.setFaults({ rate: 0, latency: { distribution: 'none' }, specs: { failRate: 0 }, solver: { failRate: 0, infeasibleRate: 0 } });
    // Audited against the budget in force at the end.
    const audit = await auditStudy(stack.client, { ...study, budget: { ...study.budget, ...fullBudget } }, dir);
    if (outcome !== 'completed') audit.problems.unshift(`the study ${outcome}`);
    if (survived < options.kills || restarts.temporal + restarts.service < (restartsPlanned ? 2 : 0)) {
      audit.problems.push(`the study ended before every event: ${survived} of ${options.kills} worker kills, ${restarts.temporal} Temporal and ${restarts.service} service restarts`);
    }
    const { counts } = await stack.admin<{ counts: Record<string, number> }>('/faults');
    const analysis = outcome === 'completed' ? (await readManifest(study.output)).analysis : undefined;
    return {
      ...audit, faultsInjected: counts, kills: { planned: options.kills, survived }, restarts, study: outcome, ...(analysis ? { analysis } : {}),
      wallSeconds: Math.round((Date.now() - started) / 100) / 10, seed: options.seed, dir,
    };
  } finally {
    await stack.close();
  }
}
