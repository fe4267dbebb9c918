/**
 * How each kind of cell of the layout is written and read. Writing and reading of a kind sit side
 * by side, so a value written one way is read back the same way.
 */
import { CellProblem, describe, type Plain } from './cell-values.js';
import { type Keys, type Names, resolveKey, resolveProfile } from './keys.js';
import { CARRIERS, HUBS } from './layout/basic-sheets.js';
import type { Cell } from './layout/types.js';
import { splitOutside } from './lists.js';
import { formatModeCarriers, type ModeCarrier, parseModeCarriers } from './mode-carriers.js';
import { formatSolarHubs, parseSolarHubs } from './solar-hubs.js';
import type { SolarHubDoc, TimeOfDayDoc } from '../scenario-model/documents.js';

/** What is written into a cell; null leaves it empty. */
export type Written = string | number | boolean | null;

export interface Codec {
  write(value: unknown): Written;
  /** The text of the read-only name column that follows a column of references. */
  names?(value: unknown, names: Names): Written;
  /** The record value of a non-empty cell. */
  read(cell: NonNullable<Plain>, keys: Keys): unknown;
  /** The record value of an empty cell: absent, or an empty list for lists of references. */
  empty?: unknown;
}

const isSet = (value: unknown) => value !== null && value !== undefined;

function text(cell: NonNullable<Plain>): string {
  if (typeof cell === 'string') return cell;
  if (typeof cell === 'number') return String(cell);
  throw new CellProblem(`must be text, not ${describe(cell)}`);
}

const TEXT: Codec = { write: (v) => (isSet(v) ? String(v) : null), read: text };

const NUMBER: Codec = {
  write: (v) => (isSet(v) ? (v as number) : null),
  read: (cell) => {
    if (typeof cell !== 'number') throw new CellProblem(`must be a number, not ${describe(cell)}`);
    return cell;
  },
};

const BOOLEAN: Codec = {
  write: (v) => (isSet(v) ? (v as boolean) : null),
  read: (cell) => {
    if (typeof cell === 'boolean') return cell;
    if (typeof cell === 'string' && /^(true|false)$/i.test(cell.trim())) return cell.trim().toLowerCase() === 'true';
    throw new CellProblem(`must be TRUE or FALSE, not ${describe(cell)}`);
  },
};

const JSON_CELL: Codec = {
  write: (v) => (isSet(v) ? JSON.stringify(v) : null),
  read: (cell) => {
    if (typeof cell !== 'string') return cell instanceof Date ? text(cell) : cell;
    try {
      return JSON.parse(cell);
    } catch (error) {
      throw new CellProblem(`is not valid JSON (${(error as Error).message})`);
    }
  },
};

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `hh:mm`, with `:ss` and `.nnnnnnnnn` only when the document has them. */
const TIME: Codec = {
  write: (v) => {
    if (!isSet(v)) return null;
    const t = v as TimeOfDayDoc;
    const seconds = isSet(t.second) ? `:${pad(t.second!)}${isSet(t.nano) ? `.${pad(t.nano!, 9)}` : ''}` : '';
    return `${pad(t.hour)}:${pad(t.minute)}${seconds}`;
  },
  read: (cell) => {
    // Excel turns a typed 08:30 into a time of day (a date in 1899): read its clock.
    if (cell instanceof Date) {
      const time: TimeOfDayDoc = { hour: cell.getUTCHours(), minute: cell.getUTCMinutes() };
      return cell.getUTCSeconds() ? { ...time, second: cell.getUTCSeconds() } : time;
    }
    const m = /^(\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?$/.exec(text(cell).trim());
    if (!m) throw new CellProblem(`must be a time of day as hh:mm (or hh:mm:ss), not ${describe(cell)}`);
    const time: TimeOfDayDoc = { hour: Number(m[1]), minute: Number(m[2]) };
    if (m[3] !== undefined) time.second = Number(m[3]);
    if (m[4] !== undefined) time.nano = Number(m[4].padEnd(9, '0'));
    return time;
  },
};

function reference(cell: Extract<Cell, { kind: 'ref' }>): Codec {
  const guidOf = (item: unknown) => (cell.wrap ? (item as Record<string, string>)[cell.wrap] : (item as string));
  const list = (v: unknown) => (cell.many ? (v as unknown[]) : isSet(v) ? [v] : []).map(guidOf);
  const joined = (items: string[]) => (items.length ? items.join('; ') : null);
  return {
    write: (v) => joined(list(v)),
    names: (v, names) => joined(list(v).map((guid) => names.of(cell.sheet, guid))),
    read: (value, keys) => {
      const guids = (typeof value === 'string' ? splitOutside(value, ';') : [text(value)]).map((key) => resolveKey(keys, cell.sheet, key));
      if (!cell.many) {
        if (guids.length !== 1) throw new CellProblem(`must hold one key of sheet "${cell.sheet}", not ${guids.length}`);
        return guids[0];
      }
      return cell.wrap ? guids.map((guid) => ({ [cell.wrap!]: guid })) : guids;
    },
    empty: cell.many ? [] : undefined,
  };
}

const PROFILE: Codec = {
  write: (v) => (isSet(v) ? (v as number) : null),
  names: (v, names) => (isSet(v) ? names.profile(v as number) : null),
  read: (cell, keys) => resolveProfile(keys, text(cell).trim()),
};

const SOLAR_HUBS: Codec = {
  write: (v) => formatSolarHubs(v as SolarHubDoc[], (guid) => guid) || null,
  names: (v, names) => formatSolarHubs(v as SolarHubDoc[], (guid) => names.of(HUBS.title, guid)) || null,
  read: (cell, keys) => parseSolarHubs(text(cell), keys),
  empty: [],
};

const MODE_CARRIERS: Codec = {
  write: (v) => formatModeCarriers(v as ModeCarrier[], { carrier: (guid) => guid, profile: String }) || null,
  names: (v, names) => formatModeCarriers(v as ModeCarrier[], { carrier: (guid) => names.of(CARRIERS.title, guid), profile: (id) => names.profile(id) }) || null,
  read: (cell, keys) => parseModeCarriers(text(cell), keys),
  empty: [],
};

/** The codec of a column's cells. */
export function codecOf(cell: Cell): Codec {
  switch (cell.kind) {
    case 'text': return TEXT;
    case 'number': return NUMBER;
    case 'boolean': return BOOLEAN;
    case 'json': return JSON_CELL;
    case 'time': return TIME;
    case 'ref': return reference(cell);
    case 'profile': return PROFILE;
    case 'solarHubs': return SOLAR_HUBS;
    case 'modeCarriers': return MODE_CARRIERS;
  }
}
