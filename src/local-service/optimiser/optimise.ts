/**
 * Optimises a scenario: builds its model, solves it in a HiGHS worker thread, and with a second
 * objective traces the Pareto front by the epsilon-constraint method: the objective-1 optimum,
 * the objective-2 optimum, and between them points that minimise objective 1 with objective 2
 * held at evenly spaced levels (or, with pointPlacement 'bend', points where the front bends).
 * The job's time limit covers all solves together.
 */
import type { Objective } from '../../wire/contract/values.js';
import type { ScenarioContent } from '../scenario-model/documents.js';
import { type SolverThread, withSolverThread } from './engine/solver-thread.js';
import type { RelaxedOrder, SolveOutcome } from './engine/protocol.js';
import { Expr, INF } from './lp.js';
import { buildModel } from './model/build.js';
import { RELAXATION_SEGMENTS, buildRelaxation } from './model/relaxation.js';
import type { ModelContext } from './model/context.js';
import { strictRefusal } from './model/coverage.js';
import { type ObjectiveFunction, minimise, objectiveFunctions } from './model/objectives.js';
import { diagnoseInfeasibility } from './diagnosis.js';
import { type InstallationStart, type StartObjective, installationStarts } from './installation-start.js';
import { placeAtBends } from './front-placement.js';
import { cheapestMix, heldLevel } from './front-mixes.js';
import type { OptimiseSettings } from './settings.js';

export interface SolvedPoint {
  /** 1-based, from the objective-1 optimum to the objective-2 optimum. */
  index: number;
  x: Float64Array;
  /** Every objective function's value at this solution. */
  objectives: Record<Objective, number>;
  status: 'optimal' | 'time-limit';
  mipGap?: number;
}

export type OptimiseResult =
  | { kind: 'solved'; ctx: ModelContext; points: SolvedPoint[]; seconds: number; buildSeconds: number; incomplete?: string }
  | { kind: 'infeasible'; info: string; seconds: number }
  /** No solution for another reason: a time limit without an incumbent, a solver error. */
  | { kind: 'failed'; message: string; seconds: number }
  | { kind: 'stopped'; seconds: number };

export interface OptimiseHooks {
  signal?: AbortSignal;
  onProgress?: (pointsCompleted: number) => void;
  /** Writes the model (objective 1) in CPLEX LP format to this callback. */
  onLp?: (text: string) => void | Promise<void>;
}

export function optimise(content: ScenarioContent, settings: OptimiseSettings, hooks: OptimiseHooks = {}): Promise<OptimiseResult> {
  // The thread starts first: its loader and HiGHS boot (a quarter of a second) while the model is built.
  return withSolverThread(hooks.signal, (thread) => optimiseOn(thread, content, settings, hooks));
}

