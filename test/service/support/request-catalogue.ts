/**
 * A catalogue of malformed requests: each breaks one thing (a rule of the specification, a type,
 * a required field, an enumerated value, the JSON itself, the size limit, an identifier, the
 * account, a query parameter) in an otherwise well-formed request, and says what the service must
 * answer: the status, and the field and the rule its error message must name.
 */
import { analysisOperations } from '../../../src/wire/contract/analyses.js';
import { authOperations } from '../../../src/wire/contract/auth.js';
import { carrierOperations } from '../../../src/wire/contract/carriers.js';
import { conversionOperations } from '../../../src/wire/contract/conversion-technologies.js';
import { demandDatabaseOperations } from '../../../src/wire/contract/demand-database.js';
import { energyDemandOperations } from '../../../src/wire/contract/energy-demands.js';
import { gisOperations } from '../../../src/wire/contract/gis.js';
import { hubOperations } from '../../../src/wire/contract/hubs.js';
import { impexOperations } from '../../../src/wire/contract/impex.js';
import { intraHubLinkOperations } from '../../../src/wire/contract/intra-hub-links.js';
import { networkLinkOperations } from '../../../src/wire/contract/network-links.js';
import type { OperationSpec } from '../../../src/wire/contract/operation.js';
import { profileOperations, toProfileValues } from '../../../src/wire/contract/profiles.js';
import { projectOperations } from '../../../src/wire/contract/projects.js';
import { scenarioOperations } from '../../../src/wire/contract/scenarios.js';
import { solarOperations } from '../../../src/wire/contract/solar-resources.js';
import { solverJobOperations } from '../../../src/wire/contract/solver-jobs.js';
import { stageOperations } from '../../../src/wire/contract/stages.js';
import { storageOperations } from '../../../src/wire/contract/storage-technologies.js';
import { technologyPackageOperations } from '../../../src/wire/contract/technology-packages.js';
import { hourly } from '../../support/scenario-fixture.js';
import { operationPath, type RawRequest } from './raw-http.js';
import { sampleBody, sampleParams, type SampleWorld } from './sample-requests.js';

export interface CatalogueWorld extends SampleWorld {
  /** The other account's own tree, for requests that mix the two accounts' data. */
  bob: { projectGuid: string; analysisGuid: string; scenarioGuid: string };
  /** The name of the fixture's project. */
  projectName: string;
  /** The body limit the service was started with. */
  bodyLimitBytes: number;
}

export interface CatalogueCase {
  /** What is wrong with the request. */
  name: string;
  /** Who sends it; the fixture's owner unless said. */
  as?: 'alice' | 'bob';
  request: (w: CatalogueWorld) => RawRequest;
  status: number;
  /** The field (or parameter, or object) the message must name… */
  field: RegExp;
  /** …and the rule it must state. */
  rule: RegExp;
}

type Json = Record<string, unknown>;

interface Change {
  params?: Record<string, string | number>;
  query?: Record<string, string> | string;
  /** Edits a copy of the sample body; what it returns is sent. */
  body?: (body: Json) => unknown;
  /** Sent instead of a JSON body. */
  raw?: string | Buffer;
  contentType?: string;
}

/** The operation's sample request with one change. */
function breaking(op: OperationSpec, change: Change = {}) {
  return (w: CatalogueWorld): RawRequest => {
    const sample = sampleBody(op, w);
    const copy = sample === undefined ? undefined : structuredClone(sample) as Json;
    return {
      method: op.method,
      path: operationPath(op, { ...sampleParams(op, w), ...change.params }, change.query),
      json: change.raw === undefined ? (change.body && copy !== undefined ? change.body(copy) : copy) : undefined,
      raw: change.raw,
      contentType: change.contentType,
    };
  };
}

/** Sets one field of the body (a dotted path with indexes: `conversionTechnologyModes.0.primary`). */
function setting(path: string, value: unknown) {
  return (body: Json): Json => {
    const keys = path.split('.');
    let node: Json = body;
    for (const key of keys.slice(0, -1)) node = node[key] as Json;
    if (value === undefined) delete node[keys.at(-1)!];
    else node[keys.at(-1)!] = value;
    return body;
  };
}
const without = (path: string) => setting(path, undefined);
const profileWith = (edit: (values: { period: number; demandValue: number }[]) => unknown[]) =>
  (body: Json) => ({ ...body, values: edit(toProfileValues(hourly('heat'))) });
