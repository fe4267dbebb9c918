/**
 * The project › analysis › scenario tree of an account: lookups that answer 404 for anything not
 * the caller's, and the answer shapes of analyses and scenarios.
 */
import type { ServiceContext } from '../context.js';
import { notFound } from '../http/errors.js';
import type { Account, AnalysisRow, ProjectRow, ScenarioRow } from '../store/store.js';
import { ts } from './scope.js';

export function requireProject(ctx: ServiceContext, account: Account, guid: string): ProjectRow {
  const project = ctx.store.project(account.id, guid);
  if (!project) throw notFound('Project', guid);
  return project;
}

export function requireAnalysis(ctx: ServiceContext, account: Account, guid: string): AnalysisRow {
  const analysis = ctx.store.analysis(account.id, guid);
  if (!analysis) throw notFound('Analysis', guid);
  return analysis;
}

/** The default energy-map settings of a scenario (the web app's quick-start wizard). */
export const DEFAULT_ENYMAP = {
  length: 25, interestRate: 0, exchangeCurrency: 'CHF', exchangeRate: 1, scope: 'BUILDING_DEVELOPMENTS',
  technologies: [], demands: [], imports: [], exports: [], multiHubs: false,
};

/** The address of a scenario in the web app (the local service answers a summary page there). */
export function frontendUrl(ctx: ServiceContext, scenario: ScenarioRow, analysis: AnalysisRow): string {
  return `${ctx.publicUrl()}/projects/${analysis.projectGuid}/analysis/${analysis.guid}/scenario/${scenario.guid}`;
}

/** ScenarioResponseDto. Readiness follows the specs file: ready once generated, preparing meanwhile. */
export function scenarioAnswer(ctx: ServiceContext, scenario: ScenarioRow, analysis?: AnalysisRow, project?: ProjectRow) {
  const a = analysis ?? ctx.store.analysis(scenario.accountId, scenario.analysisGuid)!;
  const p = project ?? ctx.store.project(scenario.accountId, a.projectGuid)!;
  const specs = ctx.store.specs(scenario.guid);
  return {
    scenarioGuid: scenario.guid,
    scenarioName: scenario.name,
    updated: ts(scenario.updated),
    readyForExecution: specs?.state === 'done',
    preparingExecutionV2: specs?.state === 'pending',
    masterScenarioGuid: (scenario.doc.masterScenarioGuid as string | null | undefined) ?? null,
    projectGuid: p.guid,
    projectName: p.name,
    analysisGuid: a.guid,
    analysisName: a.name,
    variant: Boolean(scenario.doc.variant),
    enymap: (scenario.doc.enymap as typeof DEFAULT_ENYMAP | undefined) ?? DEFAULT_ENYMAP,
  };
}

/** AnalysisResponseDto, with its scenarios. */
export function analysisAnswer(ctx: ServiceContext, analysis: AnalysisRow, project?: ProjectRow) {
  const p = project ?? ctx.store.project(analysis.accountId, analysis.projectGuid)!;
  return {
    analysisGuid: analysis.guid,
    analysisName: analysis.name,
    created: ts(analysis.created),
    updated: ts(analysis.updated),
    scenarios: ctx.store.scenarios(analysis.guid).map((s) => scenarioAnswer(ctx, s, analysis, p)),
  };
}
