/**
 * The hourly skeleton of one simulated pair: log closes, conditional volatility, jumps and
 * turnover per hour, walked forward from a fixed epoch. Being a pure function of
 * (seed, pair, hour index) it gives the same history whenever and however often it is asked for,
 * across restarts too. The minute path inside each hour is drawn later (minute-bridge.ts).
 *
 * Model per hour k (σ̄ = calm hourly volatility, x = log(price / level)):
 *   r_k = −κ(x_k)·x_k − ρ·(x_k − a_k)·[range] + μ_k + b_k + σ_k·z_k + J_k
 *   regime = up-trend, down-trend or range: a seeded semi-Markov chain per pair (regime.ts), trends
 *          2 + Exp(4) days, ranges 1 + Exp(2.5) days, about 70 % of hours trending
 *   μ_k  = trend drift, eased (≈ 5 h) toward ±m·σ̄ in a trend, m drawn per trend in 0.10-0.20, and
 *          faded (≈ 20 h) toward 0 in a range: about 2.5 %/day on BTC, 3.5-4.5 %/day on the small
 *          coins, all told; it shrinks as a trend carries the price beyond the level (× (1 − ±x/1.5))
 *   κ(x) = reversion toward the profile level, half-life 60 days × 1/(1 + (x/0.4)²), halved in trends
 *   ρ    = range reversion toward a_k, the level the range formed at (half-life 36 h); none in trends
 *   b_k  = breakout drift ±(0.6-1.4)·σ̄ for 3-10 h, with 1.5× volatility: most trends open with one
 *          (volume × 2.2), and inside a trend 80 % go its way, so volume-backed breakouts tend to
 *          continue; other breakouts (volume × 1.5) are mostly faded
 *   σ_k² = GARCH(1,1) variance × intraday/weekend season × breakout boost × 0.9 in up-trends and
 *          1.1 in down-trends (crypto grinds up and falls fast)
 *   z_k  = fat-tailed mix of a common crypto factor (same stream for every pair) and an own shock
 *   J_k  = rare jump of 4-10 σ̄
 *   volume_k grows with σ_k and |shock|, with the session, in trends (× 1.1), in breakouts, and in
 *   rare spikes.
 *
 * Trend-following over hours to a day thus has a modest edge after fees in a trend regime, and
 * loses in a range (edge.test.ts measures it with the signal engine, walk-forward).
 *
 * With the edge switched off (`edge: 'none'`, SIM_EDGE=none) every drift term (μ, b, κ, ρ) is
 * dropped and the log price is a martingale: the same volatility, jumps, volume and regimes, drawn
 * from the same streams, but nothing that predicts direction. It is the research harness's
 * negative control: no rule may find an edge there.
 */
import { HOUR_MS } from '../../../shared/time';
import type { PairProfile } from './profiles';
import { Rng, hashSeed } from './random';
import { RegimeChain, type Regime } from './regime';

const HOURS_PER_YEAR = 8_760;

const GARCH_ALPHA = 0.08;
const GARCH_BETA = 0.9;
/**
 * Reversion of the log price toward the profile level: half-life 60 days near it, firming up
 * further out (× (1 + (x / 0.4)²)), half as strong in trends.
 */
const KAPPA = Math.LN2 / (60 * 24);
const LEVEL_BAND = 0.4;
const TREND_KAPPA_FACTOR = 0.5;
/** In a range, reversion toward the level it formed at: half-life 36 h. */
const RANGE_REVERSION = Math.LN2 / 36;
/** The range's level follows the price slowly (half-life 4 days). */
const RANGE_ANCHOR_RATE = Math.LN2 / 96;
/** Per hour, a trend's drift moves this share of the way to its target (about 5 h to set in)… */
const DRIFT_ONSET = 0.2;
/** …and fades at this rate once the trend is over (about 20 h: trends peter out). */
const DRIFT_FADE = 0.05;
/** A trend's drift shrinks linearly to 0 as the price runs 1.5 (log) beyond its level its way. */
const TREND_EXHAUSTION = 1.5;
/** Crypto grinds up and falls fast: trends' volatility relative to ranges. */
const UP_TREND_VOLATILITY = 0.9;
const DOWN_TREND_VOLATILITY = 1.1;
const TREND_VOLUME = 1.1;
const JUMP_PROBABILITY = 0.003;
const BREAKOUT_PROBABILITY = 1 / 160;
/** Share of random breakouts inside a trend that go the trend's way. */
const BREAKOUT_WITH_TREND = 0.8;
/** Share of trends that open with a breakout. */
const TREND_OPENING_BREAKOUT = 0.75;
/** Volume multiple of a breakout with the trend, and of one in a range or against the trend. */
const WITH_TREND_BREAKOUT_VOLUME = 2.2;
const OTHER_BREAKOUT_VOLUME = 1.5;
const VOLUME_SPIKE_PROBABILITY = 0.01;
const TAIL_PROBABILITY = 0.05;
const TAIL_SCALE = 2.2;
/** E[(jump / σ̄)²] = p · E[(4 + 6U)²] = p · 52. */
const JUMP_VARIANCE = JUMP_PROBABILITY * 52;
const OMEGA = 1 - GARCH_ALPHA - GARCH_BETA - GARCH_ALPHA * 0.25 * JUMP_VARIANCE;
/** Keeps E[scale²] = 1 for the two-scale mixture. */
const BODY_SCALE = Math.sqrt((1 - TAIL_PROBABILITY * TAIL_SCALE ** 2) / (1 - TAIL_PROBABILITY));

