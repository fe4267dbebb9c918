/**
 * `sweep dev` as an analyst runs it (a process of its own, on a fresh data directory): it prints the
 * address it listens on, stops cleanly on SIGTERM, and a second `sweep dev` on the same directory
 * finds what the first one held — the reason it keeps its state on disk — plus its usage error.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Connection, WorkflowNotFoundError } from '@temporalio/client';
import { afterAll, describe, expect, it } from 'vitest';
import { connectTemporal } from '../../src/product/temporal/connection.js';
import { sweep } from '../support/sweep-cli.js';

const SWEEP = join(import.meta.dirname, '..', '..', 'bin', 'sweep.js');

interface DevProcess {
  child: ChildProcess;
  /** host:port from the first stdout line. */
  address: string;
  /** Resolves with the exit code and signal once the process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stderr(): string;
}

const started: DevProcess['child'][] = [];
const dataDirs: string[] = [];

/** Starts `sweep dev` on `dataDir` and resolves once it has printed its address line. */
function startDev(dataDir: string): Promise<DevProcess> {
  // Detached: its own process group, so that afterAll can end it together with the Temporal server it
  // spawned, should a failed test leave it running.
  const child = spawn(process.execPath, [SWEEP, 'dev', '--data-dir', dataDir, '--port', '0', '--headless'], {
    stdio: ['ignore', 'pipe', 'pipe'], detached: true,
  });
  started.push(child);
  let stdout = '';
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  return new Promise<DevProcess>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const newline = stdout.indexOf('\n');
      if (newline < 0) return;
      // The first line is the contract scripts rely on: the address, and nothing before it.
      const match = /^temporal listening on (\S+)$/.exec(stdout.slice(0, newline));
      if (match) resolve({ child, address: match[1], exited, stderr: () => stderr });
      else reject(new Error(`unexpected first line of sweep dev: ${JSON.stringify(stdout.slice(0, newline))}\nstderr:\n${stderr}`));
    });
    void exited.then(({ code, signal }) => reject(new Error(`sweep dev ended (code ${code}, signal ${signal}) before printing its address\nstderr:\n${stderr}`)));
  });
}

/** SIGTERM, as a service manager (or `kill`) stops it; answers how it ended. */
async function stopDev(dev: DevProcess) {
  dev.child.kill('SIGTERM');
  return dev.exited;
}

afterAll(async () => {
  for (const child of started) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    // The whole group: sweep and the `temporal` server it started.
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
});

describe('sweep dev', () => {
  it('keeps schedules and running workflows across a restart on the same data directory', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'sweep-dev-'));
    dataDirs.push(dataDir);
    const scheduleId = `dev-persists-${randomUUID()}`;
    const workflowId = `dev-persists-${randomUUID()}`;
    // No worker polls this queue: the workflow stays running, which is what a restart has to keep.
    const taskQueue = `unused-${randomUUID()}`;

    const first = await startDev(dataDir);
    let temporal = await connectTemporal(first.address);
    await temporal.schedule.create({
      scheduleId,
      // Paused as well as far off: nothing it could start would disturb the test, and the pause note is state to keep.
      spec: { cronExpressions: ['0 3 1 1 *'] },
      action: { type: 'startWorkflow', workflowType: 'neverRun', taskQueue, args: [] },
      memo: { owner: 'dev-test', purpose: 'persistence' },
      state: { paused: true, note: 'kept across restarts' },
    });
    const workflow = await temporal.workflow.start('neverRun', { workflowId, taskQueue, args: [{ variant: 7 }], memo: { owner: 'dev-test' } });
    const runId = workflow.firstExecutionRunId;
    await temporal.connection.close();

    const firstEnd = await stopDev(first);
    expect(firstEnd, first.stderr()).toEqual({ code: 0, signal: null });
    expect(existsSync(join(dataDir, 'temporal.db'))).toBe(true);
    // `sweep dev` waits for its server to stop before exiting: nothing answers at the old address any more.
    await expect(Connection.connect({ address: first.address, connectTimeout: 2_000 })).rejects.toThrow();

    const second = await startDev(dataDir);
    temporal = await connectTemporal(second.address);
    try {
      const schedule = await temporal.schedule.getHandle(scheduleId).describe();
      expect(schedule.memo).toEqual({ owner: 'dev-test', purpose: 'persistence' });
      expect(schedule.state).toMatchObject({ paused: true, note: 'kept across restarts' });
      expect(schedule.action).toMatchObject({ type: 'startWorkflow', workflowType: 'neverRun', taskQueue });

      const described = await temporal.workflow.getHandle(workflowId).describe();
      expect(described.runId).toBe(runId);
      expect(described.status.name).toBe('RUNNING');
      expect(described.type).toBe('neverRun');
      expect(described.taskQueue).toBe(taskQueue);
      expect(described.memo).toEqual({ owner: 'dev-test' });
      // And the server is not simply answering yes: an id it never saw is not found.
      await expect(temporal.workflow.getHandle(`absent-${randomUUID()}`).describe()).rejects.toBeInstanceOf(WorkflowNotFoundError);
    } finally {
      await temporal.connection.close();
    }

    const secondEnd = await stopDev(second);
    expect(secondEnd, second.stderr()).toEqual({ code: 0, signal: null });
  }, 120_000);

  it('refuses a port outside 0..65535 with a usage error', async () => {
    const dataDir = join(tmpdir(), `sweep-dev-unused-${randomUUID()}`);
    const outcome = await sweep(['dev', '--port', '70000', '--headless', '--data-dir', dataDir]);
    expect(outcome.code).toBe(2);
    expect(outcome.stderr).toContain("option '--port <port>' argument '70000' is invalid");
    expect(outcome.stderr).toContain('expected a port number 0..65535');
    // Refused before anything was started or created for it.
    expect(outcome.stdout).not.toContain('temporal listening on');
    expect(existsSync(dataDir)).toBe(false);
  }, 120_000);
});
