/**
 * The scenario workbook: export through the specs queue, import through createFromExcel and
 * replaceFromExcel (over real HTTP with the typed client), and the reader's problems on workbooks
 * built here with exceljs.
 */
import { rmSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toProfileValues } from '../../src/wire/contract/profiles.js';
import type { PlanningClient } from '../../src/wire/client/index.js';
import { RESOURCE_KINDS, type ScenarioContent } from '../../src/local-service/scenario-model/documents.js';
import { RECORD_SHEETS, SHEET_ORDER } from '../../src/local-service/specs-workbook/layout/index.js';
import { formatModeCarriers, type ModeCarrier, parseModeCarriers } from '../../src/local-service/specs-workbook/mode-carriers.js';
import { readScenarioWorkbook } from '../../src/local-service/specs-workbook/read-workbook.js';
import { WorkbookError } from '../../src/local-service/specs-workbook/workbook-error.js';
import { writeScenarioWorkbook } from '../../src/local-service/specs-workbook/write-workbook.js';
import { buildScenario } from '../support/scenario-fixture.js';
import { startTestService, type TestService, tempDir } from '../support/service.js';
import { downloadSpecsFile } from '../support/specs-file.js';

const SPECS_SHEETS = [
  'Stages', 'Hubs', 'Energy Carriers', 'Imports', 'Exports', 'On-site Resources', 'Demands', 'Conversion Techs',
  'Conversion Tech Modes', 'Storage Techs', 'Network Techs', 'Network Links',
];

const hourly = (f: (hour: number) => number) => toProfileValues(Array.from({ length: 8760 }, (_, h) => f(h)));