const modeCarriers = (carriers: [string, 'INPUT' | 'OUTPUT'][]) => ({
  seasonalOperation: 'ALL_SEASONS', primary: true,
  energyCarriers: carriers.map(([guid, type]) => ({ energyCarrierGuid: guid, type, primary: type === 'OUTPUT', fixedInputShare: 100, outputEfficiency: 90 })),
});
const unknownGuid = () => crypto.randomUUID();

/** Rules the specification (and the deployed service's notes) state, each broken once. */
const rules: CatalogueCase[] = [
  {
    name: 'storage with minimumCapacity above maximumCapacity',
    request: breaking(storageOperations.create, { body: (b) => ({ ...b, minimumCapacity: 500, maximumCapacity: 100 }) }),
    status: 400, field: /minimumCapacity/, rule: /≤ maximumCapacity \(100\)/,
  },
  {
    name: 'network link update with minimumCapacity above maximumCapacity',
    request: breaking(networkLinkOperations.update, { body: (b) => ({ ...b, minimumCapacity: 500, maximumCapacity: 100 }) }),
    status: 400, field: /minimumCapacity/, rule: /≤ maximumCapacity \(100\)/,
  },
  {
    name: 'conversion update with a lifetime of 1e9 years',
    request: breaking(conversionOperations.update, { body: setting('lifetime', 1e9) }),
    status: 400, field: /lifetime/, rule: /≤ 200 years/,
  },
  {
    name: 'conversion mode update whose seasonal strings hold no code',
    request: breaking(conversionOperations.update, { body: (b) => setting('technologyModes.0.seasonalOperationValue', 'Always')(setting('technologyModes.0.seasonalOperationName', 'All seasons')(b)) }),
    status: 400, field: /technologyModes\[0\]\.seasonalOperationName/, rule: /must be the code of the seasonal operation/,
  },
  {
    name: 'profile with a value of 1e308',
    request: breaking(profileOperations.create, { body: profileWith((v) => v.map((x, i) => (i === 3 ? { ...x, demandValue: 1e308 } : x))) }),
    status: 400, field: /values\[3\]\.demandValue/, rule: /≤ 9999999999\.99999/,
  },
  {
    name: 'bounded numeric with more than 5 decimals',
    request: breaking(storageOperations.create, { body: setting('variableInvestmentCost', 12.123456) }),
    status: 400, field: /variableInvestmentCost/, rule: /max scale=5/,
  },
  {
    name: 'bounded numeric with more than 16 significant digits',
    request: breaking(networkLinkOperations.create, { body: setting('length', 12345678901234567) }),
    status: 400, field: /length/, rule: /9999999999\.99999|precision=16/,
  },
  {
    name: 'negative bounded numeric where only ≥ 0 is allowed',
    request: breaking(impexOperations.create, { body: setting('maxCapacityKW', -1) }),
    status: 400, field: /maxCapacityKW/, rule: /≥ 0/,
  },
  {
    name: 'profile with 8759 values',
    request: breaking(profileOperations.create, { body: profileWith((v) => v.slice(1)) }),
    status: 400, field: /values/, rule: /exactly 8760/,
  },
  {
    name: 'profile update with 8761 values',
    request: breaking(profileOperations.update, { body: profileWith((v) => [...v, { period: 8760, demandValue: 1 }]) }),
    status: 400, field: /values/, rule: /exactly 8760/,
  },
  {
    name: 'profile with a period twice',
    request: breaking(profileOperations.create, { body: profileWith((v) => v.map((x, i) => (i === 10 ? { ...x, period: 10 } : x))) }),
    status: 400, field: /values\[10\]\.period/, rule: /more than once/,
  },
  {
    name: 'profile with period 0',
    request: breaking(profileOperations.create, { body: profileWith((v) => v.map((x, i) => (i === 0 ? { ...x, period: 0 } : x))) }),
    status: 400, field: /values\[0\]\.period/, rule: /≥ 1/,
  },
  {
    name: 'profile with period 8761',
    request: breaking(profileOperations.create, { body: profileWith((v) => v.map((x, i) => (i === 8759 ? { ...x, period: 8761 } : x))) }),
    status: 400, field: /values\[8759\]\.period/, rule: /≤ 8760/,
  },
  {
    name: 'profile with a negative value',
    request: breaking(profileOperations.create, { body: profileWith((v) => v.map((x, i) => (i === 5 ? { ...x, demandValue: -1 } : x))) }),
    status: 400, field: /values\[5\]\.demandValue/, rule: /negative/,
  },
  {
    name: 'demand database item with neither areaM2 nor annualKwh',
    request: breaking(demandDatabaseOperations.calculate, { body: () => [{ buildingType: 'OFFICES', year: 1990 }] }),
    status: 400, field: /\[0\]\.areaM2/, rule: /areaM2 or annualKwh/,
  },
  {
    name: 'conversion technology without a mode',
    request: breaking(conversionOperations.create, { body: setting('conversionTechnologyModes', []) }),
    status: 400, field: /conversionTechnologyModes/, rule: /at least one mode/,
  },
  {
    name: 'conversion technology with 4 modes',
    request: (w) => breaking(conversionOperations.create, {
      body: setting('conversionTechnologyModes', Array.from({ length: 4 }, () => modeCarriers([[w.f.carriers.gas, 'INPUT'], [w.f.carriers.heat, 'OUTPUT']]))),
    })(w),
    status: 400, field: /conversionTechnologyModes/, rule: /at most 3 modes/,
  },
  {
    name: 'conversion mode without an input carrier',
    request: (w) => breaking(conversionOperations.create, {
      body: setting('conversionTechnologyModes', [modeCarriers([[w.f.carriers.heat, 'OUTPUT']])]),
    })(w),
    status: 400, field: /conversionTechnologyModes\[0\]\.energyCarriers/, rule: /at least one INPUT/,
  },
  {
    name: 'conversion mode without an output carrier',
    request: (w) => breaking(conversionOperations.create, {
      body: setting('conversionTechnologyModes', [modeCarriers([[w.f.carriers.gas, 'INPUT']])]),
    })(w),
    status: 400, field: /conversionTechnologyModes\[0\]\.energyCarriers/, rule: /at least one OUTPUT/,
  },
  {
    name: 'conversion mode with one carrier as input and output',
    request: (w) => breaking(conversionOperations.create, {
      body: setting('conversionTechnologyModes', [modeCarriers([[w.f.carriers.heat, 'INPUT'], [w.f.carriers.heat, 'OUTPUT']])]),
    })(w),
    status: 400, field: /conversionTechnologyModes\[0\]\.energyCarriers/, rule: /both an input and an output/,
  },
  {
    name: 'conversion mode with a minimum part load over 100 %',
    request: breaking(conversionOperations.create, { body: setting('conversionTechnologyModes.0.minPartLoad', 120) }),
    status: 400, field: /conversionTechnologyModes\[0\]\.minPartLoad/, rule: /≤ 100/,
  },
  {
    name: 'energy demand with demandProfileId and demandSalePrice',
    request: breaking(energyDemandOperations.create, { body: setting('demandSalePrice', 0.1) }),
    status: 400, field: /demandSalePrice/, rule: /exclusive/,
  },
  {
    name: 'technology package without technologies',
    request: breaking(technologyPackageOperations.create, { body: setting('conversionTechnologies', []) }),
    status: 400, field: /conversionTechnologies/, rule: /non-empty/,
  },
  {
    name: 'project of version V1',
    request: breaking(projectOperations.create, { body: setting('version', 'V1') }),
    status: 400, field: /version/, rule: /V2/,
  },
  {
    name: 'project named like an existing one',
    request: (w) => breaking(projectOperations.create, { body: setting('projectName', w.projectName) })(w),
    status: 409, field: /projectName/, rule: /unique/,
  },
  {
    name: 'scenario named like another of its analysis',
    request: breaking(scenarioOperations.create, { body: setting('scenarioName', 'Base') }),
    status: 409, field: /scenarioName/, rule: /unique per analysis/,
  },
  {
    name: 'intra-hub link without stages',
    request: breaking(intraHubLinkOperations.create, { body: without('stages') }),
    status: 400, field: /stages/, rule: /is required/,
  },
  {
    name: 'stages that are not UUIDs',
    request: breaking(impexOperations.create, { body: setting('stages', ['stage-one']) }),
    status: 400, field: /stages\[0\]/, rule: /UUID/,
  },
  {
    name: 'hub name of 101 characters',
    request: breaking(hubOperations.create, { body: setting('hubName', 'H'.repeat(101)) }),
    status: 400, field: /hubName/, rule: /at most 100 characters/,
  },
  {
    name: 'exchange currency of 4 characters',
    request: breaking(conversionOperations.create, { body: setting('exchangeCurrency', 'CHFX') }),
    status: 400, field: /exchangeCurrency/, rule: /at most 3 characters/,
  },
  {
    name: 'storage efficiency over 100 %',
    request: breaking(storageOperations.create, { body: setting('storageChargingEfficiency', 120) }),
    status: 400, field: /storageChargingEfficiency/, rule: /≤ 100/,
  },
  {
    name: 'on-site resource of a carrier that is not a resource subtype',
    request: (w) => breaking(solarOperations.create, { body: setting('energyCarrierGuid', w.f.carriers.gas) })(w),
    status: 400, field: /energyCarrierGuid/, rule: /SOLAR_ROOF/,
  },
  {
    name: 'reference to a hub outside the scenario',
    request: (w) => breaking(energyDemandOperations.create, { body: setting('hubGuids', [w.f.hubs.a, unknownGuid()]) })(w),
    status: 400, field: /hubGuids\[1\]/, rule: /no hub/,
  },
  {
    name: 'network link joining a hub to itself',
    request: (w) => breaking(networkLinkOperations.create, { body: setting('node2Guid', w.f.hubs.a) })(w),
    status: 400, field: /node2Guid/, rule: /two different hubs/,
  },
  {
    name: 'solver job with 11 Pareto points',
    request: breaking(solverJobOperations.submit, { body: (jobs) => [{ ...(jobs as unknown as Json[])[0], points: 11 }] }),
    status: 422, field: /body\.0\.points/, rule: /≤ 10/,
  },
  {
    name: 'solver job with more Pareto points than the plan allows',
    request: breaking(solverJobOperations.submit, { body: (jobs) => [{ ...(jobs as unknown as Json[])[0], objective2: 'MIN_CO2_EMISSIONS', points: 10 }] }),
    status: 403, field: /\[0\]\.points/, rule: /plan allows at most 9/,
  },
  {
    name: 'solver job with a MIP gap under 0.1 %',
    request: breaking(solverJobOperations.submit, { body: (jobs) => [{ ...(jobs as unknown as Json[])[0], mipGap: 0.01 }] }),
    status: 422, field: /body\.0\.mipGap/, rule: /≥ 0\.1/,
  },
  {
    name: 'solver job with a time limit over 18720 minutes',
    request: breaking(solverJobOperations.submit, { body: (jobs) => [{ ...(jobs as unknown as Json[])[0], timeLimit: 18721 }] }),
    status: 422, field: /body\.0\.timeLimit/, rule: /≤ 18720/,
  },
  {
    name: 'solver job with the same objective twice',
    request: breaking(solverJobOperations.submit, { body: (jobs) => [{ ...(jobs as unknown as Json[])[0], objective2: 'MIN_LIFE_CYCLE_COST' }] }),
    status: 422, field: /body\.0\.objective2/, rule: /differ from objective1/,
  },
  {
    name: 'get-scenarios with limit 0',
    request: breaking(solverJobOperations.getScenarios, { body: setting('limit', 0) }),
    status: 422, field: /body\.limit/, rule: /≥ 1/,
  },
];

