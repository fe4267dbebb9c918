/**
 * Everything a refused request could have created, changed or deleted, read back through the
 * typed client: the accounts' projects and job counts and, in full, every list of the fixture
 * scenario and of its analysis and project. Lists carry names and `updated` times, so a write that
 * slipped through shows as a difference, not only a creation.
 */
import type { PlanningClient } from '../../../src/wire/client/index.js';
import type { ScenarioFixture } from '../../support/scenario-fixture.js';

export async function census(clients: readonly PlanningClient[], f: ScenarioFixture): Promise<unknown> {
  const [owner] = clients;
  const s = f.scenarioGuid;
  const accounts = await Promise.all(clients.map(async (c) => ({
    projects: (await c.projects.list()).map((p) => [p.projectGuid, p.projectName, p.updated]),
    jobs: (await c.solverJobs.usage()).user.totalCount,
  })));
  const tree = await Promise.all([owner.analyses.list(f.projectGuid), owner.scenarios.list(f.analysisGuid)]);
  const scenario = await Promise.all([
    owner.stages.list(s), owner.hubs.list(s), owner.profiles.list(s), owner.carriers.list(s), owner.impex.list(s),
    owner.networkLinks.list(s), owner.storageTechnologies.list(s), owner.networkTechnologies.list(s),
    owner.conversionTechnologies.list(s), owner.energyDemands.list(s), owner.technologyPackages.list(s),
    owner.solarResources.list(s), owner.intraHubLinks.list(s),
  ]);
  return { accounts, tree, scenario };
}
