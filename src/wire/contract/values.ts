/**
 * Enumerated value sets of the planning service: from the specification, completed from
 * shared/notes/deployed-service.md where the specification says "not shown".
 */
import { z } from 'zod';

const range = (prefix: string, from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => `${prefix}${from + i}`);

export const CARRIER_SUBTYPES = [
  'ELECTRICITY', 'ELECTRICITY_RENEWABLE', 'WOOD_CHIPS', 'WOOD_PELLETS', 'COAL', 'OIL', 'GAS', 'BIOGAS',
  'HYDROGEN', 'HYDROGEN_PRESSURIZED', ...range('COOLING_', 1, 4), 'ICE', ...range('HEAT_', 1, 9),
  'HEAT_AMBIENT', 'STEAM_LOW_PRESSURE', 'SOLAR_ROOF', 'SOLAR_FACADE', 'SOLAR_PARAPET', 'WIND', 'HYDRO',
  'BIOMASS', 'GEOTHERMAL', 'TIDAL', 'PROCESS_WASTE_HEAT', 'CUSTOM',
] as const;
export const CarrierSubtype = z.enum(CARRIER_SUBTYPES as unknown as [string, ...string[]]);

/** Subtypes a solar (on-site) resource may produce. */
export const ON_SITE_RESOURCE_SUBTYPES = [
  'SOLAR_ROOF', 'BIOMASS', 'GEOTHERMAL', 'HYDRO', 'PROCESS_WASTE_HEAT', 'SOLAR_FACADE', 'SOLAR_PARAPET',
  'TIDAL', 'WIND',
] as const;

export const BUILDING_TYPES = [
  'RESIDENCE_MFH', 'RESIDENCE_SFH', 'ADMINISTRATION', 'OFFICES', 'SCHOOLS', 'RETAIL', 'RESTAURANT', 'ASSEMBLY',
  'HOSPITALS', 'INDUSTRY', 'WAREHOUSE', 'SPORTS_CENTER', 'INDOOR_POOL', 'HOTEL',
  'INDUSTRY_1_SHIFT_FABRICATED_METALS', 'INDUSTRY_2_SHIFT_FABRICATED_METALS', 'INDUSTRY_FOOD_PROCESSING',
  'INDUSTRY_GENERAL_MANUFACTURER', 'INDUSTRY_PHARMACEUTICAL', 'INDUSTRY_PLASTIC_MANUFACTURER',
  'INDUSTRY_SERVICES', 'INDUSTRY_WAREHOUSE',
] as const;
export const BuildingType = z.enum(BUILDING_TYPES);

const SIA_KINDS = ['EXISTING', 'STANDARD', 'TARGET'] as const;
const SIA_USES = [
  'MFH', 'SFH', 'HOTEL_ROOM', 'LOBBY', 'SINGLE_GROUP_OFFICE', 'OPEN_PLAN_OFFICE', 'MEETING_ROOM', 'COUNTER_HALL',
  'CLASS_ROOM', 'TEACHERS_LOUNGE', 'LIBRARY', 'AUDITORIUM', 'SCHOOL_SUBJECT_ROOM', 'FOOD_SALE_STORE',
  'SPECIALTY_STORE', 'SALES_FURNITURE_DIY_GARDEN', 'PATIENT_ROOM', 'WARD_ROOM', 'TREATMENT_ROOM', 'WAREHOUSE',
  'GYMNASIUM', 'FITNESS_ROOM', 'INDOOR_SWIMMING_POOL',
] as const;

/** The 81 building-age values: 6 age bands, 69 SIA 2024 kinds × uses, 6 standards. */
export const BUILDING_AGES = [
  'AGE_UNDER_1970', 'AGE_1970_1980', 'AGE_1980_1995', 'AGE_1995_2005', 'AGE_2005_2015', 'AGE_OVER_2015',
  ...SIA_KINDS.flatMap((kind) => SIA_USES.map((use) => `SIA_2024_${kind}_${use}`)),
  'MINERGIE_NEW_CONSTRUCTION', 'MINERGIE_RENOVATION', 'MINERGIE_A', 'MINERGIE_P_NEW_CONSTRUCTION',
  'MINERGIE_P_RENOVATION', 'OTHERS',
];

export const DEMAND_TYPES = ['ELECTRICITY', 'SPACE_HEATING', 'HOT_WATER', 'COOLING'] as const;
export const DemandType = z.enum(DEMAND_TYPES);