/** Values of the wrong JSON type. */
const wrongTypes: CatalogueCase[] = [
  {
    name: 'string for an integer',
    request: breaking(stageOperations.create, { body: setting('length', '20') }),
    status: 400, field: /length/, rule: /32-bit integer/,
  },
  {
    name: 'string for a number',
    request: breaking(networkLinkOperations.create, { body: setting('length', '100') }),
    status: 400, field: /length/, rule: /must be a number/,
  },
  {
    name: 'object for an array',
    request: breaking(energyDemandOperations.create, { body: setting('hubGuids', { 0: 'hub' }) }),
    status: 400, field: /hubGuids/, rule: /array/,
  },
  {
    name: 'null for a required name',
    request: breaking(projectOperations.create, { body: setting('projectName', null) }),
    status: 400, field: /projectName/, rule: /must not be null/,
  },
  {
    name: 'boolean for a string',
    request: breaking(hubOperations.create, { body: setting('hubName', true) }),
    status: 400, field: /hubName/, rule: /must be a string/,
  },
  {
    name: 'string for a boolean',
    request: breaking(networkLinkOperations.create, { body: setting('uniDirectionalFlow', 'yes') }),
    status: 400, field: /uniDirectionalFlow/, rule: /boolean/,
  },
  {
    name: 'string for a boolean deep in a mode carrier',
    request: breaking(conversionOperations.create, { body: setting('conversionTechnologyModes.0.energyCarriers.0.primary', 'false') }),
    status: 400, field: /conversionTechnologyModes\[0\]\.energyCarriers\[0\]\.primary/, rule: /boolean/,
  },
  {
    name: 'fraction for an integer profile id',
    request: breaking(energyDemandOperations.create, { body: setting('demandProfileId', 1.5) }),
    status: 400, field: /demandProfileId/, rule: /integer id/,
  },
  {
    name: 'object for the array body of a submission',
    request: breaking(solverJobOperations.submit, { body: (jobs) => (jobs as unknown as Json[])[0] }),
    status: 422, field: /body/, rule: /array of job requests/,
  },
  {
    name: 'array for the object body of a project',
    request: breaking(projectOperations.create, { body: (body) => [body] }),
    status: 400, field: /body/, rule: /must be an object, not an array/,
  },
  {
    name: 'array for an area of interest',
    request: breaking(gisOperations.buildings, { body: () => ({ aoi: [[8.5, 47.3]] }) }),
    status: 422, field: /body\.aoi/, rule: /GeoJSON/,
  },
  {
    name: 'number for a guid in a solver job',
    request: breaking(solverJobOperations.getScenarios, { body: setting('scenarioGuids', [42]) }),
    status: 422, field: /body\.scenarioGuids\.0/, rule: /must be a string/,
  },
];

