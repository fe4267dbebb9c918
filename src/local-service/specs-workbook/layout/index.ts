/**
 * The scenario workbook's layout: the 12 sheets of the specs input file in their order, then the
 * sheets the round trip needs besides (Profiles, Technology Packages, Intra-hub Links).
 */
import { CARRIERS, HUBS, STAGES } from './basic-sheets.js';
import { CONVERSION_MODES, CONVERSION_TECHS } from './conversion-sheets.js';
import { INTRA_HUB_LINKS, TECHNOLOGY_PACKAGES } from './extra-sheets.js';
import { EXPORTS, IMPORTS } from './impex-sheets.js';
import { NETWORK_LINKS, NETWORK_TECHS } from './network-sheets.js';
import { DEMANDS, ON_SITE_RESOURCES } from './resource-sheets.js';
import { STORAGE_TECHS } from './storage-sheet.js';
import type { SheetLayout } from './types.js';

/** Sheets with one record per row, in workbook order (Profiles comes between them, see SHEET_ORDER). */
export const RECORD_SHEETS: readonly SheetLayout[] = [
  STAGES, HUBS, CARRIERS, IMPORTS, EXPORTS, ON_SITE_RESOURCES, DEMANDS, CONVERSION_TECHS, CONVERSION_MODES, STORAGE_TECHS,
  NETWORK_TECHS, NETWORK_LINKS, TECHNOLOGY_PACKAGES, INTRA_HUB_LINKS,
];

export const PROFILES_SHEET = 'Profiles';

/** Every sheet title in workbook order: the record sheets of the specs file, Profiles, the other record sheets. */
export const SHEET_ORDER: readonly string[] = [
  ...RECORD_SHEETS.filter((s) => s.required).map((s) => s.title),
  PROFILES_SHEET,
  ...RECORD_SHEETS.filter((s) => !s.required).map((s) => s.title),
];

export const KEY_HEADER = 'Key';

export * from './types.js';
