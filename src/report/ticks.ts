/**
 * Axis ticks a reader can count in: steps of 1, 2, 2.5 or 5 times a power of ten, covering the
 * data, and labels short enough to sit side by side (`1.5M` rather than `1,500,000`).
 */

export interface Ticks {
  /** The axis runs from the first tick to the last, so the data never touches an unlabelled end. */
  values: number[];
  step: number;
  /** Labels of `values`, all with the same number of decimals and the same suffix. */
  labels: string[];
}

const STEPS = [1, 2, 2.5, 5, 10];

/** About `target` ticks (never fewer than 2) covering [min, max]; a single value gets an axis around it. */
export function niceTicks(min: number, max: number, target = 6): Ticks {
  if (!Number.isFinite(min) || !Number.isFinite(max)) throw new RangeError(`cannot make ticks for [${min}, ${max}]`);
  if (min > max) [min, max] = [max, min];
  if (min === max) {
    // One value (a study of one variant, or one Pareto point) still needs an axis with some room.
    const pad = min === 0 ? 1 : Math.abs(min) * 0.1;
    [min, max] = [min - pad, max + pad];
  }
  const rough = (max - min) / Math.max(1, target - 1);
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = STEPS.find((s) => s * power >= rough * (1 - 1e-9))! * power;
  const decimals = decimalsOf(step);
  // Small tolerances keep a bound that is a multiple of the step from gaining a tick through rounding.
  const first = Math.floor(min / step + 1e-9);
  const last = Math.ceil(max / step - 1e-9);
  const values: number[] = [];
  for (let i = first; i <= last; i++) values.push(round(i * step, decimals));
  return { values, step, labels: tickLabels(values, step) };
}

/** Labels for evenly stepped values, scaled by the largest of them: `0`, `500k`, `1M`, `1.5M`. */
export function tickLabels(values: number[], step: number): string[] {
  const largest = Math.max(...values.map(Math.abs));
  const [divisor, suffix] = largest >= 1e9 ? [1e9, 'G'] : largest >= 1e6 ? [1e6, 'M'] : largest >= 1e4 ? [1e3, 'k'] : [1, ''];
  const decimals = decimalsOf(step / divisor);
  return values.map((v) => {
    const scaled = v / divisor;
    // A tick computed as 0.1 - 0.1 * 1 may be -1e-17, which would print as `-0`.
    if (Math.abs(scaled) < step / divisor / 2) return '0';
    return `${scaled.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals })}${suffix}`;
  });
}

/** The decimals that show a step exactly: 2 for 0.25, 0 for 500. */
function decimalsOf(step: number): number {
  for (let d = 0; d < 12; d++) {
    const scaled = step * 10 ** d;
    if (Math.abs(scaled - Math.round(scaled)) < 1e-6 * Math.max(1, scaled)) return d;
  }
  return 12;
}

/** `0.1 * 3` is `0.30000000000000004`; a tick must be the number it claims to be. */
function round(value: number, decimals: number): number {
  const rounded = Number(value.toFixed(decimals));
  return rounded === 0 ? 0 : rounded;
}
