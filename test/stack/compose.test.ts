/**
 * The production stack (docker-compose.yml, Dockerfile, .dockerignore, .env.example), checked without a
 * Docker engine: `docker compose config` resolves and validates the file as `up` would read it, with the
 * settings .env.example documents. The compose CLI is found, or built once per machine (src/tooling/harness/compose-cli.ts).
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { type ComposeCli, ensureComposeCli } from '../../src/tooling/harness/compose-cli.js';
import { TEMPORAL_SERVER_VERSION } from '../../src/product/temporal/server-binary.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const COMPOSE_FILE = join(ROOT, 'docker-compose.yml');
const STACK_SERVICES = ['postgres', 'temporal', 'temporal-ui', 'service', 'worker'];

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

interface ResolvedService {
  image?: string;
  build?: { context: string; dockerfile: string };
  command?: string[];
  entrypoint?: string[];
  environment?: Record<string, string | null>;
  depends_on?: Record<string, { condition: string }>;
  volumes?: { type: string; source: string; target: string }[];
  ports?: { host_ip?: string; target: number; published: string }[];
  healthcheck?: { test: string[] };
  restart?: string;
  user?: string;
}

/** `KEY=value` lines of an env file, in order (comments and blank lines dropped). */
function envEntries(text: string): [string, string][] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]);
}

const envText = (entries: [string, string][]) => entries.map(([key, value]) => `${key}=${value}\n`).join('');

