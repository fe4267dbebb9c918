/** Conversion technologies: boilers, heat pumps, CHPs…, each operating in 1 to 3 modes. */
import { z } from 'zod';
import { crudOperations } from './crud-operations.js';
import { CostComponent, CostComponentCreate, CostComponentUpdate, StatusPayload } from './common.js';
import { EnergyCarrier, SeasonalityValue } from './carriers.js';
import { Hub, HubRef } from './hubs.js';
import { InstallationOption, SEASONAL_OPERATIONS } from './values.js';
import { Bounded, Currency, Guid, InRange, Int64, MAX_YEARS, minimumNotAboveMaximum, Month, Name, NonNegative, Percent, SignedBounded, Stages, Timestamp, YEARS_RULE } from './primitives.js';
import { Lifetime, exchangeRequired, investmentFields, replacementFields } from './technology-fields.js';

const Hours = z.int({ error: 'must be an integer number of hours' }).min(1, { error: 'must be ≥ 1' }).max(8760, { error: 'must be ≤ 8760' });

const modeFields = {
  capacity: Bounded.nullish(),
  minimumAnnualOutput: Bounded.nullish(),
  maximumAnnualOutput: Bounded.nullish(),
  curtailmentLimitation: Percent.nullish(),
  peakPower: SignedBounded.nullish(),
  minPartLoad: Percent.nullish(),
  minimumUpTime: Hours.nullish(),
  minimumDownTime: Hours.nullish(),
  allowedOperationProfileId: Int64.nullish(),
  primary: z.boolean().nullish(),
  maximumCapacity: Bounded.nullish(),
  minimumCapacity: Bounded.nullish(),
};

/** A mode's bounds given together: the minimum may not exceed the maximum. */
const modeBounds = minimumNotAboveMaximum([['minimumCapacity', 'maximumCapacity'], ['minimumAnnualOutput', 'maximumAnnualOutput']]);

const carrierEntryFields = {
  energyCarrierGuid: Guid,
  fixedInputShare: NonNegative.nullish(),
  outputEfficiency: NonNegative.nullish(),
  customInputShareActivated: z.boolean().nullish(),
  customOutputEfficiencyActivated: z.boolean().nullish(),
  customSeasonalityValues: z.array(z.object({ month: Month, value: InRange })).nullish(),
  inputShareProfileId: Int64.nullish(),
  outputEfficiencyProfileId: Int64.nullish(),
};

/** ConversionCarrierRequestDtoV2: direction is given by `type`. */
export const ModeCarrierCreate = z.object({
  ...carrierEntryFields,
  type: z.enum(['INPUT', 'OUTPUT'], { error: 'must be INPUT or OUTPUT' }),
  primary: z.boolean({ error: 'must be a boolean' }),
});

/** A carrier may not be both input and output of one mode. */
function noCarrierOnBothSides(inputs: string[], outputs: string[], ctx: z.RefinementCtx, path: (string | number)[]) {
  const inputSet = new Set(inputs);
  for (const guid of new Set(outputs)) {
    if (inputSet.has(guid)) {
      ctx.addIssue({ code: 'custom', path, message: `carrier ${guid} is both an input and an output of this mode` });
    }
  }
}

/** TechnologyModeRequestDtoV2: ≥ 1 INPUT and ≥ 1 OUTPUT carrier, none on both sides. */
export const ModeCreate = z
  .object({
    ...modeFields,
    seasonalOperation: z.enum(SEASONAL_OPERATIONS, { error: `must be one of ${SEASONAL_OPERATIONS.join(', ')}` }),
    simultaneousOperation: z.boolean().nullish(),
    energyCarriers: z.array(ModeCarrierCreate, { error: 'must be an array of mode carriers' }),
  })
  .superRefine((mode, ctx) => {
    const inputs = mode.energyCarriers.filter((c) => c.type === 'INPUT').map((c) => c.energyCarrierGuid);
    const outputs = mode.energyCarriers.filter((c) => c.type === 'OUTPUT').map((c) => c.energyCarrierGuid);
    if (inputs.length === 0) ctx.addIssue({ code: 'custom', path: ['energyCarriers'], message: 'a mode needs at least one INPUT carrier' });
    if (outputs.length === 0) ctx.addIssue({ code: 'custom', path: ['energyCarriers'], message: 'a mode needs at least one OUTPUT carrier' });
    noCarrierOnBothSides(inputs, outputs, ctx, ['energyCarriers']);
    modeBounds(mode, ctx);
  });
export type ModeCreate = z.input<typeof ModeCreate>;

/**
 * The seasonal operation of an update's mode: two free strings in the deployed schema, one the code
 * (ALL_SEASONS) and one a label ("All seasons"), and which is which is not documented. Either way
 * round is accepted; the code is whichever of the two is one.
 */
