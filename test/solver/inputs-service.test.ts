/**
 * The local service's jobs carry what the optimiser did not honour: a solved job lists it as
 * warnings, and a service started strict fails the job before solving, naming it. The fixture's gas
 * boiler has a 20 % minimum part load, which the default binary budget (none) relaxes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SolverJobRequest } from '../../src/wire/contract/solver-jobs.js';
import { buildScenario } from '../support/scenario-fixture.js';
import { startTestService, type TestService } from '../support/service.js';
import { waitFor } from '../support/wait.js';

const services: TestService[] = [];
afterAll(() => Promise.all(services.map((s) => s.close())));

async function solveOn(strict: boolean) {
  const service = await startTestService({ solver: { slots: 1, strict } });
  services.push(service);
  const client = service.client();
  const f = await buildScenario(client);
  const request: SolverJobRequest = {
    name: 'inputs', objective1: 'MIN_LIFE_CYCLE_COST', scenarioGuid: f.scenarioGuid, temporalResolution: 'LOW', points: 1, timeLimit: 5, mipGap: 1,
  };
  const [submitted] = await client.solverJobs.submit([request]);
  return waitFor(async () => {
    const current = await client.solverJobs.retrieve(submitted.id);
    return current.terminated ? current : undefined;
  }, { timeoutMs: 180_000, intervalMs: 100, what: 'the job to end' });
}

describe('inputs not honoured, in the service', () => {
  let relaxed: Awaited<ReturnType<typeof solveOn>>;
  let strict: Awaited<ReturnType<typeof solveOn>>;
  beforeAll(async () => {
    [relaxed, strict] = await Promise.all([solveOn(false), solveOn(true)]);
  }, 360_000);

  it('solves and lists them as the job\'s warnings by default', () => {
    expect(relaxed.status, relaxed.statusMsg ?? '').toBe('DONE');
    expect(relaxed.warnings).toEqual(expect.arrayContaining([expect.stringMatching(/^not honoured: Conversion Tech Modes › Gas boiler @ .+ › Minimum Part Load \[%\] = 20; relaxed/)]));
  });

  it('fails the job before solving when the service is strict, naming them', () => {
    expect(strict.status).toBe('FAILED');
    expect(strict.statusMsg).toMatch(/^Strict mode: the optimiser would not honour \d+ inputs?, so it did not solve\./);
    expect(strict.statusMsg).toContain('Gas boiler');
    expect(strict.statusMsg).toContain('Minimum Part Load [%] = 20');
    expect(strict.warnings ?? null).toBeNull();
  });
});
