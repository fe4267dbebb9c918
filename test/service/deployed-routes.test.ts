/**
 * The routes outside the specification that clients of the deployed service call (issue 16,
 * point 4): each on both path families, over real HTTP against the real service, with the bearer
 * token every route needs and the 404 another account's guid gets.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deployedAppOperations,
  deployedExtraOperations,
  DeployedAnalysis,
  USER_PROFILE_PATH,
  UserProfile,
} from '../../src/wire/contract/deployed-extras.js';
import { allOperations, DEPLOYED_PREFIXES, SPEC_PREFIXES } from '../../src/wire/contract/index.js';
import { PlanningClient } from '../../src/wire/client/index.js';
import { ALICE, BOB, type TestService, startTestService } from '../support/service.js';
import { waitFor } from '../support/wait.js';
import { login, send } from './support/raw-http.js';

/** Distinct from the defaults, so the profile is seen to answer the configured plan. */
const PLAN = { maxStages: 6, maxParetoPoints: 7, weeklyJobs: 11, weeklyMinutes: 600, totalJobs: 40, totalMinutes: 5000 };
const FAMILIES = [['spec', SPEC_PREFIXES.app], ['deployed', DEPLOYED_PREFIXES.app]] as const;

let service: TestService;
let url: string;
let alice: PlanningClient;
let aliceToken: string;
let bobToken: string;
let analysisGuid: string;
let scenarioGuid: string;

const get = (path: string, token?: string) => send(url, { method: 'GET', path, authorization: token && `Bearer ${token}` });

beforeAll(async () => {
  // No optimiser: the job the profile test submits ends at once without solving anything.
  service = await startTestService({ plan: PLAN, solver: { optimiser: null } });
  url = service.url;
  alice = new PlanningClient({ baseUrl: url, credentials: ALICE, retryBaseMs: 10 });
  [aliceToken, bobToken] = await Promise.all([login(url, ALICE), login(url, BOB)]);
  const project = await alice.projects.create({ projectName: 'Deployed routes', version: 'V2' });
  analysisGuid = (await alice.analyses.create(project.projectGuid, 'Variants study')).analysisGuid;
  scenarioGuid = (await alice.scenarios.create(analysisGuid, 'Base')).scenarioGuid;
});
afterAll(async () => {
  await alice?.close();
  await service?.close();
});

