/**
 * Money over time: real discount rates from interest and inflation, discount factors over the
 * stages of a scenario, and the capital recovery factor that turns a net present cost into an
 * equivalent annual cost.
 */

export interface StageTerms {
  /** Years from the start of the horizon to the start of the stage. */
  start: number;
  length: number;
  /** Real discount rate as a fraction (Fisher: (1+i)/(1+π) − 1). */
  rate: number;
}

/** The real rate of a nominal interest rate and an inflation rate, both in percent. */
export function realRate(interestPercent: number, inflationPercent: number): number {
  return (1 + interestPercent / 100) / (1 + inflationPercent / 100) - 1;
}

/** CRF = i(1+i)^n / ((1+i)^n − 1); 1/n when the rate is zero. */
export function capitalRecoveryFactor(rate: number, years: number): number {
  if (years <= 0) return 1;
  if (Math.abs(rate) < 1e-12) return 1 / years;
  const growth = (1 + rate) ** years;
  return (rate * growth) / (growth - 1);
}

/**
 * Discount factors of the horizon: each stage discounts at its own real rate, compounding from
 * the previous stage's factor at its start.
 */
export class Discounting {
  readonly horizon: number;
  private readonly startFactor: number[];

  constructor(readonly stages: readonly StageTerms[]) {
    this.horizon = stages.reduce((sum, s) => sum + s.length, 0);
    this.startFactor = [];
    let factor = 1;
    for (const stage of stages) {
      this.startFactor.push(factor);
      factor /= (1 + stage.rate) ** stage.length;
    }
  }

  /** The stage that contains year `t` (years from the horizon start), the last one past the end. */
  private stageAt(t: number): number {
    for (let s = 0; s < this.stages.length; s++) if (t < this.stages[s].start + this.stages[s].length) return s;
    return this.stages.length - 1;
  }

  /** Present value factor of a payment at time `t` (years from the horizon start). */
  factor(t: number): number {
    const s = this.stageAt(t);
    const stage = this.stages[s];
    return this.startFactor[s] / (1 + stage.rate) ** (t - stage.start);
  }

  /** Present value of 1 per year paid at the end of each year of stage `s`. */
  annuity(s: number): number {
    const stage = this.stages[s];
    let sum = 0;
    for (let y = 1; y <= stage.length; y++) sum += this.factor(stage.start + y);
    return sum;
  }

  /** Equivalent annual cost of a net present cost over the whole horizon, at the first stage's rate. */
  annualise(netPresentCost: number): number {
    return netPresentCost * capitalRecoveryFactor(this.stages[0]?.rate ?? 0, this.horizon);
  }
}
