/**
 * Variant scenarios: a copy of the base under the variant's deterministic name in the destination
 * analysis, then its parameter values applied (read, compare, write only what differs). One call
 * handles a batch of variants, several at a time; one variant's failure is recorded and does not
 * stop the others.
 */
import { heartbeat } from '@temporalio/activity';
import { ConflictError, RequestValidationError, ServiceError } from '../src/wire/client/errors.js';
import { boundedMap } from '../src/common/bounded-map.js';
import type { SolverOverrides, Variant } from '../src/product/study/expand.js';
import { applyAssignment, PatchError } from '../src/product/study/patch/index.js';
import { ScenarioIndex } from '../src/product/study/patch/find.js';
import type { Parameter } from '../src/product/study/target.js';
import type { ActivityDeps } from './deps.js';
import { asActivity } from './failures.js';
import { writeSurvivingLostAnswers } from './lost-answers.js';

export interface VariantRef {
  index: number;
  key: string;
  scenarioGuid: string;
  /** Solver settings of the variant's own, instead of the study's (a search's confirmation). */
  solver?: SolverOverrides;
}

/** A variant that could not go on, and why (its reason ends up in the results). */
export interface VariantFailure {
  index: number;
  key: string;
  reason: string;
}

/** Calls one activity keeps in flight: enough to keep a service with some latency busy, few enough to share it. */
export const CALLS_IN_FLIGHT = 8;

/** Statuses by which the service refuses what a variant asks of it (its values, its scenario). */
const REFUSALS = new Set([400, 404, 409, 413, 422]);

/**
 * Whether an error is the variant's own (its values, its scenario), not a fault of the moment: a
 * refused token or an answer lost or garbled says nothing about the variant, and is retried.
 */
export function isVariantFault(error: unknown): boolean {
  return error instanceof PatchError || error instanceof RequestValidationError
    || (error instanceof ServiceError && error.status !== undefined && REFUSALS.has(error.status));
}

export function scenarioActivities({ service }: ActivityDeps) {
  return {
    /**
     * The scenario of each variant of the batch. Copies first: scenario names are unique in an
     * analysis, so a copy an earlier attempt made answers 409, and only then is the analysis listed
     * (once per call) to find it — a large study's analysis is not listed for every batch.
     */
    async ensureVariantScenarios(input: {
      variants: Pick<Variant, 'index' | 'key' | 'name'>[]; baseScenarioGuid: string; destinationAnalysisGuid: string;
    }): Promise<{ scenarios: VariantRef[]; failures: VariantFailure[] }> {
      return asActivity(async () => {
        let listing: Promise<Map<string, string>> | undefined;
        const existing = (fresh = false) => {
          if (fresh || !listing) {
            listing = service.scenarios.list(input.destinationAnalysisGuid).then((all) => new Map(all.map((s) => [s.scenarioName, s.scenarioGuid])));
            listing.catch(() => (listing = undefined));
          }
          return listing;
        };
        const scenarios: VariantRef[] = [];
        const failures: VariantFailure[] = [];
        await boundedMap(input.variants, CALLS_IN_FLIGHT, async (variant) => {
          try {
            const guid = await writeSurvivingLostAnswers(
              async () => (await service.scenarios.copy(input.baseScenarioGuid, { name: variant.name, analysisDestinationGuid: input.destinationAnalysisGuid })).scenarioGuid,
              // A copy made before (409), or whose answer was lost: the scenario exists under that name.
              async () => (await existing()).get(variant.name) ?? (await existing(true)).get(variant.name),
            );
            scenarios.push({ index: variant.index, key: variant.key, scenarioGuid: guid });
          } catch (error) {
            // Another scenario holds the name and is not ours to take.
            if (!(error instanceof ConflictError)) throw error;
            failures.push({ index: variant.index, key: variant.key, reason: error.serviceMessage });
          }
          heartbeat(scenarios.length);
        });
        return { scenarios: scenarios.sort((a, b) => a.index - b.index), failures };
      });
    },

    /** Applies each variant's values to its scenario; answers the variants that could not take them. */
    async applyVariantPatches(input: {
      parameters: Parameter[]; baseScenarioGuid: string; variants: (VariantRef & Pick<Variant, 'assignment'>)[];
    }): Promise<{ changed: number; failures: VariantFailure[] }> {
      return asActivity(async () => {
        let changed = 0;
        const failures: VariantFailure[] = [];
        // The base is read once for the whole batch, not once per variant.
        const base = new ScenarioIndex(service, input.baseScenarioGuid, 'base');
        await boundedMap(input.variants, CALLS_IN_FLIGHT, async (variant) => {
          try {
            const results = await applyAssignment(service, {
              baseScenarioGuid: input.baseScenarioGuid, scenarioGuid: variant.scenarioGuid, parameters: input.parameters, assignment: variant.assignment, base,
            });
            changed += results.filter((r) => r.changed).length;
          } catch (error) {
            if (!isVariantFault(error)) throw error;
            failures.push({ index: variant.index, key: variant.key, reason: `invalid patch: ${(error as Error).message}` });
          }
          heartbeat(variant.key);
        });
        return { changed, failures };
      });
    },
  };
}
