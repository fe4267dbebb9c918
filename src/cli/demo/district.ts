/**
 * The demo district, built through the typed client: a residential block and a school (two
 * hubs) with heat and electricity demands from the service's demand database, rooftop PV, an
 * air-water heat pump and a gas boiler in each, a battery, a heat pipe between them, grid
 * electricity with a day/night tariff, gas, and feed-in. Its numbers are plausible Swiss figures
 * chosen for a demonstration, not a study of a real site.
 */
import { toProfileValues } from '../../api/profiles.js';
import type { PlanningClient } from '../../client/index.js';

export const DEMO_SCENARIO_NAME = 'Demo district';

/** Clear-sky irradiance on a horizontal m² at 47.4° N, dimmed by a seeded day-to-day cloudiness (kW/m²). */
export function irradianceProfile(): number[] {
  let seed = 20250101;
  const random = () => {
    seed = (seed * 1664525 + 1013904223) % 2 ** 32;
    return seed / 2 ** 32;
  };
  const latitude = (47.4 * Math.PI) / 180;
  const values: number[] = [];
  for (let day = 0; day < 365; day++) {
    const declination = ((23.45 * Math.PI) / 180) * Math.sin((2 * Math.PI * (284 + day + 1)) / 365);
    // Clearer summers than winters (fog in the Swiss midlands), varying from day to day.
    const clearness = 0.45 + 0.2 * Math.sin((2 * Math.PI * (day - 80)) / 365) + 0.35 * (random() - 0.5);
    for (let hour = 0; hour < 24; hour++) {
      const hourAngle = ((hour + 0.5 - 12.5) * 15 * Math.PI) / 180;
      const sinElevation = Math.sin(latitude) * Math.sin(declination) + Math.cos(latitude) * Math.cos(declination) * Math.cos(hourAngle);
      const clearSky = sinElevation > 0.02 ? 1.098 * sinElevation * Math.exp(-0.057 / sinElevation) : 0;
      values.push(Math.round(clearSky * Math.min(1, Math.max(0.1, clearness)) * 100000) / 100000);
    }
  }
  return values;
}

/** A day/night grid tariff: 0.27 CHF/kWh on weekdays 7–20 h, 0.19 otherwise (the year starts on a Monday). */
export function gridTariff(): number[] {
  return Array.from({ length: 8760 }, (_, h) => {
    const weekday = Math.floor(h / 24) % 7 < 5;
    const hour = h % 24;
    return weekday && hour >= 7 && hour < 20 ? 0.27 : 0.19;
  });
}

const add = (a: number[], b: number[]) => a.map((v, i) => Math.round((v + b[i]) * 100000) / 100000);

