/**
 * The typed client of the planning service: one property per resource family, all built on one
 * transport (auth, retries, envelopes, schemas). `new PlanningClient({ baseUrl, credentials })`.
 */
import { Analyses } from './analyses.js';
import type { ClientOptions } from './client-options.js';
import {
  Carriers, ConversionTechnologies, EnergyDemands, Hubs, Impexes, IntraHubLinks, NetworkLinks, NetworkTechnologies, Profiles,
  Projects, SolarResources, Stages, StorageTechnologies, TechnologyPackages,
} from './crud-families.js';
import { DemandDatabase } from './demand-database.js';
import { Files } from './files.js';
import { Gis } from './gis.js';
import { Scenarios } from './scenarios.js';
import { SolverJobs } from './solver-jobs.js';
import { Transport } from './transport.js';

export class PlanningClient {
  readonly transport: Transport;
  readonly projects: Projects;
  readonly analyses: Analyses;
  readonly scenarios: Scenarios;
  readonly stages: Stages;
  readonly hubs: Hubs;
  readonly profiles: Profiles;
  readonly carriers: Carriers;
  readonly demandDatabase: DemandDatabase;
  readonly gis: Gis;
  readonly solverJobs: SolverJobs;
  readonly impex: Impexes;
  readonly networkLinks: NetworkLinks;
  readonly storageTechnologies: StorageTechnologies;
  readonly networkTechnologies: NetworkTechnologies;
  readonly conversionTechnologies: ConversionTechnologies;
  readonly energyDemands: EnergyDemands;
  readonly technologyPackages: TechnologyPackages;
  readonly solarResources: SolarResources;
  readonly intraHubLinks: IntraHubLinks;
  readonly files: Files;

  constructor(options: ClientOptions) {
    const t = (this.transport = new Transport(options));
    this.projects = new Projects(t);
    this.analyses = new Analyses(t);
    this.scenarios = new Scenarios(t);
    this.stages = new Stages(t);
    this.hubs = new Hubs(t);
    this.profiles = new Profiles(t);
    this.carriers = new Carriers(t);
    this.demandDatabase = new DemandDatabase(t);
    this.gis = new Gis(t);
    this.solverJobs = new SolverJobs(t);
    this.impex = new Impexes(t);
    this.networkLinks = new NetworkLinks(t);
    this.storageTechnologies = new StorageTechnologies(t);
    this.networkTechnologies = new NetworkTechnologies(t);
    this.conversionTechnologies = new ConversionTechnologies(t);
    this.energyDemands = new EnergyDemands(t);
    this.technologyPackages = new TechnologyPackages(t);
    this.solarResources = new SolarResources(t);
    this.intraHubLinks = new IntraHubLinks(t);
    this.files = new Files(t);
  }

  /** Closes the client's connections. */
  close(): Promise<void> {
    return this.transport.close();
  }
}

export * from './errors.js';
export type { ClientOptions, Credentials, RequestOptions } from './client-options.js';
