/**
 * SWEEP_SOLVER_TRACE=1 writes each HiGHS run of a decomposition (status, iterations, seconds) and
 * its bounds to stderr, at once (a worker's process.stderr waits for its event loop, which a long
 * solve holds): where a solve's time goes.
 */
import { writeSync } from 'node:fs';

export const TRACE = process.env.SWEEP_SOLVER_TRACE === '1';

/** A trace line, stamped with the wall clock (to line it up with a memory sampler's). */
export const trace = (line: string) => writeSync(2, `${new Date().toISOString().slice(11, 23)} decomposition ${line}\n`);
