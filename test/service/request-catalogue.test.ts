/**
 * The catalogue of malformed requests (./support/request-catalogue.ts), sent over real HTTP to the
 * real service: each is answered with its status, in its family's error form, with a message that
 * names the field and the rule, and none of them creates, changes or deletes anything.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanningClient } from '../../src/wire/client/index.js';
import { buildScenario } from '../support/scenario-fixture.js';
import { ALICE, BOB, startTestService, type TestService } from '../support/service.js';
import { waitFor } from '../support/wait.js';
import { census } from './support/census.js';
import { catalogue, type CatalogueWorld } from './support/request-catalogue.js';
import { login, send } from './support/raw-http.js';

const BODY_LIMIT = 1024 * 1024;
const PROJECT_NAME = 'Catalogue fixture';

let service: TestService;
let alice: PlanningClient;
let bob: PlanningClient;
let world: CatalogueWorld;
const tokens: Record<'alice' | 'bob', string> = { alice: '', bob: '' };

beforeAll(async () => {
  // No optimiser: the fixture's job ends at once and nothing competes for the CPU.
  service = await startTestService({ bodyLimitBytes: BODY_LIMIT, solver: { optimiser: null } });
  alice = service.client();
  bob = service.client({ credentials: BOB });
  const f = await buildScenario(alice, { projectName: PROJECT_NAME });
  const [job] = await alice.solverJobs.submit([{
    name: 'catalogue', objective1: 'MIN_LIFE_CYCLE_COST', scenarioGuid: f.scenarioGuid, temporalResolution: 'LOW', points: 1, timeLimit: 1, mipGap: 1,
  }]);
  // The census compares job counts: the job must have ended before the first case.
  await waitFor(async () => (await alice.solverJobs.retrieve(job.id)).terminated, { what: 'the fixture job to end' });
  const bobProject = await bob.projects.create({ projectName: 'Bob’s own', version: 'V2' });
  const bobAnalysis = await bob.analyses.create(bobProject.projectGuid, 'Bob’s analysis');
  const bobScenario = await bob.scenarios.create(bobAnalysis.analysisGuid, 'Bob’s scenario');
  await bob.stages.create(bobScenario.scenarioGuid, { name: 'Bob’s stage', length: 10, index: 0 });
  world = {
    f, jobId: job.id, projectName: PROJECT_NAME, bodyLimitBytes: BODY_LIMIT,
    bob: { projectGuid: bobProject.projectGuid, analysisGuid: bobAnalysis.analysisGuid, scenarioGuid: bobScenario.scenarioGuid },
  };
  tokens.alice = await login(service.url, ALICE);
  tokens.bob = await login(service.url, BOB);
});
afterAll(() => service.close());

describe('the catalogue of malformed requests', () => {
  it('holds at least 50 cases, each named once', () => {
    expect(catalogue.length).toBeGreaterThanOrEqual(50);
    expect(new Set(catalogue.map((c) => c.name)).size).toBe(catalogue.length);
  });

  for (const c of catalogue) {
    it(`${c.name}: ${c.status}, naming the field and the rule, and nothing changes`, async () => {
      const before = await census([alice, bob], world.f);
      const request = c.request(world);
      const answer = await send(service.url, { ...request, authorization: `Bearer ${tokens[c.as ?? 'alice']}` });

      expect(answer.status, answer.text.slice(0, 500)).toBe(c.status);
      if (request.path.startsWith('/app-service/')) {
        expect(answer.body).toMatchObject({ data: null, status: { code: `ESP_${c.status}` } });
      } else {
        expect(answer.body).toHaveProperty('detail');
      }
      expect(answer.message).toMatch(c.field);
      expect(answer.message).toMatch(c.rule);
      expect(await census([alice, bob], world.f)).toEqual(before);
    });
  }
});
