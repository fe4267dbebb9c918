/**
 * A conversion technology's update body from its detail answer. The detail answers its modes as
 * `technologyModes` with each carrier in full; the update wants the same modes with carriers as
 * their request entries, so every mode and carrier field is carried over one by one.
 */
import { ConversionUpdate, type ConversionDetail, type Mode, ModeCarrierUpdate, ModeUpdate } from '../../../wire/contract/conversion-technologies.js';
import { CostComponentUpdate } from '../../../wire/contract/common.js';
import { type Body, carry, hubRefs } from './carry.js';

function modeBody(mode: Mode): Body {
  return {
    ...carry(ModeUpdate, mode),
    inputEnergyCarriers: mode.inputEnergyCarriers.map((c) => carry(ModeCarrierUpdate, c)),
    outputEnergyCarriers: mode.outputEnergyCarriers.map((c) => carry(ModeCarrierUpdate, c)),
  };
}

/** The update body that, sent unmodified, leaves the conversion technology as it is. */
export function conversionBody(detail: ConversionDetail): Body {
  return {
    ...carry(ConversionUpdate, detail),
    hubs: hubRefs(detail.hubs),
    technologyModes: detail.technologyModes.map(modeBody),
    costComponents: detail.costComponents?.map((c) => carry(CostComponentUpdate, c)),
  };
}
