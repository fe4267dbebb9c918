/**
 * One well-formed request for every operation of the contract, aimed at the fixture scenario: the
 * path parameters name the fixture's resources and the bodies pass their operation's schema. Tests
 * send them unchanged (to show that only the token or the account was wrong) or change one thing in
 * them (to show that only that thing was wrong).
 */
import type { OperationSpec } from '../../../src/wire/contract/operation.js';
import { toProfileValues } from '../../../src/wire/contract/profiles.js';
import { hourly, type ScenarioFixture } from '../../support/scenario-fixture.js';
import { ALICE } from '../../support/service.js';
import { operationPath, type RawRequest } from './raw-http.js';

export interface SampleWorld {
  f: ScenarioFixture;
  /** A solver job of the fixture's account. */
  jobId: string;
}

/** What `{guid}` names in each family's paths (analyses and scenarios say it below). */
const GUID_OF_FAMILY: Record<string, (f: ScenarioFixture) => string> = {
  projects: (f) => f.projectGuid,
  analyses: (f) => f.projectGuid,
  scenarios: (f) => f.analysisGuid,
  stages: (f) => f.stageGuid,
  hubs: (f) => f.hubs.a,
  carriers: (f) => f.carriers.gas,
  impex: (f) => f.importGuid,
  storageTechnologies: (f) => f.storageGuid,
  networkTechnologies: (f) => f.networkTechnologyGuid,
  conversionTechnologies: (f) => f.boilerGuid,
  energyDemands: (f) => f.demandGuid,
  technologyPackages: (f) => f.packageGuid,
  solarResources: (f) => f.solarGuid,
  intraHubLinks: (f) => f.intraHubLinkGuid,
};

/** Path parameters named the same in every family. */
const NAMED: Record<string, (w: SampleWorld) => string | number> = {
  scenarioGuid: (w) => w.f.scenarioGuid,
  analysisGuid: (w) => w.f.analysisGuid,
  stageGuid: (w) => w.f.stageGuid,
  carrierGuid: (w) => w.f.carriers.gas,
  profileId: (w) => w.f.profiles.heat,
  'network-link-guid': (w) => w.f.networkLinkGuid,
  'demand-guid': (w) => w.f.demandGuid,
  id: (w) => w.jobId,
  demandType: () => 'SPACE_HEATING',
  type: () => 'IMPORT',
};

/** Path parameters that are not identifiers of the account's data. */
export const NOT_IDENTIFIERS = new Set(['demandType', 'type']);

const familyOf = (op: OperationSpec) => op.id.split('.')[0];

