/**
 * Analysis studies end to end on the demo district, on the real Temporal dev server and the real
 * local service with its optimiser: a Morris screening that tells a parameter which cannot move the
 * cost optimum from one that drives it, a tipping-point search that brackets where the school's
 * heat pump enters the design, and a tipping curve of two searches side by side with their
 * brackets confirmed at a tighter gap. Each checks its results directory and the service's jobs.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { escapeXml } from '../../src/common/xml.js';
import { readManifest, type AnalysisRecord } from '../../src/product/study/results/manifest.js';
import { WorkflowFailedError } from '@temporalio/client';
import { progressQuery } from '../../src/product/study/workflow-messages.js';
import { studyWorkflow } from '../../workflows/index.js';
import { type StudyEnv, useDemoEnvWithWorker } from '../support/study-env.js';
import { waitFor } from '../support/wait.js';

let env: StudyEnv;
useDemoEnvWithWorker((started) => (env = started), { solver: { slots: 2 } });

const GAS = '{ kind: impex, name: Natural gas, field: energyPriceCHFkWh }';

/** A study of the demo district into a destination analysis of its own: the lines every study here begins with. */
const demoStudy = (name: string, analysis: string, rest: string) => `
version: 1
name: ${name}
base: { project: Demo, analysis: Base, scenario: Demo district }
destination: { analysis: ${analysis} }
${rest.trim()}
`;

async function run(yaml: string) {
  const { study, file } = env.study(yaml);
  const handle = await env.temporal.workflow.start(studyWorkflow, { workflowId: `study/${study.name}`, taskQueue: env.taskQueue, args: [env.input(study, file)] });
  const result = await handle.result();
  return { study, handle, result, manifest: await readManifest(study.output) };
}

/** The solver jobs of the scenarios in the study's destination analysis. */
async function jobsOf(analysisName: string) {
  const client = env.service.client();
  const project = (await client.projects.list()).find((p) => p.projectName === 'Demo')!;
  const analysis = (await client.analyses.list(project.projectGuid)).find((a) => a.analysisName === analysisName)!;
  const scenarios = await client.scenarios.list(analysis.analysisGuid);
  return client.solverJobs.getScenarios(scenarios.map((s) => s.scenarioGuid));
}

describe('a Morris study of the demo district', () => {
  it('gives μ* = 0 to a parameter that cannot move the cost optimum and μ* > 0 to a driver, with one job per distinct point', async () => {
    // gas_co2 is the CO2 intensity of gas. With one objective, life-cycle cost, and no CO2 price, it
    // enters no cost and no constraint of the model: the optimiser solves the same problem whatever
    // its value, so every elementary effect of it on the cost, the heat pumps and the gas bought is
    // exactly zero. The gas price is the district's largest running cost: it drives all three.
    const { study, result, manifest } = await run(demoStudy('morris-demo', 'Morris demo', `
parameters:
  - { name: gas_price, target: ${GAS}, range: { min: 0.06, max: 0.18 } }
  - { name: gas_co2, target: { kind: impex, name: Natural gas, field: co2IntensityKgCo2kWh }, range: { min: 0.1, max: 0.4 } }
  - { name: hp_cost, target: { kind: conversionTechnology, name: Heat pump, field: variableInvestmentCost }, range: { min: 800, max: 1400 } }
outcomes:
  - { name: lcc, objective: MIN_LIFE_CYCLE_COST }
  - { name: heat_pumps, capacity: { technology: Heat pump } }
  - { name: gas_use, energy: { carrier: Natural gas, direction: import } }
  - { name: co2_ops, co2: { category: operation } }
variants: { method: morris, trajectories: 3, levels: 4, seed: 5 }
solver: { objective1: MIN_LIFE_CYCLE_COST, points: 1, temporalResolution: LOW, timeLimit: 3, mipGap: 1 }
budget: { jobs: 12 }
concurrency: 4
output: out-morris-demo
`));
    expect(result.totals.failed).toBe(0);
    const analysis = manifest.analysis as Extract<AnalysisRecord, { method: 'morris' }>;
    expect(analysis).toMatchObject({ method: 'morris', trajectories: 3, levels: 4, runs: 12 });
    const index = (outcome: string, group: string) => analysis.outcomes.find((o) => o.outcome === outcome)!.groups.find((g) => g.name === group)!;
    for (const outcome of ['lcc', 'heat_pumps', 'gas_use']) {
      expect(index(outcome, 'gas_co2'), outcome).toMatchObject({ muStar: 0, mu: 0, sigma: 0, muStarInterval: [0, 0] });
      expect(index(outcome, 'gas_price').muStar, outcome).toBeGreaterThan(0);
    }
    // …while the CO2 of operation follows the intensity it multiplies.
    expect(index('co2_ops', 'gas_co2').muStar).toBeGreaterThan(0);
    expect(analysis.outcomes.find((o) => o.outcome === 'lcc')!.unit).toBe('CHF');
    expect(manifest.outcomes!.map((o) => [o.name, o.unit])).toEqual([['lcc', 'CHF'], ['heat_pumps', 'kW'], ['gas_use', 'kWh/year'], ['co2_ops', 'kg CO2']]);
    expect(analysis.outcomes.find((o) => o.outcome === 'lcc')!.notes.join(' ')).toMatch(/gas_co2 did not move it at all \(μ\* = 0\)/);

    // Points two trajectories share are solved once: one job per distinct variant.
    expect(manifest.variants).toHaveLength(analysis.distinct);
    expect(await jobsOf('Morris demo')).toHaveLength(analysis.distinct);

    // What an analyst reads: the outcomes as columns, a Sensitivity sheet, the two plots, the report's section.
    const csv = readFileSync(join(study.output, 'results.csv'), 'utf8').split('\r\n');
    expect(csv[0]).toContain('lcc [CHF],heat_pumps [kW],gas_use [kWh/year],co2_ops [kg CO2]');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(join(study.output, 'summary.xlsx'));
    const sheet = workbook.getWorksheet('Sensitivity')!;
    expect(sheet.getRow(1).getCell(5).text).toMatch(/^μ\*/);
    expect(sheet.rowCount).toBeGreaterThan(4 * 3);
    for (const plot of ['morris-lcc-mu-star-sigma', 'morris-lcc-mu-star']) expect(existsSync(join(study.output, 'plots', `${plot}.svg`)), plot).toBe(true);
    const report = readFileSync(join(study.output, 'report.html'), 'utf8');
    expect(report).toContain('<h2>Sensitivity</h2>');
    expect(report).toContain('Morris elementary effects: 3 trajectories on 4 levels');
  }, 600_000);
});