/** Required fields left out. */
const missing: CatalogueCase[] = [
  { name: 'carrier without subType', request: breaking(carrierOperations.create, { body: without('subType') }), status: 400, field: /subType/, rule: /is required/ },
  { name: 'stage without index', request: breaking(stageOperations.create, { body: without('index') }), status: 400, field: /index/, rule: /is required/ },
  { name: 'scenario without scenarioName', request: breaking(scenarioOperations.create, { body: without('scenarioName') }), status: 400, field: /scenarioName/, rule: /is required/ },
  { name: 'import without type', request: breaking(impexOperations.create, { body: without('type') }), status: 400, field: /type/, rule: /is required/ },
  { name: 'network link without node1Guid', request: breaking(networkLinkOperations.create, { body: without('node1Guid') }), status: 400, field: /node1Guid/, rule: /is required/ },
  { name: 'storage update without storageCarrier', request: breaking(storageOperations.update, { body: without('storageCarrier') }), status: 400, field: /storageCarrier/, rule: /is required/ },
  { name: 'specs request without scenarioGuids', request: breaking(scenarioOperations.generateSpecs, { body: () => ({}) }), status: 400, field: /scenarioGuids/, rule: /is required/ },
  { name: 'solver job without objective1', request: breaking(solverJobOperations.submit, { body: (jobs) => [{ ...(jobs as unknown as Json[])[0], objective1: undefined }] }), status: 422, field: /body\.0\.objective1/, rule: /is required/ },
  { name: 'login without password', request: breaking(authOperations.token, { body: without('password') }), status: 422, field: /body\.password/, rule: /is required/ },
  { name: 'area of interest missing', request: breaking(gisOperations.buildings, { body: () => ({}) }), status: 422, field: /body\.aoi/, rule: /is required/ },
];

