/** What a study reports while it runs: variants per stage, failures, jobs, budget, state. */
import type { BudgetLimits } from '../src/study/budget-ledger.js';

/** The stages a variant goes through, in order; a variant is counted at the last one it reached. */
export const STAGES = ['pending', 'scenario', 'patched', 'specs', 'waiting-budget', 'submitted', 'solved', 'gathered', 'failed'] as const;
export type Stage = (typeof STAGES)[number];

export interface StudyProgress {
  studyId: string;
  variants: number;
  byStage: Record<Stage, number>;
  /** The first failures, with their reasons (all are in the results). */
  failures: { key: string; reason: string }[];
  failed: number;
  jobsRunning: number;
  paused: boolean;
  cancelled: boolean;
  budget: BudgetLimits;
  /** Why the study is waiting, when it is. */
  waiting?: string;
  done: boolean;
  /** What the study's method has found so far, in lines (a search's brackets); absent for a plain sweep. */
  method?: string[];
}
