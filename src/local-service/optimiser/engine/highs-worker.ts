/**
 * The HiGHS worker: holds one persistent model for the length of a job (so Pareto steps re-solve
 * it warm), solves it on request, and stops a solve when the parent raises the shared interrupt
 * flag. Running in its own thread keeps solving off the service's event loop, and ending the
 * thread releases HiGHS's WebAssembly memory, which garbage collection never would.
 */
import loadHighs from 'highs';
import { parentPort, workerData } from 'node:worker_threads';
import { type ModelArrays, portableLp } from '../lp.js';
import { Decomposition, decomposable, onlyDesignIntegers } from './decomposition.js';
import { runWithOwnTimeLimit } from './highs-run.js';
import { type Progress, type Request, type Response, type SolveOrder, type SolveOutcome, type SolveStatus, targetOf } from './protocol.js';
import { RelaxationThread } from './relaxation-thread.js';

const highs = await loadHighs();
const interrupt = new Int32Array(workerData.interrupt as SharedArrayBuffer);
let arrays: ModelArrays | undefined;
/** The thread of the loaded model's relaxation, when it has one: a decomposition's first cuts come from it. */
let relaxation: RelaxationThread | undefined;
/** Row bounds as the orders have set them (the master of a decomposition reads them). */
let rowLower: Float64Array;
let rowUpper: Float64Array;
/** The whole model in HiGHS, created when first needed (a decomposed solve never needs it). */
let model: ReturnType<typeof highs.createModel> | undefined;
let decomposition: Decomposition | undefined;
const S = highs.constants.modelStatus;

const STATUS: Record<number, SolveStatus> = {
  [S.optimal]: 'optimal', [S.empty]: 'optimal', [S.infeasible]: 'infeasible', [S.unbounded]: 'unbounded',
  [S.unboundedOrInfeasible]: 'infeasible-or-unbounded', [S.timeLimit]: 'time-limit', [S.interrupted]: 'interrupted',
};

const stopIfAsked = (event: { interrupt(): void }) => {
  if (Atomics.load(interrupt, 0) !== 0) event.interrupt();
};

const cb = highs.constants.callbackType;
const callbacks = { [cb.simplexInterrupt]: stopIfAsked, [cb.ipmInterrupt]: stopIfAsked, [cb.mipInterrupt]: stopIfAsked };

/** The whole model in HiGHS, with the row bounds the orders have set so far. */
function direct(): NonNullable<typeof model> {
  if (model) return model;
  const m = arrays!;
  model = highs.createModel({
    numCols: m.numCols, numRows: m.numRows, colCost: new Float64Array(m.numCols), colLower: m.colLower, colUpper: m.colUpper,
    rowLower, rowUpper,
    matrix: { format: 'csr', numRows: m.numRows, numCols: m.numCols, starts: m.starts, indices: m.index, values: m.value },
    integrality: m.hasIntegers ? m.integrality : undefined,
    colNames: m.colNames, rowNames: m.rowNames,
  } as never);
  model.options.set({ output_flag: false });
  if (onlyDesignIntegers(m)) {
    // A few installation decisions, no hourly binaries: sub-MIP heuristics (RINS, RENS) cost more
    // than they find, and so does strong branching, which solves LPs for every candidate at every
    // node; pseudocosts alone branch as well here. Strong branching off, measured on the demo
    // district at gap 0.5 % (time in HiGHS's run): LOW 3.3–4.0 → 3.0–3.3 s (5 runs each), MEDIUM
    // 5.4–6.2 → 4.1–5.0 s (3 runs each), HIGH 40 → 31 s (one run each).
    model.options.set({ mip_heuristic_run_rins: false, mip_heuristic_run_rens: false, mip_pscost_minreliable: 0 } as never);
  }
  return model;
}

