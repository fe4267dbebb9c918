/** Storage Techs: batteries, tanks and EV fleets. */
import { z } from 'zod';
import { StorageCreate, StorageUpdate } from '../../../wire/contract/storage-technologies.js';
import { storageDoc } from '../../scenario-model/docs/storage-technologies.js';
import { bool, components, given, num, profile, ref, refs, text, time, updateOnly } from './columns.js';
import { technologyColumns } from './technology-columns.js';
import { resourceSheet } from './types.js';

const updateShape = StorageUpdate.shape;

export const STORAGE_TECHS = resourceSheet({
  title: 'Storage Techs',
  required: true,
  kind: 'storage',
  nameField: 'storageName',
  columns: [
    text('Storage Name', 'storageName'),
    text('Installation Option', 'mustBeInstalled'),
    text('Technology Capacity', 'technologyCapacity'),
    ref('Energy Carrier Key', 'energyCarrierGuid', 'Energy Carriers', 'Energy Carrier Name'),
    refs('Hub Keys', 'hubGuids', 'Hubs', 'Hub Names'),
    refs('Stage Keys', 'stages', 'Stages', 'Stage Names'),
    num('Charging Efficiency [%]', 'storageChargingEfficiency'),
    num('Discharging Efficiency [%]', 'storageDischargingEfficiency'),
    num('Capacity [kWh]', 'capacity'),
    num('Minimum Capacity [kWh]', 'minimumCapacity'),
    num('Maximum Capacity [kWh]', 'maximumCapacity'),
    num('Maximum Charging Rate [%]', 'maximumChargingRate'),
    num('Maximum Discharging Rate [%]', 'maximumDischargingRate'),
    num('Standby Loss [%]', 'standbyLoss'),
    num('Minimum SOC [%]', 'minimumSoc'),
    num('Maximum SOC [%]', 'maximumSocPercent'),
    profile('Standby Loss Profile Key', 'standByLossProfileId', 'Standby Loss Profile Name'),
    ...technologyColumns('kWh', [
      num('Variable O&M Energy Flow Cost [CHF/kWh]', 'variableOmEnergyFlowCost'),
      num('Variable O&M Cost', 'variableOmCost'),
    ]),
    bool('EV Battery', 'isEvBattery'),
    text('EV Type of Charging', 'typeOfCharging'),
    time('EV Plug-in Time [hh:mm]', 'evPlugInTime'),
    time('EV Plug-out Time [hh:mm]', 'evPlugOutTime'),
    num('EV Plug-in Duration [h]', 'evPlugInDurationHours'),
    num('EV Driving Distance [km]', 'drivingDistanceKms'),
    num('EV SOC at Start [%]', 'evSocStartPercent'),
    num('EV Battery Size [kWh]', 'evBatterySizeKWh'),
    num('EV Average Consumption [kWh/km]', 'evAverageKWhPerKm'),
    num('EV Plug-in Power [kW]', 'evPlugInPowerKW'),
    updateOnly(text('Category', 'category')),
    updateOnly(bool('Technology Optional', 'technologyOptional')),
    updateOnly(text('Mutually Exclusive Group', 'mutuallyExclusiveGroup')),
  ],
  toRecord: ({ costComponents, ...doc }) => ({ ...doc, costComponents: components(costComponents) }),
  schema: StorageCreate,
  toDoc: storageDoc,
  update: {
    // From the shape: the update body's cross-field rules (zod refuses .pick on a refined object) do not apply to three columns.
    schema: z.object({ category: updateShape.category, technologyOptional: updateShape.technologyOptional, mutuallyExclusiveGroup: updateShape.mutuallyExclusiveGroup }).partial(),
    apply: (doc, values) => ({ ...doc, ...given(values) }),
  },
});
