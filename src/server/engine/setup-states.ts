/**
 * The market state of every candle that decides which setup an analysis picks: trend, heat band and
 * whether risk is high. The backtest matches the analysed candle's state against these. They use
 * market data only (no triggers, no spread), because that is all the past can tell about a past hour;
 * the live analysis keys its backtest on the same market-only state.
 */
import { heatBandOf, marketHeatAt, type HeatBand } from './heat';
import type { MarketSeries } from './market-series';
import { riskLevelOf, riskScoreOf, volatilityPercentileSeries } from './risk';
import { trendAt } from './trend';
import type { Trend } from './types';

export interface SetupStates {
  trend: Trend[];
  heatBand: HeatBand[];
  highRisk: boolean[];
  /** 0-1 per candle, against the history before it. */
  volatilityPercentile: Float64Array;
}

export function computeSetupStates(s: MarketSeries): SetupStates {
  const percentile = volatilityPercentileSeries(s);
  const trend = new Array<Trend>(s.n);
  const heatBand = new Array<HeatBand>(s.n);
  const highRisk = new Array<boolean>(s.n);
  for (let j = 0; j < s.n; j++) {
    trend[j] = trendAt(s, j);
    heatBand[j] = heatBandOf(marketHeatAt(s, j));
    const atrPercent = (s.atr[j]! / s.close[j]!) * 100;
    highRisk[j] = riskLevelOf(riskScoreOf({ volatilityPercentile: percentile[j]!, atrPercent })) === 'high';
  }
  return { trend, heatBand, highRisk, volatilityPercentile: percentile };
}
