/**
 * mulberry32: a small 32-bit PRNG, uniform in [0, 1), the same on every platform. Used wherever a
 * draw must be repeatable from a seed: Latin-hypercube samples, injected faults, chaos schedules.
 */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
