import type { solarOperations } from '../../../wire/contract/solar-resources.js';
import { ON_SITE_RESOURCE_SUBTYPES } from '../../../wire/contract/values.js';
import { solarDoc } from '../../scenario-model/docs/solar-resources.js';
import { type Resource, SOLAR_METADATA_FIELDS, type SolarDoc } from '../../scenario-model/documents.js';
import type { ServiceContext } from '../context.js';
import type { Handlers } from '../http/bind.js';
import { invalidField } from '../http/errors.js';
import { ScenarioScope, ts } from '../model/scope.js';

/** The carrier must be of a resource subtype (solar, wind, hydro, …). */
function checkReferences(scope: ScenarioScope, doc: SolarDoc): void {
  const carrier = scope.require('carrier', doc.energyCarrierGuid, 'energyCarrierGuid');
  if (!(ON_SITE_RESOURCE_SUBTYPES as readonly string[]).includes(carrier.doc.subtypeKey)) {
    throw invalidField('energyCarrierGuid', `the carrier's subtype is ${carrier.doc.subtypeKey}; an on-site resource needs one of ${ON_SITE_RESOURCE_SUBTYPES.join(', ')}`);
  }
  doc.hubs.forEach((h, i) => scope.require('hub', h.hubGuid, `hubs[${i}].hubGuid`));
  scope.requireAll('stage', doc.stages, 'stages');
  scope.requireProfile(doc.profileId, 'profileId');
}

function common(scope: ScenarioScope, solar: Resource<'solar'>) {
  const { doc } = solar;
  return {
    ...Object.fromEntries(SOLAR_METADATA_FIELDS.map((k) => [k, doc.metadata[k] ?? null])),
    solarResourceGuid: solar.guid,
    energyCarrierGuid: doc.energyCarrierGuid,
    energyCarrierName: scope.find('carrier', doc.energyCarrierGuid)?.doc.energyCarrierName ?? null,
    created: ts(solar.created),
    updated: ts(solar.updated),
    irradianceProfileType: doc.irradianceProfileType,
  };
}

const hubItems = (scope: ScenarioScope, doc: SolarDoc) => doc.hubs.map((h) => ({ ...h, hubName: scope.hub(h.hubGuid).hubName }));

function answer(scope: ScenarioScope, solar: Resource<'solar'>) {
  return { ...common(scope, solar), name: solar.doc.name, hubs: hubItems(scope, solar.doc), stages: solar.doc.stages, profileId: solar.doc.profileId };
}

export function solarHandlers(ctx: ServiceContext): Handlers<typeof solarOperations> {
  return {
    delete: ({ account, params }) =>
      ctx.store.transaction(() => {
        const { scope, resource } = ScenarioScope.ofResource(ctx, account, 'solar', params.guid);
        scope.remove(resource);
        // The older answer shape: no name, stages or profile; hubs carry a dimensioning value.
        return {
          solarResources: scope.list('solar').map((s) => ({
            ...common(scope, s),
            hubs: hubItems(scope, s.doc).map((h) => ({ ...h, technologyDimensioningStdValue: null })),
          })),
        };
      }),

    retrieve: ({ account, params }) => {
      const { scope, resource } = ScenarioScope.ofResource(ctx, account, 'solar', params.guid);
      return answer(scope, resource);
    },

    list: ({ account, params }) => {
      const scope = ScenarioScope.of(ctx, account, params.scenarioGuid);
      return scope.list('solar').map((s) => answer(scope, s));
    },

    create: ({ account, params, body }) =>
      ctx.store.transaction(() => {
        const scope = ScenarioScope.of(ctx, account, params.scenarioGuid);
        const doc = solarDoc(body);
        checkReferences(scope, doc);
        return answer(scope, scope.insert('solar', doc));
      }),

    update: ({ account, params, body }) =>
      ctx.store.transaction(() => {
        const { scope, resource } = ScenarioScope.ofResource(ctx, account, 'solar', params.guid);
        const doc = solarDoc(body, resource.doc);
        checkReferences(scope, doc);
        return answer(scope, scope.update(resource, doc));
      }),
  };
}
