import type { hubOperations } from '../../../wire/contract/hubs.js';
import type { ServiceContext } from '../context.js';
import type { Handlers } from '../http/bind.js';
import { ScenarioScope } from '../model/scope.js';

export function hubHandlers(ctx: ServiceContext): Handlers<typeof hubOperations> {
  return {
    retrieve: ({ account, params }) => {
      const { scope, resource } = ScenarioScope.ofResource(ctx, account, 'hub', params.guid);
      return scope.hub(resource.guid);
    },

    delete: ({ account, params }) =>
      ctx.store.transaction(() => {
        const { scope, resource } = ScenarioScope.ofResource(ctx, account, 'hub', params.guid);
        scope.cascadeDelete(resource);
        return scope.hubs(scope.list('hub').map((h) => h.guid));
      }),

    list: ({ account, params }) => {
      const scope = ScenarioScope.of(ctx, account, params.scenarioGuid);
      return scope.hubs(scope.list('hub').map((h) => h.guid));
    },

    create: ({ account, params, body }) =>
      ctx.store.transaction(() => {
        const scope = ScenarioScope.of(ctx, account, params.scenarioGuid);
        return scope.hub(scope.insert('hub', { hubName: body.hubName }).guid);
      }),

    update: ({ account, params, body }) =>
      ctx.store.transaction(() => {
        const { scope, resource } = ScenarioScope.ofResource(ctx, account, 'hub', params.guid);
        return scope.hub(scope.update(resource, { hubName: body.hubName }).guid);
      }),
  };
}
