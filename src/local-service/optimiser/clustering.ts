/**
 * Typical-day clustering of a year of hourly inputs, as the deployed service models time: k-medoids over daily
 * profiles of all series jointly, plus peak days, with the day count chosen per resolution from error bounds.
 */

/** Clustered temporal resolutions of the deployed service (FULL, all 8760 hours, needs no clustering). */
export type ClusteredResolution = 'LOW' | 'MEDIUM' | 'HIGH';

/** One hourly input of the year; the kind decides which peak day it keeps. */
export interface HourlySeries {
  name: string;
  /** 8760 hourly values (365 days, no leap day). */
  values: Float64Array;
  kind: 'demand' | 'supply' | 'price' | 'other';
}

/** Typical days with their weights and chronological sequence, as inter-period storage linking needs them. */
export interface TypicalDays {
  /** Typical days, peak days included. */
  count: number;
  hoursPerDay: 24;
  /** Per input series (same order as given): count*24 values, typical day d at [d*24, d*24+24). */
  profiles: Float64Array[];
  /** Days of the year each typical day stands for; sums to 365. */
  weights: number[];
  /** For each day of the year (0..364), the typical day that represents it. */
  sequence: number[];
  /**
   * Indexes (0..364) of the original days chosen as typical days (medoids and peak days); entry d is typical
   * day d, so typical days are in calendar order.
   */
  representativeDays: number[];
  /** Percent, over all series: max of the per-series SMAPE of the load-duration curves, and of annual sums. */
  maxLoadDurationError: number;
  maxSumError: number;
}

/** Typical-day count range and error bounds of each clustered resolution (deployed-service.md). */
export const RESOLUTION_BOUNDS: Record<
  ClusteredResolution,
  { minDays: number; maxDays: number; maxLoadDurationError: number; maxSumError: number }
> = {
  LOW: { minDays: 5, maxDays: 50, maxLoadDurationError: 15, maxSumError: 2 },
  MEDIUM: { minDays: 15, maxDays: 100, maxLoadDurationError: 7.5, maxSumError: 1 },
  HIGH: { minDays: 30, maxDays: 200, maxLoadDurationError: 3, maxSumError: 0.5 },
};

const DAYS = 365;
const HOURS = 24;
const YEAR_HOURS = DAYS * HOURS;

interface Range {
  min: number;
  max: number;
}

/** What every candidate day count shares, computed once per call. */
interface Context {
  series: HourlySeries[];
  ranges: Range[];
  /** Each series' hourly values sorted ascending, the reference load-duration curve. */
  sortedOriginals: Float64Array[];
  distances: Float64Array;
  peaks: number[];
  /** Non-peak days: the only ones k-medoids clusters. */
  pool: number[];
  /** Greedy (PAM BUILD) medoid order; its first c entries initialise c clusters. */
  buildOrder: number[];
}

/** Clusters a year of hourly series into the fewest typical days that meet the resolution's error bounds. */
export function clusterYear(series: HourlySeries[], resolution: ClusteredResolution): TypicalDays {
  series.forEach(assertFullYear);
  const bounds = RESOLUTION_BOUNDS[resolution];
  const ranges = series.map((s) => rangeOf(s.values));
  const peaks = peakDays(series, ranges);
  const minDays = Math.max(bounds.minDays, peaks.length + 1);
  if (minDays > bounds.maxDays) {
    throw new RangeError(`${peaks.length} distinct peak days leave no room for clusters within ${bounds.maxDays} days`);
  }
  const isPeak = new Set(peaks);
  const pool = Array.from({ length: DAYS }, (_, d) => d).filter((d) => !isPeak.has(d));
  const distances = dayDistances(series, ranges);
  const context: Context = {
    series,
    ranges,
    sortedOriginals: series.map((s) => Float64Array.from(s.values).sort()),
    distances,
    peaks,
    pool,
    buildOrder: greedyBuild(distances, pool, bounds.maxDays - peaks.length),
  };
  const passes = (t: TypicalDays) =>
    t.maxLoadDurationError <= bounds.maxLoadDurationError && t.maxSumError <= bounds.maxSumError;
  return smallestPassingCount(minDays, bounds.maxDays, (count) => typicalDaysFor(context, count), passes);
}

