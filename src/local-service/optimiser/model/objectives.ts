/**
 * The nine objective functions of the specification, as expressions over the model's cost and
 * CO2 components. Each has the value an analyst reads (costs in CHF, present values over the
 * horizon; CO2 in kg over the horizon; exports and salvage as the revenue they bring) and the
 * sense it is optimised in.
 */
import type { Objective } from '../../../wire/contract/values.js';
import { Expr } from '../lp.js';
import type { CostCategory, ModelContext } from './context.js';

export interface ObjectiveFunction {
  name: Objective;
  sense: 'min' | 'max';
  value: Expr;
  unit: string;
}

function total(ctx: ModelContext, categories: readonly CostCategory[], factor = 1): Expr {
  const expr = new Expr();
  for (const c of ctx.costs) if (categories.includes(c.category)) expr.addExpr(c.expr, factor);
  return expr;
}

/** The life-cycle cost: every cost component, revenues and salvage counted as gains. */
export function lifeCycleCost(ctx: ModelContext): Expr {
  return total(ctx, ['investment', 'replacement', 'salvage', 'om', 'imports', 'exports']);
}

export function co2Total(ctx: ModelContext): Expr {
  const expr = new Expr();
  for (const c of ctx.co2) expr.addExpr(c.expr);
  return expr;
}

export function objectiveFunctions(ctx: ModelContext): Record<Objective, ObjectiveFunction> {
  const lcc = lifeCycleCost(ctx);
  const make = (name: Objective, sense: 'min' | 'max', value: Expr, unit = 'CHF'): ObjectiveFunction => ({ name, sense, value, unit });
  return {
    MIN_LIFE_CYCLE_COST: make('MIN_LIFE_CYCLE_COST', 'min', lcc),
    MIN_ANNUALIZED_COST: make('MIN_ANNUALIZED_COST', 'min', new Expr().addExpr(lcc, ctx.discount.annualise(1)), 'CHF/year'),
    MIN_CO2_EMISSIONS: make('MIN_CO2_EMISSIONS', 'min', co2Total(ctx), 'kg CO2'),
    MIN_INVESTMENT: make('MIN_INVESTMENT', 'min', total(ctx, ['investment'])),
    MIN_OM: make('MIN_OM', 'min', total(ctx, ['om'])),
    MIN_FUEL_IMPORTS: make('MIN_FUEL_IMPORTS', 'min', total(ctx, ['imports'])),
    MIN_REPLACEMENT: make('MIN_REPLACEMENT', 'min', total(ctx, ['replacement'])),
    // Exports and salvage are stored as (negative) costs: their revenue is the negation.
    MAX_EXPORTS: make('MAX_EXPORTS', 'max', total(ctx, ['exports'], -1)),
    MAX_SALVAGE: make('MAX_SALVAGE', 'max', total(ctx, ['salvage'], -1)),
  };
}

/** The weight of the other objective in an extreme point, so that point is Pareto-efficient. */
const TIE_BREAK = 1e-6;

/** Minimisation coefficients of an objective function (maximised ones negated), optionally plus a tie-breaker. */
export function minimise(columns: number, f: ObjectiveFunction, tieBreaker?: ObjectiveFunction): { cost: Float64Array; offset: number } {
  const expr = new Expr().addExpr(f.value, f.sense === 'max' ? -1 : 1);
  if (tieBreaker) expr.addExpr(tieBreaker.value, (tieBreaker.sense === 'max' ? -1 : 1) * TIE_BREAK);
  return { cost: expr.dense(columns), offset: expr.constant };
}
