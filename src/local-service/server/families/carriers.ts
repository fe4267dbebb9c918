import type { carrierOperations } from '../../../wire/contract/carriers.js';
import type { ServiceContext } from '../context.js';
import type { Handlers } from '../http/bind.js';
import { carrierAnswer, ScenarioScope } from '../model/scope.js';

export function carrierHandlers(ctx: ServiceContext): Handlers<typeof carrierOperations> {
  const all = (scope: ScenarioScope) => ({ energyCarriers: scope.list('carrier').map(carrierAnswer) });
  return {
    retrieve: ({ account, params }) => carrierAnswer(ScenarioScope.ofResource(ctx, account, 'carrier', params.carrierGuid).resource),

    delete: ({ account, params }) =>
      ctx.store.transaction(() => {
        const { scope, resource } = ScenarioScope.ofResource(ctx, account, 'carrier', params.guid);
        scope.assertUnused(resource);
        scope.remove(resource);
        return all(scope);
      }),

    list: ({ account, params }) => all(ScenarioScope.of(ctx, account, params.scenarioGuid)),

    update: ({ account, params, body }) =>
      ctx.store.transaction(() => {
        const { scope, resource } = ScenarioScope.ofResource(ctx, account, 'carrier', params.carrierGuid);
        return carrierAnswer(
          scope.update(resource, { ...resource.doc, subtypeKey: body.subtypeKey, energyCarrierName: body.energyCarrierName, colorHexCode: body.colorHexCode ?? null }),
        );
      }),

    create: ({ account, params, body }) =>
      ctx.store.transaction(() => {
        const scope = ScenarioScope.of(ctx, account, params.scenarioGuid);
        return carrierAnswer(
          scope.insert('carrier', {
            subtypeKey: body.subType, energyCarrierName: body.energyCarrierName,
            colorHexCode: body.colorHexCode ?? null, allowVirtualLoad: body.allowVirtualLoad ?? null,
          }),
        );
      }),
  };
}
