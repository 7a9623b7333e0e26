import type { Trend } from '../../../contract/enums';
import type { Sentiment } from '../../../contract/pairs';

const TREND_VALUE: Record<Trend, number> = { bullish: 1, neutral: 0, bearish: -1 };

/**
 * Sentiment here is derived from the pair's own latest analysis, not from news or social feeds
 * (HeatSignal collects neither). Direction is the mean of the trend (+1 bullish, −1 bearish) and
 * RSI's distance from 50 (±1 at 100 / 0); heat (how much is happening, 0-100) scales conviction
 * from half to full, since a quiet market says little. `sources` counts what fed it beyond the
 * candles: the pair's active triggers (news, breakouts, volume spikes, ...).
 */
export function deriveSentiment(input: {
  trend: Trend;
  rsi14: number;
  heatScore: number;
  activeTriggerCount: number;
}): Sentiment {
  const rsi = Math.max(-1, Math.min(1, (input.rsi14 - 50) / 50));
  const direction = (TREND_VALUE[input.trend] + rsi) / 2;
  const conviction = 0.5 + 0.5 * Math.max(0, Math.min(1, input.heatScore / 100));
  const score = Math.round(direction * conviction * 1000) / 1000;
  const label: Trend = score > 0.15 ? 'bullish' : score < -0.15 ? 'bearish' : 'neutral';
  return { score, label, sources: input.activeTriggerCount };
}
