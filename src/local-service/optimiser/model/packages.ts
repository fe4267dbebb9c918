/**
 * Technology packages and exclusive groups, on the technologies' "installed" binaries per hub and
 * stage: at most maximumConversions conversion and maximumStorages storage technologies of a
 * package, a package that must be installed has at least one of its technologies installed, at
 * most one package of a mutually exclusive group is used in a hub, and technologies that share a
 * mutuallyExclusiveGroup are never installed together in a hub.
 */
import { INF } from '../lp.js';
import type { ModelContext } from './context.js';

/** Technologies whose installed/not-installed decision a package or group constrains. */
export function constrainedTechnologies(ctx: ModelContext): Set<string> {
  const guids = new Set<string>();
  for (const p of ctx.content.resources.technologyPackage) for (const g of [...p.doc.conversionGuids, ...p.doc.storageGuids]) guids.add(g);
  for (const t of [...ctx.content.resources.conversion, ...ctx.content.resources.storage]) if (t.doc.mutuallyExclusiveGroup) guids.add(t.guid);
  return guids;
}

/** The installed binaries of `technologies`, by hub and stage. */
function installedBy(ctx: ModelContext, technologies: string[]): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const tech of technologies) {
    for (const [hub, byStage] of ctx.installed.get(tech) ?? []) {
      for (const [stage, column] of byStage) {
        const key = `${hub}|${stage}`;
        if (!out.has(key)) out.set(key, []);
        out.get(key)!.push(column);
      }
    }
  }
  return out;
}

const sumRow = (columns: number[]) => columns.flatMap((c) => [c, 1]);

export function addPackagesAndGroups(ctx: ModelContext): void {
  const { lp } = ctx;
  const groups = new Map<string, Map<string, number[]>>();
  for (const { guid, doc } of ctx.content.resources.technologyPackage) {
    const conversions = installedBy(ctx, doc.conversionGuids);
    const storages = installedBy(ctx, doc.storageGuids);
    const all = installedBy(ctx, [...doc.conversionGuids, ...doc.storageGuids]);
    for (const [key, columns] of all) {
      const tag = `${doc.name}_${key}`;
      if (doc.maximumConversions != null && conversions.has(key)) lp.addRow(`maxconv_${tag}`, sumRow(conversions.get(key)!), -INF, doc.maximumConversions);
      if (doc.maximumStorages != null && storages.has(key)) lp.addRow(`maxstor_${tag}`, sumRow(storages.get(key)!), -INF, doc.maximumStorages);
      if (doc.mustBeInstalled === 'mustBeInstalled') lp.addRow(`mustpkg_${tag}`, sumRow(columns), 1, INF);
      if (doc.mutuallyExclusiveGroup) {
        // The package is "used" in a hub when any of its technologies is installed there.
        const used = lp.markDesign(lp.addBinary(`pkg_${tag}`));
        for (const c of columns) lp.addRow(`pkguse_${tag}_${c}`, [used, 1, c, -1], 0, INF);
        const group = groups.get(doc.mutuallyExclusiveGroup) ?? new Map<string, number[]>();
        groups.set(doc.mutuallyExclusiveGroup, group);
        group.set(key, [...(group.get(key) ?? []), used]);
      }
    }
    if (doc.mustBeInstalled === 'mustBeInstalledInAtLeastOneHub') {
      const byStage = new Map<string, number[]>();
      for (const [key, columns] of all) {
        const stage = key.split('|')[1];
        byStage.set(stage, [...(byStage.get(stage) ?? []), ...columns]);
      }
      for (const [stage, columns] of byStage) lp.addRow(`mustpkg1_${doc.name}_${stage}_${guid}`, sumRow(columns), 1, INF);
    }
  }
  for (const [name, byKey] of groups) for (const [key, used] of byKey) if (used.length > 1) lp.addRow(`pkggroup_${name}_${key}`, sumRow(used), -INF, 1);

  const techGroups = new Map<string, string[]>();
  for (const t of [...ctx.content.resources.conversion, ...ctx.content.resources.storage]) {
    if (t.doc.mutuallyExclusiveGroup) techGroups.set(t.doc.mutuallyExclusiveGroup, [...(techGroups.get(t.doc.mutuallyExclusiveGroup) ?? []), t.guid]);
  }
  for (const [name, members] of techGroups) {
    for (const [key, columns] of installedBy(ctx, members)) if (columns.length > 1) lp.addRow(`techgroup_${name}_${key}`, sumRow(columns), -INF, 1);
  }
}
