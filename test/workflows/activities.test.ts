/**
 * Every activity of a study is safe to run twice (a worker may die after the service acted but
 * before Temporal heard back): run each twice against the real service, and the service holds one
 * scenario, one set of values and one job per variant.
 */
import { MockActivityEnvironment } from '@temporalio/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { createActivities, type StudyActivities } from '../../activities/index.js';
import { PlanningClient } from '../../src/wire/client/index.js';
import { parseStudy } from '../../src/product/study/load.js';
import type { Study } from '../../src/product/study/schema.js';
import { expandVariants } from '../../src/product/study/expand.js';
import { studyCore } from '../../src/product/study/core.js';
import type { VariantRef } from '../../activities/scenarios.js';
import { buildScenario } from '../support/scenario-fixture.js';
import { ALICE, startTestService, tempDir, type TestService } from '../support/service.js';

let service: TestService;
let client: PlanningClient;
let activities: StudyActivities;
let study: Study;

/** Runs an activity in a mock activity context (heartbeats go nowhere). */
function run<K extends keyof StudyActivities>(name: K, ...args: Parameters<StudyActivities[K]>): ReturnType<StudyActivities[K]> {
  return new MockActivityEnvironment().run(activities[name] as never, ...(args as never[])) as ReturnType<StudyActivities[K]>;
}

beforeAll(async () => {
  service = await startTestService();
  client = service.client();
  await buildScenario(client, { projectName: 'Twice', scenarioName: 'Base' });
  activities = createActivities({
    service: new PlanningClient({ baseUrl: service.url, credentials: ALICE }), taskQueue: 'unused', log: pino({ level: 'silent' }),
    temporal: () => Promise.reject(new Error('not needed')),
  });
  study = parseStudy(`
version: 1
name: twice
base: { project: Twice, analysis: Base analysis, scenario: Base }
destination: { analysis: Twice over }
parameters:
  - { name: boiler_cost, target: { kind: conversionTechnology, name: Gas boiler, field: variableInvestmentCost }, values: [200, 400] }
  - { name: heat, target: { kind: profile, name: Heat demand }, operation: scale, values: [1.1] }
variants: { method: grid }
solver: { objective1: MIN_LIFE_CYCLE_COST, points: 1, temporalResolution: LOW, timeLimit: 2, mipGap: 1 }
concurrency: 2
output: ${tempDir()}
`, { path: 'twice.yaml' });
});
afterAll(() => service.close());

describe('activities run twice', () => {
  it('make one scenario, one set of values and one job per variant', async () => {
    const setup = await run('setupStudy', { study });
    expect(await run('setupStudy', { study })).toEqual(setup);
    const variants = expandVariants(study);
    const withValues = (refs: VariantRef[]) => refs.map((ref) => ({ ...ref, assignment: variants[ref.index].assignment }));

    const first = await run('ensureVariantScenarios', { variants, baseScenarioGuid: setup.baseScenarioGuid, destinationAnalysisGuid: setup.destinationAnalysisGuid });
    const second = await run('ensureVariantScenarios', { variants, baseScenarioGuid: setup.baseScenarioGuid, destinationAnalysisGuid: setup.destinationAnalysisGuid });
    expect(second.scenarios).toEqual(first.scenarios);
    expect(await client.scenarios.list(setup.destinationAnalysisGuid)).toHaveLength(2);

    const patched = await run('applyVariantPatches', { parameters: study.parameters, baseScenarioGuid: setup.baseScenarioGuid, variants: withValues(first.scenarios) });
    expect(patched).toEqual({ changed: 4, failures: [] });
    const before = (await service.admin('/calls')) as Record<string, number>;
    expect(await run('applyVariantPatches', { parameters: study.parameters, baseScenarioGuid: setup.baseScenarioGuid, variants: withValues(first.scenarios) })).toEqual({ changed: 0, failures: [] });
    const after = (await service.admin('/calls')) as Record<string, number>;
    expect(after['conversionTechnologies.update']).toBe(before['conversionTechnologies.update']);
    expect(after['profiles.update']).toBe(before['profiles.update']);

    await run('requestSpecs', { scenarioGuids: first.scenarios.map((s) => s.scenarioGuid) });
    await run('requestSpecs', { scenarioGuids: first.scenarios.map((s) => s.scenarioGuid) });
    const specs = await run('awaitSpecs', { variants: first.scenarios, maxSeconds: 60 });
    expect(specs.ready).toHaveLength(2);

    const core = studyCore(study);
    const jobs = await run('submitJobs', { study: core, variants: specs.ready });
    expect(await run('submitJobs', { study: core, variants: specs.ready })).toEqual(jobs);
    const listed = await client.solverJobs.getScenarios(first.scenarios.map((s) => s.scenarioGuid));
    expect(listed.map((j) => j.id).sort()).toEqual(jobs.map((j) => j.jobId).sort());

    const states = await run('watchJobs', { jobs, maxSeconds: 120 });
    expect(states.every((s) => s.terminal && s.status === 'DONE')).toBe(true);
    const gathered = await run('gatherOutputs', { outputDir: study.output, variants, jobs });
    expect(await run('gatherOutputs', { outputDir: study.output, variants, jobs })).toEqual(gathered);
    const summary = await run('summariseStudy', { study, studyFile: 'twice.yaml', outputDir: study.output, variantCount: 2, startedAt: new Date().toISOString(), finished: true });
    expect(summary.totals).toEqual({ variants: 2, done: 2, failed: 0, pending: 0 });
  }, 240_000);

  it('record a variant whose values cannot be applied as failed, and go on with the others', async () => {
    const broken = parseStudy(`
version: 1
name: broken
base: { project: Twice, analysis: Base analysis, scenario: Base }
destination: { analysis: Broken values }
parameters:
  - { name: boiler_cost, target: { kind: conversionTechnology, name: Gas boiler, field: variableInvestmentCost }, values: [300] }
variants: { method: grid }
solver: { objective1: MIN_LIFE_CYCLE_COST, points: 1, temporalResolution: LOW, timeLimit: 2, mipGap: 1 }
concurrency: 1
output: ${tempDir()}
`, { path: 'broken.yaml' });
    const setup = await run('setupStudy', { study: broken });
    const variants = expandVariants(broken);
    const { scenarios } = await run('ensureVariantScenarios', { variants, baseScenarioGuid: setup.baseScenarioGuid, destinationAnalysisGuid: setup.destinationAnalysisGuid });
    // The boiler disappears from the variant's scenario: its value has nothing to go to.
    const boiler = (await client.conversionTechnologies.list(scenarios[0].scenarioGuid)).find((t) => t.processName === 'Gas boiler')!;
    await client.conversionTechnologies.delete(boiler.conversionTechnologyGuid);
    const result = await run('applyVariantPatches', {
      parameters: broken.parameters, baseScenarioGuid: setup.baseScenarioGuid, variants: scenarios.map((s) => ({ ...s, assignment: variants[s.index].assignment })),
    });
    expect(result.failures).toHaveLength(1);
    expect(result.failures[0].reason).toMatch(/invalid patch: parameter "boiler_cost"/);
  }, 120_000);
});
