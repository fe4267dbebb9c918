/**
 * Scheduled re-runs solve only what changed: each variant's specs file is fingerprinted, and a
 * variant whose fingerprint equals the one its last earlier run solved from takes that run's
 * results (copied into this run's directory, checked by sha256) instead of a new solver job.
 */
import { existsSync } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { heartbeat } from '@temporalio/activity';
import { boundedMap } from '../src/common/bounded-map.js';
import type { Variant } from '../src/product/study/expand.js';
import type { OutcomeValue } from '../src/product/study/outcomes.js';
import { specsFingerprint } from '../src/product/study/fingerprint.js';
import { type VariantRecord, writeAtomically } from '../src/product/study/results/manifest.js';
import { KEPT_SPECS_FILE, filesIntact, readVariantRecord, variantDir, writeFingerprint, writeVariantRecord } from '../src/product/study/results/records.js';
import type { ActivityDeps } from './deps.js';
import { asActivity } from './failures.js';
import { retryPassingFaults } from './lost-answers.js';
import { CALLS_IN_FLIGHT, type VariantRef } from './scenarios.js';

export interface ReuseAnswer {
  /** Variants whose results were taken from an earlier run (their records say which), with the outcomes recorded there. */
  reused: (VariantRef & { outcomes?: Record<string, OutcomeValue> })[];
  /** Variants to solve: new, changed, or not solved by the run they were last in. */
  changed: VariantRef[];
}

export function fingerprintActivities({ service }: ActivityDeps) {
  return {
    /**
     * Fingerprints each variant's specs file (written to its directory in this run) and takes over
     * the results of the last earlier run under `runsDir` that has the variant, when that run
     * solved it from the same fingerprint. Safe to repeat: a variant already taken over is
     * answered as reused again from its record.
     */
    async reuseUnchangedResults(input: { outputDir: string; runsDir: string; variants: Variant[]; refs: VariantRef[] }): Promise<ReuseAnswer> {
      return asActivity(async () => {
        const variants = new Map(input.variants.map((v) => [v.index, v]));
        const earlierRuns = (await listRuns(input.runsDir)).filter((run) => join(input.runsDir, run) !== input.outputDir).reverse();
        const answer: ReuseAnswer = { reused: [], changed: [] };
        let count = 0;
        await boundedMap(input.refs, CALLS_IN_FLIGHT, async (ref) => {
          // The study's first variant keeps its specs, so that the next run can say where its inputs changed.
          const fingerprint = await fingerprintOf(service, ref, ref.index === 0 ? join(variantDir(input.outputDir, ref.key), KEPT_SPECS_FILE) : undefined);
          await writeFingerprint(input.outputDir, ref.key, fingerprint);
          const takenOver = await takeOver(input.runsDir, earlierRuns, input.outputDir, ref, fingerprint, variants.get(ref.index)!);
          if (takenOver) answer.reused.push(takenOver.outcomes ? { ...ref, outcomes: takenOver.outcomes } : ref);
          else answer.changed.push(ref);
          heartbeat(++count);
        });
        const byIndex = (a: VariantRef, b: VariantRef) => a.index - b.index;
        return { reused: answer.reused.sort(byIndex), changed: answer.changed.sort(byIndex) };
      });
    },
  };
}

/** Earlier runs' directory names; ISO stamps, so their order is their time order. */
async function listRuns(runsDir: string): Promise<string[]> {
  if (!existsSync(runsDir)) return [];
  return (await readdir(runsDir, { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name).sort();
}

async function fingerprintOf(service: ActivityDeps['service'], ref: VariantRef, keep?: string): Promise<string> {
  const url = await retryPassingFaults(() => service.scenarios.specsFileUrl(ref.scenarioGuid));
  if (!url) throw new Error(`the specs file of ${ref.key} is no longer ready`);
  const path = join(tmpdir(), `sweep-specs-${process.pid}-${ref.scenarioGuid}.xlsx`);
  try {
    await retryPassingFaults(() => service.files.download(url, path));
    const fingerprint = specsFingerprint(await readFile(path));
    if (keep) {
      await mkdir(dirname(keep), { recursive: true });
      await writeAtomically(keep, (partial) => copyFile(path, partial));
    }
    return fingerprint;
  } finally {
    await rm(path, { force: true });
  }
}

/**
 * Copies the variant's results from the last earlier run that has it, if that run solved it from
 * `fingerprint` and its files are whole; answers the record it took over (or an earlier attempt did).
 */
async function takeOver(
  runsDir: string, earlierRuns: string[], outputDir: string, ref: VariantRef, fingerprint: string, variant: Variant,
): Promise<VariantRecord | undefined> {
  const mine = await readVariantRecord(outputDir, ref.key);
  if (mine?.status === 'DONE' && mine.fingerprint === fingerprint && mine.reusedFrom) return mine;
  for (const run of earlierRuns) {
    const runDir = join(runsDir, run);
    const record = await readVariantRecord(runDir, ref.key);
    if (!record) continue;
    // The last run that had the variant decides: an older match does not count once inputs changed since.
    if (record.status !== 'DONE' || record.fingerprint !== fingerprint || !(await filesIntact(runDir, record))) return undefined;
    for (const file of record.files) {
      await mkdir(dirname(join(outputDir, file.path)), { recursive: true });
      await copyFile(join(runDir, file.path), join(outputDir, file.path));
    }
    const taken = { ...record, index: variant.index, name: variant.name, scenarioGuid: ref.scenarioGuid, fingerprint, reusedFrom: record.reusedFrom ?? run };
    await writeVariantRecord(outputDir, taken);
    return taken;
  }
  return undefined;
}
