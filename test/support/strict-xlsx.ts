/**
 * Workbooks read by a strict reader (openpyxl, Debian's python3-openpyxl, installed when missing):
 * what it refuses, and any cell or sheet XML value that is not a finite number.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { DEBIAN_PYTHON, ensureDebianPythonModule } from './debian-package.js';

export interface StrictReading {
  file: string;
  /** Sheet titles as openpyxl read them (empty when it refused the file). */
  sheets: string[];
  /** Empty when the file is sound. */
  problems: string[];
}

const SCRIPT = fileURLToPath(new URL('./strict-xlsx-reader.py', import.meta.url));

export function ensureStrictReader(): void {
  ensureDebianPythonModule('openpyxl', 'python3-openpyxl');
}

/** Reads every file with openpyxl, in one Python process. */
export function readStrictly(files: string[]): StrictReading[] {
  const run = spawnSync(DEBIAN_PYTHON, [SCRIPT, ...files], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (run.status !== 0) throw new Error(`the strict reader failed (${run.status}): ${run.stderr}`);
  return JSON.parse(run.stdout) as StrictReading[];
}
