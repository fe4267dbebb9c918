/**
 * The workbooks a click on a point opens. The service gives each variant's solutions as one zip of
 * workbooks (`variants/<key>/results.zip`), which a browser cannot open a workbook out of, so the
 * report unpacks each solution's workbook beside its zip, once. Above MAX_UNPACKED_VARIANTS the
 * disk it would take outweighs the convenience: points link to the zip, and the report says so.
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { unzipSync } from 'fflate';
import { writeAtomically } from '../study/results/manifest.js';
import type { StudyResults } from '../study/results/variant-summary.js';

export const MAX_UNPACKED_VARIANTS = 2_000;

export interface VariantLinks {
  /** Paths relative to the results directory, by variant index, then by solution index (0: the variant's zip). */
  links: Map<number, Map<number, string>>;
  /** Whether the solutions' workbooks were unpacked, or the points link to their variants' zips. */
  unpacked: boolean;
}

export async function variantWorkbooks(dir: string, manifest: StudyResults): Promise<VariantLinks> {
  // A summary without its details (src/product/study/results/variant-summary.ts) has no zip or workbook to link.
  const solved = manifest.variants.flatMap((v) => {
    const zip = v.solutions.length ? v.files?.find((f) => f.path.endsWith('.zip'))?.path : undefined;
    return zip ? [{ variant: v, zip }] : [];
  });
  const unpacked = solved.length <= MAX_UNPACKED_VARIANTS;
  const links = new Map<number, Map<number, string>>();
  for (const { variant, zip } of solved) {
    const byPoint = new Map<number, string>([[0, zip]]);
    links.set(variant.index, byPoint);
    if (!unpacked || !existsSync(join(dir, zip))) continue;
    const wanted = new Map(variant.solutions.flatMap((s) => (s.file ? [[s.file, join(dirname(zip), basename(s.file))] as const] : [])));
    const missing = [...wanted].filter(([, path]) => !existsSync(join(dir, path)));
    if (missing.length) {
      const names = new Set(missing.map(([entry]) => entry));
      const entries = unzipSync(await readFile(join(dir, zip)), { filter: (f) => names.has(f.name) });
      for (const [entry, path] of missing) {
        if (entries[entry]) await writeAtomically(join(dir, path), (partial) => writeFile(partial, entries[entry]));
      }
    }
    for (const s of variant.solutions) {
      const path = s.file && wanted.get(s.file);
      if (path && existsSync(join(dir, path))) byPoint.set(s.index, path);
    }
  }
  return { links, unpacked };
}
