/**
 * The tipping-point search's decisions, driven by outcome functions whose crossings are known:
 * a step (a technology enters at x*), a smooth line crossing a threshold, a condition that crosses
 * twice, none at all, a failed probe, confirmation at finer settings, and the 5 decimals the
 * service stores. Each case runs the search to its answer as the study workflow would.
 */
import { describe, expect, it } from 'vitest';
import type { SearchSpec } from '../../src/product/study/search/spec.js';
import { type NextProbe, type SearchAnswer, type SearchState, maxSearchJobs, nextStep, scanValues, searchProgress } from '../../src/product/study/search/step.js';

const parameter = { name: 'gas_price', min: 0.03, max: 0.15, unit: 'CHF/kWh' };
const solved = { temporalResolution: 'LOW', mipGap: 1 };
const spec = (over: Partial<SearchSpec> = {}): SearchSpec => ({
  parameter: 'gas_price', condition: { outcome: 'hp', above: 1 }, tolerance: 0.0012, probes: 10, scan: 2, refine: 'bisection', confirm: null, ...over,
});

/** Runs a search to its answer, solving each probe with `f` (or `fine` for confirmations); answers the answer and every probe. */
function run(s: SearchSpec, f: (x: number) => number | string, fine: (x: number) => number | string = f, fails?: (x: number) => string | undefined) {
  const state: SearchState = { along: {}, probes: [] };
  let rounds = 0;
  for (;;) {
    const step = nextStep(s, parameter, state, solved);
    if (!Array.isArray(step)) return { answer: step as SearchAnswer, state, rounds };
    expect(step.length).toBeGreaterThan(0);
    rounds++;
    for (const probe of step as NextProbe[]) {
      const failure = fails?.(probe.value);
      state.probes.push({
        value: probe.value, step: probe.step, index: state.probes.length, key: `k${state.probes.length}`,
        ...(failure ? { failed: failure } : { outcome: (probe.step === 'confirm' ? fine : f)(probe.value) }),
      });
    }
    expect(rounds).toBeLessThan(100);
  }
}

const heatPumpEnters = (at: number) => (x: number) => (x >= at ? 30.6 : 0);

