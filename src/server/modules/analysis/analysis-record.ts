/**
 * What a completed analysis stores in `analyses.figures`. The analysis pipeline writes it; the
 * heat map, pair ticker and offer calls read it. One shape, so readers never guess.
 */
import type { PairAnalysis } from '../../engine/types';

export interface ChartPoint {
  /** Epoch ms. */
  x: number;
  y: number;
}

/** The heat map's tickerData (trader spec section 3), computed from candles at analysis time. */
export interface StoredTickerData {
  price_7d: number;
  change_7d: number;
  /** Quote-currency volume over 7 days. */
  volume_7d: number;
  volatility_7d: number;
  /** Last 12 hours, one point per 5 minutes (from 1-minute candles; hourly when those are missing). */
  price_history: ChartPoint[];
  volume_history: ChartPoint[];
}

export interface StoredAnalysisFigures {
  pair: string;
  analysis: PairAnalysis;
  tickerData: StoredTickerData;
  /** The AI comment (built-in analyst or the configured provider). */
  aiSummary: string;
  aiSource: 'builtin' | 'openai';
  /** The live offer this analysis created or refreshed, if any. */
  offerId: string | null;
  /** Why no offer was published, when none was (e.g. 'heat 31.2 below 40'). */
  skippedBecause: string | null;
  triggerId: string | null;
}

/** A trigger counts as active for its pair (heat input and `activeTriggers`) this long after firing. */
export const ACTIVE_TRIGGER_WINDOW_MS = 6 * 60 * 60 * 1000;