/** Expands typical-day values back to 8760 hours through the sequence. */
export function expandToYear(typical: TypicalDays, values: Float64Array): Float64Array {
  if (values.length !== typical.count * HOURS) {
    throw new RangeError(`expected ${typical.count * HOURS} typical-day values, got ${values.length}`);
  }
  const year = new Float64Array(YEAR_HOURS);
  typical.sequence.forEach((t, day) => year.set(values.subarray(t * HOURS, t * HOURS + HOURS), day * HOURS));
  return year;
}

function assertFullYear(s: HourlySeries): void {
  if (s.values.length !== YEAR_HOURS) {
    throw new RangeError(`series "${s.name}" has ${s.values.length} values, expected ${YEAR_HOURS}`);
  }
  // One NaN would silently poison every distance, sum and error below.
  if (!s.values.every(Number.isFinite)) throw new RangeError(`series "${s.name}" has non-finite values`);
}

function rangeOf(values: Float64Array): Range {
  let min = Infinity;
  let max = -Infinity;
  for (let h = 0; h < values.length; h++) {
    min = Math.min(min, values[h]);
    max = Math.max(max, values[h]);
  }
  return { min, max };
}

/**
 * Gallops up from the minimum (gaps 1, 2, 4, …) and then bisects: errors fall roughly monotonically with the
 * count, so this finds the smallest passing count in a logarithmic number of clusterings; only evaluated, passing
 * counts are returned, and maxDays' result (with its real errors) when nothing passes.
 */
function smallestPassingCount(
  minDays: number,
  maxDays: number,
  evaluate: (count: number) => TypicalDays,
  passes: (t: TypicalDays) => boolean,
): TypicalDays {
  let failed = minDays - 1;
  let gap = 1;
  let passing: TypicalDays;
  for (let count = minDays; ; count = Math.min(maxDays, count + gap), gap *= 2) {
    const result = evaluate(count);
    if (passes(result)) {
      passing = result;
      break;
    }
    if (count === maxDays) return result;
    failed = count;
  }
  while (passing.count - failed > 1) {
    const result = evaluate(Math.floor((failed + passing.count) / 2));
    if (passes(result)) passing = result;
    else failed = result.count;
  }
  return passing;
}

/**
 * Days that must survive clustering unchanged: each demand's peak hour (sizing depends on it) and each supply's
 * poorest day (the hardest to cover). Constant series have no distinguishing day, so they add none.
 */
function peakDays(series: HourlySeries[], ranges: Range[]): number[] {
  const days = new Set<number>();
  series.forEach((s, i) => {
    if (ranges[i].min === ranges[i].max) return;
    if (s.kind === 'demand') days.add(Math.floor(s.values.indexOf(ranges[i].max) / HOURS));
    if (s.kind === 'supply') days.add(poorestDay(s.values));
  });
  return [...days].sort((a, b) => a - b);
}

function poorestDay(values: Float64Array): number {
  let best = 0;
  let bestTotal = Infinity;
  for (let day = 0; day < DAYS; day++) {
    const total = daySum(values, day);
    if (total < bestTotal) {
      bestTotal = total;
      best = day;
    }
  }
  return best;
}

function daySum(values: Float64Array, day: number): number {
  let total = 0;
  for (let h = day * HOURS; h < day * HOURS + HOURS; h++) total += values[h];
  return total;
}

/**
 * Euclidean distances between daily feature vectors (24 hours × every series). Each series is scaled to 0..1 by
 * its own range so that no unit (kW vs €/kWh) dominates; constant series carry no shape and are left out.
 */
