/**
 * Whole studies on the real Temporal dev server and the real local service: every variant goes
 * through scenario, values, specs, job and outputs, and the results directory holds what it must.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readManifest } from '../../src/product/study/results/manifest.js';
import { studyWorkflow } from '../../workflows/index.js';
import { type StudyEnv, useStudyEnvWithWorker } from '../support/study-env.js';

let env: StudyEnv;
useStudyEnvWithWorker('Fixture', (started) => (env = started));

const studyYaml = (name: string, extra = '') => `
version: 1
name: ${name}
base: { project: Fixture, analysis: Base analysis, scenario: Base }
destination: { analysis: ${name} }
parameters:
  - name: boiler_cost
    target: { kind: conversionTechnology, name: Gas boiler, field: variableInvestmentCost }
    values: [150, 900]
  - name: gas_price
    target: { kind: impex, name: Gas supply, field: energyPriceCHFkWh }
    values: [0.11]
variants: { method: grid }
solver: { objective1: MIN_LIFE_CYCLE_COST, objective2: MIN_CO2_EMISSIONS, points: 2, temporalResolution: LOW, timeLimit: 2, mipGap: 1 }
concurrency: 4
output: out-${name}
${extra}`;

describe('a whole study', () => {
  it('runs every variant to its outputs and writes the manifest and the summary workbook', async () => {
    const { study, file } = env.study(studyYaml('two-boilers'));
    const handle = await env.temporal.workflow.start(studyWorkflow, {
      workflowId: `study/${study.name}`, taskQueue: env.taskQueue, args: [env.input(study, file)],
    });
    const result = await handle.result();
    expect(result.totals).toEqual({ variants: 2, done: 2, failed: 0, pending: 0 });

    const manifest = await readManifest(study.output);
    expect(manifest.variants.map((v) => v.status)).toEqual(['DONE', 'DONE']);
    for (const variant of manifest.variants) {
      expect(variant.solutions).toHaveLength(2);
      expect(variant.solutions[0].objectives.MIN_LIFE_CYCLE_COST).toBeGreaterThan(0);
      const [file] = variant.files;
      const bytes = readFileSync(join(study.output, file.path));
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(file.sha256);
    }
    expect(existsSync(join(study.output, 'summary.xlsx'))).toBe(true);
    // The cheaper boiler never makes the cost optimum dearer (beyond the 1 % MIP gap asked for).
    const [cheap, dear] = manifest.variants;
    expect(cheap.parameters.boiler_cost).toBe(150);
    expect(cheap.solutions[0].objectives.MIN_LIFE_CYCLE_COST).toBeLessThanOrEqual(dear.solutions[0].objectives.MIN_LIFE_CYCLE_COST * 1.01);

    // One scenario and one job per variant, named deterministically.
    const client = env.service.client();
    const project = (await client.projects.list()).find((p) => p.projectName === 'Fixture')!;
    const analysis = (await client.analyses.list(project.projectGuid)).find((a) => a.analysisName === 'two-boilers')!;
    const scenarios = await client.scenarios.list(analysis.analysisGuid);
    expect(scenarios.map((s) => s.scenarioName).sort()).toEqual(manifest.variants.map((v) => v.name).sort());
    const jobs = await client.solverJobs.getScenarios(scenarios.map((s) => s.scenarioGuid));
    expect(jobs).toHaveLength(2);
    // The variant scenario holds the variant's value.
    const boiler = (await client.conversionTechnologies.list(manifest.variants[1].scenarioGuid!)).find((t) => t.processName === 'Gas boiler')!;
    expect((await client.conversionTechnologies.retrieve(boiler.conversionTechnologyGuid)).variableInvestmentCost).toBe(900);
  }, 300_000);
});