/** A scenario with one or more resources of every kind, some fields set only by updates. */
async function buildRichScenario(client: PlanningClient, analysisGuid: string, name: string): Promise<string> {
  const s = (await client.scenarios.create(analysisGuid, name)).scenarioGuid;
  const stage1 = await client.stages.create(s, { name: 'Stage 2025', length: 10, index: 0, interestRate: 3.5, inflationRate: 1.25 });
  const stage2 = await client.stages.create(s, { name: 'Stage 2035', length: 15, index: 1 });
  const stages = [stage1.guid, stage2.guid];
  const hubA = (await client.hubs.create(s, 'Hub A')).hubGuid;
  const hubB = (await client.hubs.create(s, 'Hub B')).hubGuid;
  const electricity = (await client.carriers.create(s, { subType: 'ELECTRICITY', energyCarrierName: 'Electricity', colorHexCode: '#f2c500' })).energyCarrierGuid;
  const heat = (await client.carriers.create(s, { subType: 'HEAT_3', energyCarrierName: 'Heat 45°C' })).energyCarrierGuid;
  const gas = (await client.carriers.create(s, { subType: 'GAS', energyCarrierName: 'Gas', allowVirtualLoad: true })).energyCarrierGuid;
  const sun = (await client.carriers.create(s, { subType: 'SOLAR_ROOF', energyCarrierName: 'Solar roof' })).energyCarrierGuid;
  const demandProfile = await client.profiles.create(s, { name: 'Office heat', values: hourly((h) => 20 + (h % 24) * 1.25) });
  const priceProfile = await client.profiles.create(s, { name: 'Spot price', values: hourly((h) => ((h * 7919) % 100) / 1000) });
  const sunProfile = await client.profiles.create(s, { name: 'Irradiance', values: hourly((h) => Math.max(0, Math.sin(((h % 24) - 6) / 12 * Math.PI)) * 0.8) });
  const copProfile = await client.profiles.create(s, { name: 'COP', values: hourly((h) => 2.5 + (h % 168) / 100) });

  const demand = await client.energyDemands.create(s, {
    name: 'Office heat demand', energyCarrierGuid: heat, hubGuids: [hubA, hubB], demandProfileId: demandProfile.id, stages,
    demandScalingFactor: 1.2, multiplicationFactor: 2, reverse: false,
  });
  await client.energyDemands.update(s, demand.energyDemandGuid, {
    energyDemandName: 'Office heat demand', energyCarrierGuid: heat, energyCarrierName: 'Heat 45°C', hubs: [{ hubGuid: hubA }, { hubGuid: hubB }],
    demandProfileId: demandProfile.id, stages, demandScalingFactor: 1.2, multiplicationFactor: 2,
    energyDemandMetadataBuildingType: 'OFFICES', energyDemandMetadataReferencedAreaM2: 1500,
  });
  await client.impex.create(s, {
    name: 'Grid', energyCarrierGuid: electricity, type: 'IMPORT', hubs: [{ hubGuid: hubA }], stages, energyPriceCHFkWh: 0.25,
    co2IntensityKgCo2kWh: 0.128, hourlyEnergyPriceProfileId: priceProfile.id, year: 2025,
    priceComponents: [{ name: 'Network use', value: 0.08, priceCategory: 'NETWORK_USE', priceDimension: 'ENERGY_PRICE_CHF_KWH', type: 'TIME_OF_USE', timeOfUses: ['Peak'] }],
    timeOfUses: [{ name: 'Peak', months: ['JANUARY', 'FEBRUARY'], days: ['MONDAY'], startTime: '08:00', endTime: '12:00' }],
  });
  await client.impex.create(s, { name: 'Feed-in', energyCarrierGuid: electricity, type: 'EXPORT', hubs: [{ hubGuid: hubB }], stages: [stage1.guid], energyPriceCHFkWh: 0.06 });
  const pipe = await client.networkTechnologies.create(s, {
    networkTechnologyName: 'District heating pipe', lifetime: 40, energyCarrierGuid: heat, stages, fixedInvestmentCost: 1000,
    variableInvestmentCost: 12.5, exchangeCurrency: 'CHF', exchangeRate: 1, costComponents: [{ name: 'Trench', value: 150, category: 'PIPE', length: 50 }],
  });
  await client.networkLinks.create(s, {
    name: 'A to B', length: 250, technologyCapacity: 'optimize', node1Guid: hubA, node2Guid: hubB,
    networkTechnologyGuid: pipe.networkTechnologyGuid, networkLoss: 0.1, uniDirectionalFlow: false, mustBeInstalled: true,
  });
  const battery = await client.storageTechnologies.create(s, {
    storageName: 'Battery', mustBeInstalled: 'canBeInstalled', lifetime: 15, technologyCapacity: 'optimize', storageChargingEfficiency: 95,
    storageDischargingEfficiency: 94.5, hubGuids: [hubA], energyCarrierGuid: electricity, stages, variableInvestmentCost: 500,
    maximumChargingRate: 50, minimumSoc: 10, evPlugInTime: { hour: 18, minute: 30 }, typeOfCharging: 'Smart',
  });
  const heatPump = await client.conversionTechnologies.create(s, {
    processName: 'Heat pump', mustBeInstalledInHubs: 'canBeInstalled', lifetime: 20, exchangeCurrency: 'CHF', exchangeRate: 1,
    hubGuids: [hubA, hubB], stages, fixedInvestmentCost: 20000.12345, variableInvestmentCost: 1200, variableOmCostPercent: -1.5,
    costComponents: [{ name: 'Drilling', value: 5000, category: 'FIXED_INVESTMENT_COSTS_CHF' }],
    conversionTechnologyModes: [
      {
        seasonalOperation: 'ALL_SEASONS', primary: true, minPartLoad: 20, minimumUpTime: 2,
        energyCarriers: [
          { energyCarrierGuid: electricity, type: 'INPUT', primary: false, fixedInputShare: 100 },
          {
            energyCarrierGuid: heat, type: 'OUTPUT', primary: true, outputEfficiency: 300, outputEfficiencyProfileId: copProfile.id,
            customOutputEfficiencyActivated: true, customSeasonalityValues: [{ month: 'JANUARY', value: 0.9 }, { month: 'JULY', value: 1.1 }],
          },
        ],
      },
      {
        seasonalOperation: 'WINTER', primary: false, simultaneousOperation: false, capacity: 50,
        energyCarriers: [
          { energyCarrierGuid: gas, type: 'INPUT', primary: false, fixedInputShare: 100 },
          { energyCarrierGuid: heat, type: 'OUTPUT', primary: true, outputEfficiency: 90 },
        ],
      },
    ],
  });
  await client.technologyPackages.create(s, {
    name: 'Heat pump and battery', conversionTechnologies: [heatPump.conversionTechnologyGuid], storageTechnologies: [battery.storageTechnologyGuid],
    maximumConversions: 1, mustBeInstalled: 'None',
  });
  const roof = await client.solarResources.create(s, {
    name: 'Roof PV', energyCarrierGuid: sun, hubs: [{ hubGuid: hubA, availableSolarCollectorArea: 120.5, availableResourceType: 'Area' }],
    profileId: sunProfile.id, stages: [stage1.guid],
  });
  await client.solarResources.update(roof.solarResourceGuid, {
    name: 'Roof PV', energyCarrierGuid: sun, energyCarrierName: 'Solar roof', hubs: [{ hubGuid: hubA, availableSolarCollectorArea: 120.5 }],
    irradianceProfileType: 'GENERATED', profileId: sunProfile.id, stages: [stage1.guid], solarResourceMetadataName: 'Zurich', solarResourceMetadataSlope: 30,
  });
  await client.intraHubLinks.create(s, {
    name: 'Heat exchanger', inputEnergyCarrierGuid: heat, outputEnergyCarrierGuid: gas, hubGuids: [hubB], networkLoss: 2, stages,
    advancedCostComponents: [{ name: 'Exchanger', value: 800, category: 'FIXED_INVESTMENT_COSTS_CHF' }],
  });
  return s;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TIMESTAMPS = new Set(['created', 'updated', 'hubCreated', 'hubUpdated']);

/**
 * Everything of a scenario as the client reads it, comparable across scenarios: references become
 * the referenced names, profile ids the profiles' names; own ids and timestamps are left out.
 */
async function snapshot(client: PlanningClient, s: string) {
  const [stages, hubs, carriers, impexes, demands, solar, networkTechs, links, storages, conversions, packages, intraHub, profiles] = await Promise.all([
    client.stages.list(s), client.hubs.list(s), client.carriers.list(s), client.impex.list(s), client.energyDemands.list(s),
    client.solarResources.list(s), client.networkTechnologies.list(s), client.networkLinks.list(s), client.storageTechnologies.list(s),
    client.conversionTechnologies.list(s), client.technologyPackages.list(s), client.intraHubLinks.list(s), client.profiles.list(s),
  ]);
  const labels = new Map<string, string>([
    ...stages.map((x) => [x.guid, `stage ${x.name}`] as const),
    ...hubs.map((x) => [x.hubGuid, `hub ${x.hubName}`] as const),
    ...carriers.map((x) => [x.energyCarrierGuid, `carrier ${x.energyCarrierName}`] as const),
    ...networkTechs.map((x) => [x.networkTechnologyGuid, `network technology ${x.networkTechnologyName}`] as const),
    ...storages.map((x) => [x.storageTechnologyGuid, `storage ${x.storageName}`] as const),
    ...conversions.map((x) => [x.conversionTechnologyGuid, `conversion ${x.processName}`] as const),
  ]);
  const profileNames = new Map(profiles.map((p) => [p.id, `profile ${p.name}`]));
  const plain = (value: unknown, key = ''): unknown => {
    if (typeof value === 'string') return labels.get(value) ?? value;
    if (typeof value === 'number' && /profileid$/i.test(key)) return profileNames.get(value) ?? `missing profile ${value}`;
    if (Array.isArray(value)) return value.map((v) => plain(v));
    if (value && typeof value === 'object') {
      const entries = Object.entries(value).filter(([k, v]) => !TIMESTAMPS.has(k) && !(typeof v === 'string' && UUID.test(v) && !labels.has(v)));
      return Object.fromEntries(entries.map(([k, v]) => [k, plain(v, k)]));
    }
    return value;
  };
  const details = await Promise.all([
    Promise.all(storages.map((x) => client.storageTechnologies.retrieve(x.storageTechnologyGuid))),
    Promise.all(conversions.map((x) => client.conversionTechnologies.retrieve(x.conversionTechnologyGuid))),
    Promise.all(profiles.map((p) => client.profiles.retrieve(s, p.id))),
  ]);
  const byTypeAndName = [...impexes].sort((a, b) => `${a.type} ${a.name}`.localeCompare(`${b.type} ${b.name}`));
  return plain({
    stages, hubs, carriers, impexes: byTypeAndName, demands, solar, networkTechs, links, storages: details[0], conversions: details[1],
    packages, intraHub, profiles: details[2].map(({ id: _id, ...profile }) => profile),
  });
}

let service: TestService;
let client: PlanningClient;
let analysisGuid: string;
let sourceGuid: string;
let exported: Buffer;
const downloads = tempDir('sweep-spreadsheet-');

const specsFile = (scenarioGuid: string) => downloadSpecsFile(client, scenarioGuid, downloads);

async function uploaded(bytes: Uint8Array): Promise<string> {
  const address = await client.scenarios.uploadAddress();
  await client.files.upload(address, bytes);
  return address;
}

async function loadWorkbook(bytes: Uint8Array): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  return workbook;
}

