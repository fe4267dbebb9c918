import type { technologyPackageOperations } from '../../../wire/contract/technology-packages.js';
import { packageDoc } from '../../scenario-model/docs/technology-packages.js';
import type { Resource, TechnologyPackageDoc } from '../../scenario-model/documents.js';
import type { ServiceContext } from '../context.js';
import type { Handlers } from '../http/bind.js';
import { notFound } from '../http/errors.js';
import { ScenarioScope } from '../model/scope.js';

function checkReferences(scope: ScenarioScope, doc: TechnologyPackageDoc): void {
  scope.requireAll('conversion', doc.conversionGuids, 'conversionTechnologies');
  scope.requireAll('storage', doc.storageGuids, 'storageTechnologies');
}

function answer(scope: ScenarioScope, pack: Resource<'technologyPackage'>) {
  const { conversionGuids, storageGuids, ...doc } = pack.doc;
  return {
    ...doc,
    guid: pack.guid,
    conversionTechnologies: conversionGuids.map((g) => ({ guid: g, name: scope.find('conversion', g)?.doc.processName ?? null })),
    storageTechnologies: storageGuids.map((g) => ({ guid: g, name: scope.find('storage', g)?.doc.storageName ?? null })),
  };
}

export function technologyPackageHandlers(ctx: ServiceContext): Handlers<typeof technologyPackageOperations> {
  /** A package addressed with its scenario: 404 unless it is in that scenario. */
  function packageIn(scope: ScenarioScope, guid: string) {
    const pack = scope.find('technologyPackage', guid);
    if (!pack) throw notFound('Technology package', guid);
    return pack;
  }
  const all = (scope: ScenarioScope) => scope.list('technologyPackage').map((p) => answer(scope, p));

  return {
    delete: ({ account, params, query }) =>
      ctx.store.transaction(() => {
        const scope = ScenarioScope.of(ctx, account, params.scenarioGuid);
        const pack = packageIn(scope, params.guid);
        scope.remove(pack);
        if (query.deleteTechs) {
          for (const guid of pack.doc.conversionGuids) scope.cascadeDelete(scope.require('conversion', guid, 'conversionTechnologies'));
          for (const guid of pack.doc.storageGuids) scope.cascadeDelete(scope.require('storage', guid, 'storageTechnologies'));
        }
        // The older answer shape lists members as guid strings.
        return {
          technologyPackages: scope.list('technologyPackage').map((p) => ({
            name: p.doc.name, guid: p.guid, conversionTechnologies: p.doc.conversionGuids, storageTechnologies: p.doc.storageGuids, dbOrganization: null,
          })),
        };
      }),

    list: ({ account, params }) => ({ technologyPackages: all(ScenarioScope.of(ctx, account, params.scenarioGuid)) }),

    retrieve: ({ account, params }) => {
      const scope = ScenarioScope.of(ctx, account, params.scenarioGuid);
      return answer(scope, packageIn(scope, params.guid));
    },

    create: ({ account, params, body }) =>
      ctx.store.transaction(() => {
        const scope = ScenarioScope.of(ctx, account, params.scenarioGuid);
        const doc = packageDoc(body);
        checkReferences(scope, doc);
        return answer(scope, scope.insert('technologyPackage', doc));
      }),

    update: ({ account, params, body }) =>
      ctx.store.transaction(() => {
        const scope = ScenarioScope.of(ctx, account, params.scenarioGuid);
        const pack = packageIn(scope, params.guid);
        const doc = packageDoc(body);
        checkReferences(scope, doc);
        return answer(scope, scope.update(pack, doc));
      }),
  };
}