export function seasonalOperationCode(mode: { seasonalOperationName: string; seasonalOperationValue: string }): string | undefined {
  const codes = SEASONAL_OPERATIONS as readonly string[];
  return [mode.seasonalOperationName, mode.seasonalOperationValue].find((s) => codes.includes(s));
}

function checkSeasonalOperation(mode: { seasonalOperationName: string; seasonalOperationValue: string }, ctx: z.RefinementCtx) {
  const codes = SEASONAL_OPERATIONS as readonly string[];
  const { seasonalOperationName: name, seasonalOperationValue: value } = mode;
  if (!codes.includes(name) && !codes.includes(value)) {
    ctx.addIssue({
      code: 'custom', path: ['seasonalOperationName'],
      message: `seasonalOperationName or seasonalOperationValue must be the code of the seasonal operation, one of ${SEASONAL_OPERATIONS.join(', ')}; neither is (${JSON.stringify(name)}, ${JSON.stringify(value)})`,
    });
  } else if (codes.includes(name) && codes.includes(value) && name !== value) {
    ctx.addIssue({
      code: 'custom', path: ['seasonalOperationValue'],
      message: `is ${value} but seasonalOperationName is ${name}: the two must name the same seasonal operation`,
    });
  }
}

/** ConversionCarrierRequestDtoPUT: direction is given by the list it is in. */
export const ModeCarrierUpdate = z.object({ ...carrierEntryFields, primary: z.boolean().nullish() });

/** TechnologyModeRequestDtoPUT. */
export const ModeUpdate = z
  .object({
    ...modeFields,
    seasonalOperationName: z.string({ error: 'must be a string' }),
    seasonalOperationValue: z.string({ error: 'must be a string' }),
    simultaneousOperation: z.boolean({ error: 'must be a boolean' }),
    inputEnergyCarriers: z.array(ModeCarrierUpdate, { error: 'must be an array of carriers' }).min(1, { error: 'a mode needs at least one input carrier' }),
    outputEnergyCarriers: z.array(ModeCarrierUpdate, { error: 'must be an array of carriers' }).min(1, { error: 'a mode needs at least one output carrier' }),
  })
  .superRefine((mode, ctx) => {
    noCarrierOnBothSides(
      mode.inputEnergyCarriers.map((c) => c.energyCarrierGuid),
      mode.outputEnergyCarriers.map((c) => c.energyCarrierGuid),
      ctx,
      ['outputEnergyCarriers'],
    );
    checkSeasonalOperation(mode, ctx);
    modeBounds(mode, ctx);
  });
export type ModeUpdate = z.input<typeof ModeUpdate>;

const conversionCostFields = {
  ...investmentFields,
  ...replacementFields,
  variableOmCostPercent: SignedBounded.nullish(),
  variableOmCostYear: Bounded.nullish(),
  variableOmCost: Bounded.nullish(),
  variableEmittedCo2: Bounded.nullish(),
  variableCapturedCo2: Bounded.nullish(),
  variableReplacementCostPercent: SignedBounded.nullish(),
  variableSalvageValuePercent: SignedBounded.nullish(),
};

const modes = <T extends z.ZodType>(item: T) =>
  z.array(item, { error: 'must be an array of modes' }).min(1, { error: 'a conversion technology needs at least one mode' }).max(3, { error: 'a conversion technology has at most 3 modes' });

/** ConversionTechnologyRequestDtoV2. */
export const ConversionCreate = z.object({
  processName: Name,
  mustBeInstalledInHubs: InstallationOption,
  lifetime: Lifetime,
  ...exchangeRequired,
  hubGuids: z.array(Guid, { error: 'must be an array of hub guids' }),
  conversionTechnologyModes: modes(ModeCreate),
  virtual: z.boolean().nullish(),
  costComponents: z.array(CostComponentCreate).nullish(),
  suggested: z.boolean().nullish(),
  source: z.string().nullish(),
  technologyCategory: z.string().nullish(),
  notes: z.string().nullish(),
  comesFromDb: z.string().nullish(),
  stages: Stages,
  ...conversionCostFields,
});
export type ConversionCreate = z.input<typeof ConversionCreate>;

/** ConversionTechnologyRequestDtoPUT. */
export const ConversionUpdate = z.object({
  processName: Name,
  mustBeInstalledInHubs: InstallationOption,
  lifetime: z.number({ error: 'must be a number of years' }).min(0, { error: 'must be ≥ 0' }).max(MAX_YEARS, { error: YEARS_RULE }),
  exchangeCurrency: Currency,
  exchangeRate: Bounded,
  hubs: z.array(HubRef, { error: 'must be an array of {hubGuid}' }),
  technologyModes: modes(ModeUpdate),
  virtual: z.boolean().nullish(),
  technologyOptional: z.boolean().nullish(),
  mutuallyExclusiveGroup: z.string().nullish(),
  technologyCapacity: z.string().nullish(),
  costComponents: z.array(CostComponentUpdate).nullish(),
  technologyCategory: z.string().nullish(),
  notes: z.string().nullish(),
  comesFromDb: z.string().nullish(),
  stages: Stages,
  ...conversionCostFields,
});
export type ConversionUpdate = z.input<typeof ConversionUpdate>;

