/** The demo's base scenario, found or built: project "Demo", analysis "Base", scenario "Demo district". */
import type { PlanningClient } from '../../wire/client/index.js';
import { buildDemoDistrict, DEMO_SCENARIO_NAME } from './district.js';

export const DEMO_PROJECT = 'Demo';
export const DEMO_ANALYSIS = 'Base';

/** Finds the demo district, building what is missing; answers whether it was built now. */
export async function ensureDemoBase(client: PlanningClient): Promise<{ scenarioGuid: string; built: boolean }> {
  const project = (await client.projects.list()).find((p) => p.projectName === DEMO_PROJECT)
    ?? (await client.projects.create({ projectName: DEMO_PROJECT, version: 'V2' }));
  const analysis = (await client.analyses.list(project.projectGuid)).find((a) => a.analysisName === DEMO_ANALYSIS)
    ?? (await client.analyses.create(project.projectGuid, DEMO_ANALYSIS));
  const existing = (await client.scenarios.list(analysis.analysisGuid)).find((s) => s.scenarioName === DEMO_SCENARIO_NAME);
  if (existing) {
    // A scenario left half-built by an interrupted first run has no stages: build it again.
    if ((await client.stages.list(existing.scenarioGuid)).length > 0 && (await client.energyDemands.list(existing.scenarioGuid)).length > 0) {
      return { scenarioGuid: existing.scenarioGuid, built: false };
    }
    await client.scenarios.delete(existing.scenarioGuid);
  }
  return { scenarioGuid: await buildDemoDistrict(client, analysis.analysisGuid), built: true };
}
