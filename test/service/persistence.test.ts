/**
 * A service killed with SIGKILL and started again on the same data directory serves everything it
 * had acknowledged: the service runs as its own process (`sweep service`), is killed right after
 * its last answer, and the content read back from the new process equals the content before.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { PlanningClient } from '../../src/wire/client/index.js';
import { buildScenario } from '../support/scenario-fixture.js';
import { ALICE, tempDir } from '../support/service.js';

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

/** Starts `sweep service` and answers its address, read from the first line it prints. */
async function startServiceProcess(dataDir: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['bin/sweep.js', 'service', '--data-dir', dataDir, '--port', '0', '--user', `${ALICE.email}:${ALICE.password}`], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  const lines = createInterface({ input: child.stdout! });
  const [line] = (await once(lines, 'line')) as [string];
  const url = /listening on (\S+)/.exec(line)?.[1];
  if (!url) throw new Error(`unexpected first line: ${line}`);
  return { child, url };
}

/** Everything of a scenario as the client reads it, without timestamps. */
async function snapshot(client: PlanningClient, projectGuid: string, scenarioGuid: string) {
  const s = scenarioGuid;
  const project = await client.projects.retrieve(projectGuid);
  const content = {
    project: project.projectName,
    analyses: project.analyses?.map((a) => [a.analysisName, a.scenarios?.map((x) => x.scenarioName)]),
    stages: await client.stages.list(s), hubs: await client.hubs.list(s), carriers: await client.carriers.list(s),
    profiles: await Promise.all((await client.profiles.list(s)).map((p) => client.profiles.retrieve(s, p.id))),
    impex: await client.impex.list(s), links: await client.networkLinks.list(s), storages: await client.storageTechnologies.list(s),
    networks: await client.networkTechnologies.list(s), conversions: await client.conversionTechnologies.list(s),
    demands: await client.energyDemands.list(s), packages: await client.technologyPackages.list(s),
    solar: await client.solarResources.list(s), intraHub: await client.intraHubLinks.list(s),
  };
  return JSON.parse(JSON.stringify(content, (key, value) => (key === 'updated' || key === 'created' ? undefined : value)));
}

describe('durability', () => {
  it('keeps everything acknowledged when the service is killed with SIGKILL', async () => {
    const dataDir = tempDir();
    const first = await startServiceProcess(dataDir);
    const client = new PlanningClient({ baseUrl: first.url, credentials: ALICE });
    const f = await buildScenario(client);
    const copy = await client.scenarios.copy(f.scenarioGuid, { name: 'Copied just before the crash' });
    const before = await snapshot(client, f.projectGuid, f.scenarioGuid);
    const copyBefore = await snapshot(client, f.projectGuid, copy.scenarioGuid);
    // The last write: acknowledged, then the process dies at once.
    const lastHub = await client.hubs.create(f.scenarioGuid, 'Acknowledged last');
    const tokenBeforeCrash = await client.transport.tokens.token();
    first.child.kill('SIGKILL');
    await once(first.child, 'exit');
    await client.close();

    const second = await startServiceProcess(dataDir);
    const again = new PlanningClient({ baseUrl: second.url, credentials: ALICE });
    expect((await again.hubs.retrieve(lastHub.hubGuid)).hubName).toBe('Acknowledged last');
    await again.hubs.delete(lastHub.hubGuid);
    expect(await snapshot(again, f.projectGuid, f.scenarioGuid)).toEqual(before);
    expect(await snapshot(again, f.projectGuid, copy.scenarioGuid)).toEqual(copyBefore);
    // Tokens issued before the crash stay valid: the signing secret lives in the data directory.
    const withOldToken = await fetch(`${second.url}/app-service/projects`, { headers: { authorization: `Bearer ${tokenBeforeCrash}` } });
    expect(withOldToken.status).toBe(200);
    await again.close();
  });
});
