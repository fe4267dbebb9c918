/**
 * Specs files: one request regenerates the specs of a whole batch, then the addresses are polled
 * until each is ready. A generation that failed leaves the scenario neither ready nor preparing.
 */
import { Context, heartbeat } from '@temporalio/activity';
import type { ActivityDeps } from './deps.js';
import { asActivity } from './failures.js';
import type { VariantFailure, VariantRef } from './scenarios.js';

export function specsActivities({ service }: ActivityDeps) {
  return {
    /** Starts the specs generation of the batch's scenarios, in one call. */
    async requestSpecs(input: { scenarioGuids: string[] }): Promise<void> {
      return asActivity(async () => {
        if (input.scenarioGuids.length) await service.scenarios.generateSpecs(input.scenarioGuids);
      });
    },

    /**
     * Waits (heartbeating) until every specs file is ready or has failed, for at most `maxSeconds`;
     * answers what is ready, what failed and what is still being generated.
     */
    async awaitSpecs(input: { variants: VariantRef[]; maxSeconds: number }): Promise<{ ready: VariantRef[]; failures: VariantFailure[]; waiting: VariantRef[] }> {
      return asActivity(async () => {
        const deadline = Date.now() + input.maxSeconds * 1000;
        let waiting = [...input.variants];
        const ready: VariantRef[] = [];
        const failures: VariantFailure[] = [];
        for (let interval = 250; waiting.length && Date.now() < deadline; interval = Math.min(5000, interval * 2)) {
          const still: VariantRef[] = [];
          for (const ref of waiting) {
            if (await service.scenarios.specsFileUrl(ref.scenarioGuid)) ready.push(ref);
            else {
              const scenario = await service.scenarios.retrieve(ref.scenarioGuid);
              if (!scenario.preparingExecutionV2 && !scenario.readyForExecution) failures.push({ ...ref, reason: 'the specs file could not be generated' });
              else still.push(ref);
            }
          }
          waiting = still;
          heartbeat({ ready: ready.length, waiting: waiting.length });
          if (waiting.length) await Context.current().sleep(interval);
        }
        return { ready, failures, waiting };
      });
    },
  };
}
