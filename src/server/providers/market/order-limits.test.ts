import { describe, expect, it } from 'vitest';
import { readKrakenFixture } from './kraken/fake-kraken-server';
import { normaliseAsset, type KrakenAssetPair } from './kraken/transform';
import { KRAKEN_COST_MIN_BY_QUOTE, KRAKEN_ORDER_MIN_BY_BASE, krakenOrderLimits } from './order-limits';

describe("the simulated and replay markets' order minimums are Kraken's", () => {
  it('match the recorded AssetPairs for every base and quote in the table', async () => {
    const { result } = await readKrakenFixture<{ result: Record<string, KrakenAssetPair> }>(
      'AssetPairs.json',
    );
    const listed = Object.values(result).flatMap((pair) => {
      const [base, quote] = (pair.wsname ?? '').split('/').map(normaliseAsset);
      return base && quote ? [{ base, quote, pair }] : [];
    });
    for (const [base, orderMin] of Object.entries(KRAKEN_ORDER_MIN_BY_BASE)) {
      const usd = listed.find((p) => p.base === base && p.quote === 'USD');
      expect(Number(usd?.pair.ordermin), base).toBe(orderMin);
    }
    for (const [quote, costMin] of Object.entries(KRAKEN_COST_MIN_BY_QUOTE)) {
      const quoted = listed.filter((p) => p.quote === quote);
      expect(quoted.length, quote).toBeGreaterThan(0);
      // Kraken sets costmin per quote: every pair on this quote has the same one.
      expect(new Set(quoted.map((p) => Number(p.pair.costmin))), quote).toEqual(new Set([costMin]));
    }
  });

  it('leaves an unknown half unknown', () => {
    expect(krakenOrderLimits('BTC', 'USDT')).toEqual({ orderMin: 0.00005, costMin: 0.5 });
    expect(krakenOrderLimits('NOPE', 'USD')).toEqual({ costMin: 0.5 });
    expect(krakenOrderLimits('ETH', 'XYZ')).toEqual({ orderMin: 0.001 });
  });
});
