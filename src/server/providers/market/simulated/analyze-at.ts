/**
 * The engine's analysis of one simulated pair at a moment of its market, as the server's pipeline
 * makes it: 90 days of hourly candles, 48 h of minutes and the ticker's spread (edge report, tests).
 */
import { analyzePair } from '../../../engine';
import type { PairAnalysis } from '../../../engine/types';
import { HOUR_MS } from '../../../shared/time';
import type { MarketSource } from '../market-source';

export async function analyzeSimulatedPair(o: {
  source: MarketSource;
  symbol: string;
  at: number;
  takerFeePercent: number;
}): Promise<PairAnalysis> {
  const [hourly, minute, ticker] = await Promise.all([
    o.source.fetchCandles(o.symbol, '1h', o.at - 90 * 24 * HOUR_MS),
    o.source.fetchCandles(o.symbol, '1m', o.at - 48 * HOUR_MS),
    o.source.fetchTicker(o.symbol),
  ]);
  return analyzePair({
    pair: o.symbol,
    hourly,
    minute,
    spreadPercent: ((ticker.ask - ticker.bid) / ((ticker.ask + ticker.bid) / 2)) * 100,
    activeTriggerCount: 0,
    takerFeePercent: o.takerFeePercent,
  });
}
