/**
 * What one optimisation is asked for: objectives, Pareto points, resolution and limits. Its own
 * module so that the whole solve (optimise.ts) and the typical-day start it takes
 * (installation-start.ts) both read it without importing each other.
 */
import type { Objective, TemporalResolution } from '../../wire/contract/values.js';

export interface OptimiseSettings {
  objective1: Objective;
  objective2?: Objective | null;
  points: number;
  resolution: TemporalResolution;
  timeLimitMinutes: number;
  mipGapPercent: number;
  /** Hourly on/off binaries allowed for minimum part load and up/down times (default none: relaxed). */
  partLoadBinaries?: number;
  /** Refuse to solve (kind 'failed') when the model would not honour some input. */
  strict?: boolean;
  /**
   * Where a front's interior points go: 'even' (the default, as the deployed service) at evenly
   * spaced objective-2 levels; 'bend' where the front bends (src/local-service/optimiser/front-placement.ts).
   */
  pointPlacement?: PointPlacement;
}

export const POINT_PLACEMENTS = ['even', 'bend'] as const;
export type PointPlacement = (typeof POINT_PLACEMENTS)[number];
