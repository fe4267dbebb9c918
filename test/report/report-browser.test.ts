/**
 * report.html as an analyst uses it: opened from disk in headless Chromium (Debian's, installed
 * here when missing) with no network. Every plot draws, every link points at a file that is there,
 * and the page logs no error; hovering a point shows its variant (key, parameters, objectives,
 * installed capacities), clicking it opens that Pareto point's workbook, and selecting points on
 * one plot highlights the same variants on the others. SWEEP_REPORT_SCREENSHOT=<dir> keeps
 * screenshots of the page and of a tooltip to look at.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { strToU8, zipSync } from 'fflate';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeStudyReport } from '../../src/product/report/index.js';
import { type Manifest, writeManifest } from '../../src/product/study/results/manifest.js';
import { writeSummaryWorkbook } from '../../src/product/study/results/summary-workbook.js';
import { ensureDebianPackage } from '../support/debian-package.js';
import { studyManifest } from './study-fixture.js';

const CHROMIUM = '/usr/bin/chromium';

/** What the tests use of the page's globals, typed here: the project compiles without the DOM's types. */
interface EChartsInstance {
  getOption(): { series: { id: string; data: (number[] | { value: number[] })[] }[] };
  convertToPixel(finder: object, value: number[]): number[];
  dispatchAction(action: object): void;
}
interface PageGlobals {
  document: { getElementById(id: string): { id: string; textContent: string | null } | null };
  echarts: { getInstanceByDom(element: unknown): EChartsInstance };
}

let dir: string;
let browser: Browser;
let context: BrowserContext;
let manifest: Manifest;
let report: Awaited<ReturnType<typeof writeStudyReport>>;
const problems: string[] = [];

/** The results directory as a study leaves it: each variant's zip of workbooks, the manifest, the summary workbook. */
async function resultsDirectory(into: string): Promise<Manifest> {
  const { totals: _, ...study } = studyManifest();
  for (const variant of study.variants) {
    if (!variant.solutions.length) continue;
    const zip = `variants/${variant.key}/results.zip`;
    mkdirSync(join(into, 'variants', variant.key), { recursive: true });
    writeFileSync(join(into, zip), zipSync(Object.fromEntries(variant.solutions.map((s) => [s.file, strToU8(`workbook of ${variant.key}, point ${s.index}`)]))));
    variant.files = [{ path: zip, sha256: '0'.repeat(64), bytes: 1 }];
    for (const s of variant.solutions) {
      s.capacities = [
        { item: 'Heat pump', hub: 'Hub 1', stage: 'Stage 1', value: 40 + 10 * s.index + variant.index, unit: 'kW' },
        { item: 'Gas boiler', hub: 'Hub 1', stage: 'Stage 1', value: 0, unit: 'kW' },
      ];
    }
  }
  const written = await writeManifest(into, study);
  await writeSummaryWorkbook(join(into, 'summary.xlsx'), written);
  return written;
}

beforeAll(async () => {
  ensureDebianPackage(CHROMIUM, 'chromium');
  dir = await mkdtemp(join(tmpdir(), 'sweep-report-browser-'));
  manifest = await resultsDirectory(dir);
  report = await writeStudyReport(dir, manifest);
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    // Without the background-networking switches Chromium calls out to Google, which a closed network refuses.
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  // Offline: a page that fetched anything from elsewhere would fail here.
  context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true, offline: true });
}, 600_000);

