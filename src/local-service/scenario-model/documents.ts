/**
 * How the service stores a scenario's resources: one normalised document per resource, holding
 * references as guids (and profile ids) and never copies of the referenced names, so a renamed hub
 * or carrier shows its new name everywhere. Request bodies of either shape (create or update) are
 * turned into these (docs/, shared by the service's handlers and the workbook reader); every
 * answer is projected from them. The optimiser and the spreadsheet read them too.
 */

export const RESOURCE_KINDS = [
  'hub', 'carrier', 'stage', 'impex', 'networkTechnology', 'networkLink', 'storage', 'conversion', 'demand',
  'technologyPackage', 'solar', 'intraHubLink',
] as const;
export type ResourceKind = (typeof RESOURCE_KINDS)[number];

export type Nullable<T> = T | null | undefined;

export type HubDoc = {
  hubName: string;
};

export type CarrierDoc = {
  subtypeKey: string;
  energyCarrierName: string;
  colorHexCode?: Nullable<string>;
  allowVirtualLoad?: Nullable<boolean>;
};

export type StageDoc = {
  name: string;
  length: number;
  interestRate?: Nullable<number>;
  inflationRate?: Nullable<number>;
  index: number;
};

export type CostComponentDoc = {
  guid: string;
  name?: Nullable<string>;
  value?: Nullable<number>;
  lifetime?: Nullable<number>;
  interestRate?: Nullable<number>;
  length?: Nullable<number>;
  complexityFactor?: Nullable<number>;
  dataPoints?: Nullable<number>;
  numberOfPumps?: Nullable<number>;
  category?: Nullable<string>;
};

export type PriceComponentDoc = {
  guid: string;
  name?: Nullable<string>;
  value?: Nullable<number>;
  priceCategory?: Nullable<string>;
  priceDimension?: Nullable<string>;
  type?: Nullable<string>;
  timeOfUses?: Nullable<string[]>;
};

export type TimeOfUseDoc = {
  name: string;
  months?: Nullable<string[]>;
  days?: Nullable<string[]>;
  startTime?: Nullable<string>;
  endTime?: Nullable<string>;
};

export type ImpexDoc = {
  name: string;
  type: 'IMPORT' | 'EXPORT';
  energyCarrierGuid: string;
  hubGuids: string[];
  stages: string[];
  energyPriceCHFkWh?: Nullable<number>;
  maxCapacityKW?: Nullable<number>;
  totalAnnualEnergyAvailableKWhA?: Nullable<number>;
  capacityPriceCHFkWYear?: Nullable<number>;
  capacityPriceCHFkWMonth?: Nullable<number>;
  fixedOmPriceCHFYear?: Nullable<number>;
  co2IntensityKgCo2kWh?: Nullable<number>;
  co2CompensationKgCo2kWh?: Nullable<number>;
  hourlyEnergyPriceProfileId?: Nullable<number>;
  dynamicCo2ProfileId?: Nullable<number>;
  maximumHourlyEnergyAvailableProfileId?: Nullable<number>;
  product?: Nullable<string>;
  notes?: Nullable<string>;
  source?: Nullable<string>;
  year?: Nullable<number>;
  suggested?: Nullable<boolean>;
  priceComponents: PriceComponentDoc[];
  timeOfUses: TimeOfUseDoc[];
};

/** Fields common to the three technology kinds. */
export type TechnologyCostDoc = {
  lifetime: number;
  exchangeCurrency?: Nullable<string>;
  exchangeRate?: Nullable<number>;
  fixedInvestmentCost?: Nullable<number>;
  variableInvestmentCost?: Nullable<number>;
  fixedOmCostChf?: Nullable<number>;
  variableOmCostPercent?: Nullable<number>;
  fixedEmbodiedCo2?: Nullable<number>;
  variableEmbodiedCo2?: Nullable<number>;
  fixedReplacementCost?: Nullable<number>;
  variableReplacementCostPercent?: Nullable<number>;
  variableReplacementCostCHF?: Nullable<number>;
  fixedSalvageValue?: Nullable<number>;
  variableSalvageValuePercent?: Nullable<number>;
  variableSalvageValueCHF?: Nullable<number>;
  costComponents: CostComponentDoc[];
  category?: Nullable<string>;
  technologyCategory?: Nullable<string>;
  notes?: Nullable<string>;
  source?: Nullable<string>;
  comesFromDb?: Nullable<string>;
  suggested?: Nullable<boolean>;
  stages: string[];
};