/** The cell of `sheet` under the header `header`, in row `row`. */
function cell(workbook: ExcelJS.Workbook, sheet: string, header: string, row: number): ExcelJS.Cell {
  const worksheet = workbook.getWorksheet(sheet)!;
  let column = 0;
  worksheet.getRow(1).eachCell((c, n) => {
    if (c.value === header) column = n;
  });
  if (!column) throw new Error(`no column "${header}" in sheet "${sheet}"`);
  return worksheet.getRow(row).getCell(column);
}

/** The exported workbook changed by `change`. */
async function changed(change: (workbook: ExcelJS.Workbook) => void): Promise<Buffer> {
  const workbook = await loadWorkbook(exported);
  change(workbook);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

beforeAll(async () => {
  service = await startTestService();
  client = service.client();
  const project = await client.projects.create({ projectName: 'Spreadsheet', version: 'V2' });
  analysisGuid = (await client.analyses.create(project.projectGuid, 'Workbooks')).analysisGuid;
  sourceGuid = await buildRichScenario(client, analysisGuid, 'Rich');
  exported = await specsFile(sourceGuid);
});
afterAll(async () => {
  await service.close();
  rmSync(downloads, { recursive: true, force: true });
});

describe('the specs workbook over HTTP', () => {
  it('has the 12 sheets of the specs input file first, then Profiles, Technology Packages and Intra-hub Links', async () => {
    const workbook = await loadWorkbook(exported);
    expect(workbook.worksheets.map((w) => w.name)).toEqual([...SPECS_SHEETS, 'Profiles', 'Technology Packages', 'Intra-hub Links']);
    expect(SHEET_ORDER).toEqual(workbook.worksheets.map((w) => w.name));
    const hubs = workbook.getWorksheet('Hubs')!;
    expect(hubs.getRow(1).values).toEqual([undefined, 'Key', 'Hub Name']);
    expect(hubs.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(workbook.getWorksheet('Stages')!.getRow(1).values).toEqual([
      undefined, 'Key', 'Stage Name', 'Stage Length [years]', 'Order', 'Interest Rate [%]', 'Inflation Rate [%]',
    ]);
    expect(cell(workbook, 'Stages', 'Stage Length [years]', 2).value).toBe(10);
    expect(cell(workbook, 'Storage Techs', 'EV Plug-in Time [hh:mm]', 2).value).toBe('18:30');
    expect(cell(workbook, 'Network Links', 'Must Be Installed', 2).value).toBe(true);
    expect(cell(workbook, 'Demands', 'Hub Names', 2).value).toBe('Hub A; Hub B');
    expect(cell(workbook, 'Conversion Tech Modes', 'Energy Carrier Names', 2).value).toBe(
      'Electricity: input 100; Heat 45°C: output 300, primary, custom efficiency TRUE, efficiency profile COP, seasonality [{"month":"JANUARY","value":0.9},{"month":"JULY","value":1.1}]',
    );
    const profiles = workbook.getWorksheet('Profiles')!;
    expect(profiles.rowCount).toBe(8762);
    expect(profiles.getRow(2).values).toEqual([undefined, 'Name', 'Office heat', 'Spot price', 'Irradiance', 'COP']);
  });

  it('creates a scenario from the exported workbook with the same content', async () => {
    const created = await client.scenarios.createFromExcel(analysisGuid, { s3PresignedUrl: await uploaded(exported), scenarioName: 'Imported' });
    const source = await snapshot(client, sourceGuid);
    expect(source).toMatchObject({
      demands: [{ hubs: [{ hubGuid: 'hub Hub A' }, { hubGuid: 'hub Hub B' }], demandProfileId: 'profile Office heat', energyDemandMetadataBuildingType: 'OFFICES' }],
      solar: [{ irradianceProfileType: 'GENERATED', solarResourceMetadataSlope: 30 }],
      conversions: [{ technologyModes: [{ seasonalOperationName: 'ALL_SEASONS' }, { seasonalOperationName: 'WINTER' }] }],
    });
    expect(await snapshot(client, created.scenarioGuid)).toEqual(source);
  });

  it('round-trips the shared scenario fixture too', async () => {
    const fixture = await buildScenario(client, { projectName: 'Spreadsheet fixture' });
    const bytes = await specsFile(fixture.scenarioGuid);
    const created = await client.scenarios.createFromExcel(fixture.analysisGuid, { s3PresignedUrl: await uploaded(bytes), scenarioName: 'Fixture imported' });
    expect(await snapshot(client, created.scenarioGuid)).toEqual(await snapshot(client, fixture.scenarioGuid));
  });

  it('exports the imported scenario as the same workbook content', async () => {
    const created = await client.scenarios.createFromExcel(analysisGuid, { s3PresignedUrl: await uploaded(exported), scenarioName: 'Imported twice' });
    const again = await readScenarioWorkbook(await specsFile(created.scenarioGuid));
    const first = await readScenarioWorkbook(exported);
    expect(comparable(again)).toEqual(comparable(first));
  });

  it('replaces a scenario\'s content with the workbook\'s', async () => {
    const target = (await client.scenarios.create(analysisGuid, 'To replace')).scenarioGuid;
    await client.hubs.create(target, 'Old hub');
    await client.stages.create(target, { name: 'Old stage', length: 5, index: 0 });
    await client.scenarios.replaceFromExcel(target, await uploaded(exported));
    expect(await snapshot(client, target)).toEqual(await snapshot(client, sourceGuid));
  });

  const malformed: [string, () => Promise<Buffer>, RegExp][] = [
    ['a non-number in a number column', () => changed((w) => (cell(w, 'Stages', 'Stage Length [years]', 2).value = 'ten')),
      /sheet "Stages", row 2, column "Stage Length \[years\]": must be a number, not the text "ten"/],
    ['a reference to a missing hub key', () => changed((w) => (cell(w, 'Demands', 'Hub Keys', 2).value = 'no-such-hub')),
      /sheet "Demands", row 2, column "Hub Keys": no row with key "no-such-hub" in sheet "Hubs"/],
    ['a mode without an output carrier', () => changed((w) => {
      const carriers = cell(w, 'Conversion Tech Modes', 'Energy Carriers', 3);
      carriers.value = String(carriers.value).split('; ')[0];
    }), /sheet "Conversion Tech Modes", row 3, column "Energy Carriers": a mode needs at least one OUTPUT carrier/],
    ['a profile of 8759 hours', () => changed((w) => w.getWorksheet('Profiles')!.spliceRows(8762, 1)),
      /sheet "Profiles", row 8762, column "B \(key \d+\)": is empty: a profile holds exactly 8760 hourly values.*has 8759/],
    ['a bounded numeric with 6 decimals', () => changed((w) => (cell(w, 'Conversion Techs', 'Fixed Investment Cost [CHF]', 2).value = 1.123456)),
      /sheet "Conversion Techs", row 2, column "Fixed Investment Cost \[CHF\]": Invalid NUMERIC. Max precision=16, max scale=5/],
    ['bytes that are not a workbook', async () => Buffer.from('this is not a zip file'), /sheet "\(workbook\)": the file is not an .xlsx workbook/],
  ];

  for (const [what, workbook, message] of malformed) {
    it(`refuses ${what} with a 400 naming the place, and changes nothing`, async () => {
      const bytes = await workbook();
      const before = (await client.scenarios.list(analysisGuid)).map((x) => x.scenarioName);
      await expect(client.scenarios.createFromExcel(analysisGuid, { s3PresignedUrl: await uploaded(bytes), scenarioName: `Bad: ${what}` }))
        .rejects.toMatchObject({ status: 400, serviceMessage: expect.stringMatching(message) });
      expect((await client.scenarios.list(analysisGuid)).map((x) => x.scenarioName)).toEqual(before);

      const content = await snapshot(client, sourceGuid);
      await expect(client.scenarios.replaceFromExcel(sourceGuid, await uploaded(bytes))).rejects.toMatchObject({ status: 400 });
      expect(await snapshot(client, sourceGuid)).toEqual(content);
    });
  }
});

/** Content without the ids the reader makes up, for comparing two reads. */
function comparable(content: ScenarioContent) {
  const ids = new Map<string, string>();
  for (const kind of RESOURCE_KINDS) content.resources[kind].forEach((r, i) => ids.set(r.guid, `${kind} ${i}`));
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') return ids.get(value) ?? (UUID.test(value) ? '(own id)' : value);
    if (Array.isArray(value)) return value.map(walk);
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v)]));
    return value;
  };
  return {
    resources: Object.fromEntries(RESOURCE_KINDS.map((kind) => [kind, content.resources[kind].map((r) => walk(r.doc))])),
    profiles: content.profiles.map((p) => ({ id: p.id, name: p.name, values: Array.from(p.values) })),
  };
}