async function optimiseOn(thread: SolverThread, content: ScenarioContent, settings: OptimiseSettings, hooks: OptimiseHooks): Promise<OptimiseResult> {
  const started = performance.now();
  const elapsed = () => (performance.now() - started) / 1000;
  const ctx = buildModel(content, settings.resolution, { maxOperationBinaries: settings.partLoadBinaries ?? 0 });
  if (settings.strict && ctx.unhonoured.length) return { kind: 'failed', message: strictRefusal(ctx.unhonoured), seconds: elapsed() };
  const unmet = ctx.unmetDemands();
  if (unmet.length) return { kind: 'infeasible', info: describeUnmet(ctx, unmet), seconds: elapsed() };

  const objectives = objectiveFunctions(ctx);
  const f1 = objectives[settings.objective1];
  const f2 = settings.objective2 ? objectives[settings.objective2] : undefined;
  const pareto = f2 && settings.points > 1;
  // The epsilon constraint: objective 2 (in minimisation form) ≤ ε, free until a Pareto step sets ε.
  const epsilonRow = pareto ? ctx.lp.addRow('epsilon_objective2', new Expr().addExpr(f2.value, f2.sense === 'max' ? -1 : 1), -INF, INF) : -1;
  const arrays = ctx.lp.arrays(Boolean(hooks.onLp));
  const buildSeconds = elapsed();
  // Over all 8,760 hours the typical-day optimum is the starting design: decomposition prices it
  // first, and a whole-MIP solve (the fallback) takes its installation decisions as a first
  // incumbent. A fifth of the time limit (at most a minute) may go to finding it.
  // A guess that fails only costs the head start. An LP is solved whole: decomposition replaces
  // branch and bound, not the simplex. A front's objective-2 end starts from its own typical-day
  // optimum, found on the other core while the first full-year solve runs (a fourth of the limit,
  // at most 90 s): from the objective-1 optimum's design, the demo district's CO2 end had barely
  // moved (1,600 → 1,598 t) in its share of 3 minutes.
  const fullYear = settings.resolution === 'FULL' && ctx.lp.binaries > 0;
  const limitSeconds = settings.timeLimitMinutes * 60;
  // The objective-1 start is solved over LOW's typical days, the objective-2 start over MEDIUM's. On
  // the demo district the MEDIUM cost optimum took 35.3 s at a 5 % gap and 39.6 s at 1 % (proving the
  // gap is not what takes the time), so its budget cut it off and it answered the weaker of two designs (over the year 2,425,242 CHF
  // where the other costs 2,330,375); the LOW one took 16.5–21.1 s and its design, over the year,
  // costs 2,330,491 and meets every hour. The CO2 end keeps MEDIUM: LOW's CO2 design emitted 1,270.9 t
  // over the year against 1,268.8, and the front that started there peaked at 2.0 GB, not 1.25.
  // A fifth of the limit in a front too: beside the CO2 start, the LOW one took 30.5 s (a sixth of
  // 2.9 minutes is 29 s, which cut it off; the weaker design again).
  const ends: StartObjective[] = [{ objective: settings.objective1, tieBreaker: settings.objective2 ?? undefined, budgetSeconds: Math.min(60, limitSeconds / 5), resolution: 'LOW' }];
  if (pareto) ends.push({ objective: settings.objective2!, tieBreaker: settings.objective1, budgetSeconds: Math.min(90, limitSeconds / 4), resolution: 'MEDIUM' });
  // A start still being solved when the job ends (a front cut short) is stopped with it.
  const startsEnded = new AbortController();
  const startSignal = hooks.signal ? AbortSignal.any([hooks.signal, startsEnded.signal]) : startsEnded.signal;
  const starts = fullYear ? installationStarts(content, settings, ctx, ends, startSignal) : [];
  // Over the full year a decomposition first takes cuts from the year's relaxation over segments
  // (engine/decomposition.ts): the same design, with the same ε row for a front.
  const relaxation = fullYear ? yearRelaxation(content, ctx, pareto ? f2 : undefined) : undefined;
  try {
    const loaded = thread.load(arrays, relaxation?.arrays);
    const start = await starts[0];
    await loaded;
    if (hooks.signal?.aborted) return { kind: 'stopped', seconds: elapsed() };
    if (start) ctx.notes.push(`the full-year solve started from the design of a typical-day solve (${start.seconds.toFixed(1)} s)`);
    const designColumns = Int32Array.from(ctx.lp.designColumns());
    const designOf = (x: Float64Array) => ({ indices: designColumns, values: Float64Array.from(designColumns, (j) => x[j]) });
    const deadline = started / 1000 + settings.timeLimitMinutes * 60;
    // Each solve after the first starts from the design of the one before.
    let design = start?.design;
    /** Solves so far, and how many of them decomposition answered (the rest solved the whole MIP). */
    const solves = { all: 0, decomposed: 0 };
    /**
     * Full-year solves left in the job, counting the next: each decomposed solve aims at an equal share
     * of the time left (its target; it may run past it until it has a first design), so a front reaches
     * its last point with each point's gap said. Without shares the first point took the whole limit:
     * a decomposition's bound closes slowly, and on the demo district three minutes left it at 0.7 %.
     */
    let solvesLeft = fullYear && pareto ? settings.points + 1 : 1;
    /** `from`: a start of its own (its installation decisions for a whole MIP, its design for a decomposition). */
    const solve = async (goal: Goal, epsilon?: number, from?: DesignStart): Promise<SolveOutcome> => {
      const { cost, offset } = costOf(goal, objectives, arrays.numCols);
      const rows = epsilonRow >= 0 ? [{ index: epsilonRow, lower: -INF, upper: epsilon === undefined ? INF : levelBound(f2!, epsilon) }] : [];
      const timeLeft = deadline - performance.now() / 1000;
      const share = timeLeft / solvesLeft;
      solvesLeft = Math.max(1, solvesLeft - 1);
      const outcome = await thread.solve({
        cost, offset, rows, timeLimitSeconds: timeLeft, targetSeconds: share, mipRelGap: settings.mipGapPercent / 100,
        start: from?.indices.length ? from : undefined,
        decompose: fullYear ? { start: from?.design ?? design, relaxation: relaxation?.order(goal, epsilon), incumbent: from?.incumbent } : undefined,
      });
      if (outcome.colValue) design = designOf(outcome.colValue);
      if (outcome.overranBySeconds !== undefined) {
        ctx.notes.push(`a solve ran ${outcome.overranBySeconds.toFixed(0)} s past the time limit and was ended; ${outcome.colValue ? 'the best solution it had found is answered' : 'it had found no solution'}`);
      }
      solves.all++;
      if (outcome.iterations !== undefined) solves.decomposed++;
      return outcome;
    };
    if (hooks.onLp) {
      const { cost, offset } = minimise(arrays.numCols, f1);
      await hooks.onLp(await thread.exportLp(cost, offset));
    }

    const points: SolvedPoint[] = [];
    const evaluate = (outcome: SolveOutcome, index: number): SolvedPoint => ({
      index, x: outcome.colValue!, status: outcome.status === 'optimal' ? 'optimal' : 'time-limit', mipGap: outcome.mipGap,
      objectives: Object.fromEntries(Object.values(objectives).map((o) => [o.name, o.value.evaluate(outcome.colValue!)])) as Record<Objective, number>,
    });

    // A decomposition keeps its cuts for later solves of the same objective (engine/decomposition.ts):
    // without the tie-break, the objective-1 optimum's cuts bound every ε point from its first master.
    // The tie-break's weight (10⁻⁶) is far inside a full-year gap: dropping it there loses nothing.
    const first = await solve({ f: f1.name, tie: fullYear ? undefined : f2?.name }, undefined, start);
    if (hooks.signal?.aborted) return { kind: 'stopped', seconds: elapsed() };
    if (!first.colValue) {
      return first.status === 'infeasible' || first.status === 'unbounded' || first.status === 'infeasible-or-unbounded'
        ? { kind: 'infeasible', info: await explain(ctx, thread, first), seconds: elapsed() }
        : { kind: 'failed', message: await explain(ctx, thread, first), seconds: elapsed() };
    }
    points.push(evaluate(first, 1));
    hooks.onProgress?.(1);
    if (first.iterations) {
      ctx.notes.push(`the full-year model was solved by decomposition: ${first.iterations} designs priced by the year's operation, gap ${((first.mipGap ?? 0) * 100).toFixed(2)} %`);
    }
    if (first.startScaledBy) {
      ctx.notes.push(`the typical-day design left demand unmet in some hours of the full year; with its capacities × ${first.startScaledBy} it met them, and the decomposition started from there`);
    }
    if (!pareto) return { kind: 'solved', ctx, points, seconds: elapsed(), buildSeconds, incomplete: incompleteness(first) };

    const endStart = await starts[1];
    if (hooks.signal?.aborted) return { kind: 'stopped', seconds: elapsed() };
    if (endStart) ctx.notes.push(`the ${f2.name} end started from the design of its typical-day optimum (${endStart.seconds.toFixed(1)} s, beside the first solve)`);
    const lowest = await solve({ f: f2.name, tie: f1.name }, undefined, endStart);
    if (hooks.signal?.aborted) return { kind: 'stopped', seconds: elapsed() };
    if (!lowest.colValue) return { kind: 'solved', ctx, points, seconds: elapsed(), buildSeconds, incomplete: `the ${f2.name} optimum was not found (${lowest.status})` };
    // The end point reports objective 1's gap at this level; how close the level is to objective 2's optimum is said here.
    if (lowest.status !== 'optimal' && lowest.mipGap !== undefined) {
      ctx.notes.push(`the front's ${f2.name} end is within ${(lowest.mipGap * 100).toFixed(2)} % of that objective's optimum (${lowest.status})`);
    }
    /** Objective 2 and objective 1 of a solution, in minimisation form. */
    const levelOf = (x: Float64Array) => (f2.sense === 'max' ? -1 : 1) * f2.value.evaluate(x);
    const costOf1 = (x: Float64Array) => (f1.sense === 'max' ? -1 : 1) * f1.value.evaluate(x);
    const atLevel = (epsilon: number, from?: DesignStart) => solve({ f: f1.name }, heldLevel(epsilon), from);
    // Within its gap, the objective-2 optimum may carry almost any objective 1 (the tie-break weighs
    // too little to count there), so objective 1 is minimised again at its level: the front ends on
    // an efficient point.
    const efficient = await atLevel(levelOf(lowest.colValue));
    if (hooks.signal?.aborted) return { kind: 'stopped', seconds: elapsed() };
    const last = efficient.colValue ? efficient : lowest;
    const endPoint = evaluate(last, settings.points);
    const high = levelOf(points[0].x);
    const low = levelOf(endPoint.x);
    let incomplete: string | undefined;
    if (settings.pointPlacement === 'bend') {
      const found = (outcome: SolveOutcome) => outcome.colValue ? outcome : `${outcome.status}`;
      const placed = await placeAtBends(first, last, settings.points, {
        atPrice: async (price) => found(await solve({ f: f1.name, priced: { f: f2.name, price } })),
        atLevel: async (level) => found(await atLevel(level)),
        valuesOf: (outcome) => ({ level: levelOf(outcome.colValue!), cost: costOf1(outcome.colValue!) }),
        stopped: () => hooks.signal?.aborted === true,
        onPoint: (count) => hooks.onProgress?.(count - 1),
      }, { relativeGap: settings.mipGapPercent / 100 });
      if (placed.stopped) return { kind: 'stopped', seconds: elapsed() };
      incomplete = placed.incomplete;
      points.splice(0, points.length, ...placed.points.map((outcome, i) => (i === placed.points.length - 1 ? endPoint : evaluate(outcome, i + 1))));
      endPoint.index = points.length;
    } else {
      // Over the full year the inner points go from the objective-2 end inwards, each starting from
      // the cheapest mix of two points solved before it that meets its level (front-mixes.ts), an
      // answer before any pricing; and the year's operation LP, last priced at that end, moves to
      // each next point by a quarter of the front rather than from one end to the other.
      const inner: number[] = [];
      for (let i = 1; i < settings.points - 1; i++) inner.push(i);
      if (fullYear) inner.reverse();
      const found: SolvedPoint[] = [];
      /** The cheapest mix of two solved points that holds `level`, else the ends' mix (which the decomposition then checks). */
      const startAt = (level: number, endsFraction: number): DesignStart => {
        const solved = [points[0], endPoint, ...found].map((p) => ({ x: p.x, level: levelOf(p.x) }));
        return cheapestMix(solved, level, (a, b, fraction) => mixedStart(ctx, designColumns, a.x, b.x, fraction), (mix) => ({ level: levelOf(mix.incumbent), cost: costOf1(mix.incumbent) }))
          ?? mixedStart(ctx, designColumns, points[0].x, endPoint.x, endsFraction);
      };
      for (const i of inner) {
        const fraction = i / (settings.points - 1);
        const level = high - fraction * (high - low);
        const outcome = await atLevel(level, fullYear ? startAt(level, fraction) : undefined);
        if (hooks.signal?.aborted) return { kind: 'stopped', seconds: elapsed() };
        if (!outcome.colValue) {
          incomplete = `Pareto point ${i + 1} was not found (${outcome.status})`;
          break;
        }
        found.push(evaluate(outcome, i + 1));
        hooks.onProgress?.(points.length + found.length);
      }
      points.push(...found.sort((a, b) => a.index - b.index), endPoint);
    }
    hooks.onProgress?.(points.length);
    if (fullYear) ctx.notes.push(`${solves.decomposed} of the front's ${solves.all} full-year solves were answered by decomposition, the others as a whole MIP`);
    return { kind: 'solved', ctx, points: bestAtEachLevel(points, f1), seconds: elapsed(), buildSeconds, incomplete: incomplete ?? incompleteness(first, last) };
  } finally {
    startsEnded.abort();
    await Promise.all(starts);
  }
}

