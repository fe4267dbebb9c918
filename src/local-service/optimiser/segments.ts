/**
 * Chronological segments of the year for a relaxation of the full-year model: consecutive hours
 * merged into one step that carries their average (Pineda & Morales's chronological time-period
 * clustering, 2018), merged where the averaged inputs differ least (Ward's criterion).
 *
 * A model over such segments is a relaxation of the full year, its optimum a lower bound of the
 * full year's, when every coefficient of an operation variable is constant within each segment:
 * then the segment averages of any full-year operation satisfy the segment model's rows (balances
 * summed, `flow ≤ capacity` averaged, storage levels at the segments' ends) at the same cost and
 * CO2. So a segment never crosses a day (months, weekdays and times of use are constant within a
 * day's hour window), an hour a time of use starts or ends, or a change of any hourly input that
 * enters as a coefficient (prices, efficiencies, CO2 intensities, losses); only inputs that enter
 * as right-hand sides or bounds (demands, on-site resources, hourly caps) are averaged.
 */
import { HOURS } from './timeline.js';

const HOURS_PER_DAY = 24;

/**
 * Starts (hour of the year, ascending, the first 0) of at most `count` segments, or of the fewest
 * the rules allow when that is more. `averaged`: hourly inputs that may be averaged within a
 * segment; `fixed`: hourly inputs that must be constant within one; `cuts`: hours of the day at
 * which a segment must end (the bounds of times of use).
 */
export function chooseSegments(averaged: readonly Float64Array[], fixed: readonly Float64Array[], cuts: readonly number[], count: number): Int32Array {
  const mustStart = new Uint8Array(HOURS);
  for (let h = 0; h < HOURS; h++) {
    if (h % HOURS_PER_DAY === 0 || cuts.includes(h % HOURS_PER_DAY)) mustStart[h] = 1;
    else if (fixed.some((series) => series[h] !== series[h - 1])) mustStart[h] = 1;
  }
  // Each series counts alike: scaled to its largest magnitude.
  const scaled: Float64Array[] = [];
  for (const series of averaged) {
    let largest = 0;
    for (const v of series) largest = Math.max(largest, Math.abs(v));
    if (largest > 0) scaled.push(Float64Array.from(series, (v) => v / largest));
  }
  const k = scaled.length;
  // Segments as a doubly linked list over their first hours, with their lengths and sums per series.
  const length = new Int32Array(HOURS).fill(1);
  const sum = new Float64Array(HOURS * k);
  for (let h = 0; h < HOURS; h++) for (let i = 0; i < k; i++) sum[h * k + i] = scaled[i][h];
  const next = Int32Array.from({ length: HOURS }, (_, h) => (h + 1 < HOURS ? h + 1 : -1));
  const previous = Int32Array.from({ length: HOURS }, (_, h) => h - 1);
  const alive = new Uint8Array(HOURS).fill(1);
  /** Ward's increase in squared error when the segment at `a` and the one after it become one. */
  const mergeCost = (a: number): number => {
    const b = next[a];
    let distance = 0;
    for (let i = 0; i < k; i++) {
      const d = sum[a * k + i] / length[a] - sum[b * k + i] / length[b];
      distance += d * d;
    }
    return ((length[a] * length[b]) / (length[a] + length[b])) * distance;
  };
  const version = new Int32Array(HOURS);
  const heap = new MergeHeap();
  for (let h = 0; h + 1 < HOURS; h++) if (!mustStart[h + 1]) heap.push(mergeCost(h), h, 0);
  let segments = HOURS;
  while (segments > count) {
    const top = heap.pop();
    if (!top) break;
    const a = top.segment;
    if (!alive[a] || top.version !== version[a] || next[a] < 0 || mustStart[next[a]]) continue;
    const b = next[a];
    length[a] += length[b];
    for (let i = 0; i < k; i++) sum[a * k + i] += sum[b * k + i];
    alive[b] = 0;
    next[a] = next[b];
    if (next[b] >= 0) previous[next[b]] = a;
    segments--;
    version[a]++;
    if (next[a] >= 0 && !mustStart[next[a]]) heap.push(mergeCost(a), a, version[a]);
    const before = previous[a];
    if (before >= 0 && !mustStart[a]) {
      version[before]++;
      heap.push(mergeCost(before), before, version[before]);
    }
  }
  const starts: number[] = [];
  for (let h = 0; h >= 0; h = next[h]) starts.push(h);
  return Int32Array.from(starts);
}

/** A binary min-heap of candidate merges, by cost; stale entries are skipped by their version. */
class MergeHeap {
  private readonly cost: number[] = [];
  private readonly segment: number[] = [];
  private readonly version: number[] = [];

  push(cost: number, segment: number, version: number): void {
    this.cost.push(cost);
    this.segment.push(segment);
    this.version.push(version);
    let i = this.cost.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (this.cost[parent] <= this.cost[i]) break;
      this.swap(i, parent);
      i = parent;
    }
  }

  pop(): { cost: number; segment: number; version: number } | undefined {
    if (this.cost.length === 0) return undefined;
    const top = { cost: this.cost[0], segment: this.segment[0], version: this.version[0] };
    const last = this.cost.length - 1;
    this.swap(0, last);
    this.cost.pop();
    this.segment.pop();
    this.version.pop();
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let smallest = i;
      if (left < this.cost.length && this.cost[left] < this.cost[smallest]) smallest = left;
      if (right < this.cost.length && this.cost[right] < this.cost[smallest]) smallest = right;
      if (smallest === i) break;
      this.swap(i, smallest);
      i = smallest;
    }
    return top;
  }

  private swap(a: number, b: number): void {
    [this.cost[a], this.cost[b]] = [this.cost[b], this.cost[a]];
    [this.segment[a], this.segment[b]] = [this.segment[b], this.segment[a]];
    [this.version[a], this.version[b]] = [this.version[b], this.version[a]];
  }
}
