import type { stageOperations } from '../../../wire/contract/stages.js';
import { stageDoc } from '../../scenario-model/docs/stages.js';
import type { Resource } from '../../scenario-model/documents.js';
import type { ServiceContext } from '../context.js';
import type { Handlers } from '../http/bind.js';
import { forbidden, notFound } from '../http/errors.js';
import { ScenarioScope } from '../model/scope.js';

export const stageAnswer = (stage: Resource<'stage'>) => ({ guid: stage.guid, ...stage.doc, interestRate: stage.doc.interestRate ?? null, inflationRate: stage.doc.inflationRate ?? null });

/** A stage addressed by scenario and stage guid: 404 unless it is in that scenario. */
function stageIn(scope: ScenarioScope, stageGuid: string): Resource<'stage'> {
  const stage = scope.find('stage', stageGuid);
  if (!stage) throw notFound('Stage', stageGuid);
  return stage;
}

export function stageHandlers(ctx: ServiceContext): Handlers<typeof stageOperations> {
  return {
    retrieve: ({ account, params }) => stageAnswer(ScenarioScope.ofResource(ctx, account, 'stage', params.guid).resource),

    list: ({ account, params }) => ScenarioScope.of(ctx, account, params.scenarioGuid).list('stage').map(stageAnswer),

    create: ({ account, params, body }) =>
      ctx.store.transaction(() => {
        const scope = ScenarioScope.of(ctx, account, params.scenarioGuid);
        if (scope.list('stage').length >= ctx.plan.maxStages) {
          throw forbidden(`the plan allows at most ${ctx.plan.maxStages} stages per scenario`);
        }
        return stageAnswer(scope.insert('stage', stageDoc(body)));
      }),

    update: ({ account, params, body }) =>
      ctx.store.transaction(() => {
        const scope = ScenarioScope.of(ctx, account, params.scenarioGuid);
        return stageAnswer(scope.update(stageIn(scope, params.stageGuid), stageDoc(body)));
      }),

    delete: ({ account, params }) =>
      ctx.store.transaction(() => {
        const scope = ScenarioScope.of(ctx, account, params.scenarioGuid);
        scope.cascadeDelete(stageIn(scope, params.stageGuid));
      }),
  };
}
