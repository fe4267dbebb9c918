/**
 * A study file checked against the planning service before anything starts: its base scenario and
 * destination project exist, every parameter's target is in the base and takes the study's values,
 * and every name its outcomes give is one the base scenario has. Also
 * reads the account's usage this week, for the plan. Without a service configuration, says so
 * (the study's setup checks the same when it starts).
 */
import type { Usage } from '../../wire/contract/solver-jobs.js';
import { existsSync } from 'node:fs';
import { clientOptions, credentialsFilePath, loadServiceConfig } from '../../wire/client/config.js';
import { PlanningClient } from '../../wire/client/index.js';
import { problemsInFile } from '../study/load.js';
import { outcomeNameProblems } from '../study/outcomes.js';
import { PatchError, checkAssignment, firstAssignment, scaledValues, scenarioNames } from '../study/patch/index.js';
import { StudyReferenceError, resolveBase } from '../study/resolve-base.js';
import type { Study } from '../study/schema.js';

/** A planning-service configuration that is there but cannot be used (half the variables, a broken file). */
export class ConfigurationError extends Error {}

export interface ServiceCheck {
  /** The account's usage, when a service was asked. */
  usage?: Usage;
  /** Why nothing was checked against the service, when nothing was. */
  skipped?: string;
}

/** Throws a StudyFileError (with lines) for what the service does not have. */
export async function checkStudyWithService(study: Study, file: string, env: NodeJS.ProcessEnv = process.env): Promise<ServiceCheck> {
  // No configuration at all is a machine that only starts studies; a broken one is an error to show.
  const configured = ['SWEEP_SERVICE_URL', 'SWEEP_SERVICE_EMAIL', 'SWEEP_SERVICE_PASSWORD'].some((name) => env[name]) || existsSync(credentialsFilePath(env));
  if (!configured) return { skipped: 'no planning-service configuration here: the names in the study are checked against the base scenario when it starts' };
  let config;
  try {
    config = loadServiceConfig(env);
  } catch (error) {
    throw new ConfigurationError((error as Error).message);
  }
  const client = new PlanningClient(clientOptions(config, { maxRetries: 2 }));
  try {
    let base;
    try {
      base = await resolveBase(client, study);
    } catch (error) {
      if (error instanceof StudyReferenceError) throw await problemsInFile(file, [{ path: error.field.split('.'), message: error.problem }]);
      throw error;
    }
    // Every target, found and planned on the base as the study's setup will, writing nothing.
    try {
      await checkAssignment(client, {
        baseScenarioGuid: base.baseScenarioGuid, parameters: study.parameters, assignment: firstAssignment(study), scaleValues: scaledValues(study),
      });
    } catch (error) {
      if (!(error instanceof PatchError)) throw error;
      const index = study.parameters.findIndex((p) => p.name === error.parameter);
      throw await problemsInFile(file, [{ path: index >= 0 ? ['parameters', index, 'target'] : ['parameters'], message: error.message }]);
    }
    if (study.outcomes.length) {
      const problems = outcomeNameProblems(study.outcomes, await scenarioNames(client, base.baseScenarioGuid));
      if (problems.length) throw await problemsInFile(file, problems);
    }
    return { usage: await client.solverJobs.usage() };
  } finally {
    await client.close();
  }
}