describe('a tipping-point search on the demo district', () => {
  it('brackets the gas price at which the school gets a heat pump to 1 % of the range in at most 10 jobs', async () => {
    const { handle, result, manifest, study } = await run(demoStudy('tipping-demo', 'Tipping demo', `
parameters:
  - { name: gas_price, target: ${GAS}, range: { min: 0.03, max: 0.15 } }
outcomes:
  - { name: hp_school, capacity: { technology: Heat pump, hub: School } }
variants: { method: search, parameter: gas_price, condition: { outcome: hp_school, above: 1 }, tolerance: 0.0012, probes: 10 }
solver: { objective1: MIN_LIFE_CYCLE_COST, points: 1, temporalResolution: LOW, timeLimit: 3, mipGap: 0.1 }
budget: { jobs: 10 }
concurrency: 2
output: out-tipping-demo
`));
    const analysis = manifest.analysis as Extract<AnalysisRecord, { method: 'search' }>;
    const [search] = analysis.searches;
    const answer = search.answer!;
    expect(answer).toMatchObject({ verdict: 'bracketed', stop: 'tolerance' });
    const [bracket] = answer.brackets;
    expect(bracket.high - bracket.low).toBeLessThanOrEqual(0.0012);
    // The condition changes across the bracket, as solved: none below it, a heat pump above.
    expect(bracket.lowOutcome).toBeLessThanOrEqual(1);
    expect(bracket.highOutcome).toBeGreaterThan(1);
    expect(answer.jobs).toBeLessThanOrEqual(10);
    expect(new Set(search.probes.map((p) => p.value)).size).toBe(search.probes.length);
    // Every probe was one variant and one solver job.
    expect(result.totals).toMatchObject({ variants: search.probes.length, done: search.probes.length, failed: 0 });
    expect(await jobsOf('Tipping demo')).toHaveLength(search.probes.length);
    // Its progress says what it found, and its report and plot mark the bracket.
    expect((await handle.query(progressQuery)).method).toEqual([answer.text]);
    expect(readFileSync(join(study.output, 'report.html'), 'utf8')).toContain(escapeXml(answer.text));
    // The bracket shaded across the plot, labelled with its ends (three significant digits, as the chart gives them).
    const plot = readFileSync(join(study.output, 'plots', 'search-1.svg'), 'utf8');
    expect(plot).toContain('fill="rgb(242,142,43)" fill-opacity="0.22"');
    const three = (x: number) => String(Number(x.toPrecision(3)));
    expect(plot).toContain(`>${three(bracket.low)}–${three(bracket.high)}</text>`);
  }, 600_000);

  it('runs one search per value of a second parameter side by side, and confirms each bracket at a tighter gap', async () => {
    const { manifest, result, study } = await run(demoStudy('tipping-curve', 'Tipping curve', `
parameters:
  - { name: gas_price, target: ${GAS}, range: { min: 0.03, max: 0.15 } }
  - { name: hp_cost, target: { kind: conversionTechnology, name: Heat pump, field: variableInvestmentCost }, values: [800, 1400] }
outcomes:
  - { name: design, design: { tolerance: 1 } }
variants: { method: search, parameter: gas_price, condition: { outcome: design, changes: true }, tolerance: 0.01, probes: 5, confirm: { mipGap: 0.1 } }
solver: { objective1: MIN_LIFE_CYCLE_COST, points: 1, temporalResolution: LOW, timeLimit: 3, mipGap: 1 }
budget: { jobs: 20 }
concurrency: 4
output: out-tipping-curve
`));
    const analysis = manifest.analysis as Extract<AnalysisRecord, { method: 'search' }>;
    expect(analysis.searches.map((s) => s.along)).toEqual([{ hp_cost: 800 }, { hp_cost: 1400 }]);
    for (const search of analysis.searches) {
      const answer = search.answer!;
      expect(answer.verdict).toBe('bracketed');
      expect(search.probes.filter((p) => p.step !== 'confirm').length).toBeLessThanOrEqual(5);
      // Both ends of each bracket solved again at the tighter gap, as variants of their own.
      const confirmations = search.probes.filter((p) => p.step === 'confirm');
      expect(confirmations.map((p) => p.value).sort()).toEqual([...new Set(answer.brackets.flatMap((b) => [b.low, b.high]))].sort());
      expect(answer.brackets.every((b) => b.confirmed !== undefined)).toBe(true);
    }
    const confirmed = manifest.variants.filter((v) => v.solver);
    expect(confirmed.length).toBeGreaterThan(0);
    expect(confirmed.every((v) => v.solver!.mipGap === 0.1 && v.label.endsWith('(mipGap 0.1)'))).toBe(true);
    expect(result.totals.failed).toBe(0);
    const jobs = await jobsOf('Tipping curve');
    expect(jobs).toHaveLength(manifest.variants.length);
    expect(jobs.filter((j) => j.mipGap === 0.1)).toHaveLength(confirmed.length);
    expect(existsSync(join(study.output, 'plots', 'tipping-curve.svg'))).toBe(true);
  }, 600_000);

  it('stops when cancelled mid-search, recording every probe and saying the search did not finish', async () => {
    const { study, file } = env.study(demoStudy('tipping-cancelled', 'Tipping cancelled', `
parameters:
  - { name: gas_price, target: ${GAS}, range: { min: 0.03, max: 0.15 } }
outcomes:
  - { name: hp_school, capacity: { technology: Heat pump, hub: School } }
variants: { method: search, parameter: gas_price, condition: { outcome: hp_school, above: 1 }, tolerance: 0.0012, probes: 10 }
solver: { objective1: MIN_LIFE_CYCLE_COST, points: 1, temporalResolution: LOW, timeLimit: 3, mipGap: 0.1 }
budget: { jobs: 10 }
concurrency: 2
output: out-tipping-cancelled
`));
    const handle = await env.temporal.workflow.start(studyWorkflow, { workflowId: `study/${study.name}`, taskQueue: env.taskQueue, args: [env.input(study, file)] });
    // Once the search has moved past its scan, it is cancelled in the middle of its bisection.
    await waitFor(async () => ((await handle.query(progressQuery).catch(() => undefined))?.variants ?? 0) >= 3, { timeoutMs: 240_000, intervalMs: 200, what: 'the search to bisect' });
    await handle.cancel();
    expect(await handle.result().then(() => undefined, (e: unknown) => e)).toBeInstanceOf(WorkflowFailedError);
    const manifest = await readManifest(study.output);
    const analysis = manifest.analysis as Extract<AnalysisRecord, { method: 'search' }>;
    const [search] = analysis.searches;
    expect(search.answer).toBeUndefined();
    expect(manifest.variants).toHaveLength(search.probes.length);
    expect(manifest.variants.every((v) => v.status === 'DONE' || v.status === 'STOPPED')).toBe(true);
    expect(readFileSync(join(study.output, 'report.html'), 'utf8')).toContain(`Not finished: ${search.probes.length} probes so far.`);
    expect((await jobsOf('Tipping cancelled')).every((j) => ['DONE', 'STOPPED'].includes(j.status))).toBe(true);
  }, 600_000);
});
