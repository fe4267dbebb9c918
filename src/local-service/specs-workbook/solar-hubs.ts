/**
 * The hubs of an on-site resource in one cell: `hub key: available area [type]; …`, e.g.
 * `3f2…: 120 Area; 9c1…: 35 Power` (the name column shows `Roof A: 120 Area`).
 */
import type { SolarHubDoc } from '../scenario-model/documents.js';
import { CellProblem } from './cell-values.js';
import { type Keys, resolveKey } from './keys.js';
import { HUBS } from './layout/basic-sheets.js';
import { parseNumber, splitKey, splitOutside } from './lists.js';

const FORM = '<hub key>: <available area or power> [Area|Generic|Power]';

/** The cell text; `label` gives what names a hub (its key, or its name for the read-only column). */
export function formatSolarHubs(hubs: readonly SolarHubDoc[], label: (hubGuid: string) => string): string {
  return hubs
    .map((h) => `${label(h.hubGuid)}: ${h.availableSolarCollectorArea}${h.availableResourceType ? ` ${h.availableResourceType}` : ''}`)
    .join('; ');
}

/** The hubs of a creation body, with keys resolved to the rows of the Hubs sheet. */
export function parseSolarHubs(text: string, keys: Keys) {
  return splitOutside(text, ';').map((entry, i) => {
    const parts = splitKey(entry);
    const match = parts && /^(\S+)(?:\s+(\S+))?$/.exec(parts[1]);
    const area = match ? parseNumber(match[1]) : undefined;
    if (!parts || !match || area === undefined) throw new CellProblem(`entry ${i + 1} ("${entry}") is not of the form ${FORM}`);
    return { hubGuid: resolveKey(keys, HUBS.title, parts[0]), availableSolarCollectorArea: area, availableResourceType: match[2] };
  });
}