afterAll(async () => {
  await browser?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function openReport(): Promise<Page> {
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page: ${error.message}`));
  page.on('requestfailed', (request) => problems.push(`request: ${request.url()} ${request.failure()?.errorText}`));
  await page.goto(pathToFileURL(report.report).href, { waitUntil: 'load' });
  await page.waitForSelector('body[data-plots="ready"]');
  return page;
}

/** Where on the page a series' point is drawn, found through ECharts itself, and what the point stands for. */
async function pointOnPage(page: Page, plot: string, series: string, pick: (meta: { v: number[]; s?: number }[]) => number) {
  const chart = page.locator(`#plot-${plot}`);
  await chart.scrollIntoViewIfNeeded();
  const found = await page.evaluate(({ plot, series }) => {
    const { document, echarts } = globalThis as unknown as PageGlobals;
    const element = document.getElementById(`plot-${plot}`)!;
    const data = JSON.parse(document.getElementById('sweep-report-data')!.textContent!);
    const chart = data.charts.find((c: { id: string }) => c.id === element.id);
    const instance = echarts.getInstanceByDom(element);
    const seriesIndex = instance.getOption().series.findIndex((s) => s.id === series);
    return { seriesIndex, meta: chart.meta[seriesIndex] as { v: number[]; s?: number }[], values: instance.getOption().series[seriesIndex].data.map((d) => (Array.isArray(d) ? d : d.value)) };
  }, { plot, series });
  const dataIndex = pick(found.meta);
  const pixel = await page.evaluate(({ plot, seriesIndex, value }) => {
    const { document, echarts } = globalThis as unknown as PageGlobals;
    const instance = echarts.getInstanceByDom(document.getElementById(`plot-${plot}`));
    return instance.convertToPixel({ seriesIndex }, value);
  }, { plot, seriesIndex: found.seriesIndex, value: found.values[dataIndex] });
  const box = (await chart.boundingBox())!;
  return { x: box.x + pixel[0], y: box.y + pixel[1], meta: found.meta[dataIndex] };
}

describe('report.html in Chromium', () => {
  it('draws every plot, keeps an image of each for readers without scripts, links only files that are there, logs no error', async () => {
    const page = await openReport();
    const charts = await page.$$eval('div.chart', (elements) => elements.map((e) => ({ id: e.id, canvas: !!e.querySelector('canvas'), width: e.getBoundingClientRect().width, height: e.getBoundingClientRect().height })));
    const svgs = report.plots.filter((p) => p.endsWith('.svg'));
    expect(charts.map((c) => c.id)).toEqual(svgs.map((p) => `plot-${p.split('/').at(-1)!.replace(/\.svg$/, '')}`));
    for (const chart of charts) {
      expect(chart.canvas, chart.id).toBe(true);
      expect(chart.width, chart.id).toBeGreaterThan(800);
      expect(chart.height, chart.id).toBeGreaterThanOrEqual(540);
    }
    const fallbacks = await page.$$eval('noscript', (elements) => elements.map((e) => /src="([^"]+)"/.exec(e.textContent ?? '')?.[1]));
    expect(fallbacks).toEqual(svgs.map((p) => `plots/${p.split('/').at(-1)}`));

    const links = await page.$$eval('a[href]', (anchors) => anchors.map((a) => a.getAttribute('href')!));
    expect(links.length).toBe(3 + 2 * charts.length);
    for (const link of links) expect(existsSync(fileURLToPath(new URL(link, page.url()))), link).toBe(true);

    const screenshot = join(dir, 'report.png');
    await page.screenshot({ path: screenshot, fullPage: true });
    const png = await readFile(screenshot);
    expect(png.readUInt32BE(16)).toBe(1280);
    expect(png.readUInt32BE(20)).toBeGreaterThan(charts.length * 540);
    if (process.env.SWEEP_REPORT_SCREENSHOT) await copyFile(screenshot, join(process.env.SWEEP_REPORT_SCREENSHOT, 'report-page.png'));
    expect(problems).toEqual([]);
    await page.close();
  }, 120_000);

  it('shows a point\'s variant on hover and opens its workbook on click', async () => {
    const page = await openReport();
    // The third point of the study's front, whichever variant it is.
    const point = await pointOnPage(page, 'study-front', 'study-front', () => 2);
    const variant = manifest.variants.find((v) => v.index === point.meta.v[0])!;
    const solution = variant.solutions.find((s) => s.index === point.meta.s)!;
    await page.mouse.move(point.x, point.y);
    const tip = page.locator('.tip');
    await tip.waitFor();
    const text = await tip.innerText();
    const [cost, co2] = [solution.objectives.MIN_LIFE_CYCLE_COST, solution.objectives.MIN_CO2_EMISSIONS].map((v) => Math.round(v).toLocaleString('en-US'));
    expect(text.split('\n').slice(0, 10)).toEqual([
      `#${variant.index} ${variant.label}`,
      `key: ${variant.key}`,
      `heat_pump_cost = ${variant.parameters.heat_pump_cost}`,
      `insulation = ${variant.parameters.insulation}`,
      `Pareto point ${solution.index}`,
      `Life-cycle cost: ${cost} CHF`,
      `CO2 emissions: ${co2} kg`,
      expect.stringMatching(/^Annualised cost: [\d,]+ CHF\/year$/),
      expect.stringMatching(/^Investment: [\d,]+ CHF$/),
      'Installed',
    ]);
    // Installed capacities only: the boiler of 0 kW is not listed.
    // The hub its name lacks; no stage, as the solution has one.
    expect(text).toContain(`Heat pump (Hub 1): ${(40 + 10 * solution.index + variant.index).toFixed(2)} kW`);
    expect(text).not.toContain('Gas boiler');
    if (process.env.SWEEP_REPORT_SCREENSHOT) {
      await page.screenshot({ path: join(process.env.SWEEP_REPORT_SCREENSHOT, 'report-tooltip.png'), clip: { x: 0, y: Math.max(0, point.y - 300), width: 1000, height: 600 } });
    }

    const download = page.waitForEvent('download');
    await page.mouse.click(point.x, point.y);
    const opened = await download;
    const workbook = join(dir, 'variants', variant.key, solution.file);
    expect(opened.url()).toBe(pathToFileURL(workbook).href);
    expect(await readFile(workbook, 'utf8')).toBe(`workbook of ${variant.key}, point ${solution.index}`);
    expect(problems).toEqual([]);
    await page.close();
  }, 120_000);

  it('highlights on every plot the variants selected on one', async () => {
    const page = await openReport();
    // A box around the cheapest third of the study front selects its variants.
    const selected = await page.evaluate(() => {
      const { document, echarts } = globalThis as unknown as PageGlobals;
      const instance = echarts.getInstanceByDom(document.getElementById('plot-study-front'));
      const front = instance.getOption().series.find((s) => s.id === 'study-front')!.data as number[][];
      const xs = front.map((d) => d[0]).sort((a, b) => a - b);
      const ys = front.map((d) => d[1]);
      instance.dispatchAction({ type: 'brush', areas: [{ brushType: 'rect', xAxisIndex: 0, coordRange: [[xs[0] * 0.999, xs[3] * 1.0001], [Math.min(...ys) * 0.9, Math.max(...ys) * 1.1]] }] });
      return xs.slice(0, 4);
    });
    expect(selected).toHaveLength(4);
    const panel = page.locator('#selection');
    await panel.waitFor({ state: 'visible' });
    const listed = await panel.locator('.list li').allInnerTexts();
    expect(listed.length).toBeGreaterThan(0);
    const variants = listed.map((l) => Number(/^#(\d+) /.exec(l)![1]));
    // Each selected variant has its three Pareto points on the per-variant front plot, and its points on each parameter plot.
    const highlighted = await page.$$eval('div.chart', (elements) => Object.fromEntries(elements.map((e) => [e.id, Number(e.getAttribute('data-highlighted') ?? -1)])));
    // On every plot, the markers that stand for a selected variant: its three Pareto points (fewer where points share a spot).
    const data = JSON.parse(await page.locator('#sweep-report-data').textContent() ?? '') as { charts: { id: string; meta: ({ v: number[] }[] | null)[] }[] };
    for (const chart of data.charts) {
      const expected = chart.meta.flatMap((items) => items ?? []).filter((m) => m.v.some((v) => variants.includes(v))).length;
      expect(highlighted[chart.id], chart.id).toBe(expected);
      expect(expected, chart.id).toBeGreaterThanOrEqual(variants.length);
    }
    expect(highlighted['plot-heat-pump-cost-vs-cost']).toBe(3 * variants.length);
    await page.locator('#selection-clear').click();
    await panel.waitFor({ state: 'hidden' });
    expect(problems).toEqual([]);
    await page.close();
  }, 120_000);
});
