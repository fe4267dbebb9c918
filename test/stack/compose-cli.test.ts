/**
 * The lookup order of src/tooling/harness/compose-cli.ts, against a stand-in `docker` that answers as the real CLI
 * does: `docker compose version --short` works when the plugin is in a place it searches, which here is
 * the caller's own setup or $DOCKER_CONFIG/cli-plugins.
 */
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cachedComposeConfigDir, ensureComposeCli, findComposeCli, isRecentEnough } from '../../src/tooling/harness/compose-cli.js';

describe('finding docker compose', () => {
  let dir: string;
  let env: NodeJS.ProcessEnv;
  let notices: string;
  const stderr = new Writable({
    write(chunk, _encoding, done) {
      notices += chunk.toString();
      done();
    },
  });

  /** A `docker` whose own compose plugin is `ownVersion` (none if undefined); a cached plugin answers `cachedVersion`. */
  async function fakeDocker(ownVersion: string | undefined, cachedVersion = '2.40.3'): Promise<void> {
    const script = `#!/bin/sh
[ "$1 $2 $3" = "compose version --short" ] || exit 64
if [ -n "$DOCKER_CONFIG" ]; then
  [ -x "$DOCKER_CONFIG/cli-plugins/docker-compose" ] && { echo ${cachedVersion}; exit 0; }
  exit 1
fi
${ownVersion ? `echo ${ownVersion}` : 'echo "docker: unknown command: docker compose" >&2; exit 1'}
`;
    await writeFile(join(dir, 'bin', 'docker'), script);
    await chmod(join(dir, 'bin', 'docker'), 0o755);
  }

  async function cachePlugin(): Promise<void> {
    const plugin = join(cachedComposeConfigDir(env), 'cli-plugins', 'docker-compose');
    await mkdir(join(plugin, '..'), { recursive: true });
    await writeFile(plugin, '#!/bin/sh\n');
    await chmod(plugin, 0o755);
  }

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sweep-compose-cli-'));
    await mkdir(join(dir, 'bin'));
    // Only the stand-in on PATH: no real docker, docker-compose or go is found.
    env = { PATH: join(dir, 'bin'), HOME: dir, XDG_CACHE_HOME: join(dir, 'cache') };
    notices = '';
  });

  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('compares versions against the oldest Compose that reads the stack file', () => {
    expect(isRecentEnough('2.23.1')).toBe(true);
    expect(isRecentEnough('v2.40.3')).toBe(true);
    expect(isRecentEnough('2.24.0-desktop.1')).toBe(true);
    expect(isRecentEnough('3.0.0')).toBe(true);
    expect(isRecentEnough('2.23.0')).toBe(false);
    expect(isRecentEnough('2.9.10')).toBe(false);
    expect(isRecentEnough('1.29.2')).toBe(false);
    expect(isRecentEnough('')).toBe(false);
  });

  it('takes the caller\'s own docker compose first, as it is', async () => {
    await fakeDocker('2.30.0');
    await cachePlugin();
    const cli = await findComposeCli({ env, stderr });
    expect(cli).toMatchObject({ source: 'docker', version: '2.30.0' });
    expect(cli?.env.DOCKER_CONFIG).toBeUndefined();
  });

  it('passes over a compose too old for the stack file, to the cached plugin', async () => {
    await fakeDocker('2.20.2');
    expect(await findComposeCli({ env, stderr })).toBeUndefined();
    expect(notices).toContain('docker compose 2.20.2 is older than 2.23.1');
    await cachePlugin();
    const cli = await findComposeCli({ env, stderr });
    expect(cli).toMatchObject({ source: 'cache', version: '2.40.3' });
    expect(cli?.env.DOCKER_CONFIG).toBe(join(dir, 'cache', 'sweep', 'docker-compose-v2.40.3'));
  });

  it('links a standalone v2 docker-compose on PATH into the cache instead of building', async () => {
    await fakeDocker(undefined);
    await writeFile(join(dir, 'bin', 'docker-compose'), '#!/bin/sh\n[ "$1 $2" = "version --short" ] && echo 2.29.7\n');
    await chmod(join(dir, 'bin', 'docker-compose'), 0o755);
    expect(await findComposeCli({ env, stderr })).toMatchObject({ source: 'path' });
  });

  it('ignores a v1 docker-compose, and without Go says how to get a compose', async () => {
    await fakeDocker(undefined);
    await writeFile(join(dir, 'bin', 'docker-compose'), '#!/bin/sh\necho 1.29.2\n');
    await chmod(join(dir, 'bin', 'docker-compose'), 0o755);
    expect(await findComposeCli({ env, stderr })).toBeUndefined();
    await expect(ensureComposeCli({ env, stderr })).rejects.toThrow(/no `docker compose` and no Go to build it with: install Docker's docker-compose-plugin/);
  });

  it('needs the Docker CLI itself', async () => {
    await expect(findComposeCli({ env, stderr })).rejects.toThrow(/no `docker` on PATH/);
  });
});