const ModeCarrierResponse = EnergyCarrier.extend({
  customInputShareActivated: z.boolean().nullish(),
  inputShareProfileId: z.int().nullish(),
  customSeasonalityValues: z.array(SeasonalityValue).nullish(),
});

/** TechnologyModeResponseDtoV2: carriers split into input and output lists. */
export const Mode = z.looseObject({
  technologyModeGuid: z.string(),
  capacity: z.number().nullish(),
  minimumAnnualOutput: z.number().nullish(),
  maximumAnnualOutput: z.number().nullish(),
  curtailmentLimitation: z.number().nullish(),
  peakPower: z.number().nullish(),
  minPartLoad: z.number().nullish(),
  minimumUpTime: z.int().nullish(),
  minimumDownTime: z.int().nullish(),
  seasonalOperationName: z.string().nullish(),
  seasonalOperationValue: z.string().nullish(),
  allowedOperationProfileId: z.int().nullish(),
  primary: z.boolean().nullish(),
  simultaneousOperation: z.boolean().nullish(),
  maximumCapacity: z.number().nullish(),
  minimumCapacity: z.number().nullish(),
  inputEnergyCarriers: z.array(ModeCarrierResponse),
  outputEnergyCarriers: z.array(ModeCarrierResponse),
});
export type Mode = z.infer<typeof Mode>;

const numeric = z.number().nullish();
const costResponseFields = Object.fromEntries(Object.keys(conversionCostFields).map((k) => [k, numeric]));

/** Summary shape (list, create, update answers). */
export const ConversionSummary = z.looseObject({
  conversionTechnologyGuid: z.string(),
  processName: z.string(),
  lifetime: z.number(),
  created: Timestamp.nullish(),
  updated: Timestamp.nullish(),
  conversionTechnologyModes: z.array(Mode),
  hubs: z.array(Hub),
  virtual: z.boolean().nullish(),
  mustBeInstalledInHubs: z.string(),
  stages: z.array(z.string()),
});
export type ConversionSummary = z.infer<typeof ConversionSummary>;

/** ConversionTechnologyDetailResponseDtoV2. */
export const ConversionDetail = z.looseObject({
  ...costResponseFields,
  conversionTechnologyGuid: z.string(),
  processName: z.string(),
  mustBeInstalledInHubs: z.string(),
  exchangeCurrency: z.string().nullish(),
  exchangeRate: z.number().nullish(),
  lifetime: z.number(),
  created: Timestamp.nullish(),
  updated: Timestamp.nullish(),
  hubs: z.array(Hub),
  technologyModes: z.array(Mode),
  category: z.string().nullish(),
  technologyCategory: z.string().nullish(),
  mutuallyExclusiveGroup: z.string().nullish(),
  notes: z.string().nullish(),
  virtual: z.boolean().nullish(),
  technologyOptional: z.boolean().nullish(),
  partOfTechnologyPackage: z.boolean().nullish(),
  technologyCapacity: z.string().nullish(),
  costComponents: z.array(CostComponent).nullish(),
  comesFromDb: z.string().nullish(),
  stages: z.array(z.string()),
});
export type ConversionDetail = z.infer<typeof ConversionDetail>;

export const ConversionList = z.looseObject({ conversionTechnologies: z.array(ConversionSummary) });

export const conversionOperations = crudOperations('conversionTechnologies', {
  retrieve: { path: '/v2/scenarios/conversion-technologies/{guid}', data: ConversionDetail, summary: 'Reads a conversion technology with its modes.' },
  delete: { path: '/v2/scenarios/conversion-technologies/{guid}', data: StatusPayload, summary: 'Deletes a conversion technology.' },
  list: { path: '/v2/scenarios/{scenarioGuid}/conversion-technologies', data: ConversionList, summary: 'Lists the conversion technologies of a scenario.' },
  update: {
    path: '/v2_1/scenarios/conversion-technologies/{guid}', body: ConversionUpdate, data: ConversionSummary, summary: 'Updates a conversion technology.',
  },
  create: {
    path: '/v2_2/scenarios/{scenarioGuid}/conversion-technologies', body: ConversionCreate, data: ConversionSummary,
    summary: 'Creates a conversion technology.',
  },
});