function dayDistances(series: HourlySeries[], ranges: Range[]): Float64Array {
  const scaled = series.flatMap((s, i) => {
    const span = ranges[i].max - ranges[i].min;
    return span > 0 ? [s.values.map((v) => (v - ranges[i].min) / span)] : [];
  });
  const width = scaled.length * HOURS;
  const features = new Float64Array(DAYS * width);
  scaled.forEach((values, j) => {
    for (let day = 0; day < DAYS; day++) {
      features.set(values.subarray(day * HOURS, day * HOURS + HOURS), day * width + j * HOURS);
    }
  });
  const distances = new Float64Array(DAYS * DAYS);
  for (let a = 0; a < DAYS; a++) {
    for (let b = a + 1; b < DAYS; b++) {
      let total = 0;
      for (let fa = a * width, fb = b * width, end = fa + width; fa < end; fa++, fb++) {
        const diff = features[fa] - features[fb];
        total += diff * diff;
      }
      distances[a * DAYS + b] = distances[b * DAYS + a] = Math.sqrt(total);
    }
  }
  return distances;
}

/**
 * PAM BUILD: adds, one at a time, the day that most lowers the total distance to the nearest medoid. It is
 * deterministic and its order does not depend on the target count, so one run initialises every count tried.
 */
function greedyBuild(distances: Float64Array, pool: number[], count: number): number[] {
  const nearest = new Float64Array(pool.length).fill(Infinity);
  const chosen = new Uint8Array(DAYS);
  const order: number[] = [];
  while (order.length < Math.min(count, pool.length)) {
    let best = -1;
    let bestCost = Infinity;
    for (const candidate of pool) {
      if (chosen[candidate]) continue;
      const row = candidate * DAYS;
      let cost = 0;
      for (let j = 0; j < pool.length; j++) cost += Math.min(nearest[j], distances[row + pool[j]]);
      if (cost < bestCost) {
        bestCost = cost;
        best = candidate;
      }
    }
    chosen[best] = 1;
    order.push(best);
    for (let j = 0; j < pool.length; j++) nearest[j] = Math.min(nearest[j], distances[best * DAYS + pool[j]]);
  }
  return order;
}

/**
 * Alternates assignment and medoid update until no medoid moves. A medoid only moves when that strictly lowers
 * its cluster's cost, so the total cost strictly falls each round and the loop ends.
 */
function kMedoids(distances: Float64Array, pool: number[], initial: number[]): { medoids: number[]; labels: number[] } {
  const medoids = [...initial];
  for (;;) {
    const labels = assign(distances, pool, medoids);
    let moved = false;
    for (const [m, members] of membersByCluster(pool, labels, medoids.length).entries()) {
      const best = mostCentral(distances, members, medoids[m]);
      if (best !== medoids[m]) {
        medoids[m] = best;
        moved = true;
      }
    }
    if (!moved) return { medoids, labels };
  }
}

function membersByCluster(pool: number[], labels: number[], clusters: number): number[][] {
  const members = Array.from({ length: clusters }, () => [] as number[]);
  pool.forEach((day, j) => members[labels[j]].push(day));
  return members;
}

/** The member with the least total distance to the others; the incumbent wins ties so rounding cannot cycle. */
function mostCentral(distances: Float64Array, members: number[], incumbent: number): number {
  const costOf = (day: number) => {
    let cost = 0;
    for (const other of members) cost += distances[day * DAYS + other];
    return cost;
  };
  let best = incumbent;
  let bestCost = costOf(incumbent) * (1 - 1e-12);
  for (const candidate of members) {
    const cost = costOf(candidate);
    if (cost < bestCost) {
      bestCost = cost;
      best = candidate;
    }
  }
  return best;
}

/** Nearest medoid per pool day; a medoid keeps itself even when a duplicate day ties, so no cluster is empty. */
function assign(distances: Float64Array, pool: number[], medoids: number[]): number[] {
  const own = new Map(medoids.map((day, m) => [day, m]));
  return pool.map((day) => {
    const self = own.get(day);
    if (self !== undefined) return self;
    let best = 0;
    medoids.forEach((medoid, m) => {
      if (distances[day * DAYS + medoid] < distances[day * DAYS + medoids[best]]) best = m;
    });
    return best;
  });
}

