/** The demo district's model at a resolution, with its life-cycle cost as the objective to minimise: what the solver tests solve. */
import { readFile } from 'node:fs/promises';
import type { TemporalResolution } from '../../src/wire/contract/values.js';
import { Expr, INF } from '../../src/local-service/optimiser/lp.js';
import { buildModel } from '../../src/local-service/optimiser/model/build.js';
import { co2Total, minimise, objectiveFunctions } from '../../src/local-service/optimiser/model/objectives.js';
import { readScenarioWorkbook } from '../../src/local-service/specs-workbook/read-workbook.js';

/**
 * With `co2Row`, the model also has a free row over the CO2 emissions, as a front's ε constraint
 * (optimise.ts): an order sets its upper bound.
 */
export async function demoCostModel(resolution: TemporalResolution, options: { co2Row?: boolean } = {}) {
  const content = await readScenarioWorkbook(await readFile('examples/demo-district.xlsx'));
  const ctx = buildModel(content, resolution);
  const co2Row = options.co2Row ? ctx.lp.addRow('epsilon_co2', new Expr().addExpr(co2Total(ctx)), -INF, INF) : -1;
  const { cost, offset } = minimise(ctx.lp.columns, objectiveFunctions(ctx).MIN_LIFE_CYCLE_COST);
  return { ctx, cost, offset, co2Row };
}