export function sampleParams(op: OperationSpec, w: SampleWorld): Record<string, string | number> {
  const names = [...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
  return Object.fromEntries(names.map((name) => {
    if (name !== 'guid') return [name, NAMED[name](w)];
    const guidOf = GUID_OF_FAMILY[familyOf(op)];
    if (!guidOf) throw new Error(`no sample for {guid} of ${op.id}`);
    return [name, guidOf(w.f)];
  }));
}

const job = (w: SampleWorld) => ({
  name: 'sample job', objective1: 'MIN_LIFE_CYCLE_COST', scenarioGuid: w.f.scenarioGuid, temporalResolution: 'LOW', points: 1, timeLimit: 1, mipGap: 1,
});
const stage = { name: 'Sample stage', length: 10, interestRate: 2, inflationRate: 1, index: 1 };
const profile = () => ({ name: 'Sample profile', values: toProfileValues(hourly('electricity')) });
const heatMode = (w: SampleWorld) => ({
  seasonalOperation: 'ALL_SEASONS', primary: true,
  energyCarriers: [
    { energyCarrierGuid: w.f.carriers.gas, type: 'INPUT', primary: false, fixedInputShare: 100 },
    { energyCarrierGuid: w.f.carriers.heat, type: 'OUTPUT', primary: true, outputEfficiency: 90 },
  ],
});

const BODIES: Record<string, (w: SampleWorld) => unknown> = {
  'auth.token': () => ALICE,
  'projects.create': () => ({ projectName: 'Sample project', version: 'V2' }),
  'analyses.create': () => ({ analysisName: 'Sample analysis' }),
  'scenarios.create': () => ({ scenarioName: 'Sample scenario' }),
  'scenarios.rename': () => ({ scenarioName: 'Sample scenario' }),
  'scenarios.createFromExcel': () => ({ s3PresignedUrl: `http://127.0.0.1:9/uploads/${crypto.randomUUID()}`, scenarioName: 'From a workbook' }),
  'scenarios.replaceFromExcel': () => ({ s3PresignedUrl: `http://127.0.0.1:9/uploads/${crypto.randomUUID()}` }),
  'scenarios.generateSpecs': (w) => ({ scenarioGuids: [w.f.scenarioGuid] }),
  'stages.create': () => stage,
  'stages.update': () => stage,
  'hubs.create': () => ({ hubName: 'Sample hub' }),
  'hubs.update': () => ({ hubName: 'Sample hub' }),
  'profiles.create': profile,
  'profiles.update': profile,
  'carriers.create': () => ({ subType: 'BIOGAS', energyCarrierName: 'Sample biogas' }),
  'carriers.update': () => ({ subtypeKey: 'BIOGAS', energyCarrierName: 'Sample biogas' }),
  'demandDatabase.calculate': () => [{ buildingType: 'OFFICES', year: 1990, areaM2: 1000 }],
  'gis.buildings': () => ({ aoi: { type: 'Polygon', coordinates: [[[8.5, 47.3], [8.6, 47.3], [8.6, 47.4], [8.5, 47.4], [8.5, 47.3]]] } }),
  'solverJobs.submit': (w) => [job(w)],
  'solverJobs.getScenarios': (w) => ({ scenarioGuids: [w.f.scenarioGuid] }),
  'impex.create': (w) => ({
    name: 'Sample import', energyCarrierGuid: w.f.carriers.gas, type: 'IMPORT', hubs: [{ hubGuid: w.f.hubs.b }], stages: [w.f.stageGuid], energyPriceCHFkWh: 0.1,
  }),
  'impex.update': (w) => ({
    name: 'Sample import', energyCarrier: { energyCarrierGuid: w.f.carriers.electricity }, type: 'IMPORT', hubs: [{ hubGuid: w.f.hubs.a }], stages: [w.f.stageGuid],
  }),
  'networkLinks.create': (w) => ({
    name: 'Sample link', length: 100, technologyCapacity: 'optimize', node1Guid: w.f.hubs.a, node2Guid: w.f.hubs.b, networkTechnologyGuid: w.f.networkTechnologyGuid,
  }),
  'networkLinks.update': (w) => ({
    name: 'Sample link', length: 100, technologyCapacity: 'optimize', node1Guid: w.f.hubs.a, node2Guid: w.f.hubs.b, networkTechnologyGuid: w.f.networkTechnologyGuid,
    node1Name: 'Hub A', node2Name: 'Hub B', networkTechnologyName: 'District heating pipe',
  }),
  'storageTechnologies.create': (w) => ({
    storageName: 'Sample tank', mustBeInstalled: 'canBeInstalled', lifetime: 20, technologyCapacity: 'optimize', storageChargingEfficiency: 90,
    storageDischargingEfficiency: 90, hubGuids: [w.f.hubs.b], energyCarrierGuid: w.f.carriers.heat, stages: [w.f.stageGuid],
  }),
  'storageTechnologies.update': (w) => ({
    storageName: 'Sample tank', mustBeInstalled: 'canBeInstalled', lifetime: 20, technologyCapacity: 'optimize', storageChargingEfficiency: 90,
    storageDischargingEfficiency: 90, hubs: [{ hubGuid: w.f.hubs.a }], storageCarrier: { energyCarrierGuid: w.f.carriers.heat },
    variableReplacementCostPercent: 0, variableSalvageValuePercent: 0, exchangeCurrency: 'CHF', exchangeRate: 1, category: 'STORAGE', stages: [w.f.stageGuid],
  }),
  'networkTechnologies.create': (w) => ({
    networkTechnologyName: 'Sample cable', lifetime: 30, energyCarrierGuid: w.f.carriers.electricity, stages: [w.f.stageGuid],
  }),
  'networkTechnologies.update': (w) => ({
    networkTechnologyName: 'Sample pipe', lifetime: 40, energyCarrier: { energyCarrierGuid: w.f.carriers.heat }, variableReplacementCostPercent: 0,
    variableSalvageValuePercent: 0, exchangeCurrency: 'CHF', exchangeRate: 1, category: 'NETWORK', stages: [w.f.stageGuid],
  }),
  'conversionTechnologies.create': (w) => ({
    processName: 'Sample boiler', mustBeInstalledInHubs: 'canBeInstalled', lifetime: 20, exchangeCurrency: 'CHF', exchangeRate: 1,
    hubGuids: [w.f.hubs.b], stages: [w.f.stageGuid], conversionTechnologyModes: [heatMode(w)],
  }),
  'conversionTechnologies.update': (w) => ({
    processName: 'Sample boiler', mustBeInstalledInHubs: 'canBeInstalled', lifetime: 20, exchangeCurrency: 'CHF', exchangeRate: 1,
    hubs: [{ hubGuid: w.f.hubs.a }], stages: [w.f.stageGuid],
    technologyModes: [{
      seasonalOperationName: 'ALL_SEASONS', seasonalOperationValue: 'All seasons', simultaneousOperation: true,
      inputEnergyCarriers: [{ energyCarrierGuid: w.f.carriers.gas, fixedInputShare: 100 }],
      outputEnergyCarriers: [{ energyCarrierGuid: w.f.carriers.heat, outputEfficiency: 90, primary: true }],
    }],
  }),
  'energyDemands.create': (w) => ({
    name: 'Sample demand', energyCarrierGuid: w.f.carriers.electricity, hubGuids: [w.f.hubs.b], demandProfileId: w.f.profiles.electricity, stages: [w.f.stageGuid],
  }),
  'energyDemands.update': (w) => ({
    energyDemandName: 'Sample demand', energyCarrierGuid: w.f.carriers.heat, energyCarrierName: 'Heat 60°C', hubs: [{ hubGuid: w.f.hubs.a }],
    demandProfileId: w.f.profiles.heat, stages: [w.f.stageGuid],
  }),
  'technologyPackages.create': (w) => ({ name: 'Sample package', conversionTechnologies: [w.f.boilerGuid] }),
  'technologyPackages.update': (w) => ({ name: 'Sample package', conversionTechnologies: [{ guid: w.f.boilerGuid }] }),
  'solarResources.create': (w) => ({
    name: 'Sample PV', energyCarrierGuid: w.f.carriers.solar, profileId: w.f.profiles.solar, stages: [w.f.stageGuid],
    hubs: [{ hubGuid: w.f.hubs.b, availableSolarCollectorArea: 50 }],
  }),
  'solarResources.update': (w) => ({
    name: 'Sample PV', energyCarrierGuid: w.f.carriers.solar, energyCarrierName: 'Solar roof', irradianceProfileType: 'UPLOADED',
    profileId: w.f.profiles.solar, stages: [w.f.stageGuid], hubs: [{ hubGuid: w.f.hubs.a, availableSolarCollectorArea: 50 }],
  }),
  'intraHubLinks.create': (w) => ({
    name: 'Sample exchanger', inputEnergyCarrierGuid: w.f.carriers.heat, outputEnergyCarrierGuid: w.f.carriers.heat, hubGuids: [w.f.hubs.a], stages: [w.f.stageGuid],
  }),
  'intraHubLinks.update': (w) => ({
    name: 'Sample exchanger', inputEnergyCarrier: { energyCarrierGuid: w.f.carriers.heat }, outputEnergyCarrier: { energyCarrierGuid: w.f.carriers.heat },
    hubs: [{ hubGuid: w.f.hubs.b }], stages: [w.f.stageGuid],
  }),
};

/** A body its operation accepts; undefined for operations without one. */
export function sampleBody(op: OperationSpec, w: SampleWorld): unknown {
  if (!op.body) return undefined;
  const body = BODIES[op.id];
  if (!body) throw new Error(`no sample body for ${op.id}`);
  return body(w);
}

/** The operation's well-formed request, with `params` replacing some of the sample's. */
export function sampleRequest(op: OperationSpec, w: SampleWorld, params: Record<string, string | number> = {}): RawRequest {
  return { method: op.method, path: operationPath(op, { ...sampleParams(op, w), ...params }), json: sampleBody(op, w) };
}
