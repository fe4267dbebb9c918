import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { ConversionCreate } from '../../../wire/contract/conversion-technologies.js';
import type { ConversionDoc, ModeCarrierDoc } from '../documents.js';
import { costComponentDocs, pick } from '../fields.js';

/** The technology's own fields, kept as sent by either body shape. */
export const CONVERSION_SCALARS = [
  'processName', 'mustBeInstalledInHubs', 'lifetime', 'exchangeCurrency', 'exchangeRate', 'fixedInvestmentCost',
  'variableInvestmentCost', 'fixedOmCostChf', 'variableOmCostPercent', 'variableOmCostYear', 'variableOmCost', 'fixedEmbodiedCo2',
  'variableEmbodiedCo2', 'variableEmittedCo2', 'variableCapturedCo2', 'fixedReplacementCost', 'variableReplacementCostPercent',
  'variableReplacementCostCHF', 'fixedSalvageValue', 'variableSalvageValuePercent', 'variableSalvageValueCHF', 'virtual',
  'technologyCategory', 'notes', 'source', 'comesFromDb',
] as const;

/** A mode's own fields, kept as sent by either body shape. */
export const MODE_SCALARS = [
  'capacity', 'minimumAnnualOutput', 'maximumAnnualOutput', 'curtailmentLimitation', 'peakPower', 'minPartLoad', 'minimumUpTime',
  'minimumDownTime', 'allowedOperationProfileId', 'primary', 'maximumCapacity', 'minimumCapacity', 'simultaneousOperation',
] as const;

const CARRIER_SCALARS = [
  'energyCarrierGuid', 'fixedInputShare', 'outputEfficiency', 'customInputShareActivated', 'customOutputEfficiencyActivated',
  'customSeasonalityValues', 'inputShareProfileId', 'outputEfficiencyProfileId', 'primary',
] as const;

type CreateBody = z.output<typeof ConversionCreate>;

/** An input or output carrier of a mode, from either body shape. */
export const modeCarrierDoc = (c: Partial<Record<(typeof CARRIER_SCALARS)[number], unknown>>): ModeCarrierDoc => pick(c, CARRIER_SCALARS);

/** The stored document of a conversion technology from a creation body. */
export function conversionDocFromCreate(body: CreateBody): ConversionDoc {
  return {
    ...pick(body, CONVERSION_SCALARS),
    hubGuids: [...new Set(body.hubGuids)],
    modes: body.conversionTechnologyModes.map((m) => ({
      technologyModeGuid: randomUUID(),
      ...pick(m, MODE_SCALARS),
      seasonalOperation: m.seasonalOperation,
      inputs: m.energyCarriers.filter((c) => c.type === 'INPUT').map(modeCarrierDoc),
      outputs: m.energyCarriers.filter((c) => c.type === 'OUTPUT').map(modeCarrierDoc),
    })),
    suggested: body.suggested ?? null,
    source: body.source ?? null,
    technologyOptional: null,
    mutuallyExclusiveGroup: null,
    technologyCapacity: null,
    category: 'CONVERSION',
    costComponents: costComponentDocs(body.costComponents),
    stages: [...new Set(body.stages)],
  };
}
