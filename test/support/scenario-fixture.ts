/**
 * A small but complete energy-hub scenario built through the typed client: two hubs, electricity,
 * heat, gas and solar carriers, demand and irradiance profiles, a grid import, a feed-in export, a
 * gas boiler and a heat pump (two modes), a heat storage, a district-heating link and
 * technology, a PV resource, a package and an intra-hub link. Tests of every family start here.
 */
import { toProfileValues } from '../../src/wire/contract/profiles.js';
import type { PlanningClient } from '../../src/wire/client/index.js';

/** A deterministic hourly shape: winter-heavy heat, daytime-peaking solar, flat-ish electricity. */
export function hourly(kind: 'heat' | 'electricity' | 'solar' | 'price'): number[] {
  return Array.from({ length: 8760 }, (_, h) => {
    const day = Math.floor(h / 24);
    const hour = h % 24;
    const winter = (1 + Math.cos((2 * Math.PI * day) / 365)) / 2;
    switch (kind) {
      case 'heat':
        return Math.round((20 + 80 * winter) * (hour >= 6 && hour <= 22 ? 1.2 : 0.7) * 1000) / 1000;
      case 'electricity':
        return Math.round((30 + 10 * Math.sin((Math.PI * hour) / 24)) * 1000) / 1000;
      case 'solar':
        return hour >= 7 && hour <= 18 ? Math.round(Math.sin((Math.PI * (hour - 6)) / 13) * (1 - 0.6 * winter) * 1000) / 1000 : 0;
      case 'price':
        return Math.round((0.2 + 0.05 * Math.sin((Math.PI * hour) / 12)) * 100000) / 100000;
    }
  });
}

export interface ScenarioFixture {
  projectGuid: string;
  analysisGuid: string;
  scenarioGuid: string;
  stageGuid: string;
  hubs: { a: string; b: string };
  carriers: { electricity: string; heat: string; gas: string; solar: string };
  profiles: { heat: number; electricity: number; solar: number; price: number };
  demandGuid: string;
  importGuid: string;
  exportGuid: string;
  networkTechnologyGuid: string;
  networkLinkGuid: string;
  storageGuid: string;
  boilerGuid: string;
  heatPumpGuid: string;
  packageGuid: string;
  solarGuid: string;
  intraHubLinkGuid: string;
}

