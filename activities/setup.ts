/**
 * Getting a study going: find its base scenario and destination project, check every parameter
 * against the base, and only then find or create the destination analysis, so that a study refused
 * for its parameters leaves nothing behind; make sure the account's budget gate runs, and read the
 * account's weekly usage for it.
 */
import { heartbeat } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import type { PlanningClient } from '../src/client/index.js';
import { checkAssignment, scaledValues } from '../src/study/patch/index.js';
import type { Study } from '../src/study/schema.js';
import { variantAt } from '../src/study/expand.js';
import { budgetGateWorkflow } from '../workflows/budget-gate.js';
import type { ActivityDeps } from './deps.js';
import { asActivity } from './failures.js';

export interface StudySetup {
  projectGuid: string;
  baseScenarioGuid: string;
  baseScenarioName: string;
  destinationAnalysisGuid: string;
}

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface Wanted<T> {
  /** The study file's field that names it, e.g. `base.analysis`. */
  field: string;
  noun: string;
  /** Where it was looked for, e.g. ` in project "Demo"`. */
  where: string;
  guidOf(item: T): string;
  nameOf(item: T): string;
}

/** One item by guid or by name; refuses (without retry) a reference that matches none or several. */
function pick<T>(items: T[], ref: string, wanted: Wanted<T>): T {
  const matches = GUID.test(ref) ? items.filter((i) => wanted.guidOf(i) === ref) : items.filter((i) => wanted.nameOf(i) === ref);
  if (matches.length === 1) return matches[0];
  const problem = matches.length
    ? `${matches.length} ${wanted.noun}s are named "${ref}"${wanted.where}: name it by guid instead`
    : `no ${wanted.noun} is named "${ref}"${wanted.where}`;
  throw ApplicationFailure.nonRetryable(`${wanted.field}: ${problem}`, 'StudyTargetError');
}

interface Resolved {
  baseScenarioGuid: string;
  baseScenarioName: string;
  destinationProjectGuid: string;
}

/** The base scenario and the destination project, by reading only. */
async function resolve(service: PlanningClient, study: Study): Promise<Resolved> {
  const projects = await service.projects.list();
  const projectOf = (field: string, ref: string) =>
    pick(projects, ref, { field, noun: 'project', where: '', guidOf: (p) => p.projectGuid, nameOf: (p) => p.projectName });
  const project = projectOf('base.project', study.base.project);
  const analysis = pick(await service.analyses.list(project.projectGuid), study.base.analysis, {
    field: 'base.analysis', noun: 'analysis', where: ` in project "${project.projectName}"`, guidOf: (a) => a.analysisGuid, nameOf: (a) => a.analysisName,
  });
  const scenario = pick(await service.scenarios.list(analysis.analysisGuid), study.base.scenario, {
    field: 'base.scenario', noun: 'scenario', where: ` in analysis "${analysis.analysisName}"`, guidOf: (s) => s.scenarioGuid, nameOf: (s) => s.scenarioName,
  });
  const destination = study.destination.project === study.base.project ? project : projectOf('destination.project', study.destination.project);
  return { baseScenarioGuid: scenario.scenarioGuid, baseScenarioName: scenario.scenarioName, destinationProjectGuid: destination.projectGuid };
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
        const resolved = await resolve(service, study);
        heartbeat('resolved');
        await checkAssignment(service, {
          baseScenarioGuid: resolved.baseScenarioGuid, parameters: study.parameters, assignment: variantAt(study, 0).assignment,
          scaleValues: scaledValues(study),
        });
        heartbeat('checked');
        return {
          projectGuid: resolved.destinationProjectGuid,
          baseScenarioGuid: resolved.baseScenarioGuid,
          baseScenarioName: resolved.baseScenarioName,
          destinationAnalysisGuid: await destinationAnalysis(service, resolved.destinationProjectGuid, study.destination.analysis),
        };
      });
    },

    /** Starts the account's budget gate unless it runs already. */
    async ensureBudgetGate(input: { gateId: string }): Promise<void> {
      const client = await temporal();
      await client.workflow.start(budgetGateWorkflow, {
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
