import type { z } from 'zod';
import type { IntraHubLinkCreate, IntraHubLinkUpdate } from '../../../wire/contract/intra-hub-links.js';
import type { IntraHubLinkDoc } from '../documents.js';
import { costComponentDocs } from '../fields.js';

type Body = z.output<typeof IntraHubLinkCreate> | z.output<typeof IntraHubLinkUpdate>;

/** The stored document of an intra-hub link, from either body shape. */
export function intraHubLinkDoc(body: Body): IntraHubLinkDoc {
  const create = 'hubGuids' in body ? body : undefined;
  const update = 'hubs' in body ? body : undefined;
  return {
    name: body.name,
    inputEnergyCarrierGuid: create ? create.inputEnergyCarrierGuid : update!.inputEnergyCarrier.energyCarrierGuid,
    outputEnergyCarrierGuid: create ? create.outputEnergyCarrierGuid : update!.outputEnergyCarrier.energyCarrierGuid,
    hubGuids: [...new Set(create ? create.hubGuids : update!.hubs.map((h) => h.hubGuid))],
    networkLoss: body.networkLoss ?? null,
    fixedEmbodiedCo2: body.fixedEmbodiedCo2 ?? null,
    advancedCostComponents: costComponentDocs(body.advancedCostComponents),
    stages: [...new Set(body.stages)],
  };
}
