/**
 * A variant's record in a results directory (`variants/<key>/record.json`): written when the
 * variant ends, read back into the manifest. Beside it, in scheduled runs, the fingerprint of the
 * specs file it was solved from.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type VariantRecord, writeAtomically } from './manifest.js';

export const RECORD_FILE = 'record.json';
export const FINGERPRINT_FILE = 'fingerprint.txt';
/** A scheduled run's first variant's specs workbook, kept for the next run's account of what changed (src/product/study/results/drift.ts). */
export const KEPT_SPECS_FILE = 'specs.xlsx';

export const variantDir = (outputDir: string, key: string) => join(outputDir, 'variants', key);

export async function writeFingerprint(outputDir: string, key: string, fingerprint: string): Promise<void> {
  const dir = variantDir(outputDir, key);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, FINGERPRINT_FILE), `${fingerprint}\n`);
}

/** The fingerprint this run took of the variant's specs file, if it took one. */
export async function readFingerprint(outputDir: string, key: string): Promise<string | undefined> {
  const path = join(variantDir(outputDir, key), FINGERPRINT_FILE);
  return existsSync(path) ? (await readFile(path, 'utf8')).trim() : undefined;
}

export async function writeVariantRecord(outputDir: string, record: VariantRecord): Promise<void> {
  const dir = variantDir(outputDir, record.key);
  await mkdir(dir, { recursive: true });
  await writeAtomically(join(dir, RECORD_FILE), (partial) => writeFile(partial, JSON.stringify(record, null, 2)));
}

export async function readVariantRecord(outputDir: string, key: string): Promise<VariantRecord | undefined> {
  const path = join(variantDir(outputDir, key), RECORD_FILE);
  return existsSync(path) ? (JSON.parse(await readFile(path, 'utf8')) as VariantRecord) : undefined;
}

/** Every variant record of a results directory, by key. */
export async function readVariantRecords(outputDir: string): Promise<Map<string, VariantRecord>> {
  const records = new Map<string, VariantRecord>();
  const root = join(outputDir, 'variants');
  if (!existsSync(root)) return records;
  for (const key of await readdir(root)) {
    const record = await readVariantRecord(outputDir, key);
    if (record) records.set(key, record);
  }
  return records;
}

/** Whether every file of the record is in `outputDir` with the sha256 the record gives. */
export async function filesIntact(outputDir: string, record: VariantRecord): Promise<boolean> {
  for (const file of record.files) {
    const bytes = await readFile(join(outputDir, file.path)).catch(() => undefined);
    if (!bytes || createHash('sha256').update(bytes).digest('hex') !== file.sha256) return false;
  }
  return true;
}