/** `planted`: the model above; `none`: the same path without any drift (a martingale). */
export type SimulatedEdge = 'planted' | 'none';

export class HourlyPath {
  /** Log close of hour k; the open of hour k is the close of hour k − 1 (log level for k = 0). */
  logClose = new Float64Array(0);
  /** Conditional hourly volatility used for hour k (drives the minute path and the spread). */
  sigma = new Float32Array(0);
  /** Jump inside hour k (log return), 0 when none. */
  jump = new Float32Array(0);
  /** Base-asset volume of hour k. */
  volume = new Float64Array(0);
  /** The pair's regime in hour k: 1 up-trend, −1 down-trend, 0 range. */
  regime = new Int8Array(0);
  length = 0;

  readonly logLevel: number;
  readonly sigmaBar: number;
  private readonly market: Rng;
  private readonly own: Rng;
  private readonly regimes: RegimeChain;
  private readonly marketRegimes: RegimeChain;
  private readonly epochHour: number;
  private x = 0;
  private variance: number;
  private drift = 0;
  private anchor = 0;
  private breakoutLeft = 0;
  private breakoutDrift = 0;
  private breakoutVolume = 1;

  constructor(
    readonly profile: PairProfile,
    seed: number,
    /** Epoch (ms, whole hour) of hour index 0. */
    readonly epoch: number,
    readonly edge: SimulatedEdge = 'planted',
  ) {
    this.logLevel = Math.log(profile.price);
    this.sigmaBar = profile.annualVolatility / Math.sqrt(HOURS_PER_YEAR);
    this.variance = this.sigmaBar ** 2;
    this.market = new Rng(hashSeed(seed, 'market'));
    this.own = new Rng(hashSeed(seed, 'pair', profile.base));
    // The crypto market's own regime (shared by every pair) tilts which way a pair's trends go.
    this.marketRegimes = new RegimeChain(new Rng(hashSeed(seed, 'market-regime')));
    this.regimes = new RegimeChain(new Rng(hashSeed(seed, 'regime', profile.base)));
    this.epochHour = Math.floor(epoch / HOUR_MS);
  }

  logOpen(k: number): number {
    return k === 0 ? this.logLevel : (this.logClose[k - 1] ?? this.logLevel);
  }

  /** Walks the path forward so that hour index `k` exists. */
  ensure(k: number): void {
    if (k < this.length) return;
    this.grow(k + 1);
    for (let i = this.length; i <= k; i++) this.step(i);
    this.length = k + 1;
  }

  private grow(needed: number): void {
    if (needed <= this.logClose.length) return;
    const size = Math.max(needed, Math.ceil(this.logClose.length * 1.5), 1024);
    const copy = <T extends Float64Array | Float32Array | Int8Array>(old: T, next: T) => {
      next.set(old);
      return next;
    };
    this.logClose = copy(this.logClose, new Float64Array(size));
    this.sigma = copy(this.sigma, new Float32Array(size));
    this.jump = copy(this.jump, new Float32Array(size));
    this.volume = copy(this.volume, new Float64Array(size));
    this.regime = copy(this.regime, new Int8Array(size));
  }

