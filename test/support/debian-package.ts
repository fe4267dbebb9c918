/**
 * Tools a test needs from Debian (glpsol, chromium) are installed by the test itself when missing,
 * so a fresh machine or CI runs the same tests as a developer's, with nothing installed by hand.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The lock file the installs of parallel test files take turns through. */
const APT_TURN = join(tmpdir(), 'sweep-test-apt.lock');

/** Whether `binary` (a name on the PATH or an absolute path) can be started. */
function runs(binary: string): boolean {
  const probe = spawnSync(binary, ['--version'], { stdio: 'ignore' });
  return probe.error === undefined && probe.status === 0;
}

/**
 * Installs Debian's `pkg` when `binary` cannot be started; throws if it still cannot afterwards.
 * Test files run in parallel processes and apt-get refuses to run beside another apt-get, so the
 * installs take turns through a lock file (flock, from util-linux, which every Debian has).
 */
export function ensureDebianPackage(binary: string, pkg: string): void {
  if (runs(binary)) return;
  install(pkg);
  if (!runs(binary)) throw new Error(`${binary} does not run after installing Debian's ${pkg}`);
}

/** Debian's own Python (a pyenv or venv `python3` earlier on the PATH does not see Debian's modules). */
export const DEBIAN_PYTHON = '/usr/bin/python3';

/** Whether Debian's Python imports `module`. */
function imports(module: string): boolean {
  const probe = spawnSync(DEBIAN_PYTHON, ['-c', `import ${module}`], { stdio: 'ignore' });
  return probe.error === undefined && probe.status === 0;
}

/** Installs Debian's `pkg` (python3-…) when Debian's Python cannot import `module`; throws if it still cannot. */
export function ensureDebianPythonModule(module: string, pkg: string): void {
  if (imports(module)) return;
  install(pkg);
  if (!imports(module)) throw new Error(`${DEBIAN_PYTHON} cannot import ${module} after installing Debian's ${pkg}`);
}

function install(pkg: string): void {
  // As root (this project's machines and CI) apt-get runs as it is; a developer's account needs password-less sudo.
  const root = process.getuid?.() === 0 ? [] : ['sudo', '-n'];
  const run = (args: string[]) => {
    const command = [...root, 'flock', APT_TURN, ...args];
    execFileSync(command[0], command.slice(1), { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  };
  run(['apt-get', 'update', '-qq']);
  run(['apt-get', 'install', '-y', '-qq', '--no-install-recommends', '-o', 'DPkg::Lock::Timeout=300', pkg]);
}
