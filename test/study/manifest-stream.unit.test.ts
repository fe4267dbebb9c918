/**
 * manifest.json written from variants that arrive one at a time (read from disk as they are asked
 * for): the text one JSON.stringify of the whole would give, the head made only after the last
 * variant, and nothing written, nothing left beside it, when a variant cannot go in.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANIFEST_FILE, type Manifest, streamManifest, type VariantRecord } from '../../src/product/study/results/manifest.js';
import { studyManifest } from '../report/study-fixture.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sweep-manifest-stream-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function* arriving(variants: VariantRecord[]): AsyncGenerator<VariantRecord> {
  for (const variant of variants) {
    await new Promise((resolve) => setImmediate(resolve));
    yield variant;
  }
}

const { variants: fixture, totals: _totals, ...head } = studyManifest({ variants: 7, failed: [2, 5] });
const withRows = (variant: VariantRecord) => ({ ...variant, solutions: variant.solutions.map((s) => ({ ...s, rows: [{ section: 'Cost' }] })) });

describe('streamManifest', () => {
  it('writes what JSON.stringify of the whole would, with the totals of the variants that passed and without what a record does not keep', async () => {
    const into = join(dir, 'several');
    const written: VariantRecord[] = [];
    let seen = -1;
    const parsed = await streamManifest(into, arriving(fixture.map(withRows)), (v) => written.push(v), (totals) => {
      seen = written.length;
      return { ...head, totals };
    });
    expect(seen).toBe(7);
    expect(parsed.totals).toEqual({ variants: 7, done: 5, failed: 2, pending: 0 });
    expect(written.flatMap((v) => v.solutions).some((s) => 'rows' in s)).toBe(false);
    const whole: Manifest = { ...parsed, variants: written };
    expect(await readFile(join(into, MANIFEST_FILE), 'utf8')).toBe(`${JSON.stringify(whole, null, 2)}\n`);
    expect(await readdir(into)).toEqual([MANIFEST_FILE]);
  });

  it('writes an empty study as JSON.stringify would', async () => {
    const into = join(dir, 'none');
    const parsed = await streamManifest(into, arriving([]), () => undefined, (totals) => ({ ...head, totals }));
    expect(await readFile(join(into, MANIFEST_FILE), 'utf8')).toBe(`${JSON.stringify({ ...parsed, variants: [] }, null, 2)}\n`);
  });

  it('counts the stopped and, in a scheduled run, the variants taken over', async () => {
    const [a, b, , c] = fixture;
    const parsed = await streamManifest(join(dir, 'scheduled'), arriving([
      { ...a, fingerprint: 'x', reusedFrom: '2026-01-01T000000Z' }, { ...b, status: 'STOPPED', solutions: [] }, { ...c, fingerprint: 'y' },
    ]), () => undefined, (totals) => ({ ...head, totals }));
    expect(parsed.totals).toEqual({ variants: 3, done: 2, failed: 0, pending: 0, stopped: 1, reused: 1 });
  });

  const refusals: [string, VariantRecord[], RegExp][] = [
    ['a variant that is not one', [fixture[0], { ...fixture[1], status: 'MAYBE' } as unknown as VariantRecord], /variant 1 \(v1\) cannot go into the manifest/],
    ['variants out of index order', [fixture[1], fixture[0]], /variant 0 \(v0\) comes after variant 1/],
  ];
  for (const [what, variants, error] of refusals) {
    it(`refuses ${what}, leaving the manifest there was and nothing beside it`, async () => {
      const into = join(dir, what.replaceAll(' ', '-'));
      await streamManifest(into, arriving(fixture), () => undefined, (totals) => ({ ...head, totals }));
      const before = await readFile(join(into, MANIFEST_FILE), 'utf8');
      await expect(streamManifest(into, arriving(variants), () => undefined, (totals) => ({ ...head, totals }))).rejects.toThrow(error);
      expect(await readFile(join(into, MANIFEST_FILE), 'utf8')).toBe(before);
      expect(await readdir(into)).toEqual([MANIFEST_FILE]);
    });
  }

  it('refuses a head that is not one after the variants, writing nothing', async () => {
    const into = join(dir, 'bad-head');
    await expect(streamManifest(into, arriving(fixture), () => undefined, (totals) => ({ ...head, solver: { ...head.solver, points: 0 }, totals }))).rejects.toThrow(/points/);
    expect(await readdir(into)).toEqual([]);
  });
});
