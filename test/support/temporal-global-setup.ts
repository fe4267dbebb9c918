/**
 * vitest globalSetup: one Temporal dev server for the whole test run (or the one at TEMPORAL_ADDRESS, if it
 * answers), whose address tests read with `inject('temporalAddress')`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureTemporalServer } from '../../src/product/temporal/dev-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    temporalAddress: string;
  }
}

/** Starts (or finds) the run's Temporal server and answers the teardown that stops it. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dataDir = await mkdtemp(join(tmpdir(), 'sweep-temporal-'));
  // A low continue-as-new threshold: every study and budget gate of the suite crosses run
  // boundaries, so carrying state through continue-as-new is tested everywhere, not just at 10,000 variants.
  const server = await ensureTemporalServer({
    dataDir, headless: true, namespace: 'default', dynamicConfig: ['limit.historyCount.suggestContinueAsNew=40'],
  });
  project.provide('temporalAddress', server.address);
  return async () => {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
