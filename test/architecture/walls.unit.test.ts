/**
 * The walls of ARCHITECTURE.md, checked over the real import graph with dependency-cruiser and
 * the project's own rules (.dependency-cruiser.cjs): a forbidden import fails here, named by its
 * rule. And no circles, between files or between folders.
 */
import { resolve } from 'node:path';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { beforeAll, describe, expect, it } from 'vitest';
import { siblingFolderCircles } from './folder-circles.js';

const ROOT = resolve(import.meta.dirname, '../..');
const CODE = ['src', 'workflows', 'activities', 'worker.ts', 'scripts', 'bin'];

let graph: ICruiseResult;

beforeAll(async () => {
  const options = await extractDepcruiseOptions(resolve(ROOT, '.dependency-cruiser.cjs'));
  // From the project's root whatever the working directory (the fast lane runs in worker threads, which cannot chdir).
  const reported = await cruise(CODE, { ...options, baseDir: ROOT, tsConfig: { fileName: resolve(ROOT, 'tsconfig.json') }, validate: true }, undefined, { tsConfig: extractTSConfig(resolve(ROOT, 'tsconfig.json')) });
  graph = reported.output as ICruiseResult;
}, 120_000);

describe('the walls between the wings', () => {
  it('cruises the whole code base', () => {
    const ours = graph.modules.filter((m) => /^(src|workflows|activities|scripts|bin)\/|^worker\.ts$/.test(m.source));
    expect(ours.length).toBeGreaterThan(300);
    // Type-only imports are in the graph: the rules see them too.
    expect(graph.modules.some((m) => m.dependencies.some((d) => d.dependencyTypes.includes('type-only')))).toBe(true);
  });

  it('holds: no import breaks a rule', () => {
    const broken = graph.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}${v.cycle ? ` (circle: ${v.cycle.map((c) => c.name).join(' → ')})` : ''}`);
    expect(broken).toEqual([]);
  });

  it('has no circle between folders', () => {
    const edges = graph.modules.flatMap((m) => m.dependencies
      .filter((d) => !d.coreModule && !d.couldNotResolve && !d.resolved.startsWith('node_modules/'))
      .map((d) => ({ from: m.source, to: d.resolved })));
    expect(siblingFolderCircles(edges)).toEqual([]);
  });
});

describe('siblingFolderCircles', () => {
  it('finds a ring of sibling folders and ignores a parent and its child', () => {
    expect(siblingFolderCircles([
      { from: 'src/a/x.ts', to: 'src/b/y.ts' },
      { from: 'src/b/y.ts', to: 'src/c/z.ts' },
      { from: 'src/c/deep/z.ts', to: 'src/a/w.ts' },
      { from: 'src/d/index.ts', to: 'src/d/inner/v.ts' },
      { from: 'src/d/inner/v.ts', to: 'src/d/index.ts' },
    ])).toEqual([{ parent: 'src', folders: ['a', 'b', 'c'] }]);
    expect(siblingFolderCircles([{ from: 'src/a/x.ts', to: 'src/b/y.ts' }])).toEqual([]);
  });
});
