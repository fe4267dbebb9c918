/**
 * Finding a study's base scenario and destination project on the service, by name or guid, by
 * reading only: the study's setup does it before it creates anything, and `sweep plan` and
 * `sweep run` do it to check a file against the service before it starts.
 */
import type { PlanningClient } from '../../wire/client/index.js';
import type { Study } from './schema.js';

/** A name or guid of the study file that the service does not have (or has more than once). */
export class StudyReferenceError extends Error {
  constructor(readonly field: string, readonly problem: string) {
    super(`${field}: ${problem}`);
    this.name = 'StudyReferenceError';
  }
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

/** One item by guid or by name; a reference that matches none or several is a StudyReferenceError. */
function pick<T>(items: T[], ref: string, wanted: Wanted<T>): T {
  const matches = GUID.test(ref) ? items.filter((i) => wanted.guidOf(i) === ref) : items.filter((i) => wanted.nameOf(i) === ref);
  if (matches.length === 1) return matches[0];
  const problem = matches.length
    ? `${matches.length} ${wanted.noun}s are named "${ref}"${wanted.where}: name it by guid instead`
    : `no ${wanted.noun} is named "${ref}"${wanted.where}`;
  throw new StudyReferenceError(wanted.field, problem);
}

export interface ResolvedBase {
  baseScenarioGuid: string;
  baseScenarioName: string;
  destinationProjectGuid: string;
}

/** The base scenario and the destination project, by reading only. */
export async function resolveBase(service: PlanningClient, study: Pick<Study, 'base' | 'destination'>): Promise<ResolvedBase> {
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