export type NetworkTechnologyDoc = TechnologyCostDoc & {
  networkTechnologyName: string;
  energyCarrierGuid: string;
  variableOmCostYear?: Nullable<number>;
  variableOmCostCHFkWh?: Nullable<number>;
  networkSize?: Nullable<string>;
};

export type NetworkLinkDoc = {
  name: string;
  length: number;
  technologyCapacity: 'optimize' | 'specify';
  node1Guid: string;
  node2Guid: string;
  networkTechnologyGuid: string;
  installedCapacity?: Nullable<number>;
  maximumCapacity?: Nullable<number>;
  minimumCapacity?: Nullable<number>;
  networkLoss?: Nullable<number>;
  uniDirectionalFlow?: Nullable<boolean>;
  mustBeInstalled?: Nullable<boolean>;
  networkLossProfileId?: Nullable<number>;
  costComponents: CostComponentDoc[];
};

export type TimeOfDayDoc = {
  hour: number;
  minute: number;
  second?: Nullable<number>;
  nano?: Nullable<number>;
};

export type StorageDoc = TechnologyCostDoc & {
  storageName: string;
  mustBeInstalled: string;
  technologyCapacity: 'optimize' | 'specify';
  storageChargingEfficiency: number;
  storageDischargingEfficiency: number;
  hubGuids: string[];
  energyCarrierGuid: string;
  variableOmEnergyFlowCost?: Nullable<number>;
  variableOmCost?: Nullable<number>;
  capacity?: Nullable<number>;
  maximumCapacity?: Nullable<number>;
  minimumCapacity?: Nullable<number>;
  maximumChargingRate?: Nullable<number>;
  maximumDischargingRate?: Nullable<number>;
  standbyLoss?: Nullable<number>;
  minimumSoc?: Nullable<number>;
  standByLossProfileId?: Nullable<number>;
  mutuallyExclusiveGroup?: Nullable<string>;
  technologyOptional?: Nullable<boolean>;
  evPlugInTime?: Nullable<TimeOfDayDoc>;
  evPlugOutTime?: Nullable<TimeOfDayDoc>;
  evPlugInDurationHours?: Nullable<number>;
  drivingDistanceKms?: Nullable<number>;
  evSocStartPercent?: Nullable<number>;
  evBatterySizeKWh?: Nullable<number>;
  maximumSocPercent?: Nullable<number>;
  evAverageKWhPerKm?: Nullable<number>;
  evPlugInPowerKW?: Nullable<number>;
  isEvBattery?: Nullable<boolean>;
  typeOfCharging?: Nullable<string>;
};

export type ModeCarrierDoc = {
  energyCarrierGuid: string;
  fixedInputShare?: Nullable<number>;
  outputEfficiency?: Nullable<number>;
  customInputShareActivated?: Nullable<boolean>;
  customOutputEfficiencyActivated?: Nullable<boolean>;
  customSeasonalityValues?: Nullable<{ month: string; value: number }[]>;
  inputShareProfileId?: Nullable<number>;
  outputEfficiencyProfileId?: Nullable<number>;
  primary?: Nullable<boolean>;
};

export type ModeDoc = {
  technologyModeGuid: string;
  capacity?: Nullable<number>;
  minimumAnnualOutput?: Nullable<number>;
  maximumAnnualOutput?: Nullable<number>;
  curtailmentLimitation?: Nullable<number>;
  peakPower?: Nullable<number>;
  minPartLoad?: Nullable<number>;
  minimumUpTime?: Nullable<number>;
  minimumDownTime?: Nullable<number>;
  allowedOperationProfileId?: Nullable<number>;
  primary?: Nullable<boolean>;
  maximumCapacity?: Nullable<number>;
  minimumCapacity?: Nullable<number>;
  /** One of ALL_SEASONS, WINTER, NON_WINTER, SUMMER, NON_SUMMER. */
  seasonalOperation: string;
  simultaneousOperation?: Nullable<boolean>;
  inputs: ModeCarrierDoc[];
  outputs: ModeCarrierDoc[];
};

