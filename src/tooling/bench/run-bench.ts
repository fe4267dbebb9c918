/**
 * A benchmark run: a study of `variants` variants of the demo district against the local service
 * in instant-solve mode (jobs end after `solveMs`, nothing optimised), every call delayed by
 * `latencyMs`, on a stack of its own (a Temporal dev server, or Temporal's own server on PostgreSQL
 * with mTLS; the service and `workers` workers as processes). It reports the study's wall time, the
 * service calls per variant by operation, the Temporal history events per variant and the largest
 * history, each worker's peak memory and when in the run it came, the CPU time of every process of
 * the stack (to say which one a run waited on) and, on the production server, the size of its
 * databases afterwards; with `baseline`, the same variants run through an analyst's sequential loop
 * too, and the ratio of the two wall times.
 */
import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StudyProgress } from '../../product/study/progress.js';
import { progressQuery } from '../../product/study/workflow-messages.js';
import { demoSobolYaml, demoSweepYaml } from '../harness/demo-sweep.js';
import { variantCount } from '../../product/study/expand.js';
import { parseStudy } from '../../product/study/load.js';
import { onProductionServer, settle, startLocalStack } from '../harness/stack.js';
import { type ProductionServer, startProductionServer } from '../../product/temporal/production-server.js';
import { analystLoop } from './analyst-loop.js';
import { childPids, cpuSeconds, peakRssMb } from './process-usage.js';
import { type RssPeak, sampleRss, studyPhase } from './rss-sampler.js';

/** The solve time of a real job the benchmark's solve delay stands for: the analyst's waits shrink by the same factor. */
export const REAL_SOLVE_SECONDS = 60;
/** Resources each variant of the benchmark study patches (a conversion technology and an import). */
const PATCHED_RESOURCES = 2;

export interface BenchOptions {
  /** Variants of a sweep; a Sobol study makes N·5 of them from `samples`. */
  variants: number;
  /** Base samples N of a Sobol study of three parameters, instead of a sweep. */
  samples?: number;
  latencyMs: number;
  solveMs: number;
  baseline: boolean;
  /** Variants in flight (default: all of them, up to 500). */
  concurrency?: number;
  /** Worker processes (default 1). */
  workers?: number;
  /** The CLI's dev server (default), or Temporal's own server on PostgreSQL with mTLS. */
  temporal?: 'dev' | 'production';
  dir?: string;
  timeoutMinutes: number;
  say?: (line: string) => void;
}

export interface BenchReport {
  variants: number;
  latencyMs: number;
  solveMs: number;
  concurrency: number;
  study: string;
  /** The study's totals, as its manifest counts them. */
  totals: { variants: number; done: number; failed: number; pending: number } | null;
  wallSeconds: number;
  variantsPerSecond: number;
  serviceCallsPerVariant: { total: number; budget: number; byOperation: Record<string, number> };
  historyEventsPerVariant: number;
  workflowRuns: number;
  largestHistory: { workflowId: string; events: number; bytes: number };
  temporal: 'dev' | 'production';
  workers: number;
  /** The largest peak resident memory of the worker processes. */
  workerPeakRssMb: number;
  /** The highest resident memory a worker was seen at, sampled every RSS_SAMPLE_MS through the run: when, and in which phase. */
  workerRssSampled?: RssPeak;
  /**
   * The highest resident memory of a process a worker started (the summary step runs in one,
   * src/product/report/summary-process.ts), sampled as the workers are; undefined if none was seen.
   */
  workerChildRssSampled?: RssPeak;
  /** CPU seconds each process of the stack used during the run (workers in order; temporal only for the production server, this process as bench). */
  cpuSeconds: { workers: number[]; service: number; temporal?: number; bench: number };
  /** The production server's two databases after the run. */
  postgresMb?: number;
  baseline?: { wallSeconds: number; variantsPerSecond: number; specsPollMs: number; jobPollMs: number; serviceCallsPerVariant: number };
  speedup?: number;
  dir: string;
}

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;
/** Often enough to place a peak within the run's phases; VmHWM gives its exact height. */
const RSS_SAMPLE_MS = 1_000;
const totalCalls = (calls: Record<string, number>) => Object.values(calls).reduce((a, b) => a + b, 0);

