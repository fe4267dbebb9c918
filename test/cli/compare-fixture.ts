/** Runs of the report fixture's study that differ in a gas price set for the whole run, for `sweep compare`'s tests. */
import type { Manifest } from '../../src/product/study/results/manifest.js';
import { studyManifest } from '../report/study-fixture.js';

/** A run of the fixture study with the gas price held at `price` and every cost `factor` times the fixture's. */
export function run(price: number, factor: number, variants = 6): Omit<Manifest, 'totals'> {
  const { totals: _, ...manifest } = studyManifest({ variants });
  manifest.parameters.push({ name: 'gas_price', kind: 'impex', target: 'impex "Gas supply" → energyPriceCHFkWh', operation: 'set' });
  for (const v of manifest.variants) {
    v.parameters.gas_price = price;
    for (const s of v.solutions) s.objectives.MIN_LIFE_CYCLE_COST *= factor;
  }
  return manifest;
}
