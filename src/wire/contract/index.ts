/**
 * The planning service's contract: every operation, by family. The client and the service both
 * derive from this registry: the 95 operations the specification lists (its operations.tsv).
 */
import { analysisOperations } from './analyses.js';
import { authOperations } from './auth.js';
import { carrierOperations } from './carriers.js';
import { conversionOperations } from './conversion-technologies.js';
import { demandDatabaseOperations } from './demand-database.js';
import { energyDemandOperations } from './energy-demands.js';
import { gisOperations } from './gis.js';
import { hubOperations } from './hubs.js';
import { impexOperations } from './impex.js';
import { intraHubLinkOperations } from './intra-hub-links.js';
import { networkLinkOperations } from './network-links.js';
import { networkTechnologyOperations } from './network-technologies.js';
import type { OperationSpec } from './operation.js';
import { profileOperations } from './profiles.js';
import { projectOperations } from './projects.js';
import { scenarioOperations } from './scenarios.js';
import { solarOperations } from './solar-resources.js';
import { solverJobOperations } from './solver-jobs.js';
import { stageOperations } from './stages.js';
import { storageOperations } from './storage-technologies.js';
import { technologyPackageOperations } from './technology-packages.js';

export const operationFamilies = {
  auth: authOperations,
  projects: projectOperations,
  analyses: analysisOperations,
  scenarios: scenarioOperations,
  stages: stageOperations,
  hubs: hubOperations,
  profiles: profileOperations,
  carriers: carrierOperations,
  demandDatabase: demandDatabaseOperations,
  gis: gisOperations,
  solverJobs: solverJobOperations,
  impex: impexOperations,
  networkLinks: networkLinkOperations,
  storageTechnologies: storageOperations,
  networkTechnologies: networkTechnologyOperations,
  conversionTechnologies: conversionOperations,
  energyDemands: energyDemandOperations,
  technologyPackages: technologyPackageOperations,
  solarResources: solarOperations,
  intraHubLinks: intraHubLinkOperations,
} as const;

/** Every operation of the service, flat. */
export const allOperations: readonly OperationSpec[] = Object.values(operationFamilies).flatMap(
  (family) => Object.values(family) as OperationSpec[],
);

/** Default path prefixes per family: the specification's names. */
export const SPEC_PREFIXES = {
  auth: '/backoffice/auth/ext',
  app: '/app-service',
  solver: '/solver-api/ext',
  gis: '/api-services/gis',
} as const;

/** The deployed service's names for the same families. */
export const DEPLOYED_PREFIXES = {
  auth: '/backoffice/auth/ext',
  app: '/sympheny-app',
  solver: '/sense-api/ext',
  gis: '/api-services/gis',
} as const;

export type PathPrefixes = { readonly [K in keyof typeof SPEC_PREFIXES]: string };
