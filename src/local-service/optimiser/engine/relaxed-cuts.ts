/**
 * The cuts a decomposition takes from the year's relaxation over segments (model/relaxation.ts)
 * before it prices designs over the year: the relaxation's operation LP prices designs, stabilised
 * like the year's loop, into a master of its own built like the decomposition's, until the master's
 * bound is within RELAXED_GAP of the best relaxed design's cost or the phase's seconds have passed.
 * They under-estimate the year's operation too, so the decomposition's master takes them all.
 *
 * It runs in a thread of its own (engine/relaxation-thread.ts) while the decomposition prices its
 * first design over the year: the two are independent, and each took 9–46 s of a solve's time one
 * after the other.
 */
import type { ModelArrays } from '../lp.js';
import { type Highs, runTraced } from './highs-run.js';
import { ALPHA, InOut } from './in-out.js';
import { type CutRow, type Design, MAX_ITERATIONS, type MasterDefinition, addCut, addCutRow, addPoolCuts, completeDesign, createMaster } from './master.js';
import { OperationLp } from './operation-lp.js';
import type { RelaxedOrder } from './protocol.js';
import { TRACE, trace } from './trace.js';

/** The relaxation's cuts stop when the master's bound is this close to the best relaxed design's cost. */
const RELAXED_GAP = 0.002;

export interface RelaxedCutsRequest {
  /** The decomposition's master as it stands: its definition and the cut rows already in it. */
  master: MasterDefinition;
  rows: CutRow[];
  order: RelaxedOrder;
  /** The first design to price (master columns). */
  startDesign: Float64Array;
  seconds: number;
}

export interface RelaxedCutsAnswer {
  /** The master's bound after the relaxation's cuts. */
  lower: number;
  /** The best relaxed design without slack (master columns). */
  best?: Float64Array;
  /** The cut rows the relaxation added (its pool's, moved to the order's level, and new ones), scaled. */
  rows: CutRow[];
}

export class RelaxedCuts {
  private readonly lp: OperationLp;
  private readonly rowLower: Float64Array;
  private readonly rowUpper: Float64Array;

  constructor(private readonly highs: Highs, relaxation: ModelArrays) {
    this.lp = new OperationLp(highs, relaxation, 'relaxed pricing');
    this.rowLower = Float64Array.from(relaxation.rowLower);
    this.rowUpper = Float64Array.from(relaxation.rowUpper);
  }

  dispose(): void {
    this.lp.dispose();
  }

  /** The relaxation's cuts for one solve, or undefined when its master fails (the decomposition then gives way to the whole MIP). */
  run(request: RelaxedCutsRequest, interrupted: () => boolean): RelaxedCutsAnswer | undefined {
    const began = performance.now();
    const { highs, lp, rowLower, rowUpper } = this;
    const { seconds } = request;
    for (const row of request.order.rows) {
      rowLower[row.index] = row.lower;
      rowUpper[row.index] = row.upper;
    }
    const master = createMaster(highs, request.master);
    try {
      for (const row of request.rows) addCutRow(master, row);
      const pool = lp.setPrices(request.order.cost, request.order.rows);
      const rows = addPoolCuts(master, pool, rowLower, rowUpper);
      const pointOf = (design: Float64Array) => Float64Array.from(lp.linked, (j) => design[lp.position.get(j)!]);
      let design = request.startDesign;
      let lower = -Infinity;
      let best: Design | undefined;
      const stabiliser = new InOut(request.master.integrality.subarray(0, request.master.numCols - 1), ALPHA, true);
      for (let iteration = 0; iteration < MAX_ITERATIONS; iteration++) {
        const point = pointOf(design);
        const priced = lp.price(point, rowLower, rowUpper, Math.max(1, seconds - (performance.now() - began) / 1000));
        // The relaxation only helps: a pricing it cannot finish ends its part, not the solve.
        if (!priced.solved) break;
        const { operation, slack } = priced.solved;
        const cut = lp.cutAt(point, operation, priced.solved.reduced, priced.solved.levels);
        rows.push(addCut(master, cut));
        pool.cuts.push(cut);
        stabiliser.took(cut);
        const completed = completeDesign(highs, master, request.master, lp, point);
        if (completed && slack <= 1e-6 && (!best || completed.value + operation < best.value)) best = { value: completed.value + operation, design: completed.design };
        master.options.set({ time_limit: Math.max(1, seconds) });
        if (runTraced(highs, master, 'master') !== highs.constants.modelStatus.optimal) return undefined;
        const bound = Number(master.info.get('mip_dual_bound'));
        const before = lower;
        lower = Math.max(lower, bound);
        if (TRACE) trace(`relaxed bounds: lower ${lower.toFixed(0)}, best relaxed ${best ? best.value.toFixed(0) : '-'}, priced ${completed ? (completed.value + operation).toFixed(0) : '-'}, slack ${slack.toExponential(2)}`);
        if (best && best.value - lower <= RELAXED_GAP * Math.max(1, Math.abs(best.value))) break;
        if (interrupted() || (performance.now() - began) / 1000 >= seconds) break;
        design = stabiliser.next(master.getSolution().colValue, { before, after: lower, best });
      }
      return { lower, best: best?.design, rows };
    } finally {
      master.dispose();
    }
  }
}