/** Variables the compose file interpolates (`$${X}` is an escaped `$` for the container's shell, not one of them). */
function interpolatedVariables(composeText: string): { all: Set<string>; required: Set<string> } {
  const all = new Set<string>();
  const required = new Set<string>();
  for (const match of composeText.matchAll(/(?<!\$)\$\{([A-Za-z_][A-Za-z0-9_]*)(:?[?-])?/g)) {
    all.add(match[1]);
    if (match[2] === ':?' || match[2] === '?') required.add(match[1]);
  }
  return { all, required };
}

describe('the production stack (docker-compose.yml)', () => {
  let cli: ComposeCli;
  let dir: string;
  let documented: [string, string][];
  let documentedEnvFile: string;
  let composeText: string;

  /**
   * `docker compose` in the repository, reading settings only from `envFile`: the caller's own .env and
   * exported variables (a developer's real SWEEP_SERVICE_PASSWORD, say) must not decide the outcome.
   */
  function compose(envFile: string, args: string[]): Promise<Run> {
    const env: NodeJS.ProcessEnv = { PATH: cli.env.PATH, HOME: cli.env.HOME };
    if (cli.env.DOCKER_CONFIG) env.DOCKER_CONFIG = cli.env.DOCKER_CONFIG;
    return new Promise((resolve) => {
      execFile('docker', ['compose', '--env-file', envFile, ...args], { cwd: ROOT, env, timeout: 60_000, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
      });
    });
  }

  async function writeEnv(name: string, entries: [string, string][]): Promise<string> {
    const path = join(dir, name);
    await writeFile(path, envText(entries));
    return path;
  }

  async function resolved(envFile: string): Promise<{ services: Record<string, ResolvedService> }> {
    const run = await compose(envFile, ['config', '--format', 'json']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    return JSON.parse(run.stdout);
  }

  beforeAll(async () => {
    // The first run on a machine builds Docker Compose with Go: minutes (about 4 on 2 cores, downloads included).
    cli = await ensureComposeCli();
    dir = await mkdtemp(join(tmpdir(), 'sweep-stack-'));
    documented = envEntries(await readFile(join(ROOT, '.env.example'), 'utf8'));
    // What the README says to do: cp .env.example .env.
    documentedEnvFile = await writeEnv('.env', documented);
    composeText = await readFile(COMPOSE_FILE, 'utf8');
  }, 15 * 60_000);

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('is found as the `docker compose` plugin, version 2', () => {
    expect(cli.version).toMatch(/^v?2\.\d+\.\d+/);
  });

  it('passes `docker compose config -q` with the settings .env.example documents, none left unset', async () => {
    const run = await compose(documentedEnvFile, ['config', '-q']);
    // An undocumented variable shows as a warning ("… variable is not set. Defaulting to a blank string.").
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
  });

  it('reads no variable that .env.example does not document', () => {
    const documentedNames = new Set(documented.map(([key]) => key));
    const undocumented = [...interpolatedVariables(composeText).all].filter((name) => !documentedNames.has(name));
    expect(undocumented).toEqual([]);
  });

  it('resolves to the five services, the setup jobs, and the wiring between them', async () => {
    const { services } = await resolved(documentedEnvFile);
    const env = Object.fromEntries(documented);
    expect(Object.keys(services).sort()).toEqual([...STACK_SERVICES, 'temporal-namespace', 'temporal-schema'].sort());

    // The service and the worker are one image, built from the project's Dockerfile.
    const root = await realpath(ROOT);
    for (const name of ['service', 'worker']) {
      expect(services[name].build, name).toEqual({ context: root, dockerfile: 'Dockerfile' });
      expect(existsSync(join(services[name].build!.context, services[name].build!.dockerfile))).toBe(true);
      expect(services[name].restart, name).toBe('unless-stopped');
    }
    expect(services.service.image).toBe(services.worker.image);
    expect(services.service.command?.[0]).toBe('service');
    expect(services.worker.command).toEqual(['worker']);

    // Temporal persists to PostgreSQL, whose schema the admin-tools job sets up first.
    const temporal = services.temporal;
    expect(temporal.environment?.DB).toBe('postgres12');
    expect(temporal.environment?.POSTGRES_SEEDS).toBe('postgres');
    expect(temporal.depends_on?.['temporal-schema']?.condition).toBe('service_completed_successfully');
    expect(services['temporal-schema'].depends_on?.postgres?.condition).toBe('service_healthy');
    expect(services['temporal-schema'].command?.join(' ')).toContain('--plugin postgres12 --ep postgres');
    expect(services.postgres.volumes?.map((v) => [v.type, v.target])).toEqual([['volume', '/var/lib/postgresql/data']]);

    // Everyone reaches Temporal by its service name.
    expect(services['temporal-ui'].environment?.TEMPORAL_ADDRESS).toBe('temporal:7233');
    expect(services['temporal-namespace'].environment?.TEMPORAL_ADDRESS).toBe('temporal:7233');
    expect(services.worker.environment?.TEMPORAL_ADDRESS).toBe('temporal:7233');
    expect(services.worker.environment?.TEMPORAL_NAMESPACE).toBe(services['temporal-namespace'].environment?.NAMESPACE);
    expect(services.worker.depends_on?.['temporal-namespace']?.condition).toBe('service_completed_successfully');

    // The worker reaches the service at the port it listens on, and the service's file links use that address.
    const option = (name: string) => services.service.command?.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1];
    const workerServiceUrl = new URL(services.worker.environment!.SWEEP_SERVICE_URL!);
    expect(workerServiceUrl.hostname).toBe('service');
    expect(workerServiceUrl.port).toBe(option('port'));
    expect(option('host')).toBe('0.0.0.0');
    expect(option('public-url')).toBe(workerServiceUrl.origin);
    expect(services.service.volumes?.map((v) => [v.type, v.target])).toEqual([['volume', option('data-dir')]]);
    expect(services.worker.depends_on?.service?.condition).toBe('service_healthy');

    // One set of credentials, from the env file, reaches each side that needs it.
    expect(services.service.environment?.SWEEP_SERVICE_USERS).toBe(`${env.SWEEP_SERVICE_EMAIL}:${env.SWEEP_SERVICE_PASSWORD}`);
    expect(services.worker.environment?.SWEEP_SERVICE_EMAIL).toBe(env.SWEEP_SERVICE_EMAIL);
    expect(services.worker.environment?.SWEEP_SERVICE_PASSWORD).toBe(env.SWEEP_SERVICE_PASSWORD);
    expect(services.postgres.environment?.POSTGRES_PASSWORD).toBe(env.POSTGRES_PASSWORD);
    expect(temporal.environment?.POSTGRES_PWD).toBe(env.POSTGRES_PASSWORD);
    expect(services['temporal-schema'].environment?.SQL_PASSWORD).toBe(env.POSTGRES_PASSWORD);

    // Study outputs are written at the path `sweep run` resolved on the host.
    expect(services.worker.volumes).toEqual([expect.objectContaining({ type: 'bind', source: env.SWEEP_STUDIES_DIR, target: env.SWEEP_STUDIES_DIR })]);
    expect(services.worker.user).toBe(`${env.SWEEP_UID}:${env.SWEEP_GID}`);

    // Published ports listen on the documented interface only.
    const published = Object.entries(services).flatMap(([name, s]) => (s.ports ?? []).map((p) => [name, p.host_ip, p.target]));
    expect(published).toEqual(expect.arrayContaining([['temporal', env.SWEEP_BIND_ADDRESS, 7233], ['temporal-ui', env.SWEEP_BIND_ADDRESS, 8080], ['service', env.SWEEP_BIND_ADDRESS, 8081]]));
    expect(published.every(([, hostIp]) => hostIp === env.SWEEP_BIND_ADDRESS)).toBe(true);

    for (const name of ['postgres', 'temporal', 'service']) expect(services[name].healthcheck?.test.length, name).toBeGreaterThan(1);
    for (const name of STACK_SERVICES) expect(services[name].restart, name).toBe('unless-stopped');
    // Pinned images: a tag, and never `latest`.
    for (const [name, service] of Object.entries(services)) {
      if (service.build) continue;
      expect(service.image, name).toMatch(/^[\w./-]+:(?!latest$)[\w][\w.-]*$/);
    }
    // The Temporal release the production tests run (test/production/, built with go install) is the one the stack runs.
    const release = TEMPORAL_SERVER_VERSION.slice(1);
    expect(services.temporal.image).toBe(`temporalio/server:${release}`);
    for (const name of ['temporal-schema', 'temporal-namespace']) expect(services[name].image, name).toBe(`temporalio/admin-tools:${release}`);
  });

  it('takes every secret from the environment: other settings resolve to other values', async () => {
    const replaced = new Map([
      ['POSTGRES_PASSWORD', 'pg-3f0c9d2e'],
      ['SWEEP_SERVICE_EMAIL', 'ops@example.org'],
      ['SWEEP_SERVICE_PASSWORD', 'svc:with-colon-8a1b'],
      ['SWEEP_STUDIES_DIR', join(dir, 'studies')],
    ]);
    const file = await writeEnv('other.env', documented.map(([key, value]) => [key, replaced.get(key) ?? value]));
    const { services } = await resolved(file);
    expect(services.service.environment?.SWEEP_SERVICE_USERS).toBe('ops@example.org:svc:with-colon-8a1b');
    expect(services.worker.environment?.SWEEP_SERVICE_PASSWORD).toBe('svc:with-colon-8a1b');
    expect(services.temporal.environment?.POSTGRES_PWD).toBe('pg-3f0c9d2e');
    expect(services.worker.volumes?.[0].target).toBe(join(dir, 'studies'));
  });

  it('holds no password literal: secret settings are required interpolations', () => {
    const raw = parseYaml(composeText, { merge: true }) as { services: Record<string, { environment?: Record<string, unknown>; command?: unknown }> };
    const secretKey = /PASSWORD|PWD|SECRET|TOKEN|USERS/i;
    const secretKeys: string[] = [];
    for (const [name, service] of Object.entries(raw.services)) {
      for (const [key, value] of Object.entries(service.environment ?? {})) {
        if (!secretKey.test(key)) continue;
        secretKeys.push(`${name}.${key}`);
        // Nothing but `${VAR:?message}` interpolations (and the `:` between email and password) is left.
        const rest = String(value).replace(/\$\{[A-Z_][A-Z0-9_]*:\?[^}]*\}/g, '');
        expect(rest, `${name}.environment.${key}`).toMatch(/^:?$/);
      }
      expect(JSON.stringify(service.command ?? ''), `${name}.command`).not.toMatch(/--user[ =]/);
    }
    expect(secretKeys).toEqual(expect.arrayContaining(['postgres.POSTGRES_PASSWORD', 'temporal.POSTGRES_PWD', 'temporal-schema.SQL_PASSWORD', 'service.SWEEP_SERVICE_USERS', 'worker.SWEEP_SERVICE_PASSWORD']));
    // Nor do the example's placeholder values leak into the file.
    const env = Object.fromEntries(documented);
    for (const key of ['POSTGRES_PASSWORD', 'SWEEP_SERVICE_PASSWORD']) {
      expect(env[key], key).toMatch(/change-me/);
      expect(composeText).not.toContain(env[key]);
    }
  });

  it('refuses to resolve without a required setting, or with it empty, and names it', async () => {
    const { required } = interpolatedVariables(composeText);
    expect([...required].sort()).toEqual(['POSTGRES_PASSWORD', 'SWEEP_SERVICE_EMAIL', 'SWEEP_SERVICE_PASSWORD', 'SWEEP_STUDIES_DIR']);
    for (const name of required) {
      for (const [variant, entries] of [
        ['unset', documented.filter(([key]) => key !== name)],
        ['empty', documented.map(([key, value]): [string, string] => [key, key === name ? '' : value])],
      ] as const) {
        const run = await compose(await writeEnv(`${variant}-${name}.env`, [...entries]), ['config', '-q']);
        expect(run.code, `${name} ${variant}`).not.toBe(0);
        expect(run.stderr, `${name} ${variant}`).toContain(`required variable ${name} is missing a value: set ${name} in .env`);
      }
    }
  });
});