describe('a search', () => {
  it('brackets a step (a technology entering) to the tolerance by bisection in at most 9 jobs for 1 % of the range', () => {
    const at = 0.05731;
    const { answer, state } = run(spec(), heatPumpEnters(at));
    expect(answer.verdict).toBe('bracketed');
    expect(answer.stop).toBe('tolerance');
    const [bracket] = answer.brackets;
    expect(bracket.low).toBeLessThan(at);
    expect(bracket.high).toBeGreaterThanOrEqual(at);
    expect(bracket.high - bracket.low).toBeLessThanOrEqual(0.0012);
    // Two ends, then halvings of 0.12 down to ≤ 0.0012: 2 + ⌈log2(100)⌉ = 9.
    expect(state.probes).toHaveLength(9);
    expect(answer.jobs).toBe(9);
    expect(bracket.holdsAtLow).toBe(false);
    expect(answer.text).toBe('gas_price: hp > 1 starts to hold between 0.05719 and 0.05813 CHF/kWh (narrower than the tolerance 0.0012) after 9 solver jobs, at LOW resolution and a 1 % MIP gap.');
    expect(new Set(state.probes.map((p) => p.value)).size).toBe(state.probes.length);
  });

  it('converges faster by regula falsi on a smooth outcome, and does not stall on a step', () => {
    const line = (x: number) => 100 * (x - 0.03); // crosses 1 at 0.04
    const bisected = run(spec({ condition: { outcome: 'hp', above: 1 } }), line);
    const interpolated = run(spec({ refine: 'regula-falsi' }), line);
    for (const { answer } of [bisected, interpolated]) {
      expect(answer.brackets[0].low).toBeLessThanOrEqual(0.04);
      expect(answer.brackets[0].high).toBeGreaterThanOrEqual(0.04);
    }
    expect(interpolated.answer.jobs).toBeLessThan(bisected.answer.jobs);
    // On a step, interpolation lands next to an end; the bisection after each interpolation keeps the search going.
    const step = run(spec({ refine: 'regula-falsi', probes: 20 }), heatPumpEnters(0.1234));
    expect(step.answer.stop).toBe('tolerance');
    expect(step.answer.jobs).toBeLessThanOrEqual(2 + 2 * 7);
  });

  it('says plainly when the condition holds at both ends, or at neither', () => {
    const everywhere = run(spec(), () => 5).answer;
    expect(everywhere).toMatchObject({ verdict: 'holds-everywhere', stop: 'no-crossing', brackets: [], jobs: 2 });
    expect(everywhere.text).toMatch(/^No tipping point: hp > 1 holds at every value probed \(2\) from 0\.03 to 0\.15 CHF\/kWh\. A change and a change back inside the range would not show/);
    const nowhere = run(spec({ scan: 5 }), () => 0).answer;
    expect(nowhere).toMatchObject({ verdict: 'holds-nowhere', jobs: 5 });
    expect(nowhere.text).toMatch(/does not hold at every value probed \(5\).*0\.03 CHF\/kWh apart/);
  });

  it('finds and brackets every crossing its scan sees, and misses one between two scan values', () => {
    const window = (x: number) => (x > 0.06 && x < 0.1 ? 2 : 0); // enters at 0.06, leaves at 0.1
    const seen = run(spec({ scan: 5, probes: 30 }), window).answer;
    expect(seen.brackets).toHaveLength(2);
    expect(seen.brackets[0].holdsAtLow).toBe(false);
    expect(seen.brackets[1].holdsAtLow).toBe(true);
    expect(seen.brackets[0].low).toBeLessThanOrEqual(0.06);
    expect(seen.brackets[0].high).toBeGreaterThan(0.06);
    expect(seen.brackets[1].low).toBeLessThan(0.1);
    expect(seen.brackets[1].high).toBeGreaterThanOrEqual(0.1);
    expect(seen.text).toMatch(/changes 2 times in the range/);
    // With the ends alone, the window is invisible: said as the gap it cannot see.
    expect(run(spec(), window).answer.verdict).toBe('holds-nowhere');
  });

  it('stops at the probe limit with the bracket it has, and says the bracket is wider than the tolerance', () => {
    const { answer, state } = run(spec({ probes: 4 }), heatPumpEnters(0.09));
    expect(state.probes).toHaveLength(4);
    expect(answer.stop).toBe('probe-limit');
    expect(answer.brackets[0].high - answer.brackets[0].low).toBeCloseTo(0.03, 10);
    expect(answer.text).toMatch(/the probe limit \(4\) was reached with a bracket 0\.03 wide/);
  });

  it('stops when the 5 decimals the service stores cannot split the bracket further', () => {
    const { answer } = run(spec({ tolerance: 1e-9, probes: 60 }), heatPumpEnters(0.0712345));
    expect(answer.stop).toBe('resolution');
    expect(answer.brackets[0].high - answer.brackets[0].low).toBeCloseTo(0.00001, 10);
  });

  it('stops at a probe that could not be solved, naming it', () => {
    const { answer } = run(spec(), heatPumpEnters(0.05), undefined, (x) => (x === 0.09 ? 'INFEASIBLE: no heat at School' : undefined));
    expect(answer).toMatchObject({ verdict: 'failed', stop: 'failed-probe' });
    expect(answer.text).toBe('The probe at gas_price = 0.09 CHF/kWh could not be solved (INFEASIBLE: no heat at School); the search stopped there.');
  });

  it('confirms the bracket ends with finer settings, or says the crossing moved', () => {
    const confirmSpec = spec({ confirm: { temporalResolution: 'HIGH' } });
    const kept = run(confirmSpec, heatPumpEnters(0.0573)).answer;
    expect(kept.brackets[0].confirmed).toBe(true);
    expect(kept.jobs).toBe(11);
    expect(kept.text).toMatch(/Confirmed with temporalResolution HIGH: the condition still changes between/);
    const moved = run(confirmSpec, heatPumpEnters(0.0573), heatPumpEnters(0.02)).answer;
    expect(moved.brackets[0].confirmed).toBe(false);
    expect(moved.text).toMatch(/Not confirmed with temporalResolution HIGH: there the condition holds at both ends/);
    expect(maxSearchJobs(confirmSpec)).toBe(20);
  });

  it('follows a design outcome that changes, comparing with its value at the range start', () => {
    const design = (x: number) => (x < 0.0811 ? 'Gas boiler @ School' : 'Gas boiler @ School, Heat pump @ School');
    const { answer } = run(spec({ condition: { outcome: 'design', changes: true } }), design);
    expect(answer.brackets[0].low).toBeLessThan(0.0811);
    expect(answer.brackets[0].high).toBeGreaterThanOrEqual(0.0811);
    expect(answer.text).toMatch(/^gas_price: design changes between 0\.08\d* and 0\.08\d* CHF\/kWh/);
  });

  it('reports its progress as its bracket so far', () => {
    const state: SearchState = { along: {}, probes: [] };
    const f = heatPumpEnters(0.1);
    for (let i = 0; i < 3; i++) {
      const step = nextStep(spec(), parameter, state, solved) as NextProbe[];
      for (const p of step) state.probes.push({ value: p.value, step: p.step, index: state.probes.length, key: `k${i}`, outcome: f(p.value) });
    }
    expect(searchProgress(spec(), parameter, state)).toBe('bracket 0.09–0.12 CHF/kWh after 4 probes');
  });

  it('scans evenly with exact ends', () => {
    expect(scanValues(parameter, 5)).toEqual([0.03, 0.06, 0.09, 0.12, 0.15]);
  });
});