/** Builds the fixture scenario in a new project (or in `analysisGuid` when given). */
export async function buildScenario(client: PlanningClient, options: { projectName?: string; scenarioName?: string } = {}): Promise<ScenarioFixture> {
  const project = await client.projects.create({ projectName: options.projectName ?? `Fixture ${crypto.randomUUID()}`, version: 'V2' });
  const analysis = await client.analyses.create(project.projectGuid, 'Base analysis');
  const scenario = await client.scenarios.create(analysis.analysisGuid, options.scenarioName ?? 'Base');
  const s = scenario.scenarioGuid;
  const stage = await client.stages.create(s, { name: 'Stage 1', length: 20, interestRate: 3, inflationRate: 1, index: 0 });
  const stages = [stage.guid];
  const hubA = await client.hubs.create(s, 'Hub A');
  const hubB = await client.hubs.create(s, 'Hub B');
  const carrier = (subType: string, energyCarrierName: string) => client.carriers.create(s, { subType, energyCarrierName });
  const electricity = await carrier('ELECTRICITY', 'Electricity');
  const heat = await carrier('HEAT_3', 'Heat 60°C');
  const gas = await carrier('GAS', 'Natural gas');
  const solar = await carrier('SOLAR_ROOF', 'Solar roof');
  const profile = (name: string, kind: Parameters<typeof hourly>[0]) => client.profiles.create(s, { name, values: toProfileValues(hourly(kind)) });
  const heatProfile = await profile('Heat demand', 'heat');
  const electricityProfile = await profile('Electricity demand', 'electricity');
  const solarProfile = await profile('Irradiance', 'solar');
  const priceProfile = await profile('Grid price', 'price');

  const demand = await client.energyDemands.create(s, {
    name: 'Space heating', energyCarrierGuid: heat.energyCarrierGuid, hubGuids: [hubA.hubGuid], demandProfileId: heatProfile.id,
    demandScalingFactor: 1, multiplicationFactor: 1, stages,
  });
  const gridImport = await client.impex.create(s, {
    name: 'Grid electricity', energyCarrierGuid: electricity.energyCarrierGuid, type: 'IMPORT', hubs: [{ hubGuid: hubA.hubGuid }],
    stages, energyPriceCHFkWh: 0.22, co2IntensityKgCo2kWh: 0.128, hourlyEnergyPriceProfileId: priceProfile.id,
    priceComponents: [{ name: 'Grid use', value: 0.08, priceCategory: 'NETWORK_USE', priceDimension: 'ENERGY_PRICE_CHF_KWH', type: 'FIXED' }],
  });
  const gasImport = await client.impex.create(s, {
    name: 'Gas supply', energyCarrierGuid: gas.energyCarrierGuid, type: 'IMPORT', hubs: [{ hubGuid: hubA.hubGuid }, { hubGuid: hubB.hubGuid }],
    stages, energyPriceCHFkWh: 0.11, co2IntensityKgCo2kWh: 0.228,
  });
  void gasImport;
  const feedIn = await client.impex.create(s, {
    name: 'Feed-in', energyCarrierGuid: electricity.energyCarrierGuid, type: 'EXPORT', hubs: [{ hubGuid: hubB.hubGuid }], stages, energyPriceCHFkWh: 0.06,
  });
  const pipe = await client.networkTechnologies.create(s, {
    networkTechnologyName: 'District heating pipe', lifetime: 40, energyCarrierGuid: heat.energyCarrierGuid, stages,
    fixedInvestmentCost: 1000, variableInvestmentCost: 800, costComponents: [{ name: 'Trenching', value: 250, category: 'PIPE' }],
  });
  const link = await client.networkLinks.create(s, {
    name: 'A–B', length: 350, technologyCapacity: 'optimize', node1Guid: hubA.hubGuid, node2Guid: hubB.hubGuid,
    networkTechnologyGuid: pipe.networkTechnologyGuid, networkLoss: 2.5, uniDirectionalFlow: false,
  });
  const storage = await client.storageTechnologies.create(s, {
    storageName: 'Heat tank', mustBeInstalled: 'canBeInstalled', lifetime: 25, technologyCapacity: 'optimize',
    storageChargingEfficiency: 95, storageDischargingEfficiency: 95, standbyLoss: 1, minimumSoc: 5,
    hubGuids: [hubA.hubGuid], energyCarrierGuid: heat.energyCarrierGuid, stages, variableInvestmentCost: 35, exchangeRate: 1, exchangeCurrency: 'CHF',
  });
  const boiler = await client.conversionTechnologies.create(s, {
    processName: 'Gas boiler', mustBeInstalledInHubs: 'canBeInstalled', lifetime: 20, exchangeCurrency: 'CHF', exchangeRate: 1,
    hubGuids: [hubA.hubGuid, hubB.hubGuid], stages, variableInvestmentCost: 150, fixedInvestmentCost: 5000, variableOmCost: 0.005,
    conversionTechnologyModes: [{
      seasonalOperation: 'ALL_SEASONS', primary: true, minPartLoad: 20,
      energyCarriers: [
        { energyCarrierGuid: gas.energyCarrierGuid, type: 'INPUT', primary: false, fixedInputShare: 100 },
        { energyCarrierGuid: heat.energyCarrierGuid, type: 'OUTPUT', primary: true, outputEfficiency: 92 },
      ],
    }],
  });
  const heatPump = await client.conversionTechnologies.create(s, {
    processName: 'Heat pump', mustBeInstalledInHubs: 'canBeInstalled', lifetime: 20, exchangeCurrency: 'CHF', exchangeRate: 1,
    hubGuids: [hubA.hubGuid], stages, variableInvestmentCost: 900,
    conversionTechnologyModes: [
      {
        seasonalOperation: 'WINTER', primary: true,
        energyCarriers: [
          { energyCarrierGuid: electricity.energyCarrierGuid, type: 'INPUT', primary: false, fixedInputShare: 100 },
          { energyCarrierGuid: heat.energyCarrierGuid, type: 'OUTPUT', primary: true, outputEfficiency: 280 },
        ],
      },
      {
        seasonalOperation: 'NON_WINTER', primary: false,
        energyCarriers: [
          { energyCarrierGuid: electricity.energyCarrierGuid, type: 'INPUT', primary: false, fixedInputShare: 100 },
          { energyCarrierGuid: heat.energyCarrierGuid, type: 'OUTPUT', primary: true, outputEfficiency: 380 },
        ],
      },
    ],
  });
  const pack = await client.technologyPackages.create(s, {
    name: 'Heat package', maximumConversions: 2, mustBeInstalled: 'canBeInstalled',
    conversionTechnologies: [boiler.conversionTechnologyGuid, heatPump.conversionTechnologyGuid], storageTechnologies: [storage.storageTechnologyGuid],
  });
  const pv = await client.solarResources.create(s, {
    name: 'Rooftop PV', energyCarrierGuid: solar.energyCarrierGuid, profileId: solarProfile.id, stages,
    hubs: [{ hubGuid: hubA.hubGuid, availableSolarCollectorArea: 400, availableResourceType: 'Area' }],
  });
  const exchanger = await client.intraHubLinks.create(s, {
    name: 'Heat exchanger', inputEnergyCarrierGuid: heat.energyCarrierGuid, outputEnergyCarrierGuid: heat.energyCarrierGuid,
    hubGuids: [hubB.hubGuid], networkLoss: 1, stages,
  });
  return {
    projectGuid: project.projectGuid,
    analysisGuid: analysis.analysisGuid,
    scenarioGuid: s,
    stageGuid: stage.guid,
    hubs: { a: hubA.hubGuid, b: hubB.hubGuid },
    carriers: { electricity: electricity.energyCarrierGuid, heat: heat.energyCarrierGuid, gas: gas.energyCarrierGuid, solar: solar.energyCarrierGuid },
    profiles: { heat: heatProfile.id, electricity: electricityProfile.id, solar: solarProfile.id, price: priceProfile.id },
    demandGuid: demand.energyDemandGuid,
    importGuid: gridImport.guid,
    exportGuid: feedIn.guid,
    networkTechnologyGuid: pipe.networkTechnologyGuid,
    networkLinkGuid: link.networkLinkGuid,
    storageGuid: storage.storageTechnologyGuid,
    boilerGuid: boiler.conversionTechnologyGuid,
    heatPumpGuid: heatPump.conversionTechnologyGuid,
    packageGuid: pack.guid,
    solarGuid: pv.solarResourceGuid,
    intraHubLinkGuid: exchanger.intraHubNetworkLinkGuid,
  };
}
