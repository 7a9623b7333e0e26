/**
 * The signal engine's inputs and outputs. Pure data: the engine reads candles and returns numbers;
 * it never touches the database, the clock or the network, so the same candles always give the
 * same analysis.
 */
import type { PositionType } from '../../contract/enums';
import type { Candle } from '../shared/candles';

export type { Candle };

export type Trend = 'bullish' | 'bearish' | 'neutral';
export type RiskLevel = 'low' | 'medium' | 'high';
export type Direction = 'long' | 'short' | 'balanced';
/** scalp = minutes, quick = hours, day = about a day, hedge = high-risk tight stop, ml_scalp = the model's scalp call. */
export type Horizon = 'scalp' | 'quick' | 'day' | 'hedge' | 'ml_scalp';

export interface Indicators {
  price: number;
  rsi14: number;
  macd: number;
  macdSignal: number;
  macdHistogram: number;
  ema20: number;
  ema50: number;
  bollingerUpper: number;
  bollingerMiddle: number;
  bollingerLower: number;
  atr14: number;
  /** ATR as a percent of price. */
  atrPercent: number;
  /** Last hour's volume over the median hourly volume of the last 7 days. */
  relativeVolume: number;
  high24h: number;
  low24h: number;
  change24hPercent: number;
  change7dPercent: number;
  /** Quote-currency volume of the last 7 days. */
  volume7d: number;
  /** Standard deviation of hourly log returns over 7 days, annualised to a daily percent. */
  volatility7dPercent: number;
}

/** Each part of the heat score, 0-1 before weighting. */
export interface HeatComponents {
  volumeSurge: number;
  volatilityExpansion: number;
  momentum: number;
  breakout: number;
  triggers: number;
}

/** A concrete trade: entry at market, exits from ATR, expiry at the horizon. */
export interface SignalPlan {
  direction: Direction;
  horizon: Horizon;
  positionType: PositionType;
  /** The order at market: buy for long, sell for short; a balanced (range) trade fades toward the mean. */
  side: 'buy' | 'sell';
  takeProfitPercent: number;
  stopLossPercent: number;
  horizonMinutes: number;
  /** Round-trip fees assumed by the success definition and expected profit, in percent. */
  feePercent: number;
}

export interface AnalyzePairInput {
  pair: string;
  /** Hourly candles, oldest first; at least 90 days where available. */
  hourly: Candle[];
  /** One-minute candles of the last 48 h, oldest first; may be empty. */
  minute: Candle[];
  /** Best ask minus best bid over mid, in percent, when an order book is known. */
  spreadPercent?: number;
  /** Active triggers of the pair (raise heat). */
  activeTriggerCount: number;
  /** Taker fee per side in percent (0.26 by default). */
  takerFeePercent: number;
}

export interface PairAnalysis {
  engineVersion: string;
  /** Open time (ms) of the last hourly candle the analysis saw. */
  dataCutoff: number;
  indicators: Indicators;
  trend: Trend;
  risk: RiskLevel;
  /** 0-100; the percentile-based score behind `risk`. */
  riskScore: number;
  /** 0-100. */
  heatScore: number;
  heatComponents: HeatComponents;
  signal: SignalPlan;
  /** Percent 0-100, calibrated, shrunk toward the global rate for small samples. */
  successRate: number;
  /** Past setups behind `successRate`. */
  sampleSize: number;
  /** 0-1: probability the move progresses one ATR before reversing one ATR. */
  progrevScore: number;
  /**
   * Expected net return of taking the signal, percent: P(tp) × TP − P(sl) × SL + P(timeout) ×
   * mean timeout return − fees, from the same backtest as `successRate` (P(tp) = success rate).
   * The components are in `figures` (pTakeProfit, pStopLoss, pTimeout, timeoutReturnPercent).
   */
  expectedProfitPercent: number;
  /** 0-1: share of the last 24 hourly candles whose range exceeded their ATR (how busy the tape is). */
  density: number;
  /** A short plain-words reading of trend, risk and setup (refereeComment). */
  comment: string;
  /** Every number that drove the signal, flat, for provenance and the AI summary. */
  figures: Record<string, number>;
}