/** Metadata enums of an energy demand; each also allows `None`. */
export const DemandMetadataType = z.enum([...DEMAND_TYPES, 'None']);
export const DemandMetadataOption = z.enum(['OPTION_1', 'OPTION_2', 'OPTION_3', 'None']);
export const DemandMetadataBuildingType = z.enum([...BUILDING_TYPES, 'None']);
export const DemandMetadataBuildingAge = z.enum(['None', ...BUILDING_AGES]);

export const OBJECTIVES = [
  'MIN_LIFE_CYCLE_COST', 'MIN_ANNUALIZED_COST', 'MIN_CO2_EMISSIONS', 'MIN_INVESTMENT', 'MIN_OM',
  'MIN_FUEL_IMPORTS', 'MIN_REPLACEMENT', 'MAX_EXPORTS', 'MAX_SALVAGE',
] as const;
export const Objective = z.enum(OBJECTIVES);
export type Objective = z.infer<typeof Objective>;

export const TEMPORAL_RESOLUTIONS = ['LOW', 'MEDIUM', 'HIGH', 'FULL'] as const;
export const TemporalResolution = z.enum(TEMPORAL_RESOLUTIONS);
export type TemporalResolution = z.infer<typeof TemporalResolution>;

export const SOLVER_JOB_STATUSES = [
  'VALIDATING', 'VALID', 'PENDING', 'QUEUED', 'RUNNING', 'DONE', 'STOPPED', 'FAILED', 'INVALID',
] as const;
export type SolverJobStatus = (typeof SOLVER_JOB_STATUSES)[number];
export const TERMINAL_JOB_STATUSES: readonly SolverJobStatus[] = ['DONE', 'STOPPED', 'FAILED', 'INVALID'];

export const ANALYSIS_EXECUTION_STATUSES = [
  'IN_SPECIFICATION', 'READY_TO_SUBMIT', 'PICKED', 'FAILED', 'ABORTED', 'RUNNING', 'DONE',
] as const;
export const RESULT_SCENARIO_STATUSES = [
  'IN_SPECIFICATION', 'SUBMITTED', 'ABORTED', 'VALIDATING', 'VALID', 'INVALID', 'PENDING', 'RUNNING',
  'DONE_OPTIMIZATION', 'GENERATING_RESULTS', 'DONE', 'FAILED', 'STOPPED',
] as const;

export const PRICE_CATEGORIES = ['ENERGY_DELIVERY', 'NETWORK_USE', 'TAXES', 'REFUNDS_AND_REBATES', 'TOTAL'] as const;
export const PRICE_DIMENSIONS = [
  'ENERGY_PRICE_CHF_KWH', 'CAPACITY_PRICE_CHF_KW_MONTH', 'CAPACITY_PRICE_CHF_KW_YEAR', 'FIXED_OM_PRICE_CHF_YEAR',
] as const;
export const PRICE_COMPONENT_TYPES = ['TIME_OF_USE', 'FIXED'] as const;

export const COST_CATEGORIES = [
  'FIXED_INVESTMENT_COSTS_CHF', 'VARIABLE_INVESTMENT_COSTS_CHF_KW', 'FIXED_OM_COSTS_CHF_YEAR',
  'VARIABLE_OM_COSTS_CHF_KW_YEAR', 'VARIABLE_OM_COSTS_CHF_KWH', 'VARIABLE_OM_COSTS_PERCENT',
  'NETWORK_RELATED_COST_CHF', 'PIPE', 'MEASUREMENT_CONTROL_REGULATION', 'PUMPS',
] as const;

export const SEASONAL_OPERATIONS = ['ALL_SEASONS', 'WINTER', 'NON_WINTER', 'SUMMER', 'NON_SUMMER'] as const;

export const INSTALLATION_OPTIONS = ['canBeInstalled', 'mustBeInstalled', 'mustBeInstalledInAtLeastOneHub'] as const;
export const InstallationOption = z.enum(INSTALLATION_OPTIONS);
export const PackageInstallationOption = z.enum([...INSTALLATION_OPTIONS, 'None']);

export const IMPEX_TYPES = ['IMPORT', 'EXPORT'] as const;
export const ImpexType = z.enum(IMPEX_TYPES);

export const TECHNOLOGY_CAPACITY_MODES = ['optimize', 'specify'] as const;
export const CHARGING_TYPES = ['Smart', 'Dump', 'V2G', 'None'] as const;
export const IRRADIANCE_PROFILE_TYPES = ['GENERATED', 'UPLOADED', 'SAVED'] as const;
export const AVAILABLE_RESOURCE_TYPES = ['Area', 'Generic', 'Power'] as const;
export const PROJECT_VERSIONS = ['V1', 'V2'] as const;
