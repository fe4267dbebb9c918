/**
 * CBC (Debian's coinor-cbc) as an independent solver of our LP files: solves one to a zero gap and
 * answers its optimal objective. A file whose section headers CBC misreads shows in its log as
 * variables that appear nowhere (`bin`, `gen`); that fails here rather than pass as a relaxation.
 */
import { spawnSync } from 'node:child_process';

export function cbcObjective(lpFile: string): number {
  const run = spawnSync('cbc', [lpFile, '-ratioGap', '0', '-allowableGap', '0', '-solve'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const log = `${run.stdout}${run.stderr}`;
  if (run.status !== 0) throw new Error(`cbc exited with ${run.status}: ${log.slice(-2000)}`);
  const misread = /Variable (\S+) does not appear in objective function or constraints/.exec(log);
  if (misread) throw new Error(`cbc misread the file: "${misread[1]}" taken for a variable`);
  if (!/Result - Optimal solution found/.test(log)) throw new Error(`cbc found no proven optimum: ${log.slice(-2000)}`);
  return Number(/Objective value:\s+(\S+)/.exec(log)![1]);
}