/** Values outside an enumeration. */
const unknownValues: CatalogueCase[] = [
  { name: 'unknown carrier subtype', request: breaking(carrierOperations.create, { body: setting('subType', 'PLASMA') }), status: 400, field: /subType/, rule: /expected one of/ },
  { name: 'unknown import/export type', request: breaking(impexOperations.create, { body: setting('type', 'BOTH') }), status: 400, field: /type/, rule: /expected one of "IMPORT"\|"EXPORT"/ },
  { name: 'unknown installation option', request: breaking(conversionOperations.create, { body: setting('mustBeInstalledInHubs', 'sometimes') }), status: 400, field: /mustBeInstalledInHubs/, rule: /canBeInstalled/ },
  { name: 'unknown seasonal operation', request: breaking(conversionOperations.create, { body: setting('conversionTechnologyModes.0.seasonalOperation', 'AUTUMN') }), status: 400, field: /conversionTechnologyModes\[0\]\.seasonalOperation/, rule: /ALL_SEASONS/ },
  { name: 'unknown technology capacity mode', request: breaking(networkLinkOperations.create, { body: setting('technologyCapacity', 'guess') }), status: 400, field: /technologyCapacity/, rule: /optimize or specify/ },
  { name: 'unknown objective', request: breaking(solverJobOperations.submit, { body: (jobs) => [{ ...(jobs as unknown as Json[])[0], objective1: 'MAX_PROFIT' }] }), status: 422, field: /body\.0\.objective1/, rule: /MIN_LIFE_CYCLE_COST/ },
  { name: 'unknown temporal resolution', request: breaking(solverJobOperations.submit, { body: (jobs) => [{ ...(jobs as unknown as Json[])[0], temporalResolution: 'ULTRA' }] }), status: 422, field: /body\.0\.temporalResolution/, rule: /LOW/ },
  { name: 'unknown building type', request: breaking(demandDatabaseOperations.calculate, { body: () => [{ buildingType: 'CASTLE', year: 1990, areaM2: 100 }] }), status: 400, field: /\[0\]\.buildingType/, rule: /RESIDENCE_MFH/ },
  { name: 'unknown demand type in the path', request: breaking(demandDatabaseOperations.calculate, { params: { demandType: 'HEATING' } }), status: 400, field: /demandType/, rule: /SPACE_HEATING/ },
  { name: 'unknown import/export type in the path', request: breaking(impexOperations.delete, { params: { type: 'BOTH' } }), status: 400, field: /type/, rule: /IMPORT/ },
  { name: 'unknown resource type of an on-site hub', request: breaking(solarOperations.create, { body: setting('hubs.0.availableResourceType', 'Volume') }), status: 400, field: /hubs\[0\]\.availableResourceType/, rule: /Area, Generic, Power/ },
];