/** Clusters the pool into count − peaks clusters and builds the typical days, profiles and errors. */
function typicalDaysFor(context: Context, count: number): TypicalDays {
  const { medoids, labels } = kMedoids(
    context.distances,
    context.pool,
    context.buildOrder.slice(0, count - context.peaks.length),
  );
  // Chronological order makes the output easy to read and independent of medoid discovery order.
  const representativeDays = [...context.peaks, ...medoids].sort((a, b) => a - b);
  const typicalOf = new Map(representativeDays.map((day, t) => [day, t]));
  const sequence = new Array<number>(DAYS);
  for (const day of context.peaks) sequence[day] = typicalOf.get(day)!;
  context.pool.forEach((day, j) => (sequence[day] = typicalOf.get(medoids[labels[j]])!));
  const weights = new Array<number>(count).fill(0);
  for (const t of sequence) weights[t]++;
  const isPeak = representativeDays.map((day) => context.peaks.includes(day));
  const typical: TypicalDays = {
    count,
    hoursPerDay: HOURS,
    profiles: context.series.map((s, i) =>
      rescaledProfile(s.values, representativeDays, weights, isPeak, context.ranges[i]),
    ),
    weights,
    sequence,
    representativeDays,
    maxLoadDurationError: 0,
    maxSumError: 0,
  };
  return { ...typical, ...errorsOf(context, typical) };
}

/**
 * Copies the representative days and scales the non-peak ones by one factor so the weighted annual sum matches
 * the original: a factor keeps zero hours zero (PV at night) and the daily shape. Peak days stay exact, and values
 * are clamped to the series' own range so no demand exceeds its true peak and nothing non-negative turns negative.
 */
function rescaledProfile(
  values: Float64Array,
  representativeDays: number[],
  weights: number[],
  isPeak: boolean[],
  range: Range,
): Float64Array {
  const profile = new Float64Array(representativeDays.length * HOURS);
  representativeDays.forEach((day, t) => profile.set(values.subarray(day * HOURS, day * HOURS + HOURS), t * HOURS));
  let fixed = 0;
  let scalable = 0;
  representativeDays.forEach((_, t) => {
    const total = weights[t] * daySum(profile, t);
    if (isPeak[t]) fixed += total;
    else scalable += total;
  });
  if (scalable === 0) return profile;
  // A negative factor would mirror the daily shape, which is worse than leaving part of the sum error.
  const factor = Math.max(0, (sumOf(values) - fixed) / scalable);
  representativeDays.forEach((_, t) => {
    if (isPeak[t]) return;
    for (let h = t * HOURS; h < t * HOURS + HOURS; h++) {
      profile[h] = Math.min(range.max, Math.max(range.min, profile[h] * factor));
    }
  });
  return profile;
}

/** Worst load-duration and annual-sum SMAPE over the series that are not all zero. */
function errorsOf(context: Context, typical: TypicalDays): Pick<TypicalDays, 'maxLoadDurationError' | 'maxSumError'> {
  let maxLoadDurationError = 0;
  let maxSumError = 0;
  context.series.forEach((s, i) => {
    if (context.ranges[i].min === 0 && context.ranges[i].max === 0) return;
    // Both curves sorted ascending pair the same hours as sorting both descending.
    const reconstructed = expandToYear(typical, typical.profiles[i]).sort();
    maxLoadDurationError = Math.max(maxLoadDurationError, smape(context.sortedOriginals[i], reconstructed));
    maxSumError = Math.max(maxSumError, smapeTerm(sumOf(s.values), sumOf(reconstructed)) * 100);
  });
  return { maxLoadDurationError, maxSumError };
}

/** SMAPE in percent, averaged over the hours where not both values are zero (0/0 carries no information). */
function smape(a: Float64Array, b: Float64Array): number {
  let total = 0;
  let counted = 0;
  for (let h = 0; h < a.length; h++) {
    if (a[h] === 0 && b[h] === 0) continue;
    total += smapeTerm(a[h], b[h]);
    counted++;
  }
  return counted === 0 ? 0 : (100 * total) / counted;
}

function smapeTerm(a: number, b: number): number {
  const mean = (Math.abs(a) + Math.abs(b)) / 2;
  return mean === 0 ? 0 : Math.abs(a - b) / mean;
}

function sumOf(values: Float64Array): number {
  let total = 0;
  for (let h = 0; h < values.length; h++) total += values[h];
  return total;
}