function solveDirectly(o: SolveOrder): SolveOutcome {
  const current = direct();
  current.changeColsCost({ kind: 'range', from: 0, to: o.cost.length - 1 } as never, o.cost);
  current.changeObjectiveOffset(o.offset);
  for (const row of o.rows) current.changeRowBounds(row.index, row.lower, row.upper);
  current.options.set({ time_limit: Math.max(1, o.timeLimitSeconds), mip_rel_gap: o.mipRelGap } as never);
  if (o.start) {
    try {
      current.setSolution({ indices: o.start.indices, values: o.start.values } as never);
    } catch {
      // A start HiGHS will not take only costs the head start; the solve goes on without it.
    }
  }
  const started = performance.now();
  runWithOwnTimeLimit(current, callbacks as never);
  const status = STATUS[current.getModelStatus()] ?? 'error';
  const outcome: SolveOutcome = { status, seconds: (performance.now() - started) / 1000 };
  const primal = current.info.get('primal_solution_status' as never) as unknown as number;
  if (status === 'optimal' || ((status === 'time-limit' || status === 'interrupted') && primal === 2)) {
    outcome.colValue = current.getSolution().colValue;
    outcome.objective = current.getObjectiveValue();
    // An LP has no MIP gap (HiGHS reports infinity for it too): undefined says "none exists", while a
    // MIP's infinite gap (no bound proved before a time limit) is kept as what it is.
    if (arrays!.hasIntegers) outcome.mipGap = Number(current.info.get('mip_gap' as never));
  }
  return outcome;
}

function handle(request: Request): unknown {
  switch (request.type) {
    case 'load': {
      const m = request.model;
      model?.dispose();
      model = undefined;
      decomposition?.dispose();
      decomposition = undefined;
      relaxation?.dispose();
      arrays = m;
      relaxation = request.relaxation && new RelaxationThread(request.relaxation, workerData.interrupt as SharedArrayBuffer);
      rowLower = Float64Array.from(m.rowLower);
      rowUpper = Float64Array.from(m.rowUpper);
      return { columns: m.numCols, rows: m.numRows };
    }
    case 'solve': {
      const o = request.order;
      for (const row of o.rows) {
        rowLower[row.index] = row.lower;
        rowUpper[row.index] = row.upper;
      }
      const started = performance.now();
      /** The decomposition's last best design, kept in case the whole MIP after it finds nothing better. */
      let posted: SolveOutcome | undefined;
      if (o.decompose && decomposable(arrays!)) {
        decomposition ??= new Decomposition(highs, arrays!, relaxation);
        const post = (progress: SolveOutcome) => {
          posted = progress;
          parentPort!.postMessage({ id: request.id, progress } satisfies Progress);
        };
        const outcome = decomposition.solve(o, rowLower, rowUpper, o.decompose.start, () => Atomics.load(interrupt, 0) !== 0, post);
        if (outcome) return outcome;
        // Decomposition could not answer: free it and solve the whole MIP in the time left.
        decomposition.dispose();
        decomposition = undefined;
      }
      const left = targetOf(o) - (performance.now() - started) / 1000;
      const whole = solveDirectly({ ...o, timeLimitSeconds: left });
      const better = whole.objective !== undefined && (posted?.objective === undefined || whole.objective <= posted.objective);
      return better || !posted ? whole : { ...posted, status: 'time-limit', seconds: (performance.now() - started) / 1000 };
    }
    case 'lp': {
      // Exporting needs the whole model in HiGHS. A solve that will be decomposed never creates it,
      // so a model made only for the export is freed at once: asking for the file leaves the
      // algorithm and its memory as they would have been.
      const existed = model !== undefined;
      const current = direct();
      current.changeColsCost({ kind: 'range', from: 0, to: request.cost.length - 1 } as never, request.cost);
      current.changeObjectiveOffset(request.offset);
      const text = portableLp(current.exportModel('lp'));
      if (!existed) {
        current.dispose();
        model = undefined;
      }
      return text;
    }
    case 'iis': {
      // The default "light" strategy finds nothing for most models; 2 searches properly, within a limit.
      const current = direct();
      current.options.set({ iis_strategy: 2, iis_time_limit: 60 } as never);
      const result = current.getIis();
      return { rows: Array.from(result.rowIndex), columns: Array.from(result.colIndex) };
    }
  }
}

parentPort!.on('message', (request: Request) => {
  let response: Response;
  try {
    response = { id: request.id, ok: true, value: handle(request) };
  } catch (error) {
    response = { id: request.id, ok: false, error: (error as Error).message ?? String(error) };
  }
  parentPort!.postMessage(response);
});
parentPort!.postMessage({ id: 0, ok: true, value: 'ready' } satisfies Response);
