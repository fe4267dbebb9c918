/**
 * The routes outside the specification that published clients of the deployed service call
 * (src/wire/contract/deployed-extras.ts). They go through `bindOperations` like the specification's, so the
 * bearer token, the reply and error forms, tenancy (404 for another account's guid) and the answer
 * check are the same ones, not copies.
 */
import type { FastifyInstance } from 'fastify';
import { BACKOFFICE_EXT_PREFIX, deployedAppOperations, deployedBackofficeOperations } from '../../../wire/contract/deployed-extras.js';
import type { OperationSpec } from '../../../wire/contract/operation.js';
import type { ServiceContext } from '../context.js';
import { type BindOptions, bindOperations, type Handler, type HandlerInput, type HandlerParams, type Handlers } from '../http/bind.js';
import { requireScenario } from '../model/scope.js';
import { requireAnalysis } from '../model/tree.js';
import { usageReport } from '../solver-jobs/usage.js';
import type { Account } from '../store/store.js';
import { analysisHandlers } from './analyses.js';
import { scenarioHandlers } from './scenarios.js';

type Caller = Pick<HandlerInput<OperationSpec>, 'account' | 'claims' | 'request'>;

/** What a scenario shows in the analysis results before any job ran for it. */
const NOT_RUN = { status: 'IN_SPECIFICATION', statusMessage: null, paretoPointsCompleted: null, outputFilepath: null };

export function deployedAppHandlers(ctx: ServiceContext): Handlers<typeof deployedAppOperations> {
  // The analysis detail and the specs address come from the specification's handlers, so these
  // answers cannot drift from what `analyses.retrieve` and `specs-input-file-url` answer.
  const analyses = analysisHandlers(ctx);
  const scenarios = scenarioHandlers(ctx);

  /** Calls a handler of another operation for the same caller, with its path parameters (neither query nor body). */
  const callFor = <O extends OperationSpec>(handler: Handler<O>, caller: Caller, params: HandlerParams<O>) =>
    handler({ account: caller.account, claims: caller.claims, request: caller.request, params, query: {}, body: undefined } as HandlerInput<O>);

  return {
    /**
     * The analysis detail, found by its guid alone. Unlike the specification's detail, whose results
     * list only scenarios that have a solver job, every scenario has a result line here: clients look
     * a scenario up by name there and poll its `inputFilepath` for the specs file.
     */
    analysis: async (input) => {
      const analysis = requireAnalysis(ctx, input.account, input.params.analysisGuid);
      const detail = await callFor(analyses.retrieve, input, { guid: analysis.projectGuid, analysisGuid: analysis.guid });
      const runs = detail.results?.scenarios ?? [];
      const lines = [];
      for (const scenario of ctx.store.scenarios(analysis.guid)) {
        // Scenario names are unique within an analysis, so the name identifies the job's line.
        const run = runs.find((r) => r.scenarioName === scenario.name);
        lines.push({
          ...NOT_RUN, ...run,
          scenarioName: scenario.name, scenarioGuid: scenario.guid,
          // The specs file, not a job's input file: it is what clients wait for after `PUT v2/specs`.
          inputFilepath: (await callFor(scenarios.specsFileUrl, input, { scenarioGuid: scenario.guid })).presignedUrl,
        });
      }
      return { ...detail, scenarios: detail.scenarios ?? [], results: { ...detail.results, scenarios: lines } };
    },

    // This service has no master scenarios with variants (every scenario is created with
    // `variant: false` and no `masterScenarioGuid`), so a scenario's variants are always none.
    scenarioVariants: ({ account, params }) => {
      requireScenario(ctx, account, params.scenarioGuid);
      return [];
    },

    /** Nothing to remove; still 404 for a scenario that is not the caller's, as a real delete would be. */
    deleteScenarioVariants: ({ account, params }) => {
      requireScenario(ctx, account, params.scenarioGuid);
      return null;
    },

    /**
     * The web app's diagram editor holds a scenario open; this service has no editor and no such
     * state, so closing only confirms that the scenario is the caller's (clients read the status).
     */
    closeDiagram: ({ account, params }) => {
      requireScenario(ctx, account, params.scenarioGuid);
      return null;
    },
  };
}

/**
 * The plan's limits and what is left of them. The limits apply to the subscription (the usage
 * report counts its overage there), so what is left is counted on the subscription's usage.
 */
export function userProfile(ctx: ServiceContext, account: Account) {
  const used = usageReport(ctx, account).subscription;
  const left = (limit: number, usedSoFar: number) => Math.max(0, limit - usedSoFar);
  return {
    email: account.email,
    accountGuid: account.id,
    organizationId: account.organizationId,
    subscriptionId: account.subscriptionId,
    planLimits: { ...ctx.plan },
    left: {
      weeklyJobs: left(ctx.plan.weeklyJobs, used.currentWeekCount),
      weeklyMinutes: left(ctx.plan.weeklyMinutes, used.currentWeekMinutes),
      totalJobs: left(ctx.plan.totalJobs, used.totalCount),
      totalMinutes: left(ctx.plan.totalMinutes, used.totalMinutes),
    },
  };
}

export function deployedBackofficeHandlers(ctx: ServiceContext): Handlers<typeof deployedBackofficeOperations> {
  return { userProfile: ({ account }) => userProfile(ctx, account) };
}

/**
 * Registers the deployed clients' extra routes: the app-family ones under every prefix set's app
 * prefix, the profile under BACKOFFICE_EXT_PREFIX. `options` are the ones the specification's
 * operations are bound with (the same token check and call counters).
 *
 * The routes live in their own scope, whose JSON parser takes an empty body as no body: none of
 * them reads a body, and clients send `PUT close-diagram` empty, possibly with a session-wide
 * `Content-Type: application/json` that fastify would otherwise refuse with 400.
 */
export async function deployedExtraRoutes(app: FastifyInstance, ctx: ServiceContext, options: BindOptions): Promise<void> {
  await app.register(async (scope) => {
    const json = scope.getDefaultJsonParser(scope.initialConfig.onProtoPoisoning ?? 'error', scope.initialConfig.onConstructorPoisoning ?? 'error');
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = body as string;
      if (text === '') return done(null, undefined);
      json(request, text, done);
    });

    bindOperations(scope, deployedAppOperations, deployedAppHandlers(ctx), options);
    bindOperations(scope, deployedBackofficeOperations, deployedBackofficeHandlers(ctx), {
      ...options,
      prefixSets: options.prefixSets.map((prefixes) => ({ ...prefixes, auth: BACKOFFICE_EXT_PREFIX })),
    });
  });
}