export async function runBench(options: BenchOptions): Promise<BenchReport> {
  const say = options.say ?? ((line: string) => process.stderr.write(`${line}\n`));
  const dir = options.dir ?? (await mkdtemp(join(tmpdir(), 'sweep-bench-')));
  const name = 'bench';
  const output = join(dir, 'results');
  const yamlOf = (concurrency: number) => (options.samples
    ? demoSobolYaml({ name, samples: options.samples, seed: 1, output, concurrency })
    : demoSweepYaml({ name, variants: options.variants, output, concurrency }));
  // A Sobol design's variants are its distinct runs.
  const variants = options.samples ? variantCount(parseStudy(yamlOf(1))) : options.variants;
  const concurrency = options.concurrency ?? Math.min(variants, 500);
  const workers = options.workers ?? 1;
  const temporalKind = options.temporal ?? 'dev';
  let production: ProductionServer | undefined;
  if (temporalKind === 'production') {
    say('bench: starting Temporal\'s own server on PostgreSQL (the first run builds it with Go: several minutes)…');
    production = await startProductionServer({ dir: join(dir, 'temporal-production') });
  }
  const stack = await startLocalStack({
    dir, instantSolveMs: options.solveMs, workers,
    temporal: production && onProductionServer(production, production.profile),
    faults: { latency: { distribution: 'fixed', ms: options.latencyMs, maxMs: Math.max(10_000, options.latencyMs) } },
  }).catch(async (error: unknown) => {
    await production?.drop();
    throw error;
  });
  say(`bench: ${variants} variants${options.samples ? ` (Sobol, N = ${options.samples})` : ''}, ${options.latencyMs} ms per call, ${options.solveMs} ms per solve, ${concurrency} in flight, ${workers} worker${workers === 1 ? '' : 's'} on the ${temporalKind} server; under ${dir}`);
  try {
    await stack.admin('/calls/reset', 'POST');
    const cpuOf = () => ({
      workers: stack.workers.map((worker) => cpuSeconds(worker.pid)), service: cpuSeconds(stack.service.pid),
      temporal: production && cpuSeconds(production.pid), bench: process.cpuUsage().user / 1e6 + process.cpuUsage().system / 1e6,
    });
    const cpuBefore = cpuOf();
    const started = performance.now();
    let latest: StudyProgress | undefined;
    let ended = false;
    const phase = () => (ended ? 'after the study ended' : studyPhase(latest));
    const rss = sampleRss(() => stack.workers.map((worker) => worker.pid), phase, RSS_SAMPLE_MS);
    const childRss = sampleRss(() => stack.workers.flatMap((worker) => childPids(worker.pid)), phase, RSS_SAMPLE_MS);
    const { study, handle } = await stack.startStudy(name, yamlOf(concurrency));
    const progress = setInterval(() => {
      void handle.query(progressQuery).then(
        (p) => {
          latest = p;
          say(`bench: ${Math.round((performance.now() - started) / 1000)} s: ${Object.entries(p.byStage).filter(([, n]) => n > 0).map(([s, n]) => `${s} ${n}`).join(', ')}`);
        },
        () => undefined,
      );
    }, 2_000);
    const outcome = await settle(handle, Date.now() + options.timeoutMinutes * 60_000).finally(() => clearInterval(progress));
    const wallSeconds = (performance.now() - started) / 1000;
    ended = true;
    const workerRssSampled = rss.stop();
    const workerChildRssSampled = childRss.stop();
    const cpuAfter = cpuOf();
    const workerPeakRssMb = Math.max(...stack.workers.map((worker) => peakRssMb(worker.pid)));
    const calls = await stack.admin<Record<string, number>>('/calls');
    // The study answers its totals; its manifest (112 MB at 100,000 variants) is not parsed for them.
    const totals = outcome === 'completed' ? (await handle.result()).totals : null;
    say(`bench: study ${outcome} in ${round(wallSeconds, 1)} s; worker peak ${workerPeakRssMb} MB${workerRssSampled ? `, the highest sample ${workerRssSampled.mb} MB at ${workerRssSampled.seconds} s (${workerRssSampled.phase})` : ''}${workerChildRssSampled ? `; a process a worker started (the summary step's) ${workerChildRssSampled.mb} MB at ${workerChildRssSampled.seconds} s` : ''}`);

    let events = 0;
    let runs = 0;
    let largest = { workflowId: '', events: 0, bytes: 0 };
    // The server is this run's own: every workflow on it is the study's (its runs, its batches, the budget gate).
    for await (const execution of stack.temporalClient.workflow.list()) {
      runs++;
      events += execution.historyLength;
      if (execution.historyLength > largest.events) {
        largest = { workflowId: execution.workflowId, events: execution.historyLength, bytes: execution.historySize ?? 0 };
      }
    }

    const report: BenchReport = {
      variants, latencyMs: options.latencyMs, solveMs: options.solveMs, concurrency, study: outcome, totals,
      wallSeconds: round(wallSeconds), variantsPerSecond: round(variants / wallSeconds),
      serviceCallsPerVariant: {
        total: round(totalCalls(calls) / variants), budget: 6 + 2 * PATCHED_RESOURCES,
        byOperation: Object.fromEntries(Object.entries(calls).sort(([, a], [, b]) => b - a).map(([op, n]) => [op, round(n / variants, 3)])),
      },
      historyEventsPerVariant: round(events / variants), workflowRuns: runs, largestHistory: largest,
      temporal: temporalKind, workers, workerPeakRssMb, workerRssSampled, ...(workerChildRssSampled ? { workerChildRssSampled } : {}),
      cpuSeconds: {
        workers: cpuAfter.workers.map((after, i) => round(after - cpuBefore.workers[i], 1)), service: round(cpuAfter.service - cpuBefore.service, 1),
        temporal: production && round(cpuAfter.temporal! - cpuBefore.temporal!, 1), bench: round(cpuAfter.bench - cpuBefore.bench, 1),
      },
      postgresMb: production && (await databaseMb(Object.values(production.databases))),
      dir,
    };

    if (options.baseline) {
      const scale = options.solveMs / (REAL_SOLVE_SECONDS * 1000);
      say(`bench: the analyst's loop, one variant at a time (polls every ${Math.round(5000 * scale)} ms and ${Math.round(10_000 * scale)} ms)…`);
      await stack.admin('/calls/reset', 'POST');
      const loop = await analystLoop(stack.client, study, { scale, outputDir: join(dir, 'analyst-loop') });
      const loopCalls = totalCalls(await stack.admin<Record<string, number>>('/calls'));
      report.baseline = {
        wallSeconds: round(loop.wallSeconds), variantsPerSecond: round(options.variants / loop.wallSeconds),
        specsPollMs: loop.specsPollMs, jobPollMs: loop.jobPollMs, serviceCallsPerVariant: round(loopCalls / options.variants),
      };
      report.speedup = round(loop.wallSeconds / wallSeconds, 1);
    }
    return report;
  } finally {
    await stack.close();
    await production?.drop();
  }
}

/** The size of `databases` on this machine's PostgreSQL, in MB (psql as user postgres on 127.0.0.1). */
function databaseMb(databases: string[]): Promise<number> {
  const sql = `SELECT sum(pg_database_size(datname)) FROM pg_database WHERE datname IN (${databases.map((name) => `'${name}'`).join(', ')})`;
  return new Promise((resolve, reject) => {
    execFile('psql', ['-h', '127.0.0.1', '-U', 'postgres', '-d', 'postgres', '-At', '-c', sql], { timeout: 30_000 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`psql: ${stderr || error.message}`));
      else resolve(round(Number(stdout.trim()) / 2 ** 20, 1));
    });
  });
}