// ---------------------------------------------------------------------------------------------
// The reader on workbooks made here: the writer's empty workbook gives the headers, rows are
// added by header with the analyst's own keys.
// ---------------------------------------------------------------------------------------------

const EMPTY: ScenarioContent = {
  resources: Object.fromEntries(RESOURCE_KINDS.map((k) => [k, []])) as unknown as ScenarioContent['resources'],
  profiles: [],
};

function addRow(workbook: ExcelJS.Workbook, sheet: string, values: Record<string, ExcelJS.CellValue>): void {
  const worksheet = workbook.getWorksheet(sheet)!;
  const headers = (worksheet.getRow(1).values as unknown[]).slice(1);
  const unknown = Object.keys(values).filter((h) => !headers.includes(h));
  if (unknown.length) throw new Error(`no column(s) ${unknown.join(', ')} in sheet "${sheet}"`);
  worksheet.addRow(headers.map((h) => values[h as string] ?? null));
}

function addProfile(workbook: ExcelJS.Workbook, key: string, name: string, value: (hour: number) => number): void {
  const worksheet = workbook.getWorksheet('Profiles')!;
  const column = worksheet.columnCount + 1;
  worksheet.getRow(1).getCell(column).value = key;
  worksheet.getRow(2).getCell(column).value = name;
  for (let hour = 0; hour < 8760; hour++) worksheet.getRow(hour + 3).getCell(column).value = value(hour);
}

