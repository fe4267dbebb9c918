/**
 * The fields a study parameter may target, per kind, read off the contract's update bodies so
 * that a field added to (or removed from) the contract is a target (or not) without an edit here.
 */
import type { z } from 'zod';
import { CarrierUpdate } from '../../wire/contract/carriers.js';
import { ConversionUpdate, ModeCarrierUpdate, ModeUpdate } from '../../wire/contract/conversion-technologies.js';
import { DemandUpdate } from '../../wire/contract/energy-demands.js';
import { HubRequest } from '../../wire/contract/hubs.js';
import { ImpexUpdate } from '../../wire/contract/impex.js';
import { IntraHubLinkUpdate } from '../../wire/contract/intra-hub-links.js';
import { NetworkLinkUpdate } from '../../wire/contract/network-links.js';
import { NetworkTechnologyUpdate } from '../../wire/contract/network-technologies.js';
import { SolarHub, SolarUpdate } from '../../wire/contract/solar-resources.js';
import { StageRequest } from '../../wire/contract/stages.js';
import { StorageUpdate } from '../../wire/contract/storage-technologies.js';
import { PackageUpdate } from '../../wire/contract/technology-packages.js';
import type { Target, TargetKind } from './target.js';

/** Where a field sits in its resource's update body: which of `mode`, `carrier`, `hub` locate it. */
export type FieldLevel = 'top' | 'mode' | 'modeCarrier' | 'hub';

/** The kind of value a field holds; `integer` fields are numbers the contract wants whole. */
export type ValueType = 'number' | 'integer' | 'boolean' | 'enum' | 'string';

/** One field a target may name. */
export interface FieldInfo {
  field: string;
  level: FieldLevel;
  type: ValueType;
  /** The contract's rule for one value of the field (optional and nullable unwrapped). */
  schema: z.ZodType;
  /** The allowed values of an enum field. */
  options?: readonly string[];
}

/** The target keys, besides kind and name, that a field of each level needs. */
export const LEVEL_CONTEXT: Record<FieldLevel, readonly ('mode' | 'carrier' | 'hub')[]> = {
  top: [],
  mode: ['mode'],
  modeCarrier: ['mode', 'carrier'],
  hub: ['hub'],
};

type ResourceKind = Exclude<TargetKind, 'profile'>;
type Shape = Record<string, z.ZodType>;

const UPDATE_BODIES: Record<ResourceKind, { shape: Shape }> = {
  stage: StageRequest,
  hub: HubRequest,
  carrier: CarrierUpdate,
  impex: ImpexUpdate,
  networkTechnology: NetworkTechnologyUpdate,
  networkLink: NetworkLinkUpdate,
  storageTechnology: StorageUpdate,
  conversionTechnology: ConversionUpdate,
  energyDemand: DemandUpdate,
  technologyPackage: PackageUpdate,
  solarResource: SolarUpdate,
  intraHubLink: IntraHubLinkUpdate,
};

// A mode carrier's other scalars switch between fixed, seasonal and hourly efficiencies or mark
// the primary output, and a hub's resource type is the unit of its area: structure, not quantities.
const MODE_CARRIER_FIELDS = ['outputEfficiency', 'fixedInputShare'];
const HUB_FIELDS = ['availableSolarCollectorArea'];

/**
 * Fields that identify the resource or point at another one: guids, profile ids, names (renaming
 * is not a parameter, and other `…Name` fields name a referenced carrier, node or metadata record),
 * the stage's position and an import's direction (both part of its address). A mode's season goes
 * too: it is a key (`seasonalOperationName`) and a label (`seasonalOperationValue`) that change together.
 */
const isReference = (field: string) =>
  /(guids?|profileId|name)$/i.test(field) || ['index', 'type', 'seasonalOperationValue'].includes(field);

const WRAPPERS = new Set(['optional', 'nullable', 'default']);

function unwrap(schema: z.ZodType): z.ZodType {
  let inner = schema;
  while (WRAPPERS.has(inner.def.type)) inner = (inner.def as unknown as { innerType: z.ZodType }).innerType;
  return inner;
}

