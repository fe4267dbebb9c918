import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../support/service.js';

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.close());

describe('local service smoke', () => {
  it('creates a project tree through the client', async () => {
    const client = service.client();
    const project = await client.projects.create({ projectName: 'Smoke', version: 'V2' });
    const analysis = await client.analyses.create(project.projectGuid, 'A1');
    const scenario = await client.scenarios.create(analysis.analysisGuid, 'Base');
    const stage = await client.stages.create(scenario.scenarioGuid, { name: 'S1', length: 20, index: 0 });
    const hub = await client.hubs.create(scenario.scenarioGuid, 'Hub 1');
    expect(stage.guid).toMatch(/^[0-9a-f-]{36}$/);
    expect(hub.hubName).toBe('Hub 1');
    const detail = await client.projects.retrieve(project.projectGuid);
    expect(detail.analyses?.[0].scenarios?.[0].scenarioName).toBe('Base');
  });
});
