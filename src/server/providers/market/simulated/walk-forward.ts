/**
 * Walk-forward check of the simulated market against the real signal engine (tests and the edge
 * report only). Every `stepHours` the engine analyses the last 90 days of hourly candles, exactly
 * what production passes it, and the signal's trade is taken: entry at that hour's close, take-profit
 * and stop-loss from the signal, exit at the horizon's last close when neither was touched, minus the
 * signal's round-trip fee. A candle touching both exits counts as the stop (the engine's own
 * pessimistic reading). Nothing after the entry hour is read before the entry is decided.
 */
import type { PositionType } from '../../../../contract/enums';
import { analyzePair } from '../../../engine';
import type { Candle, Trend } from '../../../engine/types';
import { HOUR_MS } from '../../../shared/time';
import { DEFAULT_SIMULATION_EPOCH } from './index';
import { PAIR_PROFILES, SIMULATED_QUOTE } from './profiles';
import { SimulatedPair } from './simulated-pair';

const DAY_MS = 24 * HOUR_MS;

export interface WalkForwardTrade {
  pair: string;
  /** Open time of the entry candle. */
  time: number;
  positionType: PositionType;
  trend: Trend;
  /** EMA20 − EMA50 in ATRs at entry: how clear the engine's trend is (±0.25 is its dead band). */
  trendGapAtr: number;
  heatScore: number;
  /** Engine's predicted success, percent. */
  successRate: number;
  expectedProfitPercent: number;
  /** The simulator's hidden regime at the entry hour: 1 up-trend, −1 down-trend, 0 range. */
  regime: number;
  result: 'tp' | 'sl' | 'timeout';
  /** Realised return after the round-trip fee, percent. */
  netPercent: number;
}

export interface WalkForwardOptions {
  seed: number;
  /** Bases, e.g. ['BTC', 'SOL']. */
  bases: string[];
  /** Open time of the first evaluated hour. */
  from: number;
  evaluationDays: number;
  stepHours: number;
  lookbackDays?: number;
  takerFeePercent?: number;
}

/** Net realised return of one trade, percent; entry at `close[i]`. */
export function realiseTrade(
  candles: readonly Candle[],
  i: number,
  side: 'buy' | 'sell',
  takeProfitPercent: number,
  stopLossPercent: number,
  horizonHours: number,
  feePercent: number,
): { result: 'tp' | 'sl' | 'timeout'; netPercent: number } {
  const entry = candles[i]!.close;
  const long = side === 'buy';
  const tp = long ? entry * (1 + takeProfitPercent / 100) : entry * (1 - takeProfitPercent / 100);
  const sl = long ? entry * (1 - stopLossPercent / 100) : entry * (1 + stopLossPercent / 100);
  const end = candles[i]!.time + horizonHours * HOUR_MS;
  let last = entry;
  for (let j = i + 1; j < candles.length && candles[j]!.time <= end; j++) {
    const c = candles[j]!;
    if (long ? c.low <= sl : c.high >= sl) return { result: 'sl', netPercent: -stopLossPercent - feePercent };
    if (long ? c.high >= tp : c.low <= tp)
      return { result: 'tp', netPercent: takeProfitPercent - feePercent };
    last = c.close;
  }
  const gross = ((long ? last / entry : entry / last) - 1) * 100;
  return { result: 'timeout', netPercent: gross - feePercent };
}

export function walkForward(options: WalkForwardOptions): WalkForwardTrade[] {
  const lookback = (options.lookbackDays ?? 90) * DAY_MS;
  const fee = options.takerFeePercent ?? 0.26;
  const last = options.from + options.evaluationDays * DAY_MS;
  const trades: WalkForwardTrade[] = [];
  for (const base of options.bases) {
    const profile = PAIR_PROFILES.find((p) => p.base === base);
    if (!profile) throw new Error(`no simulated pair ${base}`);
    const symbol = `${base}/${SIMULATED_QUOTE}`;
    const pair = new SimulatedPair(symbol, profile, options.seed, DEFAULT_SIMULATION_EPOCH);
    // Candles up to two days past the last evaluation so its horizon (at most a day) is complete.
    const candles = pair.hourly(options.from - lookback, last + 2 * DAY_MS);
    const firstIndex = candles.findIndex((c) => c.time >= options.from);
    const window = Math.round(lookback / HOUR_MS);
    for (let i = firstIndex; i < candles.length && candles[i]!.time < last; i += options.stepHours) {
      const a = analyzePair({
        pair: symbol,
        hourly: candles.slice(i + 1 - window, i + 1),
        minute: [],
        activeTriggerCount: 0,
        takerFeePercent: fee,
      });
      const s = a.signal;
      const outcome = realiseTrade(
        candles,
        i,
        s.side,
        s.takeProfitPercent,
        s.stopLossPercent,
        s.horizonMinutes / 60,
        s.feePercent,
      );
      const k = Math.round((candles[i]!.time - DEFAULT_SIMULATION_EPOCH) / HOUR_MS);
      trades.push({
        pair: symbol,
        time: candles[i]!.time,
        positionType: s.positionType,
        trend: a.trend,
        trendGapAtr: (a.indicators.ema20 - a.indicators.ema50) / a.indicators.atr14,
        heatScore: a.heatScore,
        successRate: a.successRate,
        expectedProfitPercent: a.expectedProfitPercent,
        regime: pair.path.regime[k] ?? 0,
        ...outcome,
      });
    }
  }
  return trades;
}

export const TREND_FOLLOWING: readonly PositionType[] = [
  'long',
  'short',
  'quick_long',
  'quick_short',
  'scalp_long',
  'scalp_short',
];

export interface EdgeRow {
  group: string;
  count: number;
  meanNetPercent: number;
  /** Share of trades that ended in profit after fees. */
  winShare: number;
  /** Share that reached take-profit first (the engine's "success"), and the engine's mean forecast of it. */
  takeProfitShare: number;
  predictedSuccess: number;
}

export function summarise(group: string, trades: readonly WalkForwardTrade[]): EdgeRow {
  const count = trades.length;
  const mean = (f: (t: WalkForwardTrade) => number) =>
    count ? trades.reduce((s, t) => s + f(t), 0) / count : 0;
  return {
    group,
    count,
    meanNetPercent: mean((t) => t.netPercent),
    winShare: mean((t) => (t.netPercent > 0 ? 1 : 0)),
    takeProfitShare: mean((t) => (t.result === 'tp' ? 1 : 0)),
    predictedSuccess: mean((t) => t.successRate / 100),
  };
}