/**
 * What a solve minimises, by objective name, so that each model (the year, its relaxation) prices
 * it over its own columns: objective `f`, ties broken by `tie`, or with `priced` objective 2 added
 * at a price per unit (both in minimisation form: the weighted sums that look for a front's bends).
 */
interface Goal {
  f: Objective;
  tie?: Objective;
  priced?: { f: Objective; price: number };
}

function costOf(goal: Goal, objectives: Record<Objective, ObjectiveFunction>, columns: number): { cost: Float64Array; offset: number } {
  const f = objectives[goal.f];
  if (!goal.priced) return minimise(columns, f, goal.tie ? objectives[goal.tie] : undefined);
  const other = objectives[goal.priced.f];
  const sense = (g: ObjectiveFunction) => (g.sense === 'max' ? -1 : 1);
  const value = new Expr().addExpr(f.value, sense(f)).addExpr(other.value, sense(other) * goal.priced.price);
  return minimise(columns, { ...f, sense: 'min', value });
}

/**
 * The year's relaxation over segments (model/relaxation.ts), with objective 2's ε row when a front
 * needs it, and what each full-year order asks of it. Undefined when the year is not decomposed or
 * the relaxation's design columns are not the year's (said in the notes): decomposition then takes
 * the year's cuts only.
 */
