/**
 * The workflow bundle, built by webpack in a child process and kept on disk under a digest of the
 * sources it is built from. Webpack takes seconds (4.7 s here) and memory: a worker that bundled
 * for itself kept its peak for its whole life (419 MB against 319 MB without, in a 100-variant bench
 * run), and paid the seconds again at every restart. Now the first worker of a source tree builds, every later one
 * (and every restart) loads the file.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { bundleWorkflowCode, DefaultLogger } from '@temporalio/worker';
import { sweepCacheDir } from './cli-binary.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const WORKFLOWS = join(ROOT, 'workflows', 'index.ts');
/** What a bundle is built from: workflow code imports from these trees, and the lock file fixes the SDK. */
const SOURCE_DIRS = ['workflows', 'src'];
const LOCK_FILE = 'package-lock.json';
/**
 * The OpenTelemetry workflow interceptors, in the bundle of workers that trace (src/product/temporal/telemetry.ts)
 * and in no other (a bundle is fixed when built): a worker that does not trace runs none of their code.
 * Both bundles issue the same commands, so a study may move between traced and untraced workers.
 */
const TRACING_INTERCEPTORS = createRequire(import.meta.url).resolve('@temporalio/interceptors-opentelemetry/lib/workflow-interceptors');

export interface BundleOptions {
  /** With the OpenTelemetry workflow interceptors (spans for workflow runs and the activities they schedule). */
  tracing?: boolean;
}

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile() && e.name.endsWith('.ts')).map((e) => join(e.parentPath, e.name)).sort();
}

/** A digest of every source a bundle may include, and of the SDK's version. */
async function sourceDigest(): Promise<string> {
  // The checkout's place too: a bundle names its source files in stack traces.
  const hash = createHash('sha256').update(ROOT);
  const files = [...(await Promise.all(SOURCE_DIRS.map((d) => sourceFiles(join(ROOT, d))))).flat(), join(ROOT, LOCK_FILE)];
  for (const file of files) {
    hash.update(`${file.slice(ROOT.length)}\u0000`);
    hash.update(existsSync(file) ? await readFile(file) : '');
  }
  return hash.digest('hex').slice(0, 24);
}

/** Builds the bundle in this process and writes it to `path` (atomically: a crash leaves no half file). */
export async function buildWorkflowBundle(path: string, options: BundleOptions = {}): Promise<void> {
  const { code } = await bundleWorkflowCode({
    logger: new DefaultLogger('WARN'),
    workflowsPath: WORKFLOWS,
    workflowInterceptorModules: options.tracing ? [TRACING_INTERCEPTORS] : [],
    // The sources import `./x.js` for `./x.ts` (ESM style); webpack must be told.
    webpackConfigHook: (config) => {
      config.resolve = { ...config.resolve, extensionAlias: { '.js': ['.ts', '.js'] } };
      return config;
    },
  });
  await mkdir(join(path, '..'), { recursive: true });
  const partial = `${path}.${process.pid}.partial`;
  await writeFile(partial, code);
  await rename(partial, path);
}

/** Bundles kept besides the current one (other checkouts, recent versions); older ones are removed. */
const KEPT_BUNDLES = 8;

async function pruneOldBundles(dir: string, current: string): Promise<void> {
  const bundles = (await readdir(dir)).filter((f) => f.endsWith('.js')).map((f) => join(dir, f)).filter((f) => f !== current);
  const withTimes = await Promise.all(bundles.map(async (f) => ({ f, time: (await stat(f).catch(() => undefined))?.mtimeMs ?? 0 })));
  const old = withTimes.sort((a, b) => b.time - a.time).slice(KEPT_BUNDLES);
  await Promise.all(old.map(({ f }) => rm(f, { force: true })));
}

const built = new Map<boolean, Promise<{ codePath: string }>>();

/** The path of the workflow bundle of these sources, built in a child process if it is not on disk yet. */
export function workflowBundle(env: NodeJS.ProcessEnv = process.env, options: BundleOptions = {}): Promise<{ codePath: string }> {
  const tracing = options.tracing ?? false;
  const cached = built.get(tracing);
  if (cached) return cached;
  const building = (async () => {
    const path = join(sweepCacheDir(env), 'workflow-bundles', `${await sourceDigest()}${tracing ? '-traced' : ''}.js`);
    if (!existsSync(path)) {
      // Through `sweep`, which loads TypeScript; concurrent builders each rename a whole file into place.
      const args = [join(ROOT, 'bin', 'sweep.js'), 'bundle-workflows', path, ...(tracing ? ['--tracing'] : [])];
      await promisify(execFile)(process.execPath, args, { env, maxBuffer: 16 * 1024 * 1024 })
        .catch((error: Error & { stderr?: string }) => {
          throw new Error(`building the workflow bundle failed: ${error.stderr?.trim() || error.message}`);
        });
      // Only when one is added: a worker that finds its bundle does nothing more at start-up.
      await pruneOldBundles(join(path, '..'), path);
    }
    return { codePath: path };
  })();
  built.set(tracing, building);
  building.catch(() => built.delete(tracing));
  return building;
}
