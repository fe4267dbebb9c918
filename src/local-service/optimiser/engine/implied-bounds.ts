/**
 * Upper bounds that a model's rows imply for columns given none: a capacity added in a stage
 * (`new_…`, unbounded as declared) equals the stage's capacity less the one carried in
 * (`carry_…`), and that capacity has its maximum. The decomposition's master needs a finite bound
 * on every column; one the rows imply holds for every feasible design, where a stand-in
 * (decomposition.ts) proves nothing beyond itself.
 */
import type { ModelArrays } from '../lp.js';

/** Passes of propagation: a chain of stages carries a bound one stage further each pass. */
const PASSES = 4;

/**
 * Each of `columns`' upper bound (its own, or tighter where `rows` imply one), from single-row
 * activity bounds: in a row `L ≤ Σ a·x ≤ U`, a column with a > 0 is at most (U − the others'
 * least activity) / a, one with a < 0 at most (L − the others' greatest activity) / a. Only the
 * columns listed are bounded; every other column in those rows keeps its own bounds.
 */
export function impliedUpperBounds(m: ModelArrays, rows: readonly number[], columns: readonly number[]): Float64Array {
  const upper = new Map<number, number>(columns.map((j) => [j, m.colUpper[j]]));
  const upperOf = (j: number) => upper.get(j) ?? m.colUpper[j];
  for (let pass = 0; pass < PASSES; pass++) {
    let tightened = false;
    for (const r of rows) {
      for (let t = m.starts[r]; t < m.starts[r + 1]; t++) {
        const j = m.index[t];
        const a = m.value[t];
        if (!upper.has(j) || a === 0) continue;
        // The others' least (a > 0, against U) or greatest (a < 0, against L) activity.
        const limit = a > 0 ? m.rowUpper[r] : m.rowLower[r];
        if (!Number.isFinite(limit)) continue;
        let others = 0;
        for (let k = m.starts[r]; k < m.starts[r + 1] && Number.isFinite(others); k++) {
          if (k === t) continue;
          const v = m.value[k];
          const col = m.index[k];
          const least = v > 0 === a > 0 ? m.colLower[col] : upperOf(col);
          others += v * least;
        }
        if (!Number.isFinite(others)) continue;
        const bound = (limit - others) / a;
        // A little room for rounding: a bound is only worth having if it never cuts off a design.
        const loose = bound + 1e-9 * Math.max(1, Math.abs(bound));
        if (loose < upperOf(j)) {
          upper.set(j, loose);
          tightened = true;
        }
      }
    }
    if (!tightened) break;
  }
  return Float64Array.from(columns, upperOf);
}
