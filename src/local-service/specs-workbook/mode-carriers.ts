/**
 * The carriers of a conversion mode in one readable cell, inputs first:
 *
 *   `<carrier key>: input 100; <carrier key>: output 300, primary`
 *
 * `input N` is an input with share N, `output N` an output with efficiency N. Further items, each
 * only when set: `share N` (on an output), `efficiency N` (on an input), `primary`,
 * `custom share TRUE|FALSE`, `custom efficiency TRUE|FALSE`, `share profile <profile key>`,
 * `efficiency profile <profile key>`, `seasonality <JSON list of {month, value}>`. The read-only
 * name column shows the same with carrier and profile names.
 */
import type { ModeCarrierDoc } from '../scenario-model/documents.js';
import { CellProblem } from './cell-values.js';
import { type Keys, resolveKey, resolveProfile } from './keys.js';
import { CARRIERS } from './layout/basic-sheets.js';
import { parseNumber, splitKey, splitOutside } from './lists.js';

export type ModeCarrier = ModeCarrierDoc & { type: 'INPUT' | 'OUTPUT' };

interface Labels {
  carrier(guid: string): string;
  profile(id: number): string;
}

const set = (value: unknown) => value !== null && value !== undefined;
const flag = (value: boolean) => (value ? 'TRUE' : 'FALSE');

function formatEntry(c: ModeCarrier, labels: Labels): string {
  const input = c.type === 'INPUT';
  const main = input ? c.fixedInputShare : c.outputEfficiency;
  const other = input ? c.outputEfficiency : c.fixedInputShare;
  const items = [`${input ? 'input' : 'output'}${set(main) ? ` ${main}` : ''}`];
  if (set(other)) items.push(`${input ? 'efficiency' : 'share'} ${other}`);
  if (c.primary) items.push('primary');
  if (set(c.customInputShareActivated)) items.push(`custom share ${flag(c.customInputShareActivated!)}`);
  if (set(c.customOutputEfficiencyActivated)) items.push(`custom efficiency ${flag(c.customOutputEfficiencyActivated!)}`);
  if (set(c.inputShareProfileId)) items.push(`share profile ${labels.profile(c.inputShareProfileId!)}`);
  if (set(c.outputEfficiencyProfileId)) items.push(`efficiency profile ${labels.profile(c.outputEfficiencyProfileId!)}`);
  if (set(c.customSeasonalityValues)) items.push(`seasonality ${JSON.stringify(c.customSeasonalityValues)}`);
  return `${labels.carrier(c.energyCarrierGuid)}: ${items.join(', ')}`;
}

/** The cell text of a mode's carriers; `labels` gives keys, or names for the read-only column. */
export function formatModeCarriers(carriers: readonly ModeCarrier[], labels: Labels): string {
  return carriers.map((c) => formatEntry(c, labels)).join('; ');
}

function numberItem(text: string, what: string): number {
  const n = parseNumber(text);
  if (n === undefined) throw new CellProblem(`${what} must be a number, not "${text}"`);
  return n;
}

/** One `item` of an entry, written into `carrier`. */
function readItem(item: string, carrier: Partial<ModeCarrier>, keys: Keys): void {
  let m: RegExpExecArray | null;
  if ((m = /^(input|output)(?:\s+(\S+))?$/i.exec(item))) {
    if (carrier.type) throw new CellProblem('says input or output twice');
    const input = m[1].toLowerCase() === 'input';
    carrier.type = input ? 'INPUT' : 'OUTPUT';
    if (m[2] !== undefined) carrier[input ? 'fixedInputShare' : 'outputEfficiency'] = numberItem(m[2], input ? 'the input share' : 'the output efficiency');
  } else if ((m = /^(share|efficiency) profile\s+(.+)$/i.exec(item))) {
    carrier[m[1].toLowerCase() === 'share' ? 'inputShareProfileId' : 'outputEfficiencyProfileId'] = resolveProfile(keys, m[2].trim());
  } else if ((m = /^(share|efficiency)\s+(\S+)$/i.exec(item))) {
    const share = m[1].toLowerCase() === 'share';
    carrier[share ? 'fixedInputShare' : 'outputEfficiency'] = numberItem(m[2], share ? 'the share' : 'the efficiency');
  } else if (/^primary$/i.test(item)) {
    carrier.primary = true;
  } else if ((m = /^custom (share|efficiency)\s+(TRUE|FALSE)$/i.exec(item))) {
    carrier[m[1].toLowerCase() === 'share' ? 'customInputShareActivated' : 'customOutputEfficiencyActivated'] = m[2].toUpperCase() === 'TRUE';
  } else if ((m = /^seasonality\s+(.+)$/is.exec(item))) {
    try {
      carrier.customSeasonalityValues = JSON.parse(m[1]);
    } catch (error) {
      throw new CellProblem(`the seasonality values are not valid JSON (${(error as Error).message})`);
    }
  } else {
    throw new CellProblem(`"${item}" is not one of: input N, output N, share N, efficiency N, primary, custom share TRUE|FALSE, custom efficiency TRUE|FALSE, share profile KEY, efficiency profile KEY, seasonality JSON`);
  }
}

/** The `energyCarriers` of a mode's creation body, with carrier and profile keys resolved. */
export function parseModeCarriers(text: string, keys: Keys) {
  return splitOutside(text, ';').map((entry, i) => {
    try {
      const parts = splitKey(entry);
      if (!parts) throw new CellProblem('is not of the form <carrier key>: input N | output N, …');
      // The contract requires `primary` on every carrier of a created mode: not written means false.
      const carrier: Partial<ModeCarrier> = { energyCarrierGuid: resolveKey(keys, CARRIERS.title, parts[0]), primary: false };
      for (const item of splitOutside(parts[1], ',')) readItem(item, carrier, keys);
      if (!carrier.type) throw new CellProblem('says neither input nor output');
      return carrier;
    } catch (error) {
      if (error instanceof CellProblem) throw new CellProblem(`entry ${i + 1} ("${entry}"): ${error.message}`);
      throw error;
    }
  });
}
