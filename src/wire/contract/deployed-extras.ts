/**
 * Routes that published clients of the deployed service call although the specification does not
 * list them (shared/notes/deployed-service.md, "Routes outside the spec"). They are described as
 * operations so that the service binds them exactly like the specification's (bearer token, reply
 * form, error form, answers checked against these schemas) and a client can call them through its
 * transport; but they are kept out of `operationFamilies`, whose list is the specification's 95.
 */
import { z } from 'zod';
import { AnalysisDetail, AnalysisResultScenario } from './analyses.js';
import { operation } from './operation.js';
import { Timestamp } from './primitives.js';
import { Scenario } from './scenarios.js';

/**
 * Where the deployed backoffice answers the profile: beside the token family
 * (`/backoffice/auth/ext`), under the same name on both prefix sets, so no prefix set names it.
 */
export const BACKOFFICE_EXT_PREFIX = '/backoffice/ext';

/**
 * A scenario's line in the analysis results as the deployed clients read it: they find a scenario
 * by name (or guid) and poll `inputFilepath` for its specs file after `PUT v2/specs`.
 */
export const DeployedResultScenario = AnalysisResultScenario.extend({
  scenarioGuid: z.string(),
  scenarioName: z.string(),
  /** The specs input file's download address, as `specs-input-file-url` answers it; null until generated. */
  inputFilepath: z.string().nullable(),
});

/** The analysis detail with every scenario listed, both as scenarios and as result lines. */
export const DeployedAnalysis = AnalysisDetail.extend({
  scenarios: z.array(Scenario),
  results: z.looseObject({
    executionSubmitted: Timestamp.nullish(),
    scenarios: z.array(DeployedResultScenario),
    dashboardUrl: z.string().nullish(),
  }),
});
export type DeployedAnalysis = z.infer<typeof DeployedAnalysis>;

/** The plan's limits, under the names the service's configuration gives them (ServiceContext.plan). */
export const PlanLimitsPayload = z.looseObject({
  maxStages: z.number(),
  maxParetoPoints: z.number(),
  weeklyJobs: z.number(),
  weeklyMinutes: z.number(),
  totalJobs: z.number(),
  totalMinutes: z.number(),
});

/**
 * GetUserProfileExt. The deployed shape is not published beyond "the account, its plan limits and
 * executions left"; these names are ours. `left` uses the keys of `planLimits` it is counted against,
 * so a client can pair them without a table.
 */
export const UserProfile = z.looseObject({
  email: z.string(),
  accountGuid: z.string(),
  organizationId: z.string().nullish(),
  subscriptionId: z.string().nullish(),
  planLimits: PlanLimitsPayload,
  left: z.looseObject({
    weeklyJobs: z.number(),
    weeklyMinutes: z.number(),
    totalJobs: z.number(),
    totalMinutes: z.number(),
  }),
});
export type UserProfile = z.infer<typeof UserProfile>;

/** The app-family routes: served under `/app-service` and `/sympheny-app` like every app operation. */
export const deployedAppOperations = {
  analysis: operation({
    id: 'deployed.analysis', family: 'app', method: 'GET', path: '/analysis/{analysisGuid}',
    data: DeployedAnalysis, reply: 'envelope', status: 200,
    summary: 'Reads an analysis with its scenarios and each scenario’s specs file address, by the analysis guid alone.',
  }),
  scenarioVariants: operation({
    id: 'deployed.scenarioVariants', family: 'app', method: 'GET', path: '/master-scenario/{scenarioGuid}/scenario-variants',
    data: z.array(Scenario), reply: 'envelope', status: 200, summary: 'Lists the variants of a master scenario.',
  }),
  deleteScenarioVariants: operation({
    id: 'deployed.deleteScenarioVariants', family: 'app', method: 'DELETE', path: '/master-scenario/{scenarioGuid}/scenario-variants',
    data: z.null(), reply: 'envelope', status: 200, summary: 'Deletes the variants of a master scenario.',
  }),
  closeDiagram: operation({
    id: 'deployed.closeDiagram', family: 'app', method: 'PUT', path: '/scenarios/{scenarioGuid}/close-diagram',
    data: z.null(), reply: 'envelope', status: 200, summary: 'Closes the scenario’s diagram in the web app.',
  }),
};

/**
 * The backoffice route. It is declared in the token's family because it shares its host and its
 * FastAPI-style forms (a bare payload, `{detail}` errors), and is bound under BACKOFFICE_EXT_PREFIX
 * in place of that family's prefix: its address is `/backoffice/ext/users/profile` on both prefix
 * sets. The client's transport cannot reach it (it logs in under the token family's prefix), so a
 * caller requests USER_PROFILE_PATH with its bearer token.
 */
export const deployedBackofficeOperations = {
  userProfile: operation({
    id: 'deployed.userProfile', family: 'auth', method: 'GET', path: '/users/profile',
    data: UserProfile, reply: 'bare', status: 200, summary: 'Reads the account, its plan limits and what is left of them.',
  }),
};

export const USER_PROFILE_PATH = `${BACKOFFICE_EXT_PREFIX}${deployedBackofficeOperations.userProfile.path}`;

/** Every route outside the specification that the service answers for deployed clients. */
export const deployedExtraOperations = { ...deployedAppOperations, ...deployedBackofficeOperations };
