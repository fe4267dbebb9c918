/**
 * Writes examples/demo-district.xlsx: the demo district built through the client in a throw-away
 * local service, exported as its specs workbook. Run again after changing src/tooling/demo/district.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PlanningClient } from '../src/wire/client/index.js';
import { buildDemoDistrict } from '../src/tooling/demo/district.js';
import { startService } from '../src/local-service/server/app.js';

const dataDir = mkdtempSync(join(tmpdir(), 'sweep-demo-district-'));
const user = { email: 'demo@example.com', password: 'demo-district' };
const service = await startService({ dataDir, users: [user], solver: { optimiser: null } });
const client = new PlanningClient({ baseUrl: service.url, credentials: user });
try {
  const project = await client.projects.create({ projectName: 'Demo', version: 'V2' });
  const analysis = await client.analyses.create(project.projectGuid, 'Demo');
  const scenario = await buildDemoDistrict(client, analysis.analysisGuid);
  await client.scenarios.generateSpecs([scenario]);
  let url: string | null = null;
  // Generation is asynchronous: ask again until the address is there.
  while (!(url = await client.scenarios.specsFileUrl(scenario))) await new Promise((r) => setTimeout(r, 50));
  const target = join(import.meta.dirname, '..', 'examples', 'demo-district.xlsx');
  const { bytes, sha256 } = await client.files.download(url, target);
  console.log(`wrote ${target} (${bytes} bytes, sha256 ${sha256})`);
} finally {
  await client.close();
  await service.close();
  rmSync(dataDir, { recursive: true, force: true });
}