describe('the image (Dockerfile, .dockerignore)', () => {
  /** What the image carries and runs: everything but test/, scripts/ and the configuration files. */
  const RUNTIME = ['bin', 'src', 'activities', 'workflows', 'worker.ts', 'package.json', 'package-lock.json', 'tsconfig.json'];

  async function sourceFiles(path: string): Promise<string[]> {
    const full = join(ROOT, path);
    if (path.endsWith('.ts') || path.endsWith('.js')) return [full];
    const entries = await readdir(full, { withFileTypes: true, recursive: true });
    return entries.filter((e) => e.isFile() && /\.(ts|js|mjs)$/.test(e.name)).map((e) => join(e.parentPath, e.name));
  }

  it('runs without dev dependencies: the code it carries imports only runtime dependencies', async () => {
    const pkg = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    const builtins = new Set(builtinModules);
    const offenders: string[] = [];
    const files = (await Promise.all(['bin', 'src', 'activities', 'workflows', 'worker.ts'].map(sourceFiles))).flat();
    expect(files.length).toBeGreaterThan(50);
    for (const file of files) {
      const text = await readFile(file, 'utf8');
      const specifiers = [
        // import/export … from '…', except `import type`/`export type`, which tsx erases whole.
        ...[...text.matchAll(/^\s*(?:import|export)\s+(type\s+)?[^;()'"]*?\bfrom\s*['"]([^'"]+)['"]/gm)].filter((m) => !m[1]).map((m) => m[2]),
        ...[...text.matchAll(/^\s*import\s*['"]([^'"]+)['"]/gm)].map((m) => m[1]),
        ...[...text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1]),
      ];
      for (const specifier of specifiers) {
        if (specifier.startsWith('.') || specifier.startsWith('node:') || builtins.has(specifier)) continue;
        const name = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0];
        if (!(name in pkg.dependencies)) offenders.push(`${relative(ROOT, file)}: ${specifier}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('installs production dependencies on Node 20, runs as a non-root user, `node bin/sweep.js worker` by default', async () => {
    const text = (await readFile(join(ROOT, 'Dockerfile'), 'utf8')).replace(/\\\n/g, ' ');
    const lines = text.split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
    const instruction = (name: string) => lines.filter((l) => l.toUpperCase().startsWith(`${name} `)).map((l) => l.slice(name.length + 1).trim());

    const nodeVersion = instruction('ARG').find((a) => a.startsWith('NODE_VERSION='))?.split('=')[1];
    expect(instruction('FROM')).toEqual(['node:${NODE_VERSION}-bookworm-slim']);
    // The image's Node line (a major.minor tag, whose newest patch Docker resolves) satisfies package.json's engines.
    const pkg = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } };
    const [wantMajor, wantMinor] = pkg.engines.node.replace(/^>=/, '').split('.').map(Number);
    const [major, minor] = (nodeVersion ?? '').split('.').map(Number);
    expect(major).toBe(wantMajor);
    expect(minor).toBeGreaterThanOrEqual(wantMinor);

    expect(instruction('RUN').some((r) => /\bnpm ci --omit=dev\b/.test(r))).toBe(true);
    const users = instruction('USER');
    expect(users.at(-1)).toMatch(/^(?!root$|0$|0:)\S+$/);
    expect(JSON.parse(instruction('ENTRYPOINT').at(-1)!)).toEqual(['node', 'bin/sweep.js']);
    expect(JSON.parse(instruction('CMD').at(-1)!)).toEqual(['worker']);
  });

  it('keeps secrets, host state and host node_modules out of the build context, and the runtime in', async () => {
    const patterns = (await readFile(join(ROOT, '.dockerignore'), 'utf8')).split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
    for (const excluded of ['.env', 'node_modules', '.git', '.scratch', '.data', 'data', 'results', 'test']) {
      expect(patterns, excluded).toContain(excluded);
    }
    // A negation would bring a secret back in.
    expect(patterns.filter((p) => p.startsWith('!'))).toEqual([]);
    for (const needed of RUNTIME) {
      const hit = patterns.find((p) => p === needed || p === `${needed}/` || needed.startsWith(`${p.replace(/\/$/, '')}/`) || (p.includes('*') && new RegExp(`^${p.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}$`).test(needed)));
      expect(hit, `${needed} is excluded by .dockerignore`).toBeUndefined();
    }
  });
});