export type ConversionDoc = TechnologyCostDoc & {
  processName: string;
  mustBeInstalledInHubs: string;
  hubGuids: string[];
  modes: ModeDoc[];
  variableOmCostYear?: Nullable<number>;
  variableOmCost?: Nullable<number>;
  variableEmittedCo2?: Nullable<number>;
  variableCapturedCo2?: Nullable<number>;
  virtual?: Nullable<boolean>;
  technologyOptional?: Nullable<boolean>;
  mutuallyExclusiveGroup?: Nullable<string>;
  technologyCapacity?: Nullable<string>;
};

export const DEMAND_METADATA_FIELDS = [
  'energyDemandUserSavedMetadataGuid', 'energyDemandUserSavedMetadataName', 'energyDemandUserSavedMetadataReferenceArea',
  'scalingFactor', 'energyDemandMetadataReferencedAreaM2', 'energyDemandMetadataSpecificEnergyDemandValueKWhM2',
  'energyDemandMetadataTotalAnnualDemand', 'energyDemandMetadataGuid', 'energyDemandMetadataName',
  'energyDemandMetadataDbOrganization', 'multiplicationFactorPreview', 'energyDemandMetadataType',
  'energyDemandMetadataOption', 'energyDemandMetadataBuildingType', 'energyDemandMetadataBuildingAge',
] as const;

export type DemandDoc = {
  energyDemandName: string;
  energyCarrierGuid: string;
  hubGuids: string[];
  demandProfileId: number;
  stages: string[];
  demandScalingFactor?: Nullable<number>;
  demandSalePrice?: Nullable<number>;
  demandSalePriceScalingFactor?: Nullable<number>;
  demandSalePriceProfileId?: Nullable<number>;
  multiplicationFactor?: Nullable<number>;
  reverse?: Nullable<boolean>;
  metadata: Partial<Record<(typeof DEMAND_METADATA_FIELDS)[number], string | number | null>>;
};

export type TechnologyPackageDoc = {
  name: string;
  maximumConversions?: Nullable<number>;
  maximumStorages?: Nullable<number>;
  mustBeInstalled?: Nullable<string>;
  mutuallyExclusiveGroup?: Nullable<string>;
  conversionGuids: string[];
  storageGuids: string[];
};

export type SolarHubDoc = {
  hubGuid: string;
  availableSolarCollectorArea: number;
  availableResourceType?: Nullable<string>;
};

export const SOLAR_METADATA_FIELDS = [
  'solarResourceMetadataName', 'solarResourceMetadataDbOrganization', 'solarResourceMetadataGuid',
  'solarResourceMetadataLocation', 'solarResourceMetadataType', 'solarResourceMetadataOrientation',
  'solarResourceMetadataSlope',
] as const;

export type SolarDoc = {
  name: string;
  energyCarrierGuid: string;
  hubs: SolarHubDoc[];
  profileId: number;
  stages: string[];
  irradianceProfileType: string;
  metadata: Partial<Record<(typeof SOLAR_METADATA_FIELDS)[number], string | number | null>>;
};

export type IntraHubLinkDoc = {
  name: string;
  inputEnergyCarrierGuid: string;
  outputEnergyCarrierGuid: string;
  hubGuids: string[];
  networkLoss?: Nullable<number>;
  fixedEmbodiedCo2?: Nullable<number>;
  advancedCostComponents: CostComponentDoc[];
  stages: string[];
};

export type DocOfKind = {
  hub: HubDoc;
  carrier: CarrierDoc;
  stage: StageDoc;
  impex: ImpexDoc;
  networkTechnology: NetworkTechnologyDoc;
  networkLink: NetworkLinkDoc;
  storage: StorageDoc;
  conversion: ConversionDoc;
  demand: DemandDoc;
  technologyPackage: TechnologyPackageDoc;
  solar: SolarDoc;
  intraHubLink: IntraHubLinkDoc;
};

/** A resource as the model sees it: its guid, timestamps and document. */
export type Resource<K extends ResourceKind = ResourceKind> = {
  guid: string;
  kind: K;
  created: number;
  updated: number;
  doc: DocOfKind[K];
};

/** Everything of one scenario, as the spreadsheet and the optimiser read it. */
export type ScenarioContent = {
  resources: { [K in ResourceKind]: Resource<K>[] };
  profiles: { id: number; name: string; values: Float64Array }[];
};
