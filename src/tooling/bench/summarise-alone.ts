/**
 * A child process of the summary benchmark (src/tooling/bench/summary-bench.ts): the study's summary step
 * over a results directory, as the worker's activity runs it; prints its wall time and peak RSS.
 *   summarise-alone.ts <dir> <study as JSON> <variants>
 */
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Study } from '../../product/study/schema.js';
import { MANIFEST_FILE } from '../../product/study/results/manifest.js';
import { summariseStudyResults } from '../../product/report/study-results.js';

const [dir, studyFile, variants] = process.argv.slice(2);
const study = JSON.parse(await readFile(studyFile, 'utf8')) as Study;
const started = performance.now();
const { results: manifest } = await summariseStudyResults({
  study, studyFile, outputDir: join(dir, 'results'), variantCount: Number(variants), startedAt: new Date().toISOString(), finishedAt: new Date().toISOString(),
});
const seconds = (performance.now() - started) / 1000;
process.stdout.write(JSON.stringify({
  variants: Number(variants), seconds: Math.round(seconds * 10) / 10,
  // maxRSS is in kilobytes.
  peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
  totals: manifest.totals,
  manifestMb: Math.round(((await stat(join(dir, 'results', MANIFEST_FILE))).size / 2 ** 20) * 10) / 10,
}));
