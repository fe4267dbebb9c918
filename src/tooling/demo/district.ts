/**
 * The demo district, built through the typed client: a residential block and a school (two
 * hubs) with heat and electricity demands from the service's demand database, rooftop PV, an
 * air-water heat pump and a gas boiler in each, a battery of bounded size, a seasonal heat store,
 * a heat pipe between them, grid electricity with a day/night tariff, gas, and feed-in. Its
 * numbers are plausible Swiss figures chosen for a demonstration, not a study of a real site;
 * the embodied CO2 of PV and battery and the cost of the heat store come from the published
 * sources named in each technology's notes (they appear in the specs workbook).
 */
import { toProfileValues } from '../../wire/contract/profiles.js';
import type { PlanningClient } from '../../wire/client/index.js';

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

/** Rooftop mono-Si PV, modules made in China, mounting and inverter included (kg CO2-eq per kWp). */
export const PV_EMBODIED_CO2_PER_KW = 1600;
const PV_EMBODIED_CO2_NOTE = `Embodied ${PV_EMBODIED_CO2_PER_KW} kg CO2-eq per kWp: a rooftop mono-crystalline silicon system (modules, mounting, inverter, cabling), within the 1,000–2,000 kg CO2-eq/kWp that the IEA PVPS Task 12 life-cycle inventories give for rooftop c-Si PV depending on where the modules are made; counted once per unit built.`;
const PV_EMBODIED_CO2_SOURCE = 'R. Frischknecht, P. Stolz, L. Krebs, M. de Wild-Scholten, P. Sinha: Life Cycle Inventories and Life Cycle Assessments of Photovoltaic Systems, IEA PVPS Task 12, Report IEA-PVPS T12-19:2020';
/** Li-ion battery production, upper end of the published range since a stationary pack adds housing and power electronics (kg CO2-eq per kWh). */
export const BATTERY_EMBODIED_CO2_PER_KWH = 106;
/** The largest battery that fits a building's plant room (kWh per hub). */
export const BATTERY_MAXIMUM_KWH = 200;
const BATTERY_NOTE = `Embodied ${BATTERY_EMBODIED_CO2_PER_KWH} kg CO2-eq per kWh of capacity, the upper end of the 61–106 kg CO2-eq/kWh of Li-ion battery production (cradle to gate) that IVL report C444 gives, as a stationary pack adds housing and power electronics; counted once per unit built, so twice over the 20 years of the stage. At most ${BATTERY_MAXIMUM_KWH} kWh per building (plant room).`;
const BATTERY_SOURCE = 'E. Emilsson, L. Dahllöf: Lithium-Ion Vehicle Battery Production — Status 2019 on Energy Use, CO2 Emissions, Use of Metals, Products Environmental Footprint, and Recycling, IVL Swedish Environmental Research Institute, report C444 (2019)';
/** A water tank or pit store of a few thousand m³: about 150 CHF per m³ at a 35 K spread (≈ 40 kWh/m³). */
export const HEAT_STORE_CHF_PER_KWH = 4;
/** The largest store beside each building: about 3,000 m³ of water (kWh per hub). */
export const HEAT_STORE_MAXIMUM_KWH = 120_000;
/** Standby loss of a large insulated water store (% of content per hour): about a fifth of the content over a half-year. */
export const HEAT_STORE_LOSS_PERCENT_PER_HOUR = 0.005;
/** Charge and discharge rate (% of capacity per hour): a full charge or discharge in about eight days, as the heat exchangers of pit stores allow. */
export const HEAT_STORE_RATE_PERCENT = 0.5;
const HEAT_STORE_NOTE = `A seasonal hot-water store (tank or pit of a few thousand m³) charged in summer by the heat pumps and discharged in winter: ${HEAT_STORE_CHF_PER_KWH} CHF per kWh of capacity (≈ 150 CHF/m³ at a 35 K spread, ≈ 40 kWh/m³; tank and pit stores of 2,000–10,000 m³ cost 50–250 EUR/m³ in the survey), 30 years, standby loss ${HEAT_STORE_LOSS_PERCENT_PER_HOUR} %/h (≈ 20 % of the content over half a year), charge and discharge at most ${HEAT_STORE_RATE_PERCENT} % of the capacity per hour, at most ${HEAT_STORE_MAXIMUM_KWH} kWh (≈ 3,000 m³) beside each building. Embodied CO2 of the store (concrete, steel, insulation) not counted.`;
const HEAT_STORE_SOURCE = 'D. Mangold, L. Deschaintre: Seasonal thermal energy storage — Report on state of the art and necessary further R+D, IEA SHC Task 45 (Large Systems: Solar Heating/Cooling Systems, Seasonal Storages, Heat Pumps), Subtask B (2015)';

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
    variableEmbodiedCo2: PV_EMBODIED_CO2_PER_KW, notes: PV_EMBODIED_CO2_NOTE, source: PV_EMBODIED_CO2_SOURCE,
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
    maximumCapacity: BATTERY_MAXIMUM_KWH, variableEmbodiedCo2: BATTERY_EMBODIED_CO2_PER_KWH, notes: BATTERY_NOTE, source: BATTERY_SOURCE,
  });
  await client.storageTechnologies.create(s, {
    storageName: 'Seasonal heat store', mustBeInstalled: 'canBeInstalled', lifetime: 30, technologyCapacity: 'optimize', hubGuids: hubs,
    energyCarrierGuid: heat, stages, storageChargingEfficiency: 98, storageDischargingEfficiency: 98, standbyLoss: HEAT_STORE_LOSS_PERCENT_PER_HOUR,
    maximumChargingRate: HEAT_STORE_RATE_PERCENT, maximumDischargingRate: HEAT_STORE_RATE_PERCENT, variableInvestmentCost: HEAT_STORE_CHF_PER_KWH,
    maximumCapacity: HEAT_STORE_MAXIMUM_KWH, exchangeCurrency: 'CHF', exchangeRate: 1, notes: HEAT_STORE_NOTE, source: HEAT_STORE_SOURCE,
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