/** The value type of a scalar schema; undefined for objects, arrays and anything else. */
function valueType(schema: z.ZodType): Pick<FieldInfo, 'type' | 'options'> | undefined {
  switch (schema.def.type) {
    case 'number':
      return { type: (schema as z.ZodNumber).isInt ? 'integer' : 'number' };
    case 'boolean':
    case 'string':
      return { type: schema.def.type };
    case 'enum':
      return { type: 'enum', options: (schema as z.ZodEnum).options as string[] };
    default:
      return undefined;
  }
}

function scalarFields(shape: Shape, level: FieldLevel, only?: readonly string[]): FieldInfo[] {
  const names = only ?? Object.keys(shape).filter((field) => !isReference(field));
  return names.flatMap((field) => {
    if (!shape[field]) throw new Error(`the contract has no ${level} field ${field} any more`);
    const schema = unwrap(shape[field]);
    const type = valueType(schema);
    return type ? [{ field, level, schema, ...type }] : [];
  });
}

function fieldsOfKind(kind: ResourceKind): FieldInfo[] {
  const fields = scalarFields(UPDATE_BODIES[kind].shape, 'top');
  if (kind === 'conversionTechnology') {
    fields.push(...scalarFields(ModeUpdate.shape, 'mode'), ...scalarFields(ModeCarrierUpdate.shape, 'modeCarrier', MODE_CARRIER_FIELDS));
  }
  if (kind === 'solarResource') fields.push(...scalarFields(SolarHub.shape, 'hub', HUB_FIELDS));
  return fields;
}

// A field name at two levels would make a target ambiguous: fail at load, not mid-study.
function index(fields: FieldInfo[], kind: ResourceKind): ReadonlyMap<string, FieldInfo> {
  const byName = new Map<string, FieldInfo>();
  for (const info of fields) {
    if (byName.has(info.field)) throw new Error(`${kind}.${info.field} is both a ${byName.get(info.field)!.level} and a ${info.level} field`);
    byName.set(info.field, info);
  }
  return byName;
}

const CATALOG = new Map<TargetKind, ReadonlyMap<string, FieldInfo>>(
  (Object.keys(UPDATE_BODIES) as ResourceKind[]).map((kind) => [kind, index(fieldsOfKind(kind), kind)]),
);

/** How many modes a conversion technology may have, as the contract bounds them. */
export const MAX_MODES: number = (() => {
  const checks = ConversionUpdate.shape.technologyModes.def.checks ?? [];
  const max = checks.map((c) => c._zod.def as { check: string; maximum?: number }).find((d) => d.check === 'max_length');
  if (max?.maximum === undefined) throw new Error('the contract no longer bounds the modes of a conversion technology');
  return max.maximum;
})();

/** The fields of a kind that a target may name (none for hubs, whose name is all they have, and profiles). */
export function fieldsOf(kind: TargetKind): FieldInfo[] {
  return [...(CATALOG.get(kind)?.values() ?? [])];
}

/** One field of a kind, or undefined when the kind has no such field. */
export function fieldInfo(kind: TargetKind, field: string): FieldInfo | undefined {
  return CATALOG.get(kind)?.get(field);
}

/** The contract's rule for one value of the target's field; undefined for profiles and unknown fields. */
export function fieldSchema(target: Target): z.ZodType | undefined {
  return target.field === undefined ? undefined : fieldInfo(target.kind, target.field)?.schema;
}

/** The target in words, for messages: `conversionTechnology "Heat pump", mode 1, carrier "Heat 55°C": outputEfficiency`. */
export function describeTarget(target: Target): string {
  const parts = [`${target.kind} "${target.name}"`];
  if (target.mode !== undefined) parts.push(`mode ${target.mode}`);
  if (target.carrier !== undefined) parts.push(`carrier "${target.carrier}"`);
  if (target.hub !== undefined) parts.push(`hub "${target.hub}"`);
  return target.field === undefined ? parts.join(', ') : `${parts.join(', ')}: ${target.field}`;
}
