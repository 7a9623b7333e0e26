import { describe, expect, it } from 'vitest';
import { deriveSentiment } from './sentiment';

describe('deriveSentiment', () => {
  it('reads direction from trend and RSI, conviction from heat', () => {
    expect(deriveSentiment({ trend: 'bullish', rsi14: 70, heatScore: 80, activeTriggerCount: 2 })).toEqual({
      score: 0.63,
      label: 'bullish',
      sources: 2,
    });
    expect(deriveSentiment({ trend: 'bearish', rsi14: 20, heatScore: 100, activeTriggerCount: 0 })).toEqual({
      score: -0.8,
      label: 'bearish',
      sources: 0,
    });
  });

  it('calls a mixed or quiet reading neutral', () => {
    expect(deriveSentiment({ trend: 'bullish', rsi14: 10, heatScore: 50, activeTriggerCount: 0 }).label).toBe(
      'neutral',
    );
    expect(deriveSentiment({ trend: 'neutral', rsi14: 58, heatScore: 0, activeTriggerCount: 0 }).label).toBe(
      'neutral',
    );
  });

  it('stays within -1..1 for out-of-range inputs', () => {
    const extreme = deriveSentiment({ trend: 'bullish', rsi14: 180, heatScore: 400, activeTriggerCount: 0 });
    expect(extreme.score).toBe(1);
  });
});
