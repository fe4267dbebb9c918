import type { z } from 'zod';
import type { PackageCreate, PackageUpdate, technologyPackageOperations } from '../../../wire/contract/technology-packages.js';
import type { ServiceContext } from '../context.js';
import type { Handlers } from '../http/bind.js';
import { notFound } from '../http/errors.js';
import type { Resource, TechnologyPackageDoc } from '../model/documents.js';
import { pick } from '../model/fields.js';
import { ScenarioScope } from '../model/scope.js';

const SCALARS = ['name', 'maximumConversions', 'maximumStorages', 'mustBeInstalled', 'mutuallyExclusiveGroup'] as const;

type Body = z.output<typeof PackageCreate> | z.output<typeof PackageUpdate>;

const guidOf = (item: string | { guid: string }) => (typeof item === 'string' ? item : item.guid);

/** The stored document of a technology package: members by guid, whichever body shape. */
export function packageDoc(body: Body): TechnologyPackageDoc {
  return {
    ...pick(body, SCALARS),
    conversionGuids: [...new Set((body.conversionTechnologies ?? []).map(guidOf))],
    storageGuids: [...new Set((body.storageTechnologies ?? []).map(guidOf))],
  };
}

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
        const scope = ScenarioScope.of(ctx, account, params.scenarioGuid as string);
        const pack = packageIn(scope, params.guid as string);
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

    list: ({ account, params }) => ({ technologyPackages: all(ScenarioScope.of(ctx, account, params.scenarioGuid as string)) }),

    retrieve: ({ account, params }) => {
      const scope = ScenarioScope.of(ctx, account, params.scenarioGuid as string);
      return answer(scope, packageIn(scope, params.guid as string));
    },

    create: ({ account, params, body }) =>
      ctx.store.transaction(() => {
        const scope = ScenarioScope.of(ctx, account, params.scenarioGuid as string);
        const doc = packageDoc(body);
        checkReferences(scope, doc);
        return answer(scope, scope.insert('technologyPackage', doc));
      }),

    update: ({ account, params, body }) =>
      ctx.store.transaction(() => {
        const scope = ScenarioScope.of(ctx, account, params.scenarioGuid as string);
        const pack = packageIn(scope, params.guid as string);
        const doc = packageDoc(body);
        checkReferences(scope, doc);
        return answer(scope, scope.update(pack, doc));
      }),
  };
}
