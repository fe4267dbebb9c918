import { fromProfileValues, type profileOperations } from '../../../wire/contract/profiles.js';
import type { ServiceContext } from '../context.js';
import type { Handlers } from '../http/bind.js';
import { notFound } from '../http/errors.js';
import { requireScenario, ScenarioScope } from '../model/scope.js';
import type { Account, ProfileRow } from '../store/store.js';

export function profileHandlers(ctx: ServiceContext): Handlers<typeof profileOperations> {
  function requireProfile(account: Account, scenarioGuid: string, id: number): ProfileRow {
    requireScenario(ctx, account, scenarioGuid);
    const profile = ctx.store.profile(account.id, scenarioGuid, id);
    if (!profile) throw notFound('Profile', id);
    return profile;
  }

  const detail = (profile: ProfileRow) => ({
    id: profile.id,
    name: profile.name,
    values: Array.from(ctx.store.values(profile.valuesSha256), (demandValue, i) => ({ period: i + 1, demandValue })),
  });

  return {
    list: ({ account, params }) => {
      const scenario = requireScenario(ctx, account, params.scenarioGuid);
      return ctx.store.profiles(scenario.guid).map((p) => ({ id: p.id, name: p.name }));
    },

    create: ({ account, params, body }) =>
      ctx.store.transaction(() => {
        const scenario = requireScenario(ctx, account, params.scenarioGuid);
        const now = ctx.clock.now();
        const id = ctx.store.insertProfile({
          scenarioGuid: scenario.guid, accountId: account.id, name: body.name,
          valuesSha256: ctx.store.putValues(fromProfileValues(body.values)), created: now, updated: now,
        });
        ctx.store.touchScenario(scenario.guid, now);
        return { id, name: body.name };
      }),

    retrieve: ({ account, params }) => detail(requireProfile(account, params.scenarioGuid, params.profileId)),

    delete: ({ account, params }) =>
      ctx.store.transaction(() => {
        const profile = requireProfile(account, params.scenarioGuid, params.profileId);
        ScenarioScope.of(ctx, account, profile.scenarioGuid).assertProfileUnused(profile.id);
        ctx.store.deleteProfile(profile.id);
        ctx.store.touchScenario(profile.scenarioGuid, ctx.clock.now());
      }),

    update: ({ account, params, body }) =>
      ctx.store.transaction(() => {
        const profile = requireProfile(account, params.scenarioGuid, params.profileId);
        const now = ctx.clock.now();
        ctx.store.updateProfile(profile.id, body.name, ctx.store.putValues(fromProfileValues(body.values)), now);
        ctx.store.touchScenario(profile.scenarioGuid, now);
        return detail(ctx.store.profile(account.id, profile.scenarioGuid, profile.id)!);
      }),
  };
}
