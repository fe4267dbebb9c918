import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { type ConversionUpdate, type conversionOperations, seasonalOperationCode } from '../../../wire/contract/conversion-technologies.js';
import { SEASONAL_OPERATIONS } from '../../../wire/contract/values.js';
import { CONVERSION_SCALARS, conversionDocFromCreate, MODE_SCALARS, modeCarrierDoc } from '../../scenario-model/docs/conversion-technologies.js';
import type { ConversionDoc, ModeCarrierDoc, ModeDoc, Resource } from '../../scenario-model/documents.js';
import { costComponentDocs, pick } from '../../scenario-model/fields.js';
import { isSeasonalOperation, seasonLabel } from '../../scenario-model/seasons.js';
import type { ServiceContext } from '../context.js';
import { type Handlers, OK_STATUS } from '../http/bind.js';
import { invalidField } from '../http/errors.js';
import { costComponentAnswers } from '../model/cost-components.js';
import { ScenarioScope, ts } from '../model/scope.js';
import { UNSET_SIMULTANEOUS_OPERATION } from '../model/unset-values.js';

type UpdateBody = z.output<typeof ConversionUpdate>;

/** The stored document of a conversion technology from an update body. */
export function conversionDocFromUpdate(body: UpdateBody, previous: ConversionDoc): ConversionDoc {
  return {
    ...previous,
    ...pick(body, CONVERSION_SCALARS),
    hubGuids: [...new Set(body.hubs.map((h) => h.hubGuid))],
    modes: body.technologyModes.map((m, i) => {
      // The contract has refused a mode whose two strings hold no code; this keeps the document sound regardless.
      const season = seasonalOperationCode(m);
      if (season === undefined || !isSeasonalOperation(season)) {
        throw invalidField(`technologyModes[${i}].seasonalOperationName`, `must be one of ${SEASONAL_OPERATIONS.join(', ')}`);
      }
      return {
        // Update modes carry no guid: a mode keeps the guid of the mode it replaces at its place.
        technologyModeGuid: previous.modes[i]?.technologyModeGuid ?? randomUUID(),
        ...pick(m, MODE_SCALARS),
        seasonalOperation: season,
        inputs: m.inputEnergyCarriers.map(modeCarrierDoc),
        outputs: m.outputEnergyCarriers.map(modeCarrierDoc),
      };
    }),
    technologyOptional: body.technologyOptional ?? null,
    mutuallyExclusiveGroup: body.mutuallyExclusiveGroup ?? null,
    technologyCapacity: body.technologyCapacity ?? null,
    costComponents: costComponentDocs(body.costComponents),
    stages: [...new Set(body.stages)],
  };
}

/** Checks hubs, stages, mode carriers and profiles; `modesField` names the body's mode list. */
function checkReferences(scope: ScenarioScope, doc: ConversionDoc, hubsField: string, modesField: string, split: boolean): void {
  scope.requireAll('hub', doc.hubGuids, hubsField);
  scope.requireAll('stage', doc.stages, 'stages');
  doc.modes.forEach((mode, m) => {
    const at = `${modesField}[${m}]`;
    scope.requireProfile(mode.allowedOperationProfileId, `${at}.allowedOperationProfileId`);
    const entries = split
      ? [...mode.inputs.map((c, i) => [c, `${at}.inputEnergyCarriers[${i}]`] as const), ...mode.outputs.map((c, i) => [c, `${at}.outputEnergyCarriers[${i}]`] as const)]
      : [...mode.inputs, ...mode.outputs].map((c, i) => [c, `${at}.energyCarriers[${i}]`] as const);
    for (const [carrier, field] of entries) {
      scope.require('carrier', carrier.energyCarrierGuid, `${field}.energyCarrierGuid`);
      scope.requireProfile(carrier.inputShareProfileId, `${field}.inputShareProfileId`);
      scope.requireProfile(carrier.outputEfficiencyProfileId, `${field}.outputEfficiencyProfileId`);
    }
  });
}

/**
 * A mode as answered: the code of its seasonal operation in seasonalOperationName and its label in
 * seasonalOperationValue (an update may send them either way round), and simultaneousOperation
 * never null, which the update requires, but what the optimiser reads null as.
 */
function modeAnswer(scope: ScenarioScope, mode: ModeDoc) {
  const carrier = (entry: ModeCarrierDoc) => ({ ...scope.carrier(entry.energyCarrierGuid), ...entry, customInputEfficiencyActivated: entry.customInputShareActivated ?? false });
  const { inputs, outputs, seasonalOperation, ...fields } = mode;
  return {
    ...fields,
    simultaneousOperation: fields.simultaneousOperation ?? UNSET_SIMULTANEOUS_OPERATION,
    seasonalOperationName: seasonalOperation,
    seasonalOperationValue: seasonLabel(seasonalOperation),
    inputEnergyCarriers: inputs.map(carrier),
    outputEnergyCarriers: outputs.map(carrier),
  };
}

function summary(scope: ScenarioScope, tech: Resource<'conversion'>) {
  const { doc } = tech;
  return {
    conversionTechnologyGuid: tech.guid,
    processName: doc.processName,
    lifetime: doc.lifetime,
    created: ts(tech.created),
    updated: ts(tech.updated),
    conversionTechnologyModes: doc.modes.map((m) => modeAnswer(scope, m)),
    hubs: scope.hubs(doc.hubGuids),
    virtual: doc.virtual ?? false,
    mustBeInstalledInHubs: doc.mustBeInstalledInHubs,
    stages: doc.stages,
  };
}

function detail(scope: ScenarioScope, tech: Resource<'conversion'>) {
  const { doc } = tech;
  const { modes, hubGuids, ...fields } = doc;
  return {
    ...fields,
    conversionTechnologyGuid: tech.guid,
    created: ts(tech.created),
    updated: ts(tech.updated),
    hubs: scope.hubs(hubGuids),
    technologyModes: modes.map((m) => modeAnswer(scope, m)),
    partOfTechnologyPackage: scope.list('technologyPackage').some((p) => p.doc.conversionGuids.includes(tech.guid)),
    costComponents: costComponentAnswers(doc.costComponents),
  };
}

export function conversionHandlers(ctx: ServiceContext): Handlers<typeof conversionOperations> {
  return {
    retrieve: ({ account, params }) => {
      const { scope, resource } = ScenarioScope.ofResource(ctx, account, 'conversion', params.guid);
      return detail(scope, resource);
    },

    delete: ({ account, params }) =>
      ctx.store.transaction(() => {
        const { scope, resource } = ScenarioScope.ofResource(ctx, account, 'conversion', params.guid);
        scope.cascadeDelete(resource);
        return OK_STATUS;
      }),

    list: ({ account, params }) => {
      const scope = ScenarioScope.of(ctx, account, params.scenarioGuid);
      return { conversionTechnologies: scope.list('conversion').map((t) => summary(scope, t)) };
    },

    update: ({ account, params, body }) =>
      ctx.store.transaction(() => {
        const { scope, resource } = ScenarioScope.ofResource(ctx, account, 'conversion', params.guid);
        const doc = conversionDocFromUpdate(body, resource.doc);
        checkReferences(scope, doc, 'hubs', 'technologyModes', true);
        return summary(scope, scope.update(resource, doc));
      }),

    create: ({ account, params, body }) =>
      ctx.store.transaction(() => {
        const scope = ScenarioScope.of(ctx, account, params.scenarioGuid);
        const doc = conversionDocFromCreate(body);
        checkReferences(scope, doc, 'hubGuids', 'conversionTechnologyModes', false);
        return summary(scope, scope.insert('conversion', doc));
      }),
  };
}
