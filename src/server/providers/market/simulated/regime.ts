/**
 * A seeded semi-Markov regime chain: up-trend (1), down-trend (−1) or range (0), each held for a
 * drawn number of hours. Trends last 2 days plus an exponential of mean 4 days; ranges 1 day plus
 * an exponential of mean 2.5 days. A trend mostly gives way to a range, sometimes straight to another
 * trend. A new trend's direction leans back toward the pair's long-run level (so prices stay within
 * a plausible band over months) and toward the market's own trend (so pairs tend to trend together).
 */
import type { Rng } from './random';

export type Regime = -1 | 0 | 1;

const TREND_MIN_HOURS = 48;
const TREND_MEAN_EXTRA_HOURS = 96;
const RANGE_MIN_HOURS = 24;
const RANGE_MEAN_EXTRA_HOURS = 60;
/** Share of trends followed by a range (the rest turn straight into a new trend). */
const TREND_TO_RANGE = 0.7;
/** Trend drift in calm hourly volatilities: uniform in [MIN, MIN + SPAN). */
const STRENGTH_MIN = 0.1;
const STRENGTH_SPAN = 0.1;
/** Log distance from the level at which the odds of an up-trend fall to 1 : e. */
const LEVEL_PULL = 0.25;
/** Log-odds added toward the market's trend direction. */
const MARKET_TILT = 1.2;

export class RegimeChain {
  regime: Regime = 0;
  /** Drift of the current trend in calm hourly volatilities (0 in a range). */
  strength = 0;
  private left = 0;

  constructor(private readonly rng: Rng) {}

  /**
   * Advances one hour and returns the regime of that hour. `x` is the log distance of the price
   * from its long-run level, `tilt` the market's regime (0 for the market chain itself).
   */
  step(x: number, tilt: Regime): Regime {
    if (this.left <= 0) this.switch(x, tilt);
    this.left--;
    return this.regime;
  }

  private switch(x: number, tilt: Regime): void {
    const rng = this.rng;
    if (this.regime !== 0 && rng.next() < TREND_TO_RANGE) {
      this.regime = 0;
      this.strength = 0;
      this.left = RANGE_MIN_HOURS + Math.round(RANGE_MEAN_EXTRA_HOURS * rng.exponential());
      return;
    }
    const upOdds = -x / LEVEL_PULL + MARKET_TILT * tilt;
    this.regime = rng.next() < 1 / (1 + Math.exp(-upOdds)) ? 1 : -1;
    this.strength = STRENGTH_MIN + STRENGTH_SPAN * rng.next();
    this.left = TREND_MIN_HOURS + Math.round(TREND_MEAN_EXTRA_HOURS * rng.exponential());
  }
}
