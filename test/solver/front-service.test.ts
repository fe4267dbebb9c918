/**
 * The local service's point placement: evenly in objective 2 unless the service is started with
 * 'bend', as the deployed service places them. Each job's output says which, on its Pareto front
 * sheet, beside the front's marginal abatement costs and knee.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SolverJobRequest } from '../../src/wire/contract/solver-jobs.js';
import type { PointPlacement } from '../../src/local-service/optimiser/settings.js';
import { buildScenario } from '../support/scenario-fixture.js';
import { startTestService, type TestService } from '../support/service.js';
import { waitFor } from '../support/wait.js';

const services: TestService[] = [];
afterAll(() => Promise.all(services.map((s) => s.close())));

/** The `Pareto front` sheet of solution 1 of a 3-point cost–CO2 job on a service with this placement (or none). */
async function frontSheetOn(pointPlacement: PointPlacement | undefined): Promise<unknown[][]> {
  const service = await startTestService({ solver: { slots: 1, ...(pointPlacement ? { pointPlacement } : {}) } });
  services.push(service);
  const client = service.client();
  const f = await buildScenario(client);
  const request: SolverJobRequest = {
    name: 'fronts', objective1: 'MIN_LIFE_CYCLE_COST', objective2: 'MIN_CO2_EMISSIONS', scenarioGuid: f.scenarioGuid,
    temporalResolution: 'LOW', points: 3, timeLimit: 5, mipGap: 0.5,
  };
  const [submitted] = await client.solverJobs.submit([request]);
  const done = await waitFor(async () => {
    const current = await client.solverJobs.retrieve(submitted.id);
    return current.terminated ? current : undefined;
  }, { timeoutMs: 180_000, intervalMs: 100, what: 'the job to end' });
  expect(done.status, done.statusMsg ?? '').toBe('DONE');
  const path = join(service.dataDir, 'downloads', 'results.zip');
  await client.files.download(done.outputFile!, path);
  const entries = unzipSync(await readFile(path));
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(entries[Object.keys(entries).find((n) => n.startsWith('Solution 1 '))!]) as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.getWorksheet('Pareto front')!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe('point placement in the service', () => {
  let byDefault: unknown[][];
  let bend: unknown[][];
  beforeAll(async () => {
    [byDefault, bend] = await Promise.all([frontSheetOn(undefined), frontSheetOn('bend')]);
  }, 400_000);

  it('places points evenly by default, as the deployed service does, and says so', () => {
    expect(String(byDefault[0][0])).toContain('placed evenly in MIN_CO2_EMISSIONS');
  });

  it('places them where the front bends when the service is started so', () => {
    expect(String(bend[0][0])).toContain('placed where the front bends');
  });

  it('lists the three points with a rate from the previous point on points 2 and 3', () => {
    for (const rows of [byDefault, bend]) {
      expect(rows.slice(2).map((r) => r[0])).toEqual([1, 2, 3]);
      expect(rows[2][3]).toBeUndefined();
      for (const r of rows.slice(3)) expect(typeof r[3]).toBe('number');
    }
  });
});