function yearRelaxation(content: ScenarioContent, year: ModelContext, f2: ObjectiveFunction | undefined) {
  // Hourly on/off binaries rule decomposition out (engine/decomposition.ts): no relaxation is needed.
  if (year.operationBinaries > 0) return undefined;
  const relaxed = buildRelaxation(content, RELAXATION_SEGMENTS);
  const names = (c: ModelContext) => c.lp.designColumns().map((j) => c.lp.name(j));
  const [ours, theirs] = [names(year), names(relaxed)];
  if (ours.length !== theirs.length || ours.some((name, i) => name !== theirs[i])) {
    year.notes.push('the full-year decomposition took no cuts from a relaxation over segments of the year: its design differed from the year\'s');
    return undefined;
  }
  const objectives = objectiveFunctions(relaxed);
  const epsilonRow = f2 ? relaxed.lp.addRow('epsilon_objective2', new Expr().addExpr(objectives[f2.name].value, f2.sense === 'max' ? -1 : 1), -INF, INF) : -1;
  const arrays = relaxed.lp.arrays();
  return {
    arrays,
    order: (goal: Goal, epsilon: number | undefined): RelaxedOrder => ({
      cost: costOf(goal, objectives, arrays.numCols).cost,
      rows: epsilonRow >= 0 ? [{ index: epsilonRow, lower: -INF, upper: epsilon === undefined ? INF : levelBound(objectives[f2!.name], epsilon) }] : [],
    }),
  };
}

