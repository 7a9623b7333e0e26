import { describe, expect, it } from 'vitest';
import { effectiveKeywords, matchKeyword, scoreSentiment } from './feed-rules';
import { numericOption, searchKeywords } from './trigger-options';

describe('keyword matching', () => {
  it('is case-insensitive and respects word boundaries', () => {
    expect(matchKeyword('SEC approves spot ETF', ['etf'])).toBe('etf');
    expect(matchKeyword('New ETFs listed', ['ETF'])).toBeNull();
    expect(matchKeyword('A second look at fees', ['SEC'])).toBeNull();
    expect(matchKeyword('Bitcoin-led rally', ['bitcoin'])).toBe('bitcoin');
    expect(matchKeyword('S&P 500 futures slip', ['s&p 500'])).toBe('s&p 500');
    expect(matchKeyword('Nothing here', ['', '  '])).toBeNull();
  });

  it('defaults to the base asset and its names when no keywords are set', () => {
    expect(effectiveKeywords('news', 'BTC/USD', [])).toEqual(['BTC', 'XBT', 'bitcoin']);
    expect(effectiveKeywords('news', 'PEPE/USD', [])).toEqual(['PEPE']);
    expect(effectiveKeywords('political_news', 'ETH/USD', [])).toEqual(
      expect.arrayContaining(['ETH', 'ethereum', 'SEC', 'sanctions']),
    );
    expect(effectiveKeywords('sentiment', 'BTC/USD', ['halving'])).toEqual(['halving']);
  });
});

describe('sentiment lexicon', () => {
  it('scores positive and negative headlines', () => {
    expect(scoreSentiment('Bitcoin surges as spot ETF approved').score).toBe(4);
    expect(scoreSentiment('Exchange hacked; BTC plunges').score).toBe(-5);
    expect(scoreSentiment('Bitcoin trades sideways').score).toBe(0);
  });

  it('flips a word after a negator', () => {
    const result = scoreSentiment('Regulators have not approved the ETF');
    expect(result).toEqual({ score: -2, hits: [{ word: 'approved', weight: -2 }] });
    expect(scoreSentiment('ETF approved. Not long after, nothing else').score).toBe(2);
  });
});

describe('trigger overrides', () => {
  const row = (keywords: string[], parameters: Record<string, unknown> = {}) => ({ keywords, parameters });

  it('reads name=value keywords over parameters and ignores invalid values', () => {
    expect(numericOption(row(['multiplier=4.5']), 'multiplier', 3)).toBe(4.5);
    expect(numericOption(row(['RSI: 80']), 'rsi', 70)).toBe(80);
    expect(numericOption(row([], { move: 1.5 }), 'move', 2)).toBe(1.5);
    expect(numericOption(row(['move=3'], { move: 1.5 }), 'move', 2)).toBe(3);
    expect(numericOption(row(['rsi=40']), 'rsi', 70)).toBe(70);
    expect(numericOption(row(['multiplier=abc']), 'multiplier', 3)).toBe(3);
  });

  it('keeps overrides out of the words searched in feeds', () => {
    expect(searchKeywords(['ETF', 'score=4', 'halving'])).toEqual(['ETF', 'halving']);
  });
});
