/**
 * Solver jobs solved for real by the local service's HiGHS optimiser: a Pareto job ends DONE with
 * an output zip in the deployed layout, a stop ends a running solve, an infeasible scenario ends
 * with a diagnosis, and usage counts the solver minutes.
 */
import { unzipSync } from 'fflate';
import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SolverJobRequest } from '../../src/wire/contract/solver-jobs.js';
import type { PlanningClient } from '../../src/wire/client/index.js';
import { buildScenario, type ScenarioFixture } from '../support/scenario-fixture.js';
import { startTestService, type TestService } from '../support/service.js';
import { waitFor } from '../support/wait.js';

let service: TestService;
let client: PlanningClient;
let f: ScenarioFixture;

beforeAll(async () => {
  service = await startTestService({ solver: { slots: 2 } });
  client = service.client();
  f = await buildScenario(client);
});
afterAll(() => service.close());

const job = (overrides: Partial<SolverJobRequest> = {}): SolverJobRequest => ({
  name: 'highs', objective1: 'MIN_LIFE_CYCLE_COST', objective2: 'MIN_CO2_EMISSIONS', scenarioGuid: f.scenarioGuid,
  temporalResolution: 'LOW', points: 3, timeLimit: 5, mipGap: 0.5, ...overrides,
});

const ended = (id: string, timeoutMs = 120_000) =>
  waitFor(async () => {
    const current = await client.solverJobs.retrieve(id);
    return current.terminated ? current : undefined;
  }, { timeoutMs, intervalMs: 100, what: `job ${id} to end` });

/** Reads the rows of a sheet as arrays of cell values. */
function rowsOf(sheet: ExcelJS.Worksheet): unknown[][] {
  const rows: unknown[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe('solver jobs solved with HiGHS', () => {
  it('ends a Pareto job DONE with one solution workbook per point, in the deployed layout', async () => {
    const [submitted] = await client.solverJobs.submit([job()]);
    const done = await ended(submitted.id);
    expect(done.status, `${done.statusMsg} ${done.infeasibilityInfo ?? ''}`).toBe('DONE');
    expect(done.pointsCompleted).toBe(3);
    expect(done.started).toBeTruthy();
    const path = join(service.dataDir, 'downloads', 'results.zip');
    await client.files.download(done.outputFile!, path);
    const entries = unzipSync(await readFile(path));
    expect(Object.keys(entries).sort()).toEqual(['Solution 1 - Base.xlsx', 'Solution 2 - Base.xlsx', 'Solution 3 - Base.xlsx']);

    const costs: number[] = [];
    const co2: number[] = [];
    for (const name of Object.keys(entries).sort()) {
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(entries[name].buffer as ArrayBuffer);
      const cost = rowsOf(workbook.getWorksheet('Cost & CO2')!);
      expect(cost[0]).toEqual(['Section', 'Item', 'Category', 'Hub', 'Stage', 'Value', 'Unit', 'Carrier']);
      const objective = (which: string) => Number(cost.find((r) => r[0] === 'Objective' && r[1] === which)![5]);
      costs.push(objective('MIN_LIFE_CYCLE_COST'));
      co2.push(objective('MIN_CO2_EMISSIONS'));
      expect(cost.some((r) => r[0] === 'Capacity' && Number(r[5]) > 0)).toBe(true);
      expect(cost.some((r) => r[0] === 'Cost' && r[2] === 'Investment')).toBe(true);
      const modes = workbook.worksheets.filter((s) => s.name.startsWith('Mode '));
      expect(modes.map((s) => s.name).sort()).toEqual(['Mode Hub A Stage 1', 'Mode Hub B Stage 1']);
      const hourly = rowsOf(modes[0]);
      expect(String(hourly[0][0])).toMatch(/Hourly operation/);
      expect(hourly[1][0]).toBe('Time step');
      expect(hourly.length - 2).toBe(Number(rowsOf(workbook.getWorksheet('Clustering')!).find((r) => r[0] === 'Number of typical time steps')![1]));
      const clustering = rowsOf(workbook.getWorksheet('Clustering')!);
      expect(Number(clustering.find((r) => r[0] === 'Max load duration error [%]')![1])).toBeLessThanOrEqual(15);
    }
    // A Pareto front: cost rises as CO2 falls.
    expect(costs[1]).toBeGreaterThanOrEqual(costs[0] - 1e-6);
    expect(costs[2]).toBeGreaterThanOrEqual(costs[1] - 1e-6);
    expect(co2[1]).toBeLessThanOrEqual(co2[0] + 1e-6);
    expect(co2[2]).toBeLessThanOrEqual(co2[1] + 1e-6);
    expect((await client.solverJobs.usage()).user.totalMinutes).toBeGreaterThanOrEqual(1);
  });

  it('stops a running solve on request', async () => {
    const [submitted] = await client.solverJobs.submit([job({ temporalResolution: 'FULL', points: 5, timeLimit: 60 })]);
    await waitFor(async () => (await client.solverJobs.retrieve(submitted.id)).status === 'RUNNING', { timeoutMs: 60_000, what: 'the solve to start' });
    const asked = Date.now();
    await client.solverJobs.stop(submitted.id);
    const stopped = await ended(submitted.id, 30_000);
    expect(stopped.status).toBe('STOPPED');
    expect(Date.now() - asked).toBeLessThan(30_000);
  });

  it('ends an infeasible scenario with its likely cause', async () => {
    const scenario = await client.scenarios.copy(f.scenarioGuid, { name: 'Capped' });
    const s = scenario.scenarioGuid;
    // Only a 1 kW boiler may supply heat: the heat demand cannot be met.
    for (const tech of await client.conversionTechnologies.list(s)) {
      if (tech.processName === 'Heat pump') await client.conversionTechnologies.delete(tech.conversionTechnologyGuid);
    }
    const [boiler] = (await client.conversionTechnologies.list(s)).filter((t) => t.processName === 'Gas boiler');
    const detail = await client.conversionTechnologies.retrieve(boiler.conversionTechnologyGuid);
    const mode = detail.technologyModes[0];
    await client.conversionTechnologies.update(boiler.conversionTechnologyGuid, {
      processName: 'Gas boiler', mustBeInstalledInHubs: 'canBeInstalled', lifetime: 20, exchangeCurrency: 'CHF', exchangeRate: 1,
      hubs: detail.hubs.map((h) => ({ hubGuid: h.hubGuid })), stages: detail.stages,
      technologyModes: [{
        seasonalOperationName: 'ALL_SEASONS', seasonalOperationValue: 'All seasons', simultaneousOperation: true, maximumCapacity: 1, primary: true,
        inputEnergyCarriers: mode.inputEnergyCarriers.map((c) => ({ energyCarrierGuid: c.energyCarrierGuid, fixedInputShare: 100 })),
        outputEnergyCarriers: mode.outputEnergyCarriers.map((c) => ({ energyCarrierGuid: c.energyCarrierGuid, outputEfficiency: 92, primary: true })),
      }],
    });
    for (const link of await client.networkLinks.list(s)) await client.networkLinks.delete(s, link.networkLinkGuid);
    for (const storage of await client.storageTechnologies.list(s)) await client.storageTechnologies.delete(storage.storageTechnologyGuid);
    const [submitted] = await client.solverJobs.submit([job({ scenarioGuid: s, objective2: null, points: 1 })]);
    const failed = await ended(submitted.id);
    expect(failed.status).toBe('FAILED');
    expect(failed.infeasibilityInfo).toMatch(/infeasible/i);
    expect(failed.infeasibilityInfo).toMatch(/Gas boiler/);
  });
});
