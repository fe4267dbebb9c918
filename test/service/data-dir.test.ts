/**
 * The data directory holds the token-signing secret and every account's files, so it is the
 * service's owner's alone: created 0700 with its files 0600 whatever the umask (here `sweep
 * service` under umask 022 and 000, as an operator's shell starts it), and a directory that group
 * or others can reach is refused, with the path, its mode and the fix, unless the operator says it
 * is meant to be shared.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, closeSync, mkdirSync, openSync, readdirSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { PlanningClient } from '../../src/wire/client/index.js';
import { startService } from '../../src/local-service/server/app.js';
import { ALICE, tempDir } from '../support/service.js';

const SWEEP = join(import.meta.dirname, '..', '..', 'bin', 'sweep.js');
const root = tempDir('sweep-data-dir-');
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const mode = (path: string) => `0${(statSync(path).mode & 0o777).toString(8)}`;

/** Every path under `dir` (itself included) with its mode. */
function modesUnder(dir: string): Record<string, string> {
  const modes: Record<string, string> = { '.': mode(dir) };
  const walk = (relative: string) => {
    for (const name of readdirSync(join(dir, relative))) {
      const path = relative ? `${relative}/${name}` : name;
      modes[path] = mode(join(dir, path));
      if (statSync(join(dir, path)).isDirectory()) walk(path);
    }
  };
  walk('');
  return modes;
}

/** `sweep service` started by a shell with this umask; answers its address once it listens. */
async function serviceUnderUmask(umask: string, dataDir: string): Promise<string> {
  const child = spawn('/bin/sh', ['-c', `umask ${umask} && exec "$0" "$@"`, process.execPath, SWEEP, 'service', '--data-dir', dataDir, '--port', '0'], {
    env: { ...process.env, SWEEP_SERVICE_USERS: `${ALICE.email}:${ALICE.password}` },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
  const url = /listening on (\S+)/.exec(line)?.[1];
  if (!url) throw new Error(`unexpected first line: ${line}`);
  return url;
}

/** `sweep <args>` to its end: exit code and stderr. */
function sweepOutcome(args: string[]): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [SWEEP, ...args], (error, _stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stderr }));
  });
}

describe('a new data directory', () => {
  for (const umask of ['022', '000']) {
    it(`is 0700 with its database, WAL and files 0600 under umask ${umask}`, async () => {
      const dataDir = join(root, `fresh-${umask}`, 'service');
      const url = await serviceUnderUmask(umask, dataDir);
      const client = new PlanningClient({ baseUrl: url, credentials: ALICE });
      try {
        // A write (so the WAL exists) and an uploaded file (so files/ holds one).
        await client.projects.create({ projectName: 'Private', version: 'V2' });
        await client.files.upload(await client.scenarios.uploadAddress(), new TextEncoder().encode('an uploaded workbook'));
      } finally {
        await client.close();
      }
      const modes = modesUnder(dataDir);
      expect(Object.keys(modes)).toEqual(expect.arrayContaining(['.', 'service.db', 'service.db-wal', 'service.db-shm', 'files']));
      expect(Object.keys(modes).filter((p) => p.startsWith('files/'))).toHaveLength(1);
      for (const [path, found] of Object.entries(modes)) {
        expect(found, path).toBe(statSync(join(dataDir, path)).isDirectory() ? '0700' : '0600');
      }
    });
  }
});

describe('an existing data directory', () => {
  it('is judged by what a symbolic link to it points at: a link to a private directory is served', async () => {
    const target = join(root, 'private-target');
    mkdirSync(target, { mode: 0o700 });
    chmodSync(target, 0o700);
    const link = join(root, 'link-to-private');
    symlinkSync(target, link);
    const service = await startService({ dataDir: link, users: [ALICE], solver: { optimiser: null } });
    await service.close();
    expect(mode(join(target, 'service.db'))).toBe('0600');
  });
});

describe('a data directory that others can reach', () => {
  /** A directory of this mode, made as an older version or a careless `mkdir` left it. */
  function shared(name: string, dirMode: number, dbMode?: number): string {
    const dir = join(root, name);
    mkdirSync(dir, { recursive: true });
    chmodSync(dir, dirMode);
    if (dbMode !== undefined) {
      closeSync(openSync(join(dir, 'service.db'), 'a'));
      chmodSync(join(dir, 'service.db'), dbMode);
    }
    return dir;
  }

  it('is refused at start, naming the path, its mode and the fix, and left as it was', async () => {
    for (const [name, dirMode, dbMode, named] of [
      ['world-readable', 0o755, undefined, 'world-readable is mode 0755'],
      ['group-writable', 0o770, undefined, 'group-writable is mode 0770'],
      ['readable-db', 0o700, 0o644, 'readable-db/service.db is mode 0644'],
    ] as const) {
      const dir = shared(name, dirMode, dbMode);
      const before = modesUnder(dir);
      const refusal = await startService({ dataDir: dir, users: [ALICE] }).then(() => undefined, (e: unknown) => e as Error);
      expect(refusal, name).toBeInstanceOf(Error);
      expect(refusal!.message).toContain(`data directory ${dir}: other local accounts can reach it`);
      expect(refusal!.message).toContain(named);
      expect(refusal!.message).toContain(`chmod -R go= '${dir}'`);
      expect(refusal!.message).toMatch(/--allow-shared-data-dir/);
      expect(modesUnder(dir), name).toEqual(before);
    }
  });

  it('is refused by `sweep service` with the message on stderr and exit code 1', async () => {
    const dir = shared('cli-refused', 0o755);
    const outcome = await sweepOutcome(['service', '--data-dir', dir, '--port', '0']);
    expect(outcome.code).toBe(1);
    expect(outcome.stderr).toContain(`sweep: data directory ${dir}: other local accounts can reach it (${dir} is mode 0755)`);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('is served when allowed (allowSharedDataDir), its database and files still 0600', async () => {
    const dir = shared('allowed', 0o755);
    const service = await startService({ dataDir: dir, users: [ALICE], allowSharedDataDir: true, solver: { optimiser: null } });
    const client = new PlanningClient({ baseUrl: service.url, credentials: ALICE });
    try {
      await client.projects.create({ projectName: 'Shared on purpose', version: 'V2' });
      await client.files.upload(await client.scenarios.uploadAddress(), new TextEncoder().encode('bytes'));
    } finally {
      await client.close();
      await service.close();
    }
    const modes = modesUnder(dir);
    expect(modes['.']).toBe('0755');
    for (const [path, found] of Object.entries(modes).filter(([p]) => p !== '.')) {
      expect(found, path).toBe(statSync(join(dir, path)).isDirectory() ? '0700' : '0600');
    }
  });

  it('is served by `sweep service --allow-shared-data-dir`', async () => {
    const dir = shared('cli-allowed', 0o750);
    const child = spawn(process.execPath, [SWEEP, 'service', '--data-dir', dir, '--port', '0', '--allow-shared-data-dir'], { stdio: ['ignore', 'pipe', 'inherit'] });
    children.push(child);
    const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
    expect(line).toMatch(/^listening on http:\/\/127\.0\.0\.1:\d+$/);
  });
});
