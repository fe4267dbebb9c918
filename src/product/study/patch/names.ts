/** The names a scenario gives its hubs, carriers, stages and what has a capacity: what a study's outcomes may name. */
import type { PlanningClient } from '../../../wire/client/index.js';
import type { ScenarioNames } from '../outcomes.js';
import { RESOURCES, type ResourceKind } from './resources.js';

export async function scenarioNames(client: PlanningClient, scenarioGuid: string): Promise<ScenarioNames> {
  const names = (kind: ResourceKind) => RESOURCES[kind].list(client, scenarioGuid).then((handles) => handles.map((h) => h.name));
  const [conversion, storage, links, impex, hubs, carriers, stages] = await Promise.all(
    (['conversionTechnology', 'storageTechnology', 'networkLink', 'impex', 'hub', 'carrier', 'stage'] as const).map(names),
  );
  return { technologies: [...conversion, ...storage, ...links, ...impex], impex, hubs, carriers, stages };
}
