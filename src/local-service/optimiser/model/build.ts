/**
 * Builds the energy-hub MILP of a scenario: gathers the hourly inputs, fixes the timeline (all
 * hours or typical days), then adds demands, imports and exports, on-site resources, conversion
 * and storage technologies, networks, packages, and finally the energy balances of every hub,
 * carrier and time step.
 */
import type { TemporalResolution } from '../../../wire/contract/values.js';
import type { ScenarioContent } from '../../scenario-model/documents.js';
import type { HourlySeries } from '../clustering.js';
import { type Timeline, timelineFor } from '../timeline.js';
import { type BuildOptions, ModelContext } from './context.js';
import { addConversionTechnologies } from './conversion.js';
import { unhonouredInputs } from './coverage.js';
import { addDemands } from './demands.js';
import { addImportsAndExports } from './impex.js';
import { addIntraHubLinks, addNetworkLinks } from './networks.js';
import { addPackagesAndGroups, constrainedTechnologies } from './packages.js';
import { addOnSiteResources } from './resources.js';
import { addStorage } from './storage.js';

/**
 * Hourly on/off binaries (minimum part load, up and down times) make even small models intractable
 * for HiGHS (336 of them left a 1 % gap open after two minutes on the demo district), so by default
 * none are used and those inputs are relaxed (and named as not honoured); a caller may allow some.
 */
export const DEFAULT_BUILD_OPTIONS: BuildOptions = { maxOperationBinaries: 0 };

/** Every profile the model reads, typed for the clustering (demands and resources keep their peaks). */
export function hourlyInputs(content: ScenarioContent): HourlySeries[] {
  const kinds = new Map<number, HourlySeries['kind']>();
  const mark = (id: number | null | undefined, kind: HourlySeries['kind']) => {
    if (id != null && !kinds.has(id)) kinds.set(id, kind);
  };
  for (const d of content.resources.demand) mark(d.doc.demandProfileId, d.doc.reverse ? 'supply' : 'demand');
  for (const r of content.resources.solar) mark(r.doc.profileId, 'supply');
  for (const i of content.resources.impex) {
    mark(i.doc.hourlyEnergyPriceProfileId, 'price');
    mark(i.doc.dynamicCo2ProfileId, 'other');
    mark(i.doc.maximumHourlyEnergyAvailableProfileId, 'supply');
  }
  const used = new Set<number>();
  const collect = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(collect);
    else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) {
        if (/profileid$/i.test(k) && typeof v === 'number') used.add(v);
        else collect(v);
      }
    }
  };
  for (const kind of Object.values(content.resources)) for (const r of kind) collect(r.doc);
  for (const id of used) mark(id, 'other');
  return content.profiles.filter((p) => kinds.has(p.id)).map((p) => ({ name: p.name, values: p.values, kind: kinds.get(p.id)! }));
}

export function buildModel(content: ScenarioContent, resolution: TemporalResolution, options: BuildOptions = DEFAULT_BUILD_OPTIONS): ModelContext {
  return buildModelOn(content, timelineFor(resolution, hourlyInputs(content)), options);
}

/** The model of a scenario over a given timeline (a resolution's, or the segments of a relaxation). */
export function buildModelOn(content: ScenarioContent, timeline: Timeline, options: BuildOptions = DEFAULT_BUILD_OPTIONS): ModelContext {
  const ctx = new ModelContext(content, timeline, options);
  const constrained = constrainedTechnologies(ctx);
  const needsBinary = (guid: string) => constrained.has(guid);
  for (const input of unhonouredInputs(content)) ctx.notHonoured(input);
  addDemands(ctx);
  addImportsAndExports(ctx);
  addOnSiteResources(ctx);
  addConversionTechnologies(ctx, needsBinary);
  addStorage(ctx, needsBinary);
  addNetworkLinks(ctx);
  addIntraHubLinks(ctx);
  addPackagesAndGroups(ctx);
  ctx.writeBalances();
  return ctx;
}
