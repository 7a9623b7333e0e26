/**
 * Heat score 0-100: how much is happening now. Each component maps one raw input to 0-1 with a
 * non-decreasing, saturating ramp, and the score is their weighted sum times 100, so heat is monotone
 * in every input (more volume, more volatility, more momentum, a wider breakout, more triggers never
 * lower it). Ramps saturate where a move is clearly exceptional for hourly candles.
 */
import type { MarketSeries } from './market-series';
import type { HeatComponents } from './types';

export const HEAT_WEIGHTS: HeatComponents = {
  volumeSurge: 0.25,
  volatilityExpansion: 0.2,
  momentum: 0.2,
  breakout: 0.2,
  triggers: 0.15,
};

/** The raw, unitless inputs of the heat score. */
export interface HeatInputs {
  /** Last hour's volume over its 7-day median. */
  relativeVolume: number;
  /** ATR over its 7-day mean. */
  atrRatio: number;
  /** |RSI − 50|, 0-50. */
  rsiDistance: number;
  /** |MACD histogram| in ATRs. */
  macdStrength: number;
  /** How far the close is beyond the prior 24 h range or the Bollinger bands, in ATRs (0 inside). */
  breakoutAtr: number;
  activeTriggerCount: number;
}

const clamp01 = (x: number) => (Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 0);

export function heatInputsAt(s: MarketSeries, i: number, activeTriggerCount: number): HeatInputs {
  const c = s.close[i]!;
  const a = s.atr[i]!;
  const beyond = Math.max(
    0,
    c - s.prior24hHigh[i]!,
    s.prior24hLow[i]! - c,
    c - s.bbUpper[i]!,
    s.bbLower[i]! - c,
  );
  return {
    relativeVolume: s.relativeVolume[i]!,
    atrRatio: s.atrRatio[i]!,
    rsiDistance: Math.abs(s.rsi[i]! - 50),
    macdStrength: a > 0 ? Math.abs(s.macdHistogram[i]!) / a : 0,
    breakoutAtr: a > 0 && Number.isFinite(beyond) ? beyond / a : 0,
    activeTriggerCount,
  };
}

export function heatComponentsOf(x: HeatInputs): HeatComponents {
  return {
    // 1× the median volume = nothing; 3× or more = full surge.
    volumeSurge: clamp01((x.relativeVolume - 1) / 2),
    // ATR at its weekly mean = nothing; 1.5× = full expansion.
    volatilityExpansion: clamp01((x.atrRatio - 1) / 0.5),
    // Half RSI stretch (RSI 75 or 25 counts in full), half MACD histogram (0.5 ATR counts in full).
    momentum: 0.5 * clamp01(x.rsiDistance / 25) + 0.5 * clamp01(x.macdStrength / 0.5),
    // Any close beyond the range or the bands is a breakout (0.5); one ATR beyond is a full one.
    breakout: x.breakoutAtr > 0 ? 0.5 + 0.5 * clamp01(x.breakoutAtr) : 0,
    // Each further trigger adds half of what is left: 1 → 0.5, 2 → 0.75, 3 → 0.875.
    triggers: 1 - 0.5 ** Math.max(0, x.activeTriggerCount),
  };
}

export function heatScoreOf(c: HeatComponents): number {
  const w = HEAT_WEIGHTS;
  const sum =
    w.volumeSurge * c.volumeSurge +
    w.volatilityExpansion * c.volatilityExpansion +
    w.momentum * c.momentum +
    w.breakout * c.breakout +
    w.triggers * c.triggers;
  return Math.min(100, Math.max(0, 100 * sum));
}

export type HeatBand = 'calm' | 'warm' | 'hot';

/** Bands pick the horizon (calm → a day, warm → hours, hot → a scalp) and key the backtest. */
export function heatBandOf(heat: number): HeatBand {
  if (heat >= 35) return 'hot';
  if (heat >= 15) return 'warm';
  return 'calm';
}

/** Heat from market data alone (no triggers): what the backtest can know about a past hour. */
export function marketHeatAt(s: MarketSeries, i: number): number {
  return heatScoreOf(heatComponentsOf(heatInputsAt(s, i, 0)));
}
