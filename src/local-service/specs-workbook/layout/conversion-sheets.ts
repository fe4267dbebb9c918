/** Conversion Techs (one row per technology) and Conversion Tech Modes (one row per mode). */
import { ConversionCreate, ConversionUpdate } from '../../../wire/contract/conversion-technologies.js';
import { conversionDocFromCreate } from '../../scenario-model/docs/conversion-technologies.js';
import type { ModeDoc } from '../../scenario-model/documents.js';
import { bool, components, given, num, profile, ref, refs, text, updateOnly } from './columns.js';
import { technologyColumns } from './technology-columns.js';
import type { ChildSheet } from './types.js';
import { resourceSheet } from './types.js';

export const CONVERSION_TECHS = resourceSheet({
  title: 'Conversion Techs',
  required: true,
  kind: 'conversion',
  nameField: 'processName',
  columns: [
    text('Technology Name', 'processName'),
    text('Installation Option', 'mustBeInstalledInHubs'),
    bool('Virtual Technology', 'virtual'),
    refs('Hub Keys', 'hubGuids', 'Hubs', 'Hub Names'),
    refs('Stage Keys', 'stages', 'Stages', 'Stage Names'),
    ...technologyColumns('kW', [
      num('Variable O&M Cost [CHF/kW/year]', 'variableOmCostYear'),
      num('Variable O&M Cost [CHF/kWh]', 'variableOmCost'),
    ]),
    num('Variable Emitted CO2 [kgCO2/kWh]', 'variableEmittedCo2'),
    num('Variable Captured CO2 [kgCO2/kWh]', 'variableCapturedCo2'),
    updateOnly(text('Technology Capacity', 'technologyCapacity')),
    updateOnly(bool('Technology Optional', 'technologyOptional')),
    updateOnly(text('Mutually Exclusive Group', 'mutuallyExclusiveGroup')),
  ],
  toRecord: ({ modes: _inModeSheet, costComponents, ...doc }) => ({ ...doc, costComponents: components(costComponents) }),
  schema: ConversionCreate,
  toDoc: conversionDocFromCreate,
  update: {
    schema: ConversionUpdate.pick({ technologyCapacity: true, technologyOptional: true, mutuallyExclusiveGroup: true }).partial(),
    apply: (doc, values) => ({ ...doc, ...given(values) }),
  },
  children: { sheet: 'Conversion Tech Modes', field: 'conversionTechnologyModes' },
});

/** A mode as an item of a creation body: its carriers in one list, each with its direction. */
function modeRecord(technologyGuid: string, mode: ModeDoc) {
  const { technologyModeGuid: _key, inputs, outputs, ...fields } = mode;
  return {
    ...fields,
    conversionTechnology: technologyGuid,
    energyCarriers: [...inputs.map((c) => ({ ...c, type: 'INPUT' })), ...outputs.map((c) => ({ ...c, type: 'OUTPUT' }))],
  };
}

export const CONVERSION_MODES: ChildSheet = {
  title: 'Conversion Tech Modes',
  required: true,
  parent: { field: 'conversionTechnology', sheet: 'Conversion Techs' },
  columns: [
    ref('Conversion Tech Key', 'conversionTechnology', 'Conversion Techs', 'Conversion Tech Name'),
    text('Seasonal Operation', 'seasonalOperation'),
    bool('Primary Mode', 'primary'),
    bool('Simultaneous Operation', 'simultaneousOperation'),
    { header: 'Energy Carriers', field: 'energyCarriers', cell: { kind: 'modeCarriers', names: 'Energy Carrier Names' } },
    num('Capacity [kW]', 'capacity'),
    num('Minimum Capacity [kW]', 'minimumCapacity'),
    num('Maximum Capacity [kW]', 'maximumCapacity'),
    num('Minimum Annual Output [kWh]', 'minimumAnnualOutput'),
    num('Maximum Annual Output [kWh]', 'maximumAnnualOutput'),
    num('Curtailment Limitation [%]', 'curtailmentLimitation'),
    num('Peak Power', 'peakPower'),
    num('Minimum Part Load [%]', 'minPartLoad'),
    num('Minimum Up Time [h]', 'minimumUpTime'),
    num('Minimum Down Time [h]', 'minimumDownTime'),
    profile('Allowed Operation Profile Key', 'allowedOperationProfileId', 'Allowed Operation Profile Name'),
  ],
  rows: (content) =>
    content.resources.conversion.flatMap((tech) => tech.doc.modes.map((mode) => ({ key: mode.technologyModeGuid, record: modeRecord(tech.guid, mode) }))),
};
