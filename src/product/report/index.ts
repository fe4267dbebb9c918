/**
 * The study's report in its results directory, beside `manifest.json` and `summary.xlsx`:
 * `results.csv`, `plots/*.svg` with a PNG of each, each solution's workbook unpacked beside its
 * variant's zip (src/product/report/variant-workbooks.ts), and `report.html` that shows and links them.
 * Each file is replaced atomically, and the report last, so a reader never follows a link of a
 * new report to a file not yet written.
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Drift } from '../study/results/drift.js';
import { MANIFEST_FILE, writeAtomically } from '../study/results/manifest.js';
import type { StudyResults } from '../study/results/variant-summary.js';
import { writeResultsCsv } from './csv.js';
import { interactiveData, interactiveOmitted } from './interactive.js';
import { eachStudyPlot, type Plot, plotsOmitted } from './plots.js';
import { svgToPng } from './png.js';
import { reportHtml } from './report-html.js';
import { variantWorkbooks } from './variant-workbooks.js';

export const REPORT_FILE = 'report.html';
export const RESULTS_CSV = 'results.csv';
export const PLOTS_DIR = 'plots';
/** The name the study's summarising activity gives the summary workbook (activities/outputs.ts). */
export const SUMMARY_WORKBOOK = 'summary.xlsx';

export interface StudyReport {
  /** Absolute paths of what was written. */
  report: string;
  csv: string;
  /** Every plot's SVG and PNG. */
  plots: string[];
}

export async function writeStudyReport(dir: string, manifest: StudyResults, drift?: Drift): Promise<StudyReport> {
  const plotsDir = join(dir, PLOTS_DIR);
  await mkdir(plotsDir, { recursive: true });
  const write = (path: string, data: string | Uint8Array) => writeAtomically(path, (partial) => writeFile(partial, data));

  const csv = join(dir, RESULTS_CSV);
  await writeResultsCsv(csv, manifest);

  const omitted = plotsOmitted(manifest);
  const staticOnly = interactiveOmitted(manifest);
  const listed: Pick<Plot, 'name' | 'title'>[] = [];
  // Only the interactive plots need every plot's points at once.
  const interactivePlots: Plot[] = [];
  const written: string[] = [];
  for (const plot of omitted ? [] : eachStudyPlot(manifest)) {
    const [svg, png] = [join(plotsDir, `${plot.name}.svg`), join(plotsDir, `${plot.name}.png`)];
    await write(svg, plot.svg);
    await write(png, svgToPng(plot.svg));
    written.push(svg, png);
    listed.push({ name: plot.name, title: plot.title });
    if (!staticOnly) interactivePlots.push(plot);
  }
  await removeOtherPlots(plotsDir, written);
  const interactive = !listed.length ? undefined
    : staticOnly ? { omitted: staticOnly }
    : interactiveData(manifest, interactivePlots, await variantWorkbooks(dir, manifest));

  const report = join(dir, REPORT_FILE);
  await write(report, reportHtml(manifest, {
    csv: RESULTS_CSV,
    summary: SUMMARY_WORKBOOK,
    summaryPresent: existsSync(join(dir, SUMMARY_WORKBOOK)),
    manifest: MANIFEST_FILE,
    plots: listed.map((p) => ({ title: p.title, svg: `${PLOTS_DIR}/${p.name}.svg`, png: `${PLOTS_DIR}/${p.name}.png` })),
    plotsOmitted: omitted,
    drift,
    interactive,
    scripts: interactive && 'data' in interactive ? await pageScripts() : undefined,
  }));
  return { report, csv, plots: written };
}

/**
 * Plots of an earlier report that this one no longer has (a parameter renamed, a study that lost
 * its second objective) would otherwise sit in plots/ as if they were current.
 */
async function removeOtherPlots(plotsDir: string, keep: string[]): Promise<void> {
  const kept = new Set(keep);
  for (const name of await readdir(plotsDir)) {
    if (/\.(svg|png)$/.test(name) && !kept.has(join(plotsDir, name))) await rm(join(plotsDir, name), { force: true });
  }
}

/** ECharts' browser build, from the package, and the report's own page script. */
async function pageScripts(): Promise<{ echarts: string; page: string }> {
  const echarts = createRequire(import.meta.url).resolve('echarts/dist/echarts.min.js');
  return {
    echarts: await readFile(echarts, 'utf8'),
    page: await readFile(new URL('./browser/report-page.js', import.meta.url), 'utf8'),
  };
}
