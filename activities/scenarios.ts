/**
 * Variant scenarios: a copy of the base under the variant's deterministic name in the destination
 * analysis (found, not copied again, when an earlier attempt made it), then its parameter values
 * applied (read, compare, write only what differs). One call handles a batch of variants; one
 * variant's failure is recorded and does not stop the others.
 */
import { heartbeat } from '@temporalio/activity';
import { ConflictError, RequestValidationError, ServiceError } from '../src/client/errors.js';
import type { Study } from '../src/study/schema.js';
import { variantAt } from '../src/study/expand.js';
import { applyAssignment, PatchError } from '../src/study/patch/index.js';
import type { ActivityDeps } from './deps.js';
import { asActivity } from './failures.js';
import { writeSurvivingLostAnswers } from './lost-answers.js';

export interface VariantRef {
  index: number;
  key: string;
  scenarioGuid: string;
}

/** A variant that could not go on, and why (its reason ends up in the results). */
export interface VariantFailure {
  index: number;
  key: string;
  reason: string;
}

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
    /** The scenario of each variant of the batch, copying the base for those that have none yet. */
    async ensureVariantScenarios(input: {
      study: Study; baseScenarioGuid: string; destinationAnalysisGuid: string; indexes: number[];
    }): Promise<{ scenarios: VariantRef[]; failures: VariantFailure[] }> {
      return asActivity(async () => {
        const listed = async () => new Map((await service.scenarios.list(input.destinationAnalysisGuid)).map((s) => [s.scenarioName, s.scenarioGuid]));
        let existing = await listed();
        const scenarios: VariantRef[] = [];
        const failures: VariantFailure[] = [];
        for (const index of input.indexes) {
          const variant = variantAt(input.study, index);
          let guid = existing.get(variant.name);
          try {
            guid ??= await writeSurvivingLostAnswers(
              async () => (await service.scenarios.copy(input.baseScenarioGuid, { name: variant.name, analysisDestinationGuid: input.destinationAnalysisGuid })).scenarioGuid,
              // A copy whose answer was lost: the scenario exists now under that name.
              async () => (existing = await listed()).get(variant.name),
            );
          } catch (error) {
            // Another scenario holds the name and is not ours to take.
            if (!(error instanceof ConflictError)) throw error;
            failures.push({ index, key: variant.key, reason: error.serviceMessage });
          }
          if (guid) scenarios.push({ index, key: variant.key, scenarioGuid: guid });
          heartbeat(scenarios.length);
        }
        return { scenarios, failures };
      });
    },

    /** Applies each variant's values to its scenario; answers the variants that could not take them. */
    async applyVariantPatches(input: { study: Study; baseScenarioGuid: string; variants: VariantRef[] }): Promise<{ changed: number; failures: VariantFailure[] }> {
      return asActivity(async () => {
        let changed = 0;
        const failures: VariantFailure[] = [];
        for (const ref of input.variants) {
          const variant = variantAt(input.study, ref.index);
          try {
            const results = await applyAssignment(service, {
              baseScenarioGuid: input.baseScenarioGuid, scenarioGuid: ref.scenarioGuid, parameters: input.study.parameters, assignment: variant.assignment,
            });
            changed += results.filter((r) => r.changed).length;
          } catch (error) {
            if (!isVariantFault(error)) throw error;
            failures.push({ index: ref.index, key: ref.key, reason: `invalid patch: ${(error as Error).message}` });
          }
          heartbeat(ref.key);
        }
        return { changed, failures };
      });
    },
  };
}
