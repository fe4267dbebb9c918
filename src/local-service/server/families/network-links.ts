import type { networkLinkOperations } from '../../../wire/contract/network-links.js';
import { networkLinkDoc } from '../../scenario-model/docs/network-links.js';
import type { NetworkLinkDoc, Resource } from '../../scenario-model/documents.js';
import type { ServiceContext } from '../context.js';
import type { Handlers } from '../http/bind.js';
import { invalidField, notFound } from '../http/errors.js';
import { costComponentAnswers } from '../model/cost-components.js';
import { ScenarioScope, ts } from '../model/scope.js';

function checkReferences(scope: ScenarioScope, doc: NetworkLinkDoc): void {
  scope.require('hub', doc.node1Guid, 'node1Guid');
  scope.require('hub', doc.node2Guid, 'node2Guid');
  if (doc.node1Guid === doc.node2Guid) throw invalidField('node2Guid', 'a network link joins two different hubs');
  scope.require('networkTechnology', doc.networkTechnologyGuid, 'networkTechnologyGuid');
  scope.requireProfile(doc.networkLossProfileId, 'networkLossProfileId');
}

function common(scope: ScenarioScope, link: Resource<'networkLink'>) {
  const { doc } = link;
  return {
    networkLinkGuid: link.guid,
    length: doc.length,
    technologyCapacity: doc.technologyCapacity,
    installedCapacity: doc.installedCapacity ?? null,
    uniDirectionalFlow: doc.uniDirectionalFlow ?? null,
    mustBeInstalled: doc.mustBeInstalled ?? null,
    node1Guid: doc.node1Guid,
    node2Guid: doc.node2Guid,
    node1Name: scope.hub(doc.node1Guid).hubName,
    node2Name: scope.hub(doc.node2Guid).hubName,
    networkTechnologyGuid: doc.networkTechnologyGuid,
    networkTechnologyName: scope.find('networkTechnology', doc.networkTechnologyGuid)?.doc.networkTechnologyName ?? null,
    costComponents: costComponentAnswers(doc.costComponents),
    created: ts(link.created),
    updated: ts(link.updated),
  };
}

function answer(scope: ScenarioScope, link: Resource<'networkLink'>) {
  const { doc } = link;
  return {
    ...common(scope, link),
    name: doc.name,
    maximumCapacity: doc.maximumCapacity ?? null,
    minimumCapacity: doc.minimumCapacity ?? null,
    networkLoss: doc.networkLoss ?? null,
    networkLossProfileId: doc.networkLossProfileId ?? null,
  };
}

export function networkLinkHandlers(ctx: ServiceContext): Handlers<typeof networkLinkOperations> {
  /** A link addressed with its scenario: 404 unless it is in that scenario. */
  function linkIn(scope: ScenarioScope, guid: string) {
    const link = scope.find('networkLink', guid);
    if (!link) throw notFound('Network link', guid);
    return link;
  }
  return {
    delete: ({ account, params }) =>
      ctx.store.transaction(() => {
        const scope = ScenarioScope.of(ctx, account, params.scenarioGuid);
        scope.remove(linkIn(scope, params['network-link-guid']));
        return { networkLinks: scope.list('networkLink').map((l) => common(scope, l)) };
      }),

    retrieve: ({ account, params }) => {
      const { scope, resource } = ScenarioScope.ofResource(ctx, account, 'networkLink', params['network-link-guid']);
      return answer(scope, resource);
    },

    list: ({ account, params }) => {
      const scope = ScenarioScope.of(ctx, account, params.scenarioGuid);
      return scope.list('networkLink').map((l) => answer(scope, l));
    },

    create: ({ account, params, body }) =>
      ctx.store.transaction(() => {
        const scope = ScenarioScope.of(ctx, account, params.scenarioGuid);
        const doc = networkLinkDoc(body);
        checkReferences(scope, doc);
        return answer(scope, scope.insert('networkLink', doc));
      }),

    update: ({ account, params, body }) =>
      ctx.store.transaction(() => {
        const scope = ScenarioScope.of(ctx, account, params.scenarioGuid);
        const link = linkIn(scope, params['network-link-guid']);
        const doc = networkLinkDoc(body);
        checkReferences(scope, doc);
        return answer(scope, scope.update(link, doc));
      }),
  };
}
