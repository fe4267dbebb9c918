/** Solver settings a variant takes instead of the study's: a search confirms its bracket at a finer resolution or gap. */
import type { SolverSettings } from '../../wire/contract/solver-jobs.js';

export type SolverOverrides = Partial<Pick<SolverSettings, 'temporalResolution' | 'mipGap' | 'timeLimit'>>;
