import { describe, expect, it } from 'vitest';
import { pairMatcher } from './pair-search';

describe('pairMatcher', () => {
  it('finds a pair by any spelling of its symbol or a part of it', () => {
    for (const search of ['BTC/USD', 'btc-usd', 'btcusd', 'c/u', ' btc '])
      expect(pairMatcher(search)('BTC/USD')).toBe(true);
    expect(pairMatcher('eth')('BTC/USD')).toBe(false);
    expect(pairMatcher('usdt')('BTC/USD')).toBe(false);
  });

  it('matches every pair when the search holds no letter or digit', () => {
    for (const search of [undefined, '', '  ', '/', '-']) expect(pairMatcher(search)('ETH/EUR')).toBe(true);
  });
});