/** Bodies that are not JSON, or too large. */
const notUtf8 = Buffer.concat([Buffer.from('{"hubName":"bad'), Buffer.from([0xff, 0xfe]), Buffer.from(' name"}')]);

const notJson: CatalogueCase[] = [
  { name: 'body that is not UTF-8 (app family)', request: breaking(hubOperations.create, { raw: notUtf8, contentType: 'application/json' }), status: 400, field: /body/, rule: /not valid UTF-8 \(at byte 15, 0xFF\)/ },
  { name: 'body that is not UTF-8 (solver family)', request: breaking(solverJobOperations.getScenarios, { raw: Buffer.from('{"scenarioGuids":["caf\xe9"]}', 'latin1'), contentType: 'application/json' }), status: 422, field: /body/, rule: /not valid UTF-8/ },
  { name: 'body declared as ISO-8859-1', request: breaking(hubOperations.create, { raw: '{"hubName":"Latin"}', contentType: 'application/json; charset=iso-8859-1' }), status: 415, field: /charset "iso-8859-1"/, rule: /must be UTF-8/ },
  { name: 'truncated JSON (app family)', request: breaking(projectOperations.create, { raw: '{"projectName": "Half', contentType: 'application/json' }), status: 400, field: /body/, rule: /not valid JSON/ },
  { name: 'truncated JSON (solver family)', request: breaking(solverJobOperations.submit, { raw: '[{"name": ', contentType: 'application/json' }), status: 422, field: /body/, rule: /not valid JSON/ },
  { name: 'empty body declared as JSON', request: breaking(hubOperations.create, { raw: '', contentType: 'application/json' }), status: 400, field: /body/, rule: /not valid JSON/ },
  { name: 'XML body', request: breaking(hubOperations.create, { raw: '<hub><hubName>X</hubName></hub>', contentType: 'application/xml' }), status: 415, field: /body/, rule: /must be JSON/ },
  { name: 'form-encoded body', request: breaking(projectOperations.create, { raw: 'projectName=Form&version=V2', contentType: 'application/x-www-form-urlencoded' }), status: 415, field: /body/, rule: /must be JSON/ },
  { name: 'JSON text sent as text/plain', request: breaking(hubOperations.create, { raw: '{"hubName":"Plain"}', contentType: 'text/plain' }), status: 415, field: /body/, rule: /must be JSON/ },
  { name: 'no body at all', request: breaking(scenarioOperations.rename, { raw: undefined, body: () => undefined }), status: 400, field: /body/, rule: /is required/ },
  {
    name: 'JSON body over the body limit (app family)',
    request: (w) => breaking(hubOperations.create, { body: setting('hubName', 'H'.repeat(w.bodyLimitBytes + 1)) })(w),
    status: 413, field: /body/, rule: /larger than the limit/,
  },
  {
    name: 'JSON body over the body limit (solver family)',
    request: (w) => breaking(solverJobOperations.submit, { body: (jobs) => [{ ...(jobs as unknown as Json[])[0], name: 'J'.repeat(w.bodyLimitBytes + 1) }] })(w),
    status: 413, field: /body/, rule: /larger than the limit/,
  },
  {
    name: 'submission of 1001 jobs',
    request: breaking(solverJobOperations.submit, { body: (jobs) => Array.from({ length: 1001 }, () => (jobs as unknown as Json[])[0]) }),
    status: 413, field: /submission/, rule: /at most 1000 jobs/,
  },
];

