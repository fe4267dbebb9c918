/**
 * Builds scenario content for solver tests directly, without the service: one call per resource,
 * defaults for everything a test does not care about.
 */
import { randomUUID } from 'node:crypto';
import type {
  CarrierDoc, ConversionDoc, DemandDoc, DocOfKind, ImpexDoc, Resource, ResourceKind, ScenarioContent, StorageDoc,
} from '../../../src/local-service/scenario-model/documents.js';
import { RESOURCE_KINDS } from '../../../src/local-service/scenario-model/documents.js';

export const HOURS = 8760;
export const constant = (value: number) => new Float64Array(HOURS).fill(value);

const technologyDefaults = { lifetime: 20, exchangeCurrency: 'CHF', exchangeRate: 1, costComponents: [], stages: [] as string[] };

export class ContentBuilder {
  private readonly resources = Object.fromEntries(RESOURCE_KINDS.map((k) => [k, [] as Resource[]])) as unknown as ScenarioContent['resources'];
  private readonly profiles: ScenarioContent['profiles'] = [];

  private add<K extends ResourceKind>(kind: K, doc: DocOfKind[K]): string {
    const guid = randomUUID();
    (this.resources[kind] as Resource<K>[]).push({ guid, kind, created: 0, updated: 0, doc });
    return guid;
  }

  stage(length = 1, interestRate = 0, inflationRate = 0): string {
    return this.add('stage', { name: `Stage ${this.resources.stage.length + 1}`, length, interestRate, inflationRate, index: this.resources.stage.length });
  }
  hub(name: string): string {
    return this.add('hub', { hubName: name });
  }
  carrier(subtypeKey: string, name: string, extra: Partial<CarrierDoc> = {}): string {
    return this.add('carrier', { subtypeKey, energyCarrierName: name, ...extra });
  }
  profile(name: string, values: Float64Array): number {
    const id = this.profiles.length + 1;
    this.profiles.push({ id, name, values });
    return id;
  }
  demand(doc: Partial<DemandDoc> & Pick<DemandDoc, 'energyCarrierGuid' | 'hubGuids' | 'demandProfileId'>): string {
    return this.add('demand', { energyDemandName: 'Demand', stages: [], metadata: {}, ...doc });
  }
  impex(doc: Partial<ImpexDoc> & Pick<ImpexDoc, 'type' | 'energyCarrierGuid' | 'hubGuids'>): string {
    return this.add('impex', { name: doc.type === 'IMPORT' ? 'Import' : 'Export', stages: [], priceComponents: [], timeOfUses: [], ...doc });
  }
  /** A one-mode technology: `inputs` carrier → share, `outputs` carrier → efficiency %. */
  conversion(
    name: string,
    hubGuids: string[],
    inputs: Record<string, number>,
    outputs: Record<string, number>,
    extra: Partial<ConversionDoc> = {},
  ): string {
    const [primary] = Object.keys(outputs);
    return this.add('conversion', {
      ...technologyDefaults,
      processName: name,
      mustBeInstalledInHubs: 'canBeInstalled',
      hubGuids,
      modes: [{
        technologyModeGuid: randomUUID(), seasonalOperation: 'ALL_SEASONS', primary: true,
        inputs: Object.entries(inputs).map(([energyCarrierGuid, fixedInputShare]) => ({ energyCarrierGuid, fixedInputShare })),
        outputs: Object.entries(outputs).map(([energyCarrierGuid, outputEfficiency]) => ({ energyCarrierGuid, outputEfficiency, primary: energyCarrierGuid === primary })),
      }],
      ...extra,
    });
  }
  storage(name: string, hubGuids: string[], carrier: string, extra: Partial<StorageDoc> = {}): string {
    return this.add('storage', {
      ...technologyDefaults,
      storageName: name, mustBeInstalled: 'canBeInstalled', technologyCapacity: 'optimize',
      storageChargingEfficiency: 100, storageDischargingEfficiency: 100, hubGuids, energyCarrierGuid: carrier, ...extra,
    });
  }
  /** An on-site resource of `carrier` at each hub: profile × area kW available every hour. */
  solar(name: string, hubs: { hub: string; area: number }[], carrier: string, profileId: number): string {
    return this.add('solar', {
      name, energyCarrierGuid: carrier, profileId, stages: [], irradianceProfileType: 'GENERATED', metadata: {},
      hubs: hubs.map(({ hub, area }) => ({ hubGuid: hub, availableSolarCollectorArea: area })),
    });
  }
  build(): ScenarioContent {
    return { resources: this.resources, profiles: this.profiles };
  }
}

/** One hub in a one-year stage with gas, electricity and heat carriers and the given hourly heat demand: add imports and technologies to it. */
export function heatHub(demand: Float64Array) {
  const b = new ContentBuilder();
  b.stage(1);
  const hub = b.hub('Hub');
  const gas = b.carrier('GAS', 'Gas');
  const electricity = b.carrier('ELECTRICITY', 'Electricity');
  const heat = b.carrier('HEAT_1', 'Heat');
  b.demand({ energyCarrierGuid: heat, hubGuids: [hub], demandProfileId: b.profile('heat', demand) });
  return { b, hub, gas, electricity, heat };
}

/** One hub whose electricity demand is `load` kW all year, one stage: add supplies to it. */
export function electricityHub(load: number) {
  const b = new ContentBuilder();
  b.stage(1);
  const hub = b.hub('Hub');
  const electricity = b.carrier('ELECTRICITY', 'Electricity');
  b.demand({ energyCarrierGuid: electricity, hubGuids: [hub], demandProfileId: b.profile('load', constant(load)) });
  return { b, hub, electricity };
}

/**
 * A battery arbitrage case (an LP): 10 kW load, electricity at `price(hour)` (by default 0.10 CHF/kWh
 * from midnight to noon, 0.30 from noon to midnight), a battery at 30 CHF/kWh for one year.
 */
export function arbitrageCase(battery: Partial<StorageDoc> = {}, price = (h: number): number => (h % 24 < 12 ? 0.1 : 0.3)): ContentBuilder {
  const { b, hub, electricity } = electricityHub(10);
  const prices = Float64Array.from({ length: HOURS }, (_, h) => price(h));
  b.impex({ type: 'IMPORT', energyCarrierGuid: electricity, hubGuids: [hub], hourlyEnergyPriceProfileId: b.profile('price', prices) });
  b.storage('Battery', [hub], electricity, { variableInvestmentCost: 30, lifetime: 1, ...battery });
  return b;
}

/** A heat demand of 10 kW all year at one hub, gas at 0.10 CHF/kWh, electricity at 0.25 CHF/kWh: add technologies to it. */
export function heatingCase() {
  const { b, hub, gas, electricity, heat } = heatHub(constant(10));
  b.impex({ type: 'IMPORT', energyCarrierGuid: gas, hubGuids: [hub], energyPriceCHFkWh: 0.1, co2IntensityKgCo2kWh: 0.2 });
  b.impex({ type: 'IMPORT', energyCarrierGuid: electricity, hubGuids: [hub], energyPriceCHFkWh: 0.25, co2IntensityKgCo2kWh: 0.1 });
  return { b, hub, gas, electricity, heat };
}
