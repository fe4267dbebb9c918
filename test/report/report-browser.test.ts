/**
 * report.html as an analyst sees it: opened from disk in headless Chromium (Debian's, installed
 * here when missing), every plot loads and draws, every link points at a file that is there, and
 * the page logs no error. A screenshot of the page is kept in the test's directory; set
 * SWEEP_REPORT_SCREENSHOT to a path to keep a copy to look at.
 */
import { existsSync } from 'node:fs';
import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeStudyReport } from '../../src/report/index.js';
import { writeManifest } from '../../src/study/results/manifest.js';
import { writeSummaryWorkbook } from '../../src/study/results/summary-workbook.js';
import { ensureDebianPackage } from '../support/debian-package.js';
import { studyManifest } from './study-fixture.js';

const CHROMIUM = '/usr/bin/chromium';

let dir: string;
let browser: Browser;
let report: Awaited<ReturnType<typeof writeStudyReport>>;

beforeAll(async () => {
  ensureDebianPackage(CHROMIUM, 'chromium');
  dir = await mkdtemp(join(tmpdir(), 'sweep-report-browser-'));
  // The results directory as a study leaves it: the manifest and the summary workbook beside the report.
  const { totals: _, ...study } = studyManifest();
  const manifest = await writeManifest(dir, study);
  await writeSummaryWorkbook(join(dir, 'summary.xlsx'), manifest);
  report = await writeStudyReport(dir, manifest);
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    // Without the background-networking switches Chromium calls out to Google, which a closed network refuses.
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}, 600_000);

afterAll(async () => {
  await browser?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('report.html in Chromium', () => {
  it('loads every plot, links only files that are there, logs no error, and screenshots', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`page: ${error.message}`));
    page.on('requestfailed', (request) => problems.push(`request: ${request.url()} ${request.failure()?.errorText}`));

    // `load` waits for the images, so their state below is final.
    await page.goto(pathToFileURL(report.report).href, { waitUntil: 'load' });

    const images = await page.$$eval('img', (elements) => elements.map((img) => ({
      src: img.getAttribute('src'), complete: img.complete, naturalWidth: img.naturalWidth, naturalHeight: img.naturalHeight, shownWidth: img.getBoundingClientRect().width,
    })));
    expect(images.map((i) => i.src)).toEqual(report.plots.filter((p) => p.endsWith('.svg')).map((p) => `plots/${p.split('/').at(-1)}`));
    for (const image of images) {
      expect(image, image.src!).toMatchObject({ complete: true, naturalWidth: 900 });
      expect(image.naturalHeight, image.src!).toBeGreaterThanOrEqual(540);
      expect(image.shownWidth, image.src!).toBeGreaterThan(800);
    }

    const links = await page.$$eval('a[href]', (anchors) => anchors.map((a) => a.getAttribute('href')!));
    expect(links.length).toBe(3 + 2 * images.length);
    for (const link of links) expect(existsSync(fileURLToPath(new URL(link, page.url()))), link).toBe(true);

    const screenshot = join(dir, 'report.png');
    await page.screenshot({ path: screenshot, fullPage: true });
    const png = await readFile(screenshot);
    expect(png.readUInt32BE(16)).toBe(1280);
    expect(png.readUInt32BE(20)).toBeGreaterThan(images.length * 540);
    if (process.env.SWEEP_REPORT_SCREENSHOT) await copyFile(screenshot, process.env.SWEEP_REPORT_SCREENSHOT);

    expect(problems).toEqual([]);
  }, 120_000);
});
