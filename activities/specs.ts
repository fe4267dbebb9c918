/**
 * Specs files: one request regenerates the specs of a whole batch, then the addresses are polled
 * until each is ready, in request order. A generation that failed leaves the scenario neither ready nor preparing.
 */
import { Context, heartbeat } from '@temporalio/activity';
import type { ActivityDeps } from './deps.js';
import { asActivity } from './failures.js';
import type { VariantFailure, VariantRef } from './scenarios.js';

/** The first wait: a batch's files take at least this long, and an address asked for sooner is asked in vain. */
const FIRST_POLL_MS = 250;
const MAX_POLL_MS = 5_000;
/** Addresses asked for at once, when the ones before were ready. */
const POLL_WINDOW = 8;
/** Rounds a variant waits first in line before its scenario is read to see whether generation failed. */
const STALLED_ROUNDS = 3;

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
     * answers what is ready, what failed and what is still being generated. The service generates
     * in request order, so the addresses are asked for in that order, a few at a time, and a round
     * stops at the first that is not ready yet: the ones behind it would be asked in vain. Only a
     * variant that stays first and not ready for several rounds has its scenario read, to tell a
     * failed generation from a slow one.
     */
    async awaitSpecs(input: { variants: VariantRef[]; maxSeconds: number }): Promise<{ ready: VariantRef[]; failures: VariantFailure[]; waiting: VariantRef[] }> {
      return asActivity(async () => {
        const deadline = Date.now() + input.maxSeconds * 1000;
        const ready: VariantRef[] = [];
        const failures: VariantFailure[] = [];
        const stalls = new Map<number, number>();
        let waiting = [...input.variants];
        let window = 1;
        for (let interval = FIRST_POLL_MS; waiting.length && Date.now() < deadline; interval = Math.min(MAX_POLL_MS, Math.round(interval * 1.5))) {
          await Context.current().sleep(interval);
          for (;;) {
            const asked = waiting.slice(0, window);
            const urls = await Promise.all(asked.map((ref) => service.scenarios.specsFileUrl(ref.scenarioGuid)));
            const late = asked.filter((_, i) => !urls[i]);
            ready.push(...asked.filter((_, i) => urls[i]));
            waiting = waiting.filter((ref) => !asked.includes(ref) || late.includes(ref));
            if (!late.length) {
              window = Math.min(POLL_WINDOW, window * 2);
              if (waiting.length) continue;
              break;
            }
            window = 1;
            const head = late[0];
            const rounds = (stalls.get(head.index) ?? 0) + 1;
            stalls.set(head.index, rounds);
            if (rounds >= STALLED_ROUNDS) {
              const scenario = await service.scenarios.retrieve(head.scenarioGuid);
              if (!scenario.preparingExecutionV2 && !scenario.readyForExecution) {
                failures.push({ ...head, reason: 'the specs file could not be generated' });
                waiting = waiting.filter((ref) => ref !== head);
                continue;
              }
            }
            break;
          }
          heartbeat({ ready: ready.length, waiting: waiting.length });
        }
        return { ready, failures, waiting };
      });
    },
  };
}