/**
 * The ε row's upper bound that holds objective 2 (in minimisation form) at `level`: the row holds the
 * objective's columns, not its constant (fixed prices, say), which the level includes.
 */
export function levelBound(f2: ObjectiveFunction, level: number): number {
  return level - (f2.sense === 'max' ? -1 : 1) * f2.value.constant;
}

/**
 * A start for one solve: installation decisions (for a whole MIP), the whole design (for a
 * decomposition) and, where one is known, a whole solution that meets the solve's level.
 */
type DesignStart = Omit<InstallationStart, 'seconds' | 'typicalDays'> & { incumbent?: Float64Array };

/**
 * The solution `(1 − fraction)·a + fraction·b`, installation decisions taken where either solution
 * takes them, as a start: its design, its decisions, and the whole of it as an incumbent (the
 * decomposition checks it against every row before it counts).
 */
function mixedStart(ctx: ModelContext, columns: Int32Array, a: Float64Array, b: Float64Array, fraction: number): DesignStart & { incumbent: Float64Array } {
  const incumbent = Float64Array.from(a, (v, j) => (ctx.lp.isInteger(j) ? Math.max(Math.round(v), Math.round(b[j])) : (1 - fraction) * v + fraction * b[j]));
  const values = Float64Array.from(columns, (j) => incumbent[j]);
  const decisions = [...columns.keys()].filter((k) => ctx.lp.isInteger(columns[k]));
  return { indices: Int32Array.from(decisions, (k) => columns[k]), values: Float64Array.from(decisions, (k) => values[k]), design: { indices: columns, values }, incumbent };
}