/** Identifiers of nothing, and identifiers that cannot be one. */
const identifiers: CatalogueCase[] = [
  { name: 'unknown project', request: breaking(projectOperations.retrieve, { params: { guid: unknownGuid() } }), status: 404, field: /Project/, rule: /not found/ },
  { name: 'unknown hub in an update', request: breaking(hubOperations.update, { params: { guid: unknownGuid() } }), status: 404, field: /Hub/, rule: /not found/ },
  { name: 'unknown destination analysis of a copy', request: breaking(scenarioOperations.copy, { query: { analysisDestinationGuid: unknownGuid() } }), status: 404, field: /Analysis/, rule: /not found/ },
  { name: 'unknown solver job', request: breaking(solverJobOperations.retrieve, { params: { id: unknownGuid() } }), status: 404, field: /Solver job/, rule: /not found/ },
  { name: 'unknown scenario in a specs request', request: breaking(scenarioOperations.generateSpecs, { body: () => ({ scenarioGuids: [unknownGuid()] }) }), status: 404, field: /Scenario/, rule: /not found/ },
  { name: 'unknown scenario in a submission', request: breaking(solverJobOperations.submit, { body: (jobs) => [{ ...(jobs as unknown as Json[])[0], scenarioGuid: unknownGuid() }] }), status: 404, field: /Scenario/, rule: /not found/ },
  { name: 'unknown profile id', request: breaking(profileOperations.retrieve, { params: { profileId: 987654321 } }), status: 404, field: /Profile/, rule: /not found/ },
  { name: 'import addressed as an export', request: breaking(impexOperations.retrieve, { params: { type: 'EXPORT' } }), status: 404, field: /Export/, rule: /not found/ },
  { name: 'stage of another scenario', request: (w) => breaking(stageOperations.update, { params: { scenarioGuid: w.bob.scenarioGuid } })(w), as: 'bob', status: 404, field: /Stage/, rule: /not found/ },
  { name: 'stage guid that is not a UUID', request: breaking(stageOperations.update, { params: { stageGuid: 'stage-1' } }), status: 400, field: /stageGuid/, rule: /UUID/ },
  { name: 'solver job id that is not a UUID', request: breaking(solverJobOperations.stop, { params: { id: '12345' } }), status: 422, field: /path\.id/, rule: /UUID/ },
  { name: 'profile id that is not a number', request: breaking(profileOperations.delete, { params: { profileId: 'abc' } }), status: 400, field: /profileId/, rule: /integer id/ },
  { name: 'negative profile id', request: breaking(profileOperations.retrieve, { params: { profileId: '-1' } }), status: 400, field: /profileId/, rule: /integer id/ },
  { name: 'profile id beyond an exact integer', request: breaking(profileOperations.retrieve, { params: { profileId: '99999999999999999999999' } }), status: 400, field: /profileId/, rule: /integer id/ },
  { name: 'project guid with a path in it', request: breaking(projectOperations.delete, { params: { guid: '../../etc/passwd' } }), status: 404, field: /Project/, rule: /not found/ },
  { name: 'hub guid of a NUL character', request: breaking(hubOperations.retrieve, { params: { guid: '\0' } }), status: 404, field: /Hub/, rule: /not found/ },
];

