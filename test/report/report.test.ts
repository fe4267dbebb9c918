/**
 * writeStudyReport: the files it leaves in a results directory, what report.html says and links,
 * the studies without plots, and a study of 10,000 variants in reasonable time. It writes files and
 * renders PNGs, so it runs in the full suite only; when the plots are static is interactive.unit.test.ts.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeStudyReport } from '../../src/product/report/index.js';
import { REPORT_ROWS } from '../../src/product/report/report-html.js';
import { writeSummaryWorkbook } from '../../src/product/study/results/summary-workbook.js';
import { studyManifest } from './study-fixture.js';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'sweep-report-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** The `<tr>`s of the table under the heading `title`. */
function tableRows(html: string, title: string): number {
  const section = html.slice(html.indexOf(`<h2>${title}</h2>`));
  const table = section.slice(section.indexOf('<tbody>'), section.indexOf('</tbody>'));
  return table.match(/<tr>/g)?.length ?? 0;
}

describe('writeStudyReport', () => {
  let dir: string;
  let html: string;
  let written: Awaited<ReturnType<typeof writeStudyReport>>;
  beforeAll(async () => {
    dir = join(root, 'study');
    written = await writeStudyReport(dir, studyManifest());
    html = await readFile(written.report, 'utf8');
  });

  it('writes the CSV, an SVG and a PNG of each plot and the report, and no temporary file', async () => {
    expect(written.report).toBe(join(dir, 'report.html'));
    expect(written.csv).toBe(join(dir, 'results.csv'));
    expect((await readdir(dir)).sort()).toEqual(['plots', 'report.html', 'results.csv']);
    const plots = (await readdir(join(dir, 'plots'))).sort();
    expect(plots).toHaveLength(12);
    expect(written.plots.map((p) => p.slice(join(dir, 'plots').length + 1)).sort()).toEqual(plots);
    for (const name of ['pareto-fronts', 'study-front', 'heat-pump-cost-vs-cost', 'insulation-vs-co2']) {
      expect(plots).toContain(`${name}.svg`);
      expect(plots).toContain(`${name}.png`);
    }
  });

  it('renders each PNG at twice the size of its SVG', async () => {
    for (const svgPath of written.plots.filter((p) => p.endsWith('.svg'))) {
      const svg = await readFile(svgPath, 'utf8');
      const [, width, height] = /<svg [^>]*width="(\d+)" height="(\d+)"/.exec(svg)!.map(Number);
      const png = await readFile(svgPath.replace(/\.svg$/, '.png'));
      expect(pngSize(png)).toEqual({ width: 2 * width, height: 2 * height });
      // A blank white PNG of that size compresses to a few kB; text and markers make it larger.
      expect(png.length).toBeGreaterThan(20_000);
    }
  });

  it('names the study and gives its solver settings and totals', () => {
    expect(html).toContain('<h1>Heat pump price × insulation</h1>');
    expect(html).toContain('Boiler or heat pump, by the heat pump&#39;s price and the building&#39;s insulation.');
    expect(html).toContain('Life-cycle cost [CHF] (MIN_LIFE_CYCLE_COST)');
    expect(html).toContain('CO2 emissions [kg] (MIN_CO2_EMISSIONS)');
    expect(html).toMatch(/<th scope="row">Time limit<\/th><td>10 min per job<\/td>/);
    expect(html).toMatch(/<th scope="row">Variants<\/th><td>6<\/td>/);
    expect(html).toMatch(/<th scope="row">Failed<\/th><td>1<\/td>/);
    expect(html).toMatch(/<th scope="row">Pareto points found<\/th><td>15<\/td>/);
  });

  it('shows every plot, from its file where scripts do not run, with links to its SVG and PNG, by relative paths', () => {
    const images = [...html.matchAll(/<noscript><img src="([^"]+)" alt="([^"]+)"><\/noscript>/g)].map((m) => m[1]);
    expect(images).toEqual(written.plots.filter((p) => p.endsWith('.svg')).map((p) => `plots/${p.split('/').at(-1)}`));
    for (const image of images) expect(html).toContain(`<a href="${image.replace(/\.svg$/, '.png')}">PNG</a>`);
  });

  it('links the CSV and the manifest, and says the summary workbook is not there yet', () => {
    expect(html).toContain('<a href="results.csv">results.csv</a>');
    expect(html).toContain('<a href="manifest.json">manifest.json</a>');
    expect(html).toContain('summary.xlsx (not written yet)');
    expect(html).not.toContain('href="summary.xlsx"');
  });

  it('is self-contained: its scripts and the plots\' data are inline, nothing comes from another site', () => {
    expect(html).not.toMatch(/<script[^>]* src=/i);
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//i);
    const data = JSON.parse(/<script type="application\/json" id="sweep-report-data">([^<]*)<\/script>/.exec(html)![1]);
    expect(data.charts.map((c: { id: string }) => c.id)).toEqual(written.plots.filter((p) => p.endsWith('.svg')).map((p) => `plot-${p.split('/').at(-1)!.replace(/\.svg$/, '')}`));
    // Every variant with a solution, for the tooltips; not the failed one, which no plot shows.
    expect(Object.keys(data.variants).map(Number)).toEqual([0, 1, 2, 3, 5]);
  });

  it('lists the results, the study front and the failures with their reasons', () => {
    expect(tableRows(html, 'Variants and Pareto points')).toBe(16);
    expect(html).not.toContain(`The first ${REPORT_ROWS} of`);
    expect(tableRows(html, "The study's non-dominated front")).toBeGreaterThanOrEqual(2);
    expect(html).toContain('<h2>Failures (1)</h2>');
    expect(html).toContain('<strong>#4 heat pump 800 CHF/kW, insulation basic</strong> <span class="failed">FAILED</span>: Demand cannot be met: nothing can supply Heat at &quot;Hub, 1&quot; (Stage 1)');
  });

  it('links the summary workbook once it is there', async () => {
    const withSummary = join(root, 'with-summary');
    const manifest = studyManifest();
    await writeSummaryWorkbook(join(withSummary, 'summary.xlsx'), manifest);
    const page = await readFile((await writeStudyReport(withSummary, manifest)).report, 'utf8');
    expect(page).toContain('<a href="summary.xlsx">summary.xlsx</a>');
  });

  it('removes the plots of an earlier report the study no longer has', async () => {
    const again = join(root, 'again');
    await writeStudyReport(again, studyManifest());
    await writeFile(join(again, 'plots', 'notes.txt'), 'an analyst\'s own file');
    const second = await writeStudyReport(again, studyManifest({ objective2: null }));
    const plots = (await readdir(join(again, 'plots'))).sort();
    expect(plots).toEqual([...second.plots.map((p) => p.split('/').at(-1)!), 'notes.txt'].sort());
    expect(plots).not.toContain('pareto-fronts.svg');
    expect(plots).toContain('objective-by-variant.svg');
  });
});