/** Builds the demo district in an analysis; answers the scenario guid. */
export async function buildDemoDistrict(client: PlanningClient, analysisGuid: string, scenarioName = DEMO_SCENARIO_NAME): Promise<string> {
  const scenario = await client.scenarios.create(analysisGuid, scenarioName);
  const s = scenario.scenarioGuid;
  const stage = await client.stages.create(s, { name: '2026–2045', length: 20, interestRate: 4, inflationRate: 1.5, index: 0 });
  const stages = [stage.guid];
  const residential = await client.hubs.create(s, 'Residential block');
  const school = await client.hubs.create(s, 'School');
  const hubs = [residential.hubGuid, school.hubGuid];
  const carrier = async (subType: string, energyCarrierName: string, colorHexCode: string) =>
    (await client.carriers.create(s, { subType, energyCarrierName, colorHexCode })).energyCarrierGuid;
  const electricity = await carrier('ELECTRICITY', 'Electricity', '#f2c500');
  const heat = await carrier('HEAT_2', 'Heat 55°C', '#d9480f');
  const gas = await carrier('GAS', 'Natural gas', '#5c5f66');
  const solar = await carrier('SOLAR_ROOF', 'Solar (roof)', '#f59f00');

  const calc = (type: 'SPACE_HEATING' | 'HOT_WATER' | 'ELECTRICITY', buildingType: 'RESIDENCE_MFH' | 'SCHOOLS', year: number, areaM2: number) =>
    client.demandDatabase.calculate(type, [{ buildingType, year, areaM2 }]);
  const profile = async (name: string, values: number[]) => (await client.profiles.create(s, { name, values: toProfileValues(values) })).id;
  const residentialHeat = await profile('Residential heat', add(await calc('SPACE_HEATING', 'RESIDENCE_MFH', 1978, 6500), await calc('HOT_WATER', 'RESIDENCE_MFH', 1978, 6500)));
  const residentialPower = await profile('Residential electricity', await calc('ELECTRICITY', 'RESIDENCE_MFH', 1978, 6500));
  const schoolHeat = await profile('School heat', add(await calc('SPACE_HEATING', 'SCHOOLS', 1992, 4200), await calc('HOT_WATER', 'SCHOOLS', 1992, 4200)));
  const schoolPower = await profile('School electricity', await calc('ELECTRICITY', 'SCHOOLS', 1992, 4200));
  const irradiance = await profile('Irradiance (horizontal)', irradianceProfile());
  const tariff = await profile('Grid tariff', gridTariff());

  for (const [hub, heatProfile, powerProfile, name] of [
    [residential.hubGuid, residentialHeat, residentialPower, 'Residential'],
    [school.hubGuid, schoolHeat, schoolPower, 'School'],
  ] as const) {
    await client.energyDemands.create(s, { name: `${name} heat`, energyCarrierGuid: heat, hubGuids: [hub], demandProfileId: heatProfile, stages });
    await client.energyDemands.create(s, { name: `${name} electricity`, energyCarrierGuid: electricity, hubGuids: [hub], demandProfileId: powerProfile, stages });
  }

  await client.impex.create(s, {
    name: 'Grid electricity', type: 'IMPORT', energyCarrierGuid: electricity, hubs: hubs.map((hubGuid) => ({ hubGuid })), stages,
    hourlyEnergyPriceProfileId: tariff, co2IntensityKgCo2kWh: 0.128, capacityPriceCHFkWYear: 40,
  });
  await client.impex.create(s, {
    name: 'Natural gas', type: 'IMPORT', energyCarrierGuid: gas, hubs: hubs.map((hubGuid) => ({ hubGuid })), stages,
    energyPriceCHFkWh: 0.12, co2IntensityKgCo2kWh: 0.228,
  });
  await client.impex.create(s, {
    name: 'Feed-in', type: 'EXPORT', energyCarrierGuid: electricity, hubs: hubs.map((hubGuid) => ({ hubGuid })), stages,
    energyPriceCHFkWh: 0.08, maxCapacityKW: 400,
  });
  await client.solarResources.create(s, {
    name: 'Roofs', energyCarrierGuid: solar, profileId: irradiance, stages,
    hubs: [
      { hubGuid: residential.hubGuid, availableSolarCollectorArea: 1400, availableResourceType: 'Area' },
      { hubGuid: school.hubGuid, availableSolarCollectorArea: 1900, availableResourceType: 'Area' },
    ],
  });

  const technology = { mustBeInstalledInHubs: 'canBeInstalled' as const, exchangeCurrency: 'CHF', exchangeRate: 1, hubGuids: hubs, stages };
  await client.conversionTechnologies.create(s, {
    ...technology, processName: 'PV', lifetime: 25, variableInvestmentCost: 1500, variableOmCostYear: 25,
    conversionTechnologyModes: [{
      seasonalOperation: 'ALL_SEASONS', primary: true,
      energyCarriers: [
        { energyCarrierGuid: solar, type: 'INPUT', primary: false, fixedInputShare: 100 },
        { energyCarrierGuid: electricity, type: 'OUTPUT', primary: true, outputEfficiency: 19 },
      ],
    }],
  });
  // A heat pump's COP is lower in the cold months: monthly efficiencies (%) of heat per electricity.
  const cop = [260, 270, 300, 340, 380, 400, 410, 405, 370, 330, 290, 265];
  const months = ['JANUARY', 'FEBRUARY', 'MARCH', 'APRIL', 'MAY', 'JUNE', 'JULY', 'AUGUST', 'SEPTEMBER', 'OCTOBER', 'NOVEMBER', 'DECEMBER'] as const;
  await client.conversionTechnologies.create(s, {
    ...technology, processName: 'Heat pump', lifetime: 20, variableInvestmentCost: 1100, fixedInvestmentCost: 15000, variableOmCostYear: 12,
    fixedEmbodiedCo2: 2000, variableEmbodiedCo2: 120,
    conversionTechnologyModes: [{
      seasonalOperation: 'ALL_SEASONS', primary: true, minPartLoad: 25,
      energyCarriers: [
        { energyCarrierGuid: electricity, type: 'INPUT', primary: false, fixedInputShare: 100 },
        {
          energyCarrierGuid: heat, type: 'OUTPUT', primary: true, outputEfficiency: 330, customOutputEfficiencyActivated: true,
          customSeasonalityValues: months.map((month, i) => ({ month, value: cop[i] })),
        },
      ],
    }],
  });
  await client.conversionTechnologies.create(s, {
    ...technology, processName: 'Gas boiler', lifetime: 25, variableInvestmentCost: 160, fixedInvestmentCost: 8000, variableOmCost: 0.004,
    conversionTechnologyModes: [{
      seasonalOperation: 'ALL_SEASONS', primary: true, minPartLoad: 20,
      energyCarriers: [
        { energyCarrierGuid: gas, type: 'INPUT', primary: false, fixedInputShare: 100 },
        { energyCarrierGuid: heat, type: 'OUTPUT', primary: true, outputEfficiency: 92 },
      ],
    }],
  });
  await client.storageTechnologies.create(s, {
    storageName: 'Battery', mustBeInstalled: 'canBeInstalled', lifetime: 15, technologyCapacity: 'optimize', hubGuids: hubs,
    energyCarrierGuid: electricity, stages, storageChargingEfficiency: 95, storageDischargingEfficiency: 95, standbyLoss: 0.02, minimumSoc: 10,
    maximumChargingRate: 50, maximumDischargingRate: 50, variableInvestmentCost: 420, exchangeCurrency: 'CHF', exchangeRate: 1,
  });
  const pipe = await client.networkTechnologies.create(s, {
    networkTechnologyName: 'Heat pipe DN65', lifetime: 40, energyCarrierGuid: heat, stages, fixedInvestmentCost: 900, variableInvestmentCost: 0.5,
  });
  await client.networkLinks.create(s, {
    name: 'Heat pipe', length: 180, technologyCapacity: 'optimize', node1Guid: residential.hubGuid, node2Guid: school.hubGuid,
    networkTechnologyGuid: pipe.networkTechnologyGuid, networkLoss: 3, maximumCapacity: 500,
  });
  return s;
}
