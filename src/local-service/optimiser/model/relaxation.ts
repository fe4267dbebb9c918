/**
 * The full year's relaxation over chronological segments (segments.ts): the same model with
 * consecutive hours merged, its optimum a lower bound of the full year's for every objective and
 * Pareto level. Which hourly inputs may be averaged, and where segments must end, follow from how
 * the model uses each input: demands, on-site resources and hourly caps are right-hand sides and
 * bounds; every other profile (prices, efficiencies, input shares, CO2 intensities, losses,
 * operation profiles) is a coefficient, and times of use switch prices at their hours.
 */
import type { ScenarioContent } from '../../scenario-model/documents.js';
import { chooseSegments } from '../segments.js';
import { segmentedYear } from '../timeline.js';
import { DEFAULT_BUILD_OPTIONS, buildModelOn } from './build.js';
import type { BuildOptions, ModelContext } from './context.js';

/** The profile ids a scenario's documents name, each with whether the model only averages it. */
function profileRoles(content: ScenarioContent): Map<number, 'averaged' | 'fixed'> {
  const roles = new Map<number, 'averaged' | 'fixed'>();
  const averaged = new Set<number>();
  for (const d of content.resources.demand) averaged.add(d.doc.demandProfileId);
  for (const r of content.resources.solar) averaged.add(r.doc.profileId);
  for (const i of content.resources.impex) if (i.doc.maximumHourlyEnergyAvailableProfileId != null) averaged.add(i.doc.maximumHourlyEnergyAvailableProfileId);
  const named = (id: number, key: string) => {
    const onlyAveraged = averaged.has(id) && /^(demandProfileId|profileId|maximumHourlyEnergyAvailableProfileId)$/.test(key);
    roles.set(id, onlyAveraged && roles.get(id) !== 'fixed' ? 'averaged' : 'fixed');
  };
  const collect = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(collect);
    else if (value && typeof value === 'object') {
      for (const [key, v] of Object.entries(value)) {
        if (/profileid$/i.test(key) && typeof v === 'number') named(v, key);
        else collect(v);
      }
    }
  };
  for (const kind of Object.values(content.resources)) for (const r of kind) collect(r.doc);
  return roles;
}

/** Hours of the day at which a time of use of any import or export starts or ends. */
function timeOfUseHours(content: ScenarioContent): number[] {
  const hours = new Set<number>();
  for (const { doc } of content.resources.impex) {
    for (const tou of doc.timeOfUses) {
      for (const time of [tou.startTime, tou.endTime]) if (time) hours.add(Number(time.split(':')[0]) % 24);
    }
  }
  return [...hours];
}

/**
 * Segments of the year's relaxation: on the demo district 1,460 (4 a day on average) bound the
 * cost optimum within 2.8 % of the best full-year design (887, the fewest its tariff allows,
 * within 9 %; 2,190 within 1.8 %), and its operation LP prices a design in 0.05–0.7 s.
 */
export const RELAXATION_SEGMENTS = 1460;

/** The scenario's model over at most `segments` chronological segments (more when its inputs need more). */
export function buildRelaxation(content: ScenarioContent, segments: number, options: BuildOptions = DEFAULT_BUILD_OPTIONS): ModelContext {
  const roles = profileRoles(content);
  const averaged: Float64Array[] = [];
  const fixed: Float64Array[] = [];
  for (const profile of content.profiles) {
    const role = roles.get(profile.id);
    if (role === 'averaged') averaged.push(profile.values);
    else if (role === 'fixed') fixed.push(profile.values);
  }
  const starts = chooseSegments(averaged, fixed, timeOfUseHours(content), segments);
  return buildModelOn(content, segmentedYear(starts), options);
}
