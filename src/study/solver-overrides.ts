/** Solver settings a variant takes instead of the study's: a search confirms its bracket at a finer resolution or gap. */
import type { SolverSettings } from '../api/solver-jobs.js';

export type SolverOverrides = Partial<Pick<SolverSettings, 'temporalResolution' | 'mipGap' | 'timeLimit'>>;
