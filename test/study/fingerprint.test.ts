/**
 * Specs fingerprints on real specs files of the local service: a copy of an unchanged scenario
 * fingerprints as its original does (new guids, new title), a changed value does not.
 */
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanningClient } from '../../src/wire/client/index.js';
import { specsFingerprint } from '../../src/product/study/fingerprint.js';
import { buildScenario, type ScenarioFixture } from '../support/scenario-fixture.js';
import { startTestService, tempDir, type TestService } from '../support/service.js';
import { downloadSpecsFile } from '../support/specs-file.js';

let service: TestService;
let client: PlanningClient;
let fixture: ScenarioFixture;
const downloads = tempDir('sweep-fingerprint-');

const specsFile = (scenarioGuid: string) => downloadSpecsFile(client, scenarioGuid, downloads);

beforeAll(async () => {
  service = await startTestService();
  client = service.client();
  fixture = await buildScenario(client);
});
afterAll(() => service?.close());

describe('specs fingerprints', () => {
  it('are equal for copies of one scenario and differ once a value changes', async () => {
    const original = specsFingerprint(await specsFile(fixture.scenarioGuid));
    const copy = await client.scenarios.copy(fixture.scenarioGuid, { name: 'Copy of base' });
    const copied = await specsFile(copy.scenarioGuid);
    expect(specsFingerprint(copied)).toBe(original);

    const [stage] = await client.stages.list(copy.scenarioGuid);
    await client.stages.update(copy.scenarioGuid, stage.guid, { name: stage.name, length: stage.length + 5, index: stage.index });
    expect(specsFingerprint(await specsFile(copy.scenarioGuid))).not.toBe(original);
  });

  it('refuses bytes that are not a workbook, and a zip without worksheets', () => {
    expect(() => specsFingerprint(Buffer.from('not a zip'))).toThrow(/not an xlsx workbook/);
    expect(() => specsFingerprint(zipSync({ 'docProps/core.xml': new Uint8Array([60]) }))).toThrow(/no worksheets/);
  });
});
