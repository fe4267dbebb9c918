/**
 * Getting a study going: find its base scenario and destination project, check every parameter and
 * every name its outcomes give against the base, and only then find or create the destination
 * analysis, so that a study refused for its parameters or outcomes leaves nothing behind; make sure the account's budget gate runs, and read the
 * account's weekly usage for it.
 */
import { heartbeat } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import type { PlanningClient } from '../src/wire/client/index.js';
import { fieldPath } from '../src/wire/contract/issues.js';
import { outcomeNameProblems } from '../src/product/study/outcomes.js';
import { checkAssignment, firstAssignment, scaledValues, scenarioNames } from '../src/product/study/patch/index.js';
import type { Study } from '../src/product/study/schema.js';
import type { StudySetup } from '../src/product/study/study-workflow.js';
import { StudyReferenceError, resolveBase } from '../src/product/study/resolve-base.js';
import { BUDGET_GATE_WORKFLOW, type BudgetGateWorkflow } from '../src/product/study/budget-gate.js';
import type { ActivityDeps } from './deps.js';
import { asActivity } from './failures.js';


/** The names the study's outcomes give, against the base scenario; refuses (without retry) every one it lacks. */
async function checkOutcomeNames(service: PlanningClient, study: Study, baseScenarioGuid: string): Promise<void> {
  if (!study.outcomes?.length) return;
  const problems = outcomeNameProblems(study.outcomes, await scenarioNames(service, baseScenarioGuid));
  if (problems.length) throw ApplicationFailure.nonRetryable(problems.map((p) => `${fieldPath(p.path)}: ${p.message}`).join('\n'), 'StudyTargetError');
}

/** A reference the service does not have is the study's own fault: retrying cannot mend it. */
async function refusedWithoutRetry<T>(act: () => Promise<T>): Promise<T> {
  try {
    return await act();
  } catch (error) {
    if (error instanceof StudyReferenceError) throw ApplicationFailure.nonRetryable(error.message, 'StudyTargetError');
    throw error;
  }
}

/** The destination analysis; found before created, since an earlier attempt may have created it. */
async function destinationAnalysis(service: PlanningClient, projectGuid: string, name: string): Promise<string> {
  const existing = (await service.analyses.list(projectGuid)).find((a) => a.analysisName === name);
  return (existing ?? (await service.analyses.create(projectGuid, name))).analysisGuid;
}

export function setupActivities({ service, temporal, taskQueue }: ActivityDeps) {
  return {
    /** Resolves the study's scenarios, checks its parameters against the base, then makes its destination analysis. */
    async setupStudy(input: { study: Study }): Promise<StudySetup> {
      return asActivity(async () => {
        const { study } = input;
        const resolved = await refusedWithoutRetry(() => resolveBase(service, study));
        heartbeat('resolved');
        await checkAssignment(service, {
          baseScenarioGuid: resolved.baseScenarioGuid, parameters: study.parameters, assignment: firstAssignment(study),
          scaleValues: scaledValues(study),
        });
        await checkOutcomeNames(service, study, resolved.baseScenarioGuid);
        heartbeat('checked');
        return {
          projectGuid: resolved.destinationProjectGuid,
          baseScenarioGuid: resolved.baseScenarioGuid,
          baseScenarioName: resolved.baseScenarioName,
          destinationAnalysisGuid: await destinationAnalysis(service, resolved.destinationProjectGuid, study.destination.analysis),
        };
      });
    },

    /** Starts the account's budget gate unless it runs already (by its workflow type's name: activities import no workflow code). */
    async ensureBudgetGate(input: { gateId: string }): Promise<void> {
      const client = await temporal();
      await client.workflow.start<BudgetGateWorkflow>(BUDGET_GATE_WORKFLOW, {
        workflowId: input.gateId, taskQueue, args: [{}], workflowIdConflictPolicy: 'USE_EXISTING',
      });
    },

    /** The account's usage this week, as the service counts it. */
    async readUsage(): Promise<{ jobs: number; minutes: number }> {
      return asActivity(async () => {
        const usage = await service.solverJobs.usage();
        return { jobs: usage.subscription.currentWeekCount, minutes: usage.subscription.currentWeekMinutes };
      });
    },
  };
}
