/** Stages, Hubs and Energy Carriers: the sheets every other sheet refers to. */
import { type CarrierCreate as CarrierBody, CarrierCreate } from '../../../wire/contract/carriers.js';
import { HubRequest } from '../../../wire/contract/hubs.js';
import { StageRequest } from '../../../wire/contract/stages.js';
import { stageDoc } from '../../scenario-model/docs/stages.js';
import { bool, num, text } from './columns.js';
import { resourceSheet } from './types.js';

export const STAGES = resourceSheet({
  title: 'Stages',
  required: true,
  kind: 'stage',
  nameField: 'name',
  columns: [
    text('Stage Name', 'name'),
    num('Stage Length [years]', 'length'),
    num('Order', 'index'),
    num('Interest Rate [%]', 'interestRate'),
    num('Inflation Rate [%]', 'inflationRate'),
  ],
  toRecord: (doc) => ({ ...doc }),
  schema: StageRequest,
  toDoc: stageDoc,
});

export const HUBS = resourceSheet({
  title: 'Hubs',
  required: true,
  kind: 'hub',
  nameField: 'hubName',
  columns: [text('Hub Name', 'hubName')],
  toRecord: (doc) => ({ ...doc }),
  schema: HubRequest,
  toDoc: (body: HubRequest) => ({ hubName: body.hubName }),
});

export const CARRIERS = resourceSheet({
  title: 'Energy Carriers',
  required: true,
  kind: 'carrier',
  nameField: 'energyCarrierName',
  columns: [
    text('Energy Carrier Name', 'energyCarrierName'),
    text('Energy Carrier Subtype', 'subType'),
    text('Energy Carrier Color', 'colorHexCode'),
    bool('Allow Virtual Load', 'allowVirtualLoad'),
  ],
  toRecord: (doc) => ({ subType: doc.subtypeKey, energyCarrierName: doc.energyCarrierName, colorHexCode: doc.colorHexCode, allowVirtualLoad: doc.allowVirtualLoad }),
  schema: CarrierCreate,
  // As the carriers family stores a created carrier (its handler converts inline).
  toDoc: (body: CarrierBody) => ({
    subtypeKey: body.subType, energyCarrierName: body.energyCarrierName, colorHexCode: body.colorHexCode ?? null, allowVirtualLoad: body.allowVirtualLoad ?? null,
  }),
});
