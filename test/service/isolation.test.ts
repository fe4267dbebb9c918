/**
 * Accounts see only their own data: every guid of another account answers 404 (never 403, which
 * would confirm that it exists), lists never show it, and nothing can be written into it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotFoundError, type PlanningClient } from '../../src/wire/client/index.js';
import { buildScenario, type ScenarioFixture } from '../support/scenario-fixture.js';
import { BOB, startTestService, type TestService } from '../support/service.js';

let service: TestService;
let alice: PlanningClient;
let bob: PlanningClient;
let f: ScenarioFixture;
let jobId: string;

beforeAll(async () => {
  service = await startTestService();
  alice = service.client();
  bob = service.client({ credentials: BOB });
  f = await buildScenario(alice);
  [{ id: jobId }] = await alice.solverJobs.submit([{
    name: 'private', objective1: 'MIN_LIFE_CYCLE_COST', scenarioGuid: f.scenarioGuid, temporalResolution: 'LOW', points: 1, timeLimit: 1, mipGap: 1,
  }]);
});
afterAll(() => service.close());

describe('account isolation', () => {
  it("answers 404 to every read of another account's guids", async () => {
    const reads: [string, () => Promise<unknown>][] = [
      ['project', () => bob.projects.retrieve(f.projectGuid)],
      ['analyses', () => bob.analyses.list(f.projectGuid)],
      ['analysis', () => bob.analyses.retrieve(f.projectGuid, f.analysisGuid)],
      ['scenarios', () => bob.scenarios.list(f.analysisGuid)],
      ['scenario', () => bob.scenarios.retrieve(f.scenarioGuid)],
      ['frontend url', () => bob.scenarios.frontendUrl(f.scenarioGuid)],
      ['specs url', () => bob.scenarios.specsFileUrl(f.scenarioGuid)],
      ['stage', () => bob.stages.retrieve(f.stageGuid)],
      ['stages', () => bob.stages.list(f.scenarioGuid)],
      ['hub', () => bob.hubs.retrieve(f.hubs.a)],
      ['profile', () => bob.profiles.retrieve(f.scenarioGuid, f.profiles.heat)],
      ['carrier', () => bob.carriers.retrieve(f.carriers.heat)],
      ['impex', () => bob.impex.retrieve('IMPORT', f.importGuid)],
      ['network technology', () => bob.networkTechnologies.retrieve(f.networkTechnologyGuid)],
      ['network link', () => bob.networkLinks.retrieve(f.networkLinkGuid)],
      ['storage', () => bob.storageTechnologies.retrieve(f.storageGuid)],
      ['conversion', () => bob.conversionTechnologies.retrieve(f.boilerGuid)],
      ['demand', () => bob.energyDemands.retrieve(f.demandGuid)],
      ['package', () => bob.technologyPackages.retrieve(f.scenarioGuid, f.packageGuid)],
      ['solar', () => bob.solarResources.retrieve(f.solarGuid)],
      ['intra-hub link', () => bob.intraHubLinks.retrieve(f.intraHubLinkGuid)],
      ['solver job', () => bob.solverJobs.retrieve(jobId)],
    ];
    for (const [what, read] of reads) {
      const error = await read().then(() => undefined, (e: unknown) => e);
      expect(error, what).toBeInstanceOf(NotFoundError);
    }
  });

  it("cannot write into, copy, delete or submit another account's data", async () => {
    const writes: [string, () => Promise<unknown>][] = [
      ['hub into scenario', () => bob.hubs.create(f.scenarioGuid, 'Intruder')],
      ['rename hub', () => bob.hubs.update(f.hubs.a, 'Renamed')],
      ['copy scenario', () => bob.scenarios.copy(f.scenarioGuid)],
      ['specs', () => bob.scenarios.generateSpecs([f.scenarioGuid])],
      ['delete demand', () => bob.energyDemands.delete(f.demandGuid)],
      ['delete project', () => bob.projects.delete(f.projectGuid)],
      ['submit job', () => bob.solverJobs.submit([{ name: 'x', objective1: 'MIN_OM', scenarioGuid: f.scenarioGuid, temporalResolution: 'LOW', points: 1, timeLimit: 1, mipGap: 1 }])],
      ['stop job', () => bob.solverJobs.stop(jobId)],
    ];
    for (const [what, write] of writes) {
      const error = await write().then(() => undefined, (e: unknown) => e);
      expect(error, what).toBeInstanceOf(NotFoundError);
    }
    // Bob's own copy into Alice's analysis is refused too.
    const own = await buildScenario(bob);
    await expect(bob.scenarios.copy(own.scenarioGuid, { analysisDestinationGuid: f.analysisGuid })).rejects.toBeInstanceOf(NotFoundError);
    // Alice's data is untouched.
    expect((await alice.hubs.retrieve(f.hubs.a)).hubName).toBe('Hub A');
    expect(await alice.hubs.list(f.scenarioGuid)).toHaveLength(2);
    expect(await alice.energyDemands.list(f.scenarioGuid)).toHaveLength(1);
  });

  it("never lists another account's projects or jobs", async () => {
    expect((await bob.projects.list()).map((p) => p.projectGuid)).not.toContain(f.projectGuid);
    expect(await bob.solverJobs.getScenarios([f.scenarioGuid])).toEqual([]);
    expect((await bob.solverJobs.usage()).user.totalCount).toBe(0);
  });
});