describe('studies without plots', () => {
  it('says in the report that no variant has a solution, and writes no plot', async () => {
    const dir = join(root, 'all-failed');
    const written = await writeStudyReport(dir, studyManifest({ failed: [0, 1, 2, 3, 4, 5] }));
    expect(written.plots).toEqual([]);
    expect(await readdir(join(dir, 'plots'))).toEqual([]);
    const html = await readFile(written.report, 'utf8');
    expect(html).toContain('No plots: no variant has a solution (0 done, 6 failed, 0 pending).');
    expect(html).not.toContain('<img');
    expect(html).toContain('<h2>Failures (6)</h2>');
    expect((await readFile(written.csv, 'utf8')).trim().split('\r\n')).toHaveLength(1 + 6);
  });
});

describe('a study of 10,000 variants × 3 Pareto points', () => {
  it('is reported within a minute, the page showing the first rows and the per-variant chart capped', async () => {
    const dir = join(root, 'large');
    const manifest = studyManifest({ variants: 10_000, failed: [4, 17, 99] });
    const started = performance.now();
    const written = await writeStudyReport(dir, manifest);
    const seconds = (performance.now() - started) / 1000;
    expect(seconds).toBeLessThan(60);
    const html = await readFile(written.report, 'utf8');
    expect(tableRows(html, 'Variants and Pareto points')).toBe(REPORT_ROWS);
    expect(html).toContain(`The first ${REPORT_ROWS} of 29,994 rows. <a href="results.csv">results.csv</a>`);
    // ECharts (1.1 MB) and every point with its variant, for the tooltips.
    expect(html.length).toBeLessThan(16_000_000);
    expect((await readFile(written.csv, 'utf8')).trim().split('\r\n')).toHaveLength(1 + 29_994);
    const data = JSON.parse(/<script type="application\/json" id="sweep-report-data">([^<]*)<\/script>/.exec(html)![1]);
    const fronts = data.charts.find((c: { id: string }) => c.id === 'plot-pareto-fronts');
    expect(fronts.option.series.filter((s: { id: string }) => s.id.startsWith('variant-'))).toHaveLength(20);
    expect(Object.keys(data.variants)).toHaveLength(10_000 - 3);
    expect(existsSync(join(dir, 'plots', 'study-front.png'))).toBe(true);
  }, 120_000);
});