/** A small valid scenario typed by hand: its own keys, a time as Excel stores it, booleans as text. */
async function handMade(): Promise<ExcelJS.Workbook> {
  const workbook = await loadWorkbook(await writeScenarioWorkbook(EMPTY, { scenarioName: 'Hand-made' }));
  addRow(workbook, 'Stages', { Key: 's1', 'Stage Name': 'Now', 'Stage Length [years]': 20, Order: 0 });
  addRow(workbook, 'Hubs', { Key: 'h1', 'Hub Name': 'Main' });
  addRow(workbook, 'Hubs', { Key: 'h2', 'Hub Name': 'Annex' });
  addRow(workbook, 'Energy Carriers', { Key: 'el', 'Energy Carrier Name': 'Electricity', 'Energy Carrier Subtype': 'ELECTRICITY' });
  addRow(workbook, 'Energy Carriers', { Key: 'heat', 'Energy Carrier Name': 'Heat', 'Energy Carrier Subtype': 'HEAT_2', 'Allow Virtual Load': 'true' });
  addRow(workbook, 'Energy Carriers', { Key: 'pv', 'Energy Carrier Name': 'Sun', 'Energy Carrier Subtype': 'SOLAR_ROOF' });
  addProfile(workbook, 'load', 'Load', (h) => h % 24);
  addProfile(workbook, 'sun', 'Sun', (h) => (h % 24 > 6 && h % 24 < 18 ? 0.5 : 0));
  addRow(workbook, 'Demands', { Key: 'd1', 'Energy Demand Name': 'Load', 'Energy Carrier Key': 'heat', 'Hub Keys': 'h1; h2', 'Stage Keys': 's1', 'Demand Profile Key': 'load' });
  addRow(workbook, 'On-site Resources', {
    Key: 'roof', Name: 'Roof', 'Energy Carrier Key': 'pv', 'Hubs [hub key: available m² or kW, type]': 'h1: 80', 'Profile Key': 'sun', 'Stage Keys': 's1',
  });
  addRow(workbook, 'Conversion Techs', {
    Key: 'hp', 'Technology Name': 'Heat pump', 'Installation Option': 'canBeInstalled', 'Hub Keys': 'h1', 'Stage Keys': 's1',
    'Lifetime [years]': 20, Currency: 'CHF', 'Exchange Rate': 1,
  });
  addRow(workbook, 'Conversion Tech Modes', {
    Key: 'm1', 'Conversion Tech Key': 'hp', 'Seasonal Operation': 'ALL_SEASONS', 'Energy Carriers': 'el: input 100; heat: output 300, primary',
  });
  addRow(workbook, 'Storage Techs', {
    Key: 'tank', 'Storage Name': 'Tank', 'Installation Option': 'canBeInstalled', 'Technology Capacity': 'optimize', 'Energy Carrier Key': 'heat',
    'Hub Keys': 'h1', 'Charging Efficiency [%]': 90, 'Discharging Efficiency [%]': 90, 'Lifetime [years]': 30,
    'EV Plug-in Time [hh:mm]': new Date(Date.UTC(1899, 11, 30, 7, 45)),
  });
  addRow(workbook, 'Network Techs', { Key: 'pipe', 'Network Technology Name': 'Pipe', 'Energy Carrier Key': 'heat', 'Lifetime [years]': 40 });
  addRow(workbook, 'Network Links', {
    Key: 'l1', 'Link Name': 'Main to annex', 'Node 1 Hub Key': 'h1', 'Node 2 Hub Key': 'h2', 'Network Technology Key': 'pipe', Length: 120,
    'Technology Capacity': 'optimize',
  });
  addRow(workbook, 'Technology Packages', { Key: 'pkg', 'Package Name': 'Heating', 'Conversion Tech Keys': 'hp', 'Storage Tech Keys': 'tank' });
  return workbook;
}

