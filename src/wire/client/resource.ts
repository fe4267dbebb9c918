/** Base of the client's resource families: each holds the transport and names its operations. */
import type { Transport } from './transport.js';

export abstract class Resource {
  constructor(protected readonly transport: Transport) {}
}
