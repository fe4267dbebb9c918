import type { z } from 'zod';
import type { NetworkLinkCreate, NetworkLinkUpdate } from '../../../wire/contract/network-links.js';
import type { NetworkLinkDoc } from '../documents.js';
import { costComponentDocs, pick } from '../fields.js';

const SCALARS = [
  'name', 'length', 'technologyCapacity', 'node1Guid', 'node2Guid', 'networkTechnologyGuid', 'installedCapacity',
  'maximumCapacity', 'minimumCapacity', 'networkLoss', 'uniDirectionalFlow', 'mustBeInstalled', 'networkLossProfileId',
] as const;

type Body = z.output<typeof NetworkLinkCreate> | z.output<typeof NetworkLinkUpdate>;

/** The stored document of a network link; the names an update body repeats are not kept. */
export function networkLinkDoc(body: Body): NetworkLinkDoc {
  return { ...pick(body, SCALARS), costComponents: costComponentDocs(body.costComponents) };
}
