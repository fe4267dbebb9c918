/**
 * The project's Temporal tooling: finding the CLI, the build lock, the dev server (with persistence across a
 * restart), reusing a running server, and connecting to the run's shared server.
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { access, chmod, mkdir, mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { promisify } from 'node:util';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildOnce, cachedTemporalCliPath, findTemporalCli } from '../../src/product/temporal/cli-binary.js';
import { connectTemporal, connectWorkerConnection } from '../../src/product/temporal/connection.js';
import { ensureTemporalServer, startDevServer, waitForTemporal } from '../../src/product/temporal/dev-server.js';

const run = promisify(execFile);
const scratch: string[] = [];

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'sweep-temporal-test-'));
  scratch.push(dir);
  return dir;
}

async function script(path: string, body: string): Promise<string> {
  await writeFile(path, `#!/bin/sh\n${body}\n`);
  await chmod(path, 0o755);
  return path;
}

/** A port nothing listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

const sink = () =>
  new Writable({
    write(_chunk, _encoding, done) {
      done();
    },
  });

afterAll(async () => {
  await Promise.all(scratch.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('the Temporal CLI', () => {
  it('is found, and is CLI 1.5.1 with Server 1.29', async () => {
    const cli = await findTemporalCli();
    expect(cli).toBeDefined();
    const { stdout } = await run(cli!, ['--version']);
    // A plain `go install` (as on these machines before ensureTemporalCli stamped its builds) reports 0.0.0-DEV.
    expect(stdout).toMatch(/^temporal version (1\.5\.1|0\.0\.0-DEV) \(Server 1\.29\.\d+/);
  });

  it('is looked up in TEMPORAL_CLI, then on PATH (if --version works), then in the cache', async () => {
    const dir = await tempDir();
    await mkdir(join(dir, 'bin'));
    await mkdir(join(dir, 'broken-bin'));
    const explicit = await script(join(dir, 'explicit'), 'echo explicit');
    const notExecutable = join(dir, 'plain-file');
    await writeFile(notExecutable, '');
    const onPath = await script(join(dir, 'bin', 'temporal'), 'echo on-path');
    await script(join(dir, 'broken-bin', 'temporal'), 'exit 1');
    const cacheEnv = { XDG_CACHE_HOME: join(dir, 'cache') };
    const cached = cachedTemporalCliPath(cacheEnv);
    await mkdir(join(cached, '..'), { recursive: true });
    await script(cached, 'echo cached');
    const find = (env: NodeJS.ProcessEnv) => findTemporalCli({ env, stderr: sink() });

    expect(await find({ ...cacheEnv, TEMPORAL_CLI: explicit, PATH: join(dir, 'bin') })).toBe(explicit);
    expect(await find({ ...cacheEnv, TEMPORAL_CLI: notExecutable, PATH: join(dir, 'bin') })).toBe(onPath);
    expect(await find({ ...cacheEnv, PATH: join(dir, 'broken-bin') })).toBe(cached);
    expect(await find({ XDG_CACHE_HOME: join(dir, 'empty-cache'), PATH: join(dir, 'broken-bin') })).toBeUndefined();
  });
});

describe('the build lock', () => {
  const isBuiltAt = (target: string) => () => access(target).then(() => true, () => false);

  it('lets only one of several concurrent callers build; the others wait and reuse its result', async () => {
    const dir = await tempDir();
    const target = join(dir, 'artifact');
    let builds = 0;
    let othersWaiting!: () => void;
    const waiting = new Promise<void>((resolve) => (othersWaiting = resolve));
    const build = async () => {
      builds += 1;
      await waiting; // hold the lock until another caller has found it held
      await writeFile(target, 'built');
    };
    const options = { pollMs: 10, onWait: () => othersWaiting() };
    await Promise.all([1, 2, 3].map(() => buildOnce(`${target}.lock`, isBuiltAt(target), build, options)));
    expect(builds).toBe(1);
    expect(existsSync(`${target}.lock`)).toBe(false);
  });

  it('releases the lock when a build fails, so that a waiting caller builds instead', async () => {
    const dir = await tempDir();
    const target = join(dir, 'artifact');
    let builds = 0;
    let otherWaiting!: () => void;
    const waiting = new Promise<void>((resolve) => (otherWaiting = resolve));
    const build = async () => {
      builds += 1;
      if (builds === 1) {
        await waiting;
        throw new Error('go: module lookup disabled');
      }
      await writeFile(target, 'built');
    };
    const options = { pollMs: 10, onWait: () => otherWaiting() };
    const outcomes = await Promise.allSettled([1, 2].map(() => buildOnce(`${target}.lock`, isBuiltAt(target), build, options)));
    expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(builds).toBe(2);
    expect(existsSync(target)).toBe(true);
  });

  it('takes over a lock older than 30 minutes, or one whose holder process is gone', async () => {
    const dir = await tempDir();
    const exited = spawn('true');
    const deadPid = await new Promise<number>((resolve) => exited.once('exit', () => resolve(exited.pid!)));
    const cases = [
      { name: 'old', holder: `${process.pid}@${hostname()}`, ageMs: 31 * 60_000 },
      { name: 'orphaned', holder: `${deadPid}@${hostname()}`, ageMs: 0 },
    ];
    for (const { name, holder, ageMs } of cases) {
      const target = join(dir, name);
      await writeFile(`${target}.lock`, holder);
      const then = new Date(Date.now() - ageMs);
      await utimes(`${target}.lock`, then, then);
      let waited = false;
      await buildOnce(`${target}.lock`, isBuiltAt(target), () => writeFile(target, 'built'), { onWait: () => (waited = true) });
      expect({ name, built: existsSync(target), waited }).toEqual({ name, built: true, waited: false });
    }
  });
});

describe('the dev server', () => {
  it('answers getSystemInfo and keeps workflow executions across a restart on the same data dir', { timeout: 180_000 }, async () => {
    const dataDir = await tempDir();
    let server = await startDevServer({ dataDir, headless: true });
    let stopped = false;
    try {
      const client = await connectTemporal(server.address);
      const info = await client.connection.workflowService.getSystemInfo({});
      expect(info.serverVersion).toMatch(/^1\.29\./);
      const workflowId = `persisted-${Date.now()}`;
      const started = await client.workflow.start('someWorkflow', { taskQueue: 'nobody-polls-this', workflowId, args: [] });
      await client.connection.close();

      const firstPid = server.pid;
      await server.stop();
      stopped = true;
      expect(() => process.kill(firstPid, 0)).toThrow();

      server = await startDevServer({ dataDir, headless: true });
      stopped = false;
      const again = await connectTemporal(server.address);
      const description = await again.workflow.getHandle(workflowId).describe();
      await again.connection.close();
      expect({ runId: description.runId, type: description.type, status: description.status.name }).toEqual({
        runId: started.firstExecutionRunId,
        type: 'someWorkflow',
        status: 'RUNNING',
      });
    } finally {
      if (!stopped) await server.stop();
    }
  });

  it('reports a server that exits before answering, with the end of its log', async () => {
    const dir = await tempDir();
    const cli = await script(join(dir, 'temporal'), 'echo "unable to open database file" >&2; exit 3');
    await expect(startDevServer({ dataDir: join(dir, 'data'), cli, headless: true })).rejects.toThrow(
      /exit code 3[\s\S]*unable to open database file/,
    );
  });

  it('tries fresh ports when the one it picked was taken before the server bound it, and only then', async () => {
    const dir = await tempDir();
    const tries = join(dir, 'tries');
    const cli = await script(join(dir, 'temporal'), `echo try >> ${tries}; echo "bind: address already in use" >&2; exit 1`);
    await expect(startDevServer({ dataDir: join(dir, 'data'), cli, headless: true })).rejects.toThrow(/address already in use/);
    expect((await readFile(tries, 'utf8')).trim().split('\n')).toHaveLength(3);

    // A port asked for is not swapped for another.
    await rm(tries);
    await expect(startDevServer({ dataDir: join(dir, 'data'), cli, headless: true, port: await freePort() })).rejects.toThrow(/address already in use/);
    expect((await readFile(tries, 'utf8')).trim().split('\n')).toHaveLength(1);
  });

  it('refuses a port another server already listens on', async () => {
    const [, port] = inject('temporalAddress').split(':');
    const dir = await tempDir();
    await expect(startDevServer({ dataDir: dir, port: Number(port), headless: true })).rejects.toThrow(/already in use/);
  });
});

describe('ensureTemporalServer', () => {
  it('reuses the server at TEMPORAL_ADDRESS when it answers, and does not stop it', async () => {
    const address = inject('temporalAddress');
    const dataDir = join(await tempDir(), 'never-created');
    const server = await ensureTemporalServer({ dataDir, headless: true, env: { TEMPORAL_ADDRESS: address } });
    expect(server.address).toBe(address);
    expect(server.pid).toBeUndefined();
    await server.stop();
    await waitForTemporal(address, 5_000);
    expect(existsSync(dataDir)).toBe(false);
  });

  it('starts its own server when nothing answers at TEMPORAL_ADDRESS', { timeout: 120_000 }, async () => {
    const dataDir = await tempDir();
    const server = await ensureTemporalServer({ dataDir, headless: true, env: { TEMPORAL_ADDRESS: '127.0.0.1:1' } });
    try {
      expect(server.address).not.toBe('127.0.0.1:1');
      expect(server.pid).toBeGreaterThan(0);
      await waitForTemporal(server.address, 5_000);
    } finally {
      await server.stop();
    }
  });
});

describe("the test run's shared server", () => {
  it('is reachable at inject("temporalAddress") by clients and workers', async () => {
    const address = inject('temporalAddress');
    const client = await connectTemporal(address, { timeoutMs: 5_000 });
    const info = await client.connection.workflowService.getSystemInfo({});
    await client.connection.close();
    expect(info.serverVersion).toMatch(/^1\.29\./);
    const native = await connectWorkerConnection(address, 5_000);
    await native.close();
  });

  it('is waited for with a bounded retry whose error names the address', async () => {
    await expect(connectTemporal('127.0.0.1:1', { timeoutMs: 1_000 })).rejects.toThrow(
      /no Temporal server answered at 127\.0\.0\.1:1 within 1 s/,
    );
  });
});
