/**
 * A Sobol study end to end on the fixture scenario (the real Temporal dev server, the real local
 * service and optimiser): Saltelli's N(k + 2) runs solved once each, first-order and total indices
 * per outcome with their intervals in the manifest, the workbook, the plot and the report — and,
 * at a sample size far too small to trust, the plain note that says to add samples.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readManifest, type AnalysisRecord } from '../../src/product/study/results/manifest.js';
import { studyWorkflow } from '../../workflows/index.js';
import { type StudyEnv, useStudyEnvWithWorker } from '../support/study-env.js';

let env: StudyEnv;
useStudyEnvWithWorker('Sobol', (started) => (env = started));

describe('a Sobol study', () => {
  it('solves its N(k + 2) runs once each and reports both indices with intervals, and when to add samples', async () => {
    const { study, file } = env.study(`
version: 1
name: sobol-fixture
base: { project: Sobol, analysis: Base analysis, scenario: Base }
destination: { analysis: Sobol fixture }
parameters:
  - { name: gas_price, target: { kind: impex, name: Gas supply, field: energyPriceCHFkWh }, range: { min: 0.05, max: 0.2 } }
  - { name: boiler_cost, target: { kind: conversionTechnology, name: Gas boiler, field: variableInvestmentCost }, range: { min: 100, max: 400 } }
outcomes:
  - { name: lcc, objective: MIN_LIFE_CYCLE_COST }
variants: { method: sobol, samples: 4, seed: 3 }
solver: { objective1: MIN_LIFE_CYCLE_COST, points: 1, temporalResolution: LOW, timeLimit: 2, mipGap: 1 }
budget: { jobs: 16 }
concurrency: 8
output: out-sobol
`);
    const handle = await env.temporal.workflow.start(studyWorkflow, { workflowId: `study/${study.name}`, taskQueue: env.taskQueue, args: [env.input(study, file)] });
    const result = await handle.result();
    expect(result.totals).toMatchObject({ variants: 16, done: 16, failed: 0 });
    const manifest = await readManifest(study.output);
    const analysis = manifest.analysis as Extract<AnalysisRecord, { method: 'sobol' }>;
    expect(analysis).toMatchObject({ method: 'sobol', samples: 4, runs: 16, distinct: 16 });
    const [lcc] = analysis.outcomes;
    expect(lcc).toMatchObject({ outcome: 'lcc', unit: 'CHF', rowsUsed: 4, dropped: 0, constant: false });
    expect(lcc.factors.map((f) => f.name)).toEqual(['gas_price', 'boiler_cost']);
    for (const f of lcc.factors) {
      expect(f.total).not.toBeNull();
      expect(f.totalInterval[0]!).toBeLessThanOrEqual(f.totalInterval[1]!);
    }
    // Gas is the fixture's fuel: its price moves the cost far more than the boiler's price does.
    expect(lcc.factors[0].total!).toBeGreaterThan(lcc.factors[1].total!);
    // Four base samples cannot pin an index down: the results say so.
    expect(lcc.notes.join(' ')).toMatch(/is wider than the index itself: add samples before reading it/);

    const client = env.service.client();
    const project = (await client.projects.list()).find((p) => p.projectName === 'Sobol')!;
    const analysisGuid = (await client.analyses.list(project.projectGuid)).find((a) => a.analysisName === 'Sobol fixture')!.analysisGuid;
    expect(await client.solverJobs.jobsOfScenarios((await client.scenarios.list(analysisGuid)).map((s) => s.scenarioGuid))).toHaveLength(16);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(join(study.output, 'summary.xlsx'));
    expect(workbook.getWorksheet('Sensitivity')!.getRow(1).values).toEqual(expect.arrayContaining(['S1 (first order)', 'ST (total)', 'S1 95 % low', 'ST 95 % high']));
    expect(existsSync(join(study.output, 'plots', 'sobol-lcc.svg'))).toBe(true);
    expect(readFileSync(join(study.output, 'report.html'), 'utf8')).toContain('Sobol indices (Saltelli sampling');
  }, 300_000);
});
