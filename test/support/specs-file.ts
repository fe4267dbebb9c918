/** A scenario's specs workbook, as a test needs its bytes: generated, waited for, downloaded. */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { PlanningClient } from '../../src/wire/client/index.js';
import { waitFor } from './wait.js';

export async function downloadSpecsFile(client: PlanningClient, scenarioGuid: string, dir: string): Promise<Buffer> {
  await client.scenarios.generateSpecs([scenarioGuid]);
  const url = await waitFor(() => client.scenarios.specsFileUrl(scenarioGuid), { what: `the specs file of ${scenarioGuid}` });
  const { path } = await client.files.download(url, join(dir, `${scenarioGuid}.xlsx`));
  return readFile(path);
}
