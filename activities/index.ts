/**
 * The activities of a study, built once per worker with what they need (the service client,
 * Temporal, a logger): every one is safe to run twice.
 */
import type { ActivityDeps } from './deps.js';
import { fingerprintActivities } from './fingerprints.js';
import { jobActivities } from './jobs.js';
import { notifyActivities } from './notify.js';
import { outputActivities } from './outputs.js';
import { scenarioActivities } from './scenarios.js';
import { setupActivities } from './setup.js';
import { specsActivities } from './specs.js';

export function createActivities(deps: ActivityDeps) {
  return {
    ...setupActivities(deps),
    ...scenarioActivities(deps),
    ...specsActivities(deps),
    ...jobActivities(deps),
    ...outputActivities(deps),
    ...fingerprintActivities(deps),
    ...notifyActivities(),
  };
}

export type StudyActivities = ReturnType<typeof createActivities>;
export type { ActivityDeps } from './deps.js';