const bytesOf = async (workbook: ExcelJS.Workbook) => new Uint8Array(await workbook.xlsx.writeBuffer());

/** The WorkbookError reading `workbook` throws. */
async function problemOf(workbook: ExcelJS.Workbook | Uint8Array): Promise<WorkbookError> {
  const error = await readScenarioWorkbook(workbook instanceof Uint8Array ? workbook : await bytesOf(workbook)).then(() => undefined, (e: unknown) => e);
  if (!(error instanceof WorkbookError)) throw new Error(`expected a WorkbookError, got ${String(error)}`);
  return error;
}

describe('reading a workbook', () => {
  it('reads a hand-made workbook with its own keys; the extra sheets may be missing', async () => {
    const workbook = await handMade();
    workbook.removeWorksheet(workbook.getWorksheet('Intra-hub Links')!.id);
    const { resources, profiles } = await readScenarioWorkbook(await bytesOf(workbook));
    const guid = (kind: keyof typeof resources, i: number) => resources[kind][i].guid;
    expect(profiles.map((p) => [p.name, p.values.length, p.values[13]])).toEqual([['Load', 8760, 13], ['Sun', 8760, 0.5]]);
    expect(resources.demand[0].doc).toMatchObject({
      energyDemandName: 'Load', energyCarrierGuid: guid('carrier', 1), hubGuids: [guid('hub', 0), guid('hub', 1)], stages: [guid('stage', 0)],
      demandProfileId: profiles[0].id, metadata: {},
    });
    expect(resources.carrier[1].doc).toEqual({ subtypeKey: 'HEAT_2', energyCarrierName: 'Heat', colorHexCode: null, allowVirtualLoad: true });
    expect(resources.solar[0].doc).toMatchObject({
      hubs: [{ hubGuid: guid('hub', 0), availableSolarCollectorArea: 80, availableResourceType: 'Area' }], irradianceProfileType: 'UPLOADED',
    });
    expect(resources.conversion[0].doc.modes).toMatchObject([{
      seasonalOperation: 'ALL_SEASONS',
      inputs: [{ energyCarrierGuid: guid('carrier', 0), fixedInputShare: 100, primary: false }],
      outputs: [{ energyCarrierGuid: guid('carrier', 1), outputEfficiency: 300, primary: true }],
    }]);
    expect(resources.storage[0].doc).toMatchObject({ evPlugInTime: { hour: 7, minute: 45 }, category: 'STORAGE', technologyOptional: null });
    expect(resources.technologyPackage[0].doc).toMatchObject({ conversionGuids: [guid('conversion', 0)], storageGuids: [guid('storage', 0)] });
    expect(resources.intraHubLink).toEqual([]);
  });

  it('refuses a workbook without one of the 12 sheets', async () => {
    const workbook = await handMade();
    workbook.removeWorksheet(workbook.getWorksheet('Hubs')!.id);
    const error = await problemOf(workbook);
    expect([error.sheet, error.row, error.column]).toEqual(['Hubs', undefined, undefined]);
    expect(error.message).toMatch(/^sheet "Hubs": the workbook has no sheet of this name/);
  });

  it('refuses a sheet whose header row lacks a column', async () => {
    const workbook = await handMade();
    workbook.getWorksheet('Hubs')!.getRow(1).getCell(2).value = 'Name';
    expect((await problemOf(workbook)).message).toMatch(/^sheet "Hubs", row 1, column "Hub Name": this column is missing/);
  });

  it('reports several problems in one message', async () => {
    const workbook = await handMade();
    addRow(workbook, 'Hubs', { Key: 'h1', 'Hub Name': 'Twin' });
    cell(workbook, 'Demands', 'Stage Keys', 2).value = 's1; s9';
    addRow(workbook, 'Network Techs', { Key: 'cable', 'Network Technology Name': 'Cable', 'Energy Carrier Key': 'el', 'Lifetime [years]': 30, 'Cost Components (JSON)': '[{"name": "x",' });
    cell(workbook, 'Network Links', 'Must Be Installed', 2).value = 'yes';
    const { message } = await problemOf(workbook);
    expect(message).toContain('sheet "Hubs", row 4, column "Key": the key "h1" is also the key of row 2');
    expect(message).toContain('sheet "Demands", row 2, column "Stage Keys": no row with key "s9" in sheet "Stages"');
    expect(message).toMatch(/sheet "Network Techs", row 3, column "Cost Components \(JSON\)": is not valid JSON/);
    expect(message).toContain('sheet "Network Links", row 2, column "Must Be Installed": must be TRUE or FALSE, not the text "yes"');
  });

  it('lists the first 20 problems and counts the others', async () => {
    const workbook = await handMade();
    for (let i = 0; i < 25; i++) addRow(workbook, 'Hubs', { Key: `empty ${i}` });
    const { message } = await problemOf(workbook);
    expect(message.match(/column "Hub Name": is required/g)).toHaveLength(20);
    expect(message).toMatch(/5 more problem\(s\) not listed$/);
  });

  it('refuses bytes that are not a workbook', async () => {
    const error = await problemOf(new TextEncoder().encode('PK but not really'));
    expect(error.message).toMatch(/^sheet "\(workbook\)": the file is not an .xlsx workbook/);
  });

  const rules: [string, (w: ExcelJS.Workbook) => void, RegExp][] = [
    ['percentages are 0..100', (w) => (cell(w, 'Storage Techs', 'Charging Efficiency [%]', 2).value = 120),
      /sheet "Storage Techs", row 2, column "Charging Efficiency \[%\]": must be a percentage ≤ 100/],
    ['names have at most 100 characters', (w) => (cell(w, 'Hubs', 'Hub Name', 2).value = 'x'.repeat(101)),
      /sheet "Hubs", row 2, column "Hub Name": must be at most 100 characters/],
    ['a mode needs an input carrier', (w) => (cell(w, 'Conversion Tech Modes', 'Energy Carriers', 2).value = 'heat: output 90'),
      /sheet "Conversion Tech Modes", row 2, column "Energy Carriers": a mode needs at least one INPUT carrier/],
    ['no carrier is both input and output of a mode', (w) => (cell(w, 'Conversion Tech Modes', 'Energy Carriers', 2).value = 'el: input 100; el: output 90'),
      /sheet "Conversion Tech Modes", row 2, column "Energy Carriers": carrier \S+ is both an input and an output of this mode/],
    ['mode carrier numbers follow the contract', (w) => (cell(w, 'Conversion Tech Modes', 'Energy Carriers', 2).value = 'el: input -5; heat: output 90'),
      /sheet "Conversion Tech Modes", row 2, column "Energy Carriers": entry 1, fixedInputShare: must be ≥ 0/],
    ['a conversion technology needs a mode', (w) => w.getWorksheet('Conversion Tech Modes')!.spliceRows(2, 1),
      /^sheet "Conversion Techs", row 2, column "Key": a conversion technology needs at least one mode \(they are the rows of sheet "Conversion Tech Modes" that name this key\)/],
    ['a mode belongs to a conversion technology', (w) => (cell(w, 'Conversion Tech Modes', 'Conversion Tech Key', 2).value = null),
      /sheet "Conversion Tech Modes", row 2, column "Conversion Tech Key": is required/],
    ['a demand has a profile or a sale price, not both', (w) => (cell(w, 'Demands', 'Sale Price [CHF/kWh]', 2).value = 0.2),
      /sheet "Demands", row 2, column "Sale Price \[CHF\/kWh\]": demandProfileId and demandSalePrice are exclusive/],
    ['a package needs technologies', (w) => {
      cell(w, 'Technology Packages', 'Conversion Tech Keys', 2).value = null;
      cell(w, 'Technology Packages', 'Storage Tech Keys', 2).value = null;
    }, /sheet "Technology Packages", row 2, column "Conversion Tech Keys": a technology package needs a non-empty/],
    ['an on-site resource needs a resource carrier', (w) => (cell(w, 'On-site Resources', 'Energy Carrier Key', 2).value = 'el'),
      /sheet "On-site Resources", row 2, column "Energy Carrier Key": the carrier's subtype is ELECTRICITY; an on-site resource needs one of SOLAR_ROOF/],
    ['a network link joins two hubs', (w) => (cell(w, 'Network Links', 'Node 2 Hub Key', 2).value = 'h1'),
      /sheet "Network Links", row 2, column "Node 2 Hub Key": a network link joins two different hubs/],
    ['profile values are not negative', (w) => (w.getWorksheet('Profiles')!.getRow(100).getCell(3).value = -1),
      /sheet "Profiles", row 100, column "C \(key sun\)": must not be negative/],
    ['profile values fit NUMERIC(16,5)', (w) => (w.getWorksheet('Profiles')!.getRow(100).getCell(3).value = 1e308),
      /sheet "Profiles", row 100, column "C \(key sun\)": must be ≤ 9999999999\.99999/],
    ['a minimum may not exceed its maximum', (w) => {
      cell(w, 'Storage Techs', 'Minimum Capacity [kWh]', 2).value = 500;
      cell(w, 'Storage Techs', 'Maximum Capacity [kWh]', 2).value = 100;
    }, /sheet "Storage Techs", row 2, column "Minimum Capacity \[kWh\]": must be ≤ maximumCapacity \(100\): a minimum may not exceed its maximum/],
    ['lifetimes are at most 200 years', (w) => (cell(w, 'Network Techs', 'Lifetime [years]', 2).value = 1e9),
      /sheet "Network Techs", row 2, column "Lifetime \[years\]": must be ≤ 200 years/],
    ['keys hold no list separators', (w) => (cell(w, 'Hubs', 'Key', 3).value = 'h;2'),
      /sheet "Hubs", row 3, column "Key": the key "h;2" may not contain/],
    ['enumerations follow the contract', (w) => (cell(w, 'Energy Carriers', 'Energy Carrier Subtype', 2).value = 'PLASMA'),
      /sheet "Energy Carriers", row 2, column "Energy Carrier Subtype": Invalid option/],
  ];

  for (const [rule, change, message] of rules) {
    it(`enforces the contract: ${rule}`, async () => {
      const workbook = await handMade();
      change(workbook);
      expect((await problemOf(workbook)).message).toMatch(message);
    });
  }
});

describe('the layout', () => {
  it('refers only to its own sheets and gives every column its own header', () => {
    const titles = RECORD_SHEETS.map((s) => s.title);
    for (const sheet of RECORD_SHEETS) {
      const headers = ['Key', ...sheet.columns.flatMap((c) => ('names' in c.cell ? [c.header, c.cell.names] : [c.header]))];
      expect(new Set(headers).size, sheet.title).toBe(headers.length);
      for (const column of sheet.columns) if (column.cell.kind === 'ref') expect(titles, column.header).toContain(column.cell.sheet);
    }
  });
});

describe('the mode carriers cell', () => {
  it('reads back everything it writes', () => {
    const carriers: ModeCarrier[] = [
      { energyCarrierGuid: 'el', type: 'INPUT', fixedInputShare: 100, outputEfficiency: 5, primary: false, customInputShareActivated: false, inputShareProfileId: 7 },
      {
        energyCarrierGuid: 'heat', type: 'OUTPUT', outputEfficiency: 2.5e-7, fixedInputShare: null, primary: true, customOutputEfficiencyActivated: true,
        outputEfficiencyProfileId: 8, customSeasonalityValues: [{ month: 'MAY', value: 1.25 }],
      },
      { energyCarrierGuid: 'gas', type: 'INPUT', primary: false },
    ];
    const text = formatModeCarriers(carriers, { carrier: (guid) => guid, profile: String });
    const keys = { guid: (_sheet: string, key: string) => key, profileId: (key: string) => Number(key) };
    const present = (c: object) => Object.fromEntries(Object.entries(c).filter(([, v]) => v !== null && v !== undefined));
    expect(parseModeCarriers(text, keys).map(present)).toEqual(carriers.map(present));
  });
});
