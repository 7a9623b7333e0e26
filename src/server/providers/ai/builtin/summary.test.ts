import { describe, expect, it } from 'vitest';
import { BTC_ANALYSIS, QUIET_ANALYSIS } from '../testdata/analysis';
import { createBuiltinCommentator } from '.';
import { writeSummary } from './summary';

describe('built-in analyst', () => {
  it('writes the figures that drove a hot signal in three sentences', () => {
    expect(writeSummary({ pair: 'BTC/USD', analysis: BTC_ANALYSIS })).toBe(
      'BTC/USD is in a bullish trend (EMA20 1.2 % above EMA50, MACD histogram positive), RSI 66; ' +
        'heat 72/100, driven by volume at 2.8× its 7-day median and momentum (+3.1 % in 24 h). ' +
        'The long setup (quick_long) targets +2.2 % with a −1.1 % stop over 6 h; ' +
        'it hit the target first in 58 % of 143 similar past setups. ' +
        'Expected profit +0.35 % per trade after 0.52 % fees; risk is medium (ATR 1.1 % of price, 7-day volatility 2.3 %).',
    );
  });

  it('says when the market is quiet, oversold, the sample small and the expectancy negative', () => {
    const summary = writeSummary({
      pair: 'ADA/USD',
      analysis: QUIET_ANALYSIS,
      triggerReason: 'RSI(14) fell through 30 (31.2 → 27.6): oversold',
    });
    expect(summary).toBe(
      'ADA/USD is in a bearish trend (EMA20 1.1 % below EMA50, MACD histogram negative), RSI 28 (oversold); ' +
        'heat 18/100 with no strong driver (trigger: RSI(14) fell through 30 (31.2 → 27.6): oversold). ' +
        'The short setup (scalp_short) targets +0.45 % with a −0.30 % stop over 45 min; ' +
        'it hit the target first in 51 % of 12 similar past setups, a small sample pulled toward the global rate. ' +
        'Expected profit −0.43 % per trade after 0.52 % fees; risk is high (ATR 1.1 % of price, 7-day volatility 2.3 %).',
    );
  });

  it('names a breakout and active triggers when they drive the heat, and handles no history', () => {
    const analysis = {
      ...BTC_ANALYSIS,
      trend: 'neutral' as const,
      heatComponents: { volumeSurge: 0, volatilityExpansion: 0, momentum: 0.3, breakout: 0.9, triggers: 0.6 },
      sampleSize: 0,
      signal: {
        ...BTC_ANALYSIS.signal,
        direction: 'balanced' as const,
        positionType: 'balanced' as const,
        horizonMinutes: 1440,
      },
    };
    const summary = writeSummary({ pair: 'BTC/USD', analysis });
    expect(summary).toContain('has no clear trend');
    expect(summary).toContain('driven by a break above the 24 h high and active triggers');
    expect(summary).toContain('The range setup (balanced, buying toward the mean) targets');
    expect(summary).toContain(
      'over 24 h; with no similar past setups its 58 % success rate is the global average',
    );
  });

  it('is deterministic and reports source builtin', async () => {
    const input = { pair: 'BTC/USD', analysis: BTC_ANALYSIS };
    const commentator = createBuiltinCommentator();
    const [a, b] = await Promise.all([commentator.summarize(input), commentator.summarize(input)]);
    expect(a).toEqual(b);
    expect(a.source).toBe('builtin');
  });
});
