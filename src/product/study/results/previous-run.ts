/**
 * A scheduled run's account of what changed since the run before it (src/product/study/results/drift.ts),
 * read from the runs directory: the latest earlier run that has a manifest, and the specs workbook
 * both runs kept of the study's first variant.
 */
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { Outcome } from '../outcomes.js';
import { specsDifferences } from '../specs-diff.js';
import { type Drift, runDrift } from './drift.js';
import { MANIFEST_FILE, readManifest } from './manifest.js';
import { KEPT_SPECS_FILE, variantDir } from './records.js';
import type { StudyResults } from './variant-summary.js';

export async function driftSincePreviousRun(runsDir: string, outputDir: string, now: StudyResults, outcomes: Outcome[]): Promise<Drift | undefined> {
  if (!existsSync(runsDir)) return undefined;
  const mine = basename(outputDir);
  const earlier = (await readdir(runsDir, { withFileTypes: true }))
    .filter((e) => e.isDirectory() && e.name < mine && existsSync(join(runsDir, e.name, MANIFEST_FILE)))
    .map((e) => e.name).sort();
  const previousRun = earlier.at(-1);
  if (!previousRun) return undefined;
  const previousDir = join(runsDir, previousRun);
  const previous = await readManifest(previousDir);
  const first = now.variants.find((v) => v.index === 0);
  const kept = first && [variantDir(previousDir, first.key), variantDir(outputDir, first.key)].map((dir) => join(dir, KEPT_SPECS_FILE));
  const specs = kept && kept.every((path) => existsSync(path))
    ? await specsDifferences(await readFile(kept[0]), await readFile(kept[1]))
    : undefined;
  return runDrift(previousRun, previous, now, outcomes, specs);
}