/** The other account's identifiers: not found, exactly as if they did not exist. */
const otherAccount: CatalogueCase[] = [
  { name: "another account's scenario", as: 'bob', request: breaking(scenarioOperations.retrieve), status: 404, field: /Scenario/, rule: /not found/ },
  { name: "a hub into another account's scenario", as: 'bob', request: breaking(hubOperations.create), status: 404, field: /Scenario/, rule: /not found/ },
  { name: "deleting another account's project", as: 'bob', request: breaking(projectOperations.delete), status: 404, field: /Project/, rule: /not found/ },
  { name: "deleting another account's package with its technologies", as: 'bob', request: breaking(technologyPackageOperations.delete, { query: { deleteTechs: 'true' } }), status: 404, field: /Scenario/, rule: /not found/ },
  { name: "stopping another account's job", as: 'bob', request: breaking(solverJobOperations.stop), status: 404, field: /Solver job/, rule: /not found/ },
  { name: "specs of another account's scenario", as: 'bob', request: breaking(scenarioOperations.generateSpecs), status: 404, field: /Scenario/, rule: /not found/ },
  { name: "a job on another account's scenario", as: 'bob', request: breaking(solverJobOperations.submit), status: 404, field: /Scenario/, rule: /not found/ },
  {
    name: "a copy of one's own scenario into another account's analysis",
    as: 'bob',
    request: (w) => breaking(scenarioOperations.copy, { params: { scenarioGuid: w.bob.scenarioGuid }, query: { analysisDestinationGuid: w.f.analysisGuid } })(w),
    status: 404, field: /Analysis/, rule: /not found/,
  },
];

/** Query parameters of the wrong type or out of range. */
const queries: CatalogueCase[] = [
  { name: 'includeAnalyses that is not a boolean', request: breaking(projectOperations.retrieve, { query: { includeAnalyses: 'maybe' } }), status: 400, field: /includeAnalyses/, rule: /true or false/ },
  { name: 'deleteTechs given as 1', request: breaking(technologyPackageOperations.delete, { query: { deleteTechs: '1' } }), status: 400, field: /deleteTechs/, rule: /true or false/ },
  { name: 'deletePrevious given as yes', request: breaking(scenarioOperations.uploadAddress, { query: { deletePrevious: 'yes' } }), status: 400, field: /deletePrevious/, rule: /true or false/ },
  { name: 'page that is not a number', request: breaking(analysisOperations.list, { query: { page: 'first' } }), status: 400, field: /page/, rule: /must be a number/ },
  { name: 'negative page', request: breaking(analysisOperations.list, { query: { page: '-1' } }), status: 400, field: /page/, rule: /≥ 0/ },
  { name: 'page size 0', request: breaking(analysisOperations.list, { query: { size: '0' } }), status: 400, field: /size/, rule: /≥ 1/ },
  { name: 'fractional page size', request: breaking(analysisOperations.list, { query: { size: '2.5' } }), status: 400, field: /size/, rule: /integer/ },
  { name: 'empty copy name', request: breaking(scenarioOperations.copy, { query: { name: '' } }), status: 400, field: /name/, rule: /must not be empty/ },
  { name: 'copy name given twice', request: breaking(scenarioOperations.copy, { query: 'name=One&name=Two' }), status: 400, field: /name/, rule: /must be a string/ },
  { name: 'copy name of 101 characters', request: breaking(scenarioOperations.copy, { query: { name: 'C'.repeat(101) } }), status: 400, field: /name/, rule: /at most 100 characters/ },
  { name: 'empty destination analysis', request: breaking(scenarioOperations.copy, { query: { analysisDestinationGuid: '' } }), status: 400, field: /analysisDestinationGuid/, rule: /must not be empty/ },
];

export const catalogue: readonly CatalogueCase[] = [
  ...rules, ...wrongTypes, ...missing, ...unknownValues, ...notJson, ...identifiers, ...otherAccount, ...queries,
];