/**
 * Within a MIP gap, a point solved at a tighter objective-2 level can beat an earlier point on
 * objective 1; since it also satisfies every looser level, it is the better answer there. Each
 * point becomes the best solution known to satisfy its level, so the front is monotone.
 *
 * A point that takes a tighter level's solution keeps its own status and gap: only its own solve's
 * bound holds at its level (a tighter level's bound may lie above the looser level's optimum), and
 * against that bound the cheaper solution's gap is no larger than the one reported.
 */
export function bestAtEachLevel(points: SolvedPoint[], f1: ObjectiveFunction): SolvedPoint[] {
  const cost = (p: SolvedPoint) => (f1.sense === 'max' ? -1 : 1) * p.objectives[f1.name];
  const out = [...points];
  for (let j = out.length - 2; j >= 0; j--) {
    if (cost(out[j + 1]) < cost(out[j]) - 1e-9 * Math.max(1, Math.abs(cost(out[j])))) {
      out[j] = { ...out[j + 1], index: out[j].index, status: out[j].status, mipGap: out[j].mipGap };
    }
  }
  return out;
}

function incompleteness(...outcomes: SolveOutcome[]): string | undefined {
  return outcomes.some((o) => o.status === 'time-limit') ? 'the time limit ended a solve before optimality was proved' : undefined;
}

function describeUnmet(ctx: ModelContext, unmet: ReturnType<ModelContext['unmetDemands']>): string {
  const first = unmet
    .slice(0, 3)
    .map((u) => `${ctx.carrierName(u.carrier)} at ${ctx.hub(u.hub)} (${ctx.stages[u.stage].name})`)
    .join('; ');
  return `Demand cannot be met: nothing can supply ${first}${unmet.length > 3 ? ` and ${unmet.length - 3} more` : ''} — add an import, a technology, a storage or a network link that delivers it there.`;
}

async function explain(ctx: ModelContext, thread: SolverThread, outcome: SolveOutcome): Promise<string> {
  if (outcome.status === 'unbounded') {
    return 'The model is unbounded: some flow earns more than it costs without any limit (an export priced above the supply that feeds it, with no capacity or annual cap?).';
  }
  if (outcome.status === 'time-limit' || outcome.status === 'interrupted') return `No feasible solution was found before the solve ended (${outcome.status}).`;
  if (outcome.status === 'error') return `The solver failed${outcome.message ? `: ${outcome.message}` : ''}.`;
  let iis = { rows: [] as number[], columns: [] as number[] };
  try {
    iis = await thread.iis();
  } catch {
    // Without an IIS the diagnosis falls back to the generic message.
  }
  return diagnoseInfeasibility(ctx, iis);
}