describe('routes outside the specification', () => {
  it('are not operations of the specification', () => {
    const extraIds = new Set<string>(Object.values(deployedExtraOperations).map((op) => op.id));
    expect(allOperations.filter((op) => extraIds.has(op.id))).toEqual([]);
    expect(allOperations).toHaveLength(95);
  });

  describe.each(FAMILIES)('GET analysis/{analysisGuid} under the %s prefix', (name, app) => {
    it('answers the analysis with its scenarios and, per scenario, the specs file address once generated', async () => {
      const scenario = await alice.scenarios.create(analysisGuid, `Specs ${name}`);
      const before = await get(`${app}/analysis/${analysisGuid}`, aliceToken);
      expect(before.status).toBe(200);
      expect((before.body as { status: { code: string } }).status.code).toBe('ESP_200');
      const data = DeployedAnalysis.parse((before.body as { data: unknown }).data);
      expect(data).toMatchObject({ analysisGuid, analysisName: 'Variants study', executionStatus: 'IN_SPECIFICATION' });
      expect(data.scenarios).toEqual(expect.arrayContaining([
        expect.objectContaining({ scenarioGuid, scenarioName: 'Base' }),
        expect.objectContaining({ scenarioGuid: scenario.scenarioGuid, scenarioName: scenario.scenarioName }),
      ]));
      const lineOf = (analysis: DeployedAnalysis) => analysis.results.scenarios.find((s) => s.scenarioGuid === scenario.scenarioGuid);
      expect(lineOf(data)).toMatchObject({ scenarioName: scenario.scenarioName, inputFilepath: null, status: 'IN_SPECIFICATION' });

      await alice.scenarios.generateSpecs([scenario.scenarioGuid]);
      const specsUrl = await waitFor(() => alice.scenarios.specsFileUrl(scenario.scenarioGuid), { what: 'the specs file' });
      const after = DeployedAnalysis.parse(((await get(`${app}/analysis/${analysisGuid}`, aliceToken)).body as { data: unknown }).data);
      const address = lineOf(after)?.inputFilepath;
      expect(address).toEqual(expect.any(String));
      // Addresses are signed with an expiry, so two of them differ only in their query.
      expect(address!.split('?')[0]).toBe(specsUrl.split('?')[0]);
      const file = await fetch(address!);
      expect(file.status).toBe(200);
      expect(Buffer.from(await file.arrayBuffer()).subarray(0, 2).toString()).toBe('PK');
      // The other scenario's specs were never asked for.
      expect(after.results.scenarios.find((s) => s.scenarioGuid === scenarioGuid)?.inputFilepath).toBeNull();
    });
  });

  it('is callable through the client transport with the contract’s schema, on the deployed paths', async () => {
    const deployed = new PlanningClient({ baseUrl: url, credentials: ALICE, paths: 'deployed', retryBaseMs: 10 });
    try {
      const analysis = await deployed.transport.call(deployedAppOperations.analysis, { params: { analysisGuid } });
      expect(analysis.results.scenarios.map((s) => s.scenarioName)).toContain('Base');
    } finally {
      await deployed.close();
    }
  });

  describe.each(FAMILIES)('master-scenario/{scenarioGuid}/scenario-variants under the %s prefix', (_name, app) => {
    it('lists no variants and deletes none, in the envelope', async () => {
      const listed = await get(`${app}/master-scenario/${scenarioGuid}/scenario-variants`, aliceToken);
      expect(listed.status).toBe(200);
      expect(listed.body).toMatchObject({ data: [], status: { code: 'ESP_200' } });
      const deleted = await send(url, { method: 'DELETE', path: `${app}/master-scenario/${scenarioGuid}/scenario-variants`, authorization: `Bearer ${aliceToken}` });
      expect(deleted.status).toBe(200);
      expect(deleted.body).toMatchObject({ data: null, status: { code: 'ESP_200' } });
    });
  });

  describe.each(FAMILIES)('PUT scenarios/{scenarioGuid}/close-diagram under the %s prefix', (_name, app) => {
    it('answers 200 to an empty body, with or without a JSON content type', async () => {
      const path = `${app}/scenarios/${scenarioGuid}/close-diagram`;
      const bare = await send(url, { method: 'PUT', path, authorization: `Bearer ${aliceToken}` });
      expect(bare.status).toBe(200);
      expect(bare.body).toMatchObject({ data: null, status: { code: 'ESP_200' } });
      const typed = await send(url, { method: 'PUT', path, authorization: `Bearer ${aliceToken}`, raw: '', contentType: 'application/json' });
      expect(typed.status).toBe(200);
      const emptyObject = await send(url, { method: 'PUT', path, authorization: `Bearer ${aliceToken}`, json: {} });
      expect(emptyObject.status).toBe(200);
    });
  });

  describe('GET /backoffice/ext/users/profile', () => {
    it('answers the account, its plan limits and what is left of them, bare', async () => {
      const first = await get(USER_PROFILE_PATH, aliceToken);
      expect(first.status).toBe(200);
      const profile = UserProfile.parse(first.body);
      expect(profile).toMatchObject({ email: ALICE.email, planLimits: PLAN });
      expect(profile.accountGuid).toEqual(expect.any(String));
      expect(profile.left).toEqual({ weeklyJobs: 11, weeklyMinutes: 600, totalJobs: 40, totalMinutes: 5000 });

      await alice.solverJobs.submit([{
        name: 'counted', objective1: 'MIN_LIFE_CYCLE_COST', scenarioGuid, temporalResolution: 'LOW', points: 1, timeLimit: 1, mipGap: 1,
      }]);
      const usage = await alice.solverJobs.usage();
      const after = UserProfile.parse((await get(USER_PROFILE_PATH, aliceToken)).body);
      expect(after.left).toEqual({
        weeklyJobs: PLAN.weeklyJobs - usage.subscription.currentWeekCount,
        weeklyMinutes: PLAN.weeklyMinutes - usage.subscription.currentWeekMinutes,
        totalJobs: PLAN.totalJobs - usage.subscription.totalCount,
        totalMinutes: PLAN.totalMinutes - usage.subscription.totalMinutes,
      });
      expect(after.left.totalJobs).toBe(39);
      // The job and its usage are Alice's subscription's, not Bob's.
      const bob = UserProfile.parse((await get(USER_PROFILE_PATH, bobToken)).body);
      expect(bob).toMatchObject({ email: BOB.email, left: { totalJobs: 40 } });
      expect(bob.accountGuid).not.toBe(profile.accountGuid);
    });

    it('is the same address on both prefix sets', () => {
      expect(USER_PROFILE_PATH).toBe('/backoffice/ext/users/profile');
    });
  });

  describe('without a valid token', () => {
    const appRoutes = (app: string) => [
      ['GET', `${app}/analysis/{analysis}`],
      ['GET', `${app}/master-scenario/{scenario}/scenario-variants`],
      ['DELETE', `${app}/master-scenario/{scenario}/scenario-variants`],
      ['PUT', `${app}/scenarios/{scenario}/close-diagram`],
    ] as const;
    const fill = (path: string) => path.replace('{analysis}', analysisGuid).replace('{scenario}', scenarioGuid);

    it.each(FAMILIES)('answers 401 in the envelope on every app route under the %s prefix', async (_name, app) => {
      for (const [method, template] of appRoutes(app)) {
        for (const authorization of [undefined, 'Bearer not-a-token']) {
          const answer = await send(url, { method, path: fill(template), authorization });
          expect(answer.status, `${method} ${template} ${authorization ?? 'no token'}`).toBe(401);
          expect(answer.body).toMatchObject({ data: null, status: { code: 'ESP_401' } });
        }
      }
    });

    it('answers 401 with FastAPI’s detail on the profile', async () => {
      for (const authorization of [undefined, 'Bearer not-a-token']) {
        const answer = await send(url, { method: 'GET', path: USER_PROFILE_PATH, authorization });
        expect(answer.status).toBe(401);
        expect(answer.body).toEqual({ detail: expect.any(String) });
      }
    });
  });

  describe.each(FAMILIES)('another account’s guids under the %s prefix', (_name, app) => {
    it('answer 404, as unknown guids do', async () => {
      const unknown = crypto.randomUUID();
      const requests = (analysis: string, scenario: string) => [
        ['GET', `${app}/analysis/${analysis}`],
        ['GET', `${app}/master-scenario/${scenario}/scenario-variants`],
        ['DELETE', `${app}/master-scenario/${scenario}/scenario-variants`],
        ['PUT', `${app}/scenarios/${scenario}/close-diagram`],
      ] as const;
      for (const [method, path] of [...requests(analysisGuid, scenarioGuid), ...requests(unknown, unknown)]) {
        const answer = await send(url, { method, path, authorization: `Bearer ${bobToken}` });
        expect(answer.status, `${method} ${path}`).toBe(404);
        expect(answer.body).toMatchObject({ data: null, status: { code: 'ESP_404' } });
        // The route's own 404, not the one of a path no route matches.
        expect(answer.message).toMatch(/^(Analysis|Scenario) \S+ not found$/);
      }
      // Bob's refused calls changed nothing of Alice's.
      expect((await alice.scenarios.retrieve(scenarioGuid)).scenarioName).toBe('Base');
    });
  });
});