  private step(k: number): void {
    const { own, sigmaBar, profile } = this;
    const absoluteHour = this.epochHour + k;
    const hourOfDay = absoluteHour % 24;
    const weekday = (Math.floor(absoluteHour / 24) + 4) % 7; // 1970-01-01 was a Thursday (4)
    const weekend = weekday === 0 || weekday === 6;
    const session = Math.cos((2 * Math.PI * (hourOfDay - 15)) / 24); // busiest around 15:00 UTC
    const season = (1 + 0.2 * session) * (weekend ? 0.8 : 1);

    const marketRegime = this.marketRegimes.step(0, 0);
    const previous = this.regimes.regime;
    const regime = this.regimes.step(this.x, marketRegime);
    if (regime !== previous) this.enterRegime(regime);
    const exhaustion = Math.max(0, 1 - Math.max(0, regime * this.x) / TREND_EXHAUSTION);
    const target = regime * this.regimes.strength * sigmaBar * exhaustion;
    this.drift += (regime === 0 ? DRIFT_FADE : DRIFT_ONSET) * (target - this.drift);

    if (this.breakoutLeft === 0 && own.next() < BREAKOUT_PROBABILITY) {
      const withTrend = regime !== 0 && own.next() < BREAKOUT_WITH_TREND;
      this.startBreakout(withTrend ? regime : own.sign(), 3 + Math.floor(own.next() * 8));
    }
    const inBreakout = this.breakoutLeft > 0;
    if (inBreakout) this.breakoutLeft--;
    const boost =
      (inBreakout ? 1.5 : 1) * (regime < 0 ? DOWN_TREND_VOLATILITY : regime > 0 ? UP_TREND_VOLATILITY : 1);

    const sigma = Math.sqrt(this.variance) * season * boost;
    const loading = profile.marketLoading;
    const tail = own.next() < TAIL_PROBABILITY ? TAIL_SCALE : BODY_SCALE;
    const z = (loading * this.market.normal() + Math.sqrt(1 - loading ** 2) * own.normal()) * tail;
    const jump = own.next() < JUMP_PROBABILITY ? own.sign() * sigmaBar * (4 + 6 * own.next()) : 0;
    const pull = -KAPPA * this.x * (1 + (this.x / LEVEL_BAND) ** 2);
    const reversion =
      regime === 0 ? pull - RANGE_REVERSION * (this.x - this.anchor) : TREND_KAPPA_FACTOR * pull;
    const mean = this.edge === 'none' ? 0 : reversion + this.drift + (inBreakout ? this.breakoutDrift : 0);
    const shock = sigma * z + jump;
    this.x += mean + shock;
    if (regime === 0) this.anchor += RANGE_ANCHOR_RATE * (this.x - this.anchor);

    // Jumps feed the variance at half weight (they raise volatility afterwards, as real ones do);
    // OMEGA already discounts that so the long-run variance stays σ̄².
    const standardised = (sigma * z + 0.5 * jump) / (season * boost);
    const next = OMEGA * sigmaBar ** 2 + GARCH_ALPHA * standardised ** 2;
    this.variance = Math.min(
      Math.max(next + GARCH_BETA * this.variance, 0.09 * sigmaBar ** 2),
      25 * sigmaBar ** 2,
    );

    const logClose = this.logLevel + this.x;
    const activity = (sigma / sigmaBar) ** 0.7 * (0.45 + 0.55 * Math.min(Math.abs(shock) / sigma, 3));
    const turnoverSeason = (1 + 0.35 * session) * (weekend ? 0.7 : 1);
    const spike = own.next() < VOLUME_SPIKE_PROBABILITY ? 2.5 + 2.5 * own.next() : 1;
    const noise = Math.exp(0.3 * own.normal() - 0.045);
    const quoteVolume =
      profile.hourlyQuoteVolume *
      turnoverSeason *
      activity *
      noise *
      spike *
      (inBreakout ? this.breakoutVolume : 1) *
      (regime !== 0 ? TREND_VOLUME : 1);

    this.logClose[k] = logClose;
    this.sigma[k] = sigma;
    this.jump[k] = jump;
    this.volume[k] = quoteVolume / Math.exp(logClose);
    this.regime[k] = regime;
  }

  /** A range forms where the price is; most trends open with a breakout their way. */
  private enterRegime(regime: Regime): void {
    if (regime === 0) {
      this.anchor = this.x;
      return;
    }
    if (this.own.next() < TREND_OPENING_BREAKOUT)
      this.startBreakout(regime, 3 + Math.floor(this.own.next() * 6));
  }

  private startBreakout(direction: number, hours: number): void {
    this.breakoutLeft = hours;
    this.breakoutVolume =
      direction === this.regimes.regime ? WITH_TREND_BREAKOUT_VOLUME : OTHER_BREAKOUT_VOLUME;
    this.breakoutDrift = direction * (0.6 + 0.8 * this.own.next()) * this.sigmaBar;
  }
}
