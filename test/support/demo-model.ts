/** The demo district's model at a resolution, with its life-cycle cost as the objective to minimise: what the solver tests solve. */
import { readFile } from 'node:fs/promises';
import type { TemporalResolution } from '../../src/wire/contract/values.js';
import { buildModel } from '../../src/local-service/optimiser/model/build.js';
import { minimise, objectiveFunctions } from '../../src/local-service/optimiser/model/objectives.js';
import { readScenarioWorkbook } from '../../src/local-service/specs-workbook/read-workbook.js';

export async function demoCostModel(resolution: TemporalResolution) {
  const content = await readScenarioWorkbook(await readFile('examples/demo-district.xlsx'));
  const ctx = buildModel(content, resolution);
  const { cost, offset } = minimise(ctx.lp.columns, objectiveFunctions(ctx).MIN_LIFE_CYCLE_COST);
  return { ctx, cost, offset };
}
